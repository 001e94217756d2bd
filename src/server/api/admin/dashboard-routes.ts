import { and, asc, count, eq, gte, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Dashboard } from '../../../contract/admin';
import { localize } from '../../../lib/localize';
import { CANCELED_STATUS } from '../../../lib/order-workflow';
import { comments, leads, orders, products, reviews, variations } from '../../db/schema';
import { shopCurrency } from '../commerce/shop-settings';
import type { AdminEnv } from './context';
import { awaitingDeliveryPrice, unpaidOnlineOrders } from './order-queues';
import { loadSetupChecklist } from './setup-checklist-routes';

/** Variations at or below this many items count as low on stock. */
export const LOW_STOCK_THRESHOLD = 5;
const LOW_STOCK_ROWS = 20;
const DAY_MS = 86_400_000;

const startOfUtcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

export const dashboardRoutes = new Hono<AdminEnv>().get('/dashboard', async (c) => {
  const { deps, lang } = c.var;
  const db = deps.db;
  const today = startOfUtcDay(deps.now());
  const weekStart = new Date(today.getTime() - 6 * DAY_MS);
  const notCanceled = ne(orders.status, CANCELED_STATUS);
  const period = (from: Date) =>
    db
      .select({ orders: count(), revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int` })
      .from(orders)
      .where(and(notCanceled, gte(orders.createdAt, from)));
  const [[todayRow], [weekRow], [unpaid], [awaiting], [pendingReviews], [pendingComments], [newLeads], lowStock, currency, setup] =
    await Promise.all([
      period(today),
      period(weekStart),
      db.select({ n: count() }).from(orders).where(unpaidOnlineOrders(db)),
      db.select({ n: count() }).from(orders).where(awaitingDeliveryPrice()),
      db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pending')),
      db.select({ n: count() }).from(comments).where(eq(comments.status, 'pending')),
      db.select({ n: count() }).from(leads).where(isNull(leads.handledAt)),
      db
        .select({
          productId: products.id,
          variationId: variations.id,
          productTitle: products.title,
          variationTitle: variations.title,
          sku: variations.sku,
          stock: variations.stock,
        })
        .from(variations)
        .innerJoin(products, eq(products.id, variations.productId))
        // the threshold as a literal: the partial index variations_low_stock_idx holds exactly these rows
        .where(
          and(eq(products.enabled, true), isNotNull(variations.stock), sql`${variations.stock} <= ${sql.raw(String(LOW_STOCK_THRESHOLD))}`),
        )
        // in the partial index's order, so the walk stops at the page's rows however many are low
        .orderBy(asc(variations.stock), asc(variations.id))
        .limit(LOW_STOCK_ROWS),
      shopCurrency(db),
      loadSetupChecklist(db),
    ]);
  const answer: Dashboard = {
    today: { orders: todayRow!.orders, revenueCents: Number(todayRow!.revenueCents) },
    week: { orders: weekRow!.orders, revenueCents: Number(weekRow!.revenueCents) },
    currency,
    unpaidOrders: unpaid!.n,
    awaitingDeliveryPrice: awaiting!.n,
    pendingReviews: pendingReviews!.n,
    pendingComments: pendingComments!.n,
    newLeads: newLeads!.n,
    setup,
    lowStock: lowStock.map((row) => {
      const variationTitle = row.variationTitle ? localize(row.variationTitle, lang) : '';
      const productTitle = localize(row.productTitle, lang);
      return {
        productId: row.productId,
        variationId: row.variationId,
        title: variationTitle ? `${productTitle}, ${variationTitle}` : productTitle,
        sku: row.sku,
        stock: row.stock!,
      };
    }),
  };
  return c.json(answer);
});
