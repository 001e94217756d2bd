import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { localize } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { customerReturnable } from '../../../lib/order-edit';
import { orderReturns, orderShipments, orderStates, orders } from '../../db/schema';
import { enqueueMail } from '../../mail/queue';
import { shopLanguage, shopRecipients } from '../../mail/templates';
import { openReturn } from '../admin/returns-routes';
import { loadShopSettings } from '../core/settings-store';
import { requireUser } from '../core/auth';
import type { AppEnv, AuthUser } from '../core/context';
import { fieldError, fieldErrorsOf, notFound } from '../core/errors';
import { readBody, readParams, readQuery } from '../core/validate';
import {
  customerReturnBody,
  orderBatchQuery,
  orderParams,
  orderQuery,
  userOrdersQuery,
  type OrderStateDto,
} from '../../../contract/storefront/commerce';
import { commerceMessage } from './messages';
import { toOrderDtos, type OrderRow } from './order-dto';
import { safeEqual } from './secure-compare';

const MAX_ORDER_NUMBER = 2_147_483_647;

/** An order is referred to by its number (digits) or its id. */
function asOrderNumber(reference: string): number | null {
  return /^\d{1,10}$/.test(reference) && Number(reference) <= MAX_ORDER_NUMBER ? Number(reference) : null;
}

function orderReferenceCondition(reference: string) {
  const number = asOrderNumber(reference);
  return number === null ? eq(orders.id, reference) : eq(orders.number, number);
}

function anyOrderReferenceCondition(references: string[]) {
  const numbers = references.map(asOrderNumber).filter((n): n is number => n !== null);
  const ids = references.filter((r) => asOrderNumber(r) === null);
  return or(...(numbers.length ? [inArray(orders.number, numbers)] : []), ...(ids.length ? [inArray(orders.id, ids)] : []));
}

/**
 * The order if the caller may read it: its signed-in owner, or anyone holding its secret token.
 * null otherwise, so that callers answer 404 without revealing whether the order exists.
 */
export async function findAccessibleOrder(
  db: Executor,
  reference: string,
  caller: { user: AuthUser | null; token: string | undefined },
): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(orderReferenceCondition(reference)).limit(1);
  if (!order) return null;
  const isOwner = caller.user !== null && order.userId === caller.user.id;
  const holdsToken = caller.token !== undefined && safeEqual(caller.token, order.secretToken);
  return isOwner || holdsToken ? order : null;
}

export const orderRoutes = new Hono<AppEnv>()
  .get('/order-states', async (c) => {
    const rows = await c.var.deps.db.select().from(orderStates).orderBy(asc(orderStates.position), asc(orderStates.code));
    return c.json(rows.map((s): OrderStateDto => ({ code: s.code, title: localize(s.title, c.var.lang), color: s.color })));
  })
  /** The signed-in caller's orders among `ids[]` (numbers or ids); other orders are silently left out. */
  .get('/orders/batch', async (c) => {
    const user = requireUser(c);
    const { ids = [] } = readQuery(c, orderBatchQuery);
    if (ids.length === 0) return c.json([]);
    const rows = await c.var.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), anyOrderReferenceCondition(ids)))
      .orderBy(desc(orders.createdAt), desc(orders.number));
    return c.json(await toOrderDtos(c.var.deps.db, rows, c.var.lang, c.var.deps.now()));
  })
  .get('/orders/:numberOrId', async (c) => {
    const { numberOrId } = readParams(c, orderParams);
    const { token } = readQuery(c, orderQuery);
    const order = await findAccessibleOrder(c.var.deps.db, numberOrId, { user: c.var.user, token });
    if (!order) throw notFound(commerceMessage('orderNotFound', c.var.lang));
    const [dto] = await toOrderDtos(c.var.deps.db, [order], c.var.lang, c.var.deps.now());
    return c.json(dto);
  })
  /**
   * The customer opens a return of their order (as its signed-in owner or with its secret token): units shipped within
   * the shop's return window, with the reason. Managers see it in the order's returns; the shop is e-mailed.
   */
  .post('/orders/:numberOrId/returns', async (c) => {
    const { numberOrId } = readParams(c, orderParams);
    const { deps, lang, user } = c.var;
    const body = await readBody(c, customerReturnBody);
    const found = await findAccessibleOrder(deps.db, numberOrId, { user, token: body.token });
    if (!found) throw notFound(commerceMessage('orderNotFound', lang));
    const [recipients, shopLang, settings] = await Promise.all([shopRecipients(deps), shopLanguage(deps), loadShopSettings(deps.db)]);
    const order = await deps.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, found.id)).for('update');
      const now = deps.now();
      const [shipments, returns] = await Promise.all([
        tx.select().from(orderShipments).where(eq(orderShipments.orderId, locked!.id)),
        tx.select().from(orderReturns).where(eq(orderReturns.orderId, locked!.id)),
      ]);
      const returnable = customerReturnable({ status: locked!.status, shipments, returns, days: settings.ecommerce.returnWindowDays, now });
      if (!returnable.until) throw fieldError('lines', commerceMessage('returnWindowClosed', lang), 409);
      const asked = new Map<string, number>();
      for (const line of body.lines) asked.set(line.itemId, (asked.get(line.itemId) ?? 0) + line.quantity);
      const problems = [...asked].flatMap(([itemId, quantity]) => {
        const max = returnable.quantities.get(itemId) ?? 0;
        return quantity > max ? [[`lines.${itemId}`, commerceMessage('returnTooMany', lang, { max })] as const] : [];
      });
      if (problems.length) throw fieldErrorsOf(problems);
      const opened = await openReturn(
        tx,
        locked!,
        { lines: body.lines, reason: body.reason, openedBy: 'customer', staffName: null },
        lang,
        now,
      );
      // managers looking at the order as it was get a conflict
      const [updated] = await tx
        .update(orders)
        .set({ version: sql`${orders.version} + 1`, updatedAt: now })
        .where(eq(orders.id, locked!.id))
        .returning();
      await enqueueMail(
        tx,
        recipients.map((to) => ({
          template: 'return-requested-shop' as const,
          to,
          lang: shopLang,
          data: { orderId: locked!.id, returnId: opened.id },
        })),
        now,
      );
      return updated!;
    });
    const [dto] = await toOrderDtos(deps.db, [order], lang, deps.now());
    return c.json(dto, 201);
  })
  .get('/users/orders', async (c) => {
    const user = requireUser(c);
    const { offset, limit } = readQuery(c, userOrdersQuery);
    const rows = await c.var.deps.db
      .select()
      .from(orders)
      .where(eq(orders.userId, user.id))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .offset(offset)
      .limit(limit);
    return c.json(await toOrderDtos(c.var.deps.db, rows, c.var.lang, c.var.deps.now()));
  });
