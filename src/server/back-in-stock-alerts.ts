import { and, asc, count, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from './api/core/context';
import { backInStockSubscriptions, products, variations } from './db/schema';
import { enqueueMail } from './mail/queue';
import { isLanguage } from '../lib/localize';

const MINUTE_MS = 60_000;

export type AlertPass = { queued: number; waiting: number };

/**
 * Queues the alerts now due: subscriptions the stock trigger (migration 0020) marked when their variation came back
 * from 0, still confirmed, not unsubscribed, not sent. At most `perMinute` are queued in any minute across every
 * instance: a transaction lock serialises the passes, so the count of the last minute is exact, and rows are
 * claimed with `for update skip locked` (one an unsubscribe holds is left for the next pass). Each subscription's
 * mail is queued and its `notified_at` set in one transaction, so it is queued exactly once, whichever instance
 * runs the pass, and after a restart. A variation sold out again before its turn waits for the next restock.
 */
export async function queueBackInStockAlerts(
  deps: AppDeps,
  now: Date = deps.now(),
  perMinute: number = deps.config.backInStockAlertsPerMinute,
): Promise<AlertPass> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('back-in-stock-alerts'))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(backInStockSubscriptions)
      .where(gt(backInStockSubscriptions.notifiedAt, new Date(now.getTime() - MINUTE_MS)));
    const room = Math.max(0, perMinute - (recent?.n ?? 0));
    const due = and(isNotNull(backInStockSubscriptions.dueAt), isNull(backInStockSubscriptions.notifiedAt));
    const claimed =
      room === 0
        ? []
        : await tx
            .select({
              id: backInStockSubscriptions.id,
              email: backInStockSubscriptions.email,
              lang: backInStockSubscriptions.lang,
              stock: variations.stock,
            })
            .from(backInStockSubscriptions)
            .innerJoin(variations, eq(variations.id, backInStockSubscriptions.variationId))
            .innerJoin(products, eq(products.id, backInStockSubscriptions.productId))
            .where(
              and(
                due,
                isNotNull(backInStockSubscriptions.confirmedAt),
                isNull(backInStockSubscriptions.unsubscribedAt),
                // a hidden product's alerts wait until it is shown again
                eq(products.enabled, true),
              ),
            )
            .orderBy(asc(backInStockSubscriptions.dueAt), asc(backInStockSubscriptions.id))
            .limit(room)
            .for('update', { of: backInStockSubscriptions, skipLocked: true });
    const soldOutAgain = claimed.filter((row) => row.stock !== null && row.stock <= 0);
    const sending = claimed.filter((row) => row.stock === null || row.stock > 0);
    if (soldOutAgain.length)
      await tx
        .update(backInStockSubscriptions)
        .set({ dueAt: null })
        .where(
          inArray(
            backInStockSubscriptions.id,
            soldOutAgain.map((row) => row.id),
          ),
        );
    if (sending.length) {
      await enqueueMail(
        tx,
        sending.map((row) => ({
          template: 'back-in-stock' as const,
          to: row.email,
          lang: isLanguage(row.lang) ? row.lang : 'en',
          data: { subscriptionId: row.id },
        })),
        now,
      );
      await tx
        .update(backInStockSubscriptions)
        .set({ notifiedAt: now })
        .where(
          inArray(
            backInStockSubscriptions.id,
            sending.map((row) => row.id),
          ),
        );
    }
    const [left] = await tx.select({ n: count() }).from(backInStockSubscriptions).where(due);
    return { queued: sending.length, waiting: left?.n ?? 0 };
  });
}
