import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  backInStockListQuerySchema,
  backInStockVariationsQuerySchema,
  idSchema,
  type BackInStockRow,
  type BackInStockStatus,
  type BackInStockVariations,
  type ListAnswer,
} from '../../../contract/admin';
import { localize, type Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { backInStockSubscriptions, backInStockVariationCounts, products, variations } from '../../db/schema';
import { notFound } from '../core/errors';
import { readParams, readQuery } from '../core/validate';
import { recordAudit } from './audit';
import type { AdminEnv } from './context';
import { boundedTotal, iso, listOrder, pageOffset } from './lists';
import { adminMessage } from './messages';
import { requireCapability } from './session';

const s = backInStockSubscriptions;
const counts = backInStockVariationCounts;

/** The rows of each status, as the list filters them. */
const STATUS_WHERE: Record<BackInStockStatus, SQL> = {
  waiting: and(isNotNull(s.confirmedAt), isNull(s.unsubscribedAt), isNull(s.notifiedAt))!,
  unconfirmed: and(isNull(s.confirmedAt), isNull(s.unsubscribedAt))!,
  sent: and(isNotNull(s.notifiedAt))!,
  unsubscribed: and(isNotNull(s.unsubscribedAt), isNull(s.notifiedAt))!,
};

function statusOf(row: typeof s.$inferSelect): BackInStockStatus {
  if (row.notifiedAt) return 'sent';
  if (row.unsubscribedAt) return 'unsubscribed';
  return row.confirmedAt ? 'waiting' : 'unconfirmed';
}

const idParams = z.object({ id: idSchema });

async function subscriptionRows(db: Executor, where: SQL | undefined, lang: Language, order: SQL[], limit: number, offset: number) {
  const rows = await db
    .select({
      row: s,
      productTitle: products.title,
      productSlug: products.slug,
      variationTitle: variations.title,
      sku: variations.sku,
      stock: variations.stock,
    })
    .from(s)
    .innerJoin(products, eq(products.id, s.productId))
    .innerJoin(variations, eq(variations.id, s.variationId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(
    ({ row, productTitle, productSlug, variationTitle, sku, stock }): BackInStockRow => ({
      id: row.id,
      email: row.email,
      lang: row.lang,
      productId: row.productId,
      productTitle: localize(productTitle, lang),
      productSlug,
      variationId: row.variationId,
      variationTitle: (variationTitle ? localize(variationTitle, lang) : '') || sku || null,
      stock,
      status: statusOf(row),
      createdAt: row.createdAt.toISOString(),
      confirmedAt: iso(row.confirmedAt),
      notifiedAt: iso(row.notifiedAt),
      unsubscribedAt: iso(row.unsubscribedAt),
    }),
  );
}

/**
 * Marketing → Back-in-stock: who waits for which variation, the alerts sent, and unsubscribing a shopper on their
 * request. Every subscriber's address is personal data: the `marketing` capability (the owner's) on every route.
 */
export const backInStockAdminRoutes = new Hono<AdminEnv>()
  .use('/marketing/back-in-stock', requireCapability('marketing'))
  .use('/marketing/back-in-stock/*', requireCapability('marketing'))
  .get('/marketing/back-in-stock', async (c) => {
    const query = readQuery(c, backInStockListQuerySchema);
    const { deps, lang } = c.var;
    // the alerts sent are listed by when they went out (back_in_stock_notified_idx), the rest by sign-up
    const sort = query.status === 'sent' ? query.sort.replace('createdAt', 'notifiedAt') : query.sort.replace('notifiedAt', 'createdAt');
    const where = and(
      query.status ? STATUS_WHERE[query.status] : undefined,
      query.productId ? eq(s.productId, query.productId) : undefined,
    );
    const offset = pageOffset(query.page, query.perPage);
    const [items, counted] = await Promise.all([
      subscriptionRows(
        deps.db,
        where,
        lang,
        listOrder(sort, { createdAt: s.createdAt, notifiedAt: s.notifiedAt }, s.id),
        query.perPage,
        offset,
      ),
      boundedTotal(deps.db, deps.db.select({ one: sql`1` }).from(s).where(where).$dynamic(), offset),
    ]);
    return c.json({ items, ...counted, page: query.page, perPage: query.perPage } satisfies ListAnswer<BackInStockRow>);
  })
  .get('/marketing/back-in-stock/variations', async (c) => {
    const query = readQuery(c, backInStockVariationsQuerySchema);
    const { deps, lang } = c.var;
    const offset = pageOffset(query.page, query.perPage);
    // kept by the subscriptions' trigger; most awaited first, along back_in_stock_counts_awaited_idx
    const [rows, [totals]] = await Promise.all([
      deps.db
        .select({
          productId: counts.productId,
          variationId: counts.variationId,
          waiting: counts.waiting,
          unconfirmed: counts.unconfirmed,
          sent: counts.sent,
          unsubscribed: counts.unsubscribed,
          productTitle: products.title,
          variationTitle: variations.title,
          sku: variations.sku,
          stock: variations.stock,
        })
        .from(counts)
        .innerJoin(variations, eq(variations.id, counts.variationId))
        .innerJoin(products, eq(products.id, counts.productId))
        .orderBy(desc(counts.waiting), desc(counts.unconfirmed), asc(counts.variationId))
        .limit(query.perPage + 1)
        .offset(offset),
      deps.db
        .select({
          waiting: sql<number>`coalesce(sum(${counts.waiting}), 0)::int`,
          unconfirmed: sql<number>`coalesce(sum(${counts.unconfirmed}), 0)::int`,
          sent: sql<number>`coalesce(sum(${counts.sent}), 0)::int`,
          unsubscribed: sql<number>`coalesce(sum(${counts.unsubscribed}), 0)::int`,
        })
        .from(counts),
    ]);
    const answer: BackInStockVariations = {
      items: rows.slice(0, query.perPage).map(({ productTitle, variationTitle, sku, stock, ...g }) => ({
        productId: g.productId,
        productTitle: localize(productTitle, lang),
        variationId: g.variationId,
        variationTitle: (variationTitle ? localize(variationTitle, lang) : '') || sku || null,
        stock,
        waiting: g.waiting,
        unconfirmed: g.unconfirmed,
        sent: g.sent,
        unsubscribed: g.unsubscribed,
      })),
      page: query.page,
      perPage: query.perPage,
      hasMore: rows.length > query.perPage,
      totals: totals ?? { waiting: 0, unconfirmed: 0, sent: 0, unsubscribed: 0 },
    };
    return c.json(answer);
  })
  .post('/marketing/back-in-stock/:id/unsubscribe', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(s).where(eq(s.id, id)).for('update');
      if (!row) throw notFound(adminMessage('backInStockNotFound', lang));
      if (row.unsubscribedAt) return;
      const now = deps.now();
      await tx.update(s).set({ unsubscribedAt: now, dueAt: null }).where(eq(s.id, id));
      await recordAudit(
        tx,
        staff,
        {
          action: 'back-in-stock.unsubscribe',
          entityType: 'back-in-stock',
          entityId: id,
          before: { email: row.email, variationId: row.variationId, status: statusOf(row) },
          after: { unsubscribedAt: now.toISOString() },
        },
        now,
      );
    });
    const [item] = await subscriptionRows(deps.db, eq(s.id, id), lang, [], 1, 0);
    if (!item) throw notFound(adminMessage('backInStockNotFound', lang));
    return c.json(item satisfies BackInStockRow);
  });
