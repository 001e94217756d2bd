import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { backInStockBody, backInStockLinkBody, type BackInStockDto, type BackInStockLinkDto } from '../../../contract/storefront/commerce';
import { localize, type Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { backInStockSubscriptions, products, variations } from '../../db/schema';
import { enqueueMail } from '../../mail/queue';
import { verifyLink, type LinkPurpose } from '../../signed-links';
import type { AppDeps, AppEnv } from '../core/context';
import { fieldError } from '../core/errors';
import { clientAddress, contactKey, enforceRateLimit } from '../core/rate-limit';
import { readBody } from '../core/validate';
import { commerceMessage } from './messages';

/** A variation's stock is there to buy: unlimited, or above zero. */
const inStock = (stock: number | null) => stock === null || stock > 0;

/** The subscription an e-mailed link names, when its signature is right for `purpose`; else a 400 on `token`. */
async function linkedSubscription(deps: AppDeps, executor: Executor, purpose: LinkPurpose, id: string, token: string, lang: Language) {
  const [row] = verifyLink(deps.jwtKey, purpose, id, token)
    ? await executor
        .select({ subscription: backInStockSubscriptions, stock: variations.stock, title: products.title, slug: products.slug })
        .from(backInStockSubscriptions)
        .innerJoin(variations, eq(variations.id, backInStockSubscriptions.variationId))
        .innerJoin(products, eq(products.id, backInStockSubscriptions.productId))
        .where(eq(backInStockSubscriptions.id, id))
        .for('update', { of: backInStockSubscriptions })
    : [];
  if (!row) throw fieldError('token', commerceMessage('backInStock.invalidLink', lang));
  return row;
}

const linkAnswer = (row: { title: { en: string; ru: string }; slug: string }, lang: Language): BackInStockLinkDto => ({
  success: true,
  product: { title: localize(row.title, lang), slug: row.slug },
});

/**
 * "Tell me when it is back" (back-in-stock alerts): sign-up on a sold-out variation, the guest's confirmation link
 * and the unsubscribe link of every alert mail. The alerts themselves are sent by src/server/back-in-stock-alerts.ts.
 */
export const backInStockRoutes = new Hono<AppEnv>()
  .post('/back-in-stock', async (c) => {
    const { deps, lang, user } = c.var;
    await enforceRateLimit(c, 'backInStock', clientAddress(c));
    const body = await readBody(c, backInStockBody);
    const email = (user?.email ?? body.email)?.trim().toLowerCase();
    if (!email) throw fieldError('email', commerceMessage('backInStock.emailRequired', lang));
    // a guest's sign-up mails the address typed: one address is not flooded from many client addresses
    if (!user) await enforceRateLimit(c, 'backInStock', contactKey('email', email));
    const [variation] = await deps.db
      .select({ id: variations.id, productId: variations.productId, stock: variations.stock })
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(and(eq(variations.id, body.variation), eq(products.enabled, true)));
    if (!variation) throw fieldError('variation', commerceMessage('productNotFound', lang));
    if (inStock(variation.stock)) throw fieldError('variation', commerceMessage('backInStock.inStock', lang));
    const now = deps.now();
    const confirmed = await deps.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(backInStockSubscriptions)
        .where(and(eq(backInStockSubscriptions.variationId, variation.id), eq(backInStockSubscriptions.email, email)))
        .for('update');
      // a signed-in shopper's address is proven by the account; a guest's by the link, again after unsubscribing
      const confirmedAt = user ? (existing?.confirmedAt ?? now) : existing && !existing.unsubscribedAt ? existing.confirmedAt : null;
      const fresh = {
        confirmedAt,
        unsubscribedAt: null,
        notifiedAt: null,
        dueAt: null,
        lang,
        userId: user?.id ?? existing?.userId ?? null,
      };
      const id = existing?.id ?? randomUUID();
      if (existing) await tx.update(backInStockSubscriptions).set(fresh).where(eq(backInStockSubscriptions.id, id));
      else
        await tx
          .insert(backInStockSubscriptions)
          .values({ id, variationId: variation.id, productId: variation.productId, email, createdAt: now, ...fresh });
      if (!confirmedAt) await enqueueMail(tx, [{ template: 'back-in-stock-confirm', to: email, lang, data: { subscriptionId: id } }], now);
      return confirmedAt !== null;
    });
    return c.json({ success: true, confirmed } satisfies BackInStockDto, 201);
  })
  .post('/back-in-stock/confirm', async (c) => {
    const { deps, lang } = c.var;
    const body = await readBody(c, backInStockLinkBody);
    const answer = await deps.db.transaction(async (tx) => {
      const row = await linkedSubscription(deps, tx, 'back-in-stock-confirm', body.id, body.token, lang);
      const { subscription } = row;
      // confirmed after the variation came back: the alert is due at once, as the stock trigger would have made it
      const dueNow = inStock(row.stock) && !subscription.notifiedAt && !subscription.dueAt;
      if (!subscription.confirmedAt && !subscription.unsubscribedAt)
        await tx
          .update(backInStockSubscriptions)
          .set({ confirmedAt: deps.now(), ...(dueNow ? { dueAt: deps.now() } : {}) })
          .where(eq(backInStockSubscriptions.id, subscription.id));
      return linkAnswer(row, lang);
    });
    return c.json(answer satisfies BackInStockLinkDto);
  })
  .post('/back-in-stock/unsubscribe', async (c) => {
    const { deps, lang } = c.var;
    const body = await readBody(c, backInStockLinkBody);
    const answer = await deps.db.transaction(async (tx) => {
      const row = await linkedSubscription(deps, tx, 'back-in-stock-unsubscribe', body.id, body.token, lang);
      await tx
        .update(backInStockSubscriptions)
        .set({ unsubscribedAt: row.subscription.unsubscribedAt ?? deps.now(), dueAt: null })
        .where(eq(backInStockSubscriptions.id, row.subscription.id));
      return linkAnswer(row, lang);
    });
    return c.json(answer satisfies BackInStockLinkDto);
  });
