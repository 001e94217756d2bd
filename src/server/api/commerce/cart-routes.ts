import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { cartItems, reportDays, users, variations } from '../../db/schema';
import { loadProducts } from '../catalog/product-dto';
import { requireUser } from '../core/auth';
import type { AppEnv } from '../core/context';
import { readBody } from '../core/validate';
import { cartPutBody, type CartDto, type CartItemDto } from '../../../contract/storefront/commerce';
import { resolveLines } from './order-lines';
import { orderLimits } from './shop-settings';

/** The user's cart in stored order; items whose product is disabled or gone are left out. */
async function loadCart(db: Executor, userId: string, lang: Language): Promise<CartDto> {
  const rows = await db
    .select({ id: cartItems.id, variationId: cartItems.variationId, quantity: cartItems.quantity, productId: variations.productId })
    .from(cartItems)
    .innerJoin(variations, eq(variations.id, cartItems.variationId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.position), asc(cartItems.id));
  const productById = new Map(
    (
      await loadProducts(
        db,
        rows.map((r) => r.productId),
        lang,
      )
    ).map((p) => [p.id, p]),
  );
  const items: CartItemDto[] = [];
  for (const row of rows) {
    const product = productById.get(row.productId);
    if (product) items.push({ id: row.id, variationId: row.variationId, quantity: row.quantity, product });
  }
  return { items };
}

/** Removes every item of the user's cart (after an order is placed, inside its transaction). */
export async function emptyCart(tx: Executor, userId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
}

/** Counts a signed-in shopper's cart that starts holding items, on the day of the reports' calendar (report_days.carts). */
async function countCartStarted(tx: Executor, at: Date): Promise<void> {
  await tx
    .insert(reportDays)
    .values({ day: sql`(${at.toISOString()}::timestamptz at time zone report_zone())::date`, carts: 1 })
    .onConflictDoUpdate({ target: reportDays.day, set: { carts: sql`${reportDays.carts} + 1` } });
}

export const cartRoutes = new Hono<AppEnv>()
  .get('/cart', async (c) => {
    const user = requireUser(c);
    return c.json(await loadCart(c.var.deps.db, user.id, c.var.lang));
  })
  .put('/cart', async (c) => {
    const user = requireUser(c);
    const { db, now } = c.var.deps;
    const body = await readBody(c, cartPutBody);
    const lines = await resolveLines(db, body, '', c.var.lang, { maxQuantity: (await orderLimits(db)).maxLineQuantity });
    await db.transaction(async (tx) => {
      // Serialises concurrent cart writes of one user without blocking orders that reference the user.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
      const stored = await tx
        .select({ id: cartItems.id, variationId: cartItems.variationId })
        .from(cartItems)
        .where(eq(cartItems.userId, user.id));
      const storedIdByVariation = new Map(stored.map((s) => [s.variationId, s.id]));
      await emptyCart(tx, user.id);
      if (lines.length === 0) return;
      if (stored.length === 0) await countCartStarted(tx, now());
      await tx.insert(cartItems).values(
        lines.map((line, position) => ({
          id: storedIdByVariation.get(line.variationId) ?? randomUUID(),
          userId: user.id,
          variationId: line.variationId,
          quantity: line.quantity,
          position,
          updatedAt: now(),
        })),
      );
    });
    return c.json(await loadCart(db, user.id, c.var.lang));
  });
