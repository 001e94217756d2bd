import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { orderStateHistory, orders, paymentNotifications, paymentTransactions } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import type { AppDeps } from '../../core/context';
import { ApiError, notFound, unauthorized } from '../../core/errors';
import { invalidateOrderedProducts } from '../order-cache';
import { releaseOrderStock, retakeReleasedStock } from '../reservations';
import { enqueueMail } from '../../../mail/queue';
import { canMoveTo } from './payment-status';
import type { PaymentProvider, RawNotification } from './provider';

/**
 * What the order's stock reservation becomes when its payment reaches `status`: a failed or canceled
 * payment returns the stock (the shopper may still retry and pay), a completed one takes released stock
 * back when it can (see reservations.ts).
 */
async function settleReservation(tx: Executor, orderId: string, status: string, note: string, now: Date): Promise<void> {
  if (status === 'failed' || status === 'canceled') await releaseOrderStock(tx, orderId, `payment ${status}: ${note}`, now);
  else if (status === 'completed') await retakeReleasedStock(tx, orderId, note, now);
}

/** applied: the payment moved on; duplicate: this event was received before; ignored: a stale or backward report. */
export type NotificationResult = 'applied' | 'duplicate' | 'ignored';

/**
 * Accepts a provider notification: verifies its signature (401 otherwise, nothing changed),
 * checks it against the stored transaction, and in one database transaction records the event
 * (a replay is answered without changing anything), moves the transaction forward and mirrors
 * the change on the order's payment status and history. A completed order payment stays
 * completed whatever older transactions of the order report later.
 */
export async function receiveNotification(deps: AppDeps, provider: PaymentProvider, raw: RawNotification): Promise<NotificationResult> {
  if (!provider.verifyNotification(raw, deps)) throw unauthorized('Invalid payment notification signature');
  const notification = provider.parseNotification(raw);
  if (!notification) throw new ApiError(400, 'Malformed payment notification');

  const result = await deps.db.transaction(async (tx) => {
    const [transaction] = await tx
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.id, notification.transactionId), eq(paymentTransactions.provider, provider.code)))
      .for('update');
    if (!transaction) throw notFound('Payment transaction not found');
    if (notification.amountCents !== transaction.amountCents || notification.currency !== transaction.currency) {
      throw new ApiError(400, 'The amount or currency does not match the payment');
    }
    const [recorded] = await tx
      .insert(paymentNotifications)
      .values({
        id: randomUUID(),
        provider: provider.code,
        eventId: notification.eventId,
        transactionId: transaction.id,
        status: notification.status,
        payload: notification.payload,
        createdAt: deps.now(),
      })
      .onConflictDoNothing()
      .returning({ id: paymentNotifications.id });
    if (!recorded) return 'duplicate' as const;
    if (!canMoveTo(transaction.status, notification.status)) return 'ignored' as const;

    await tx
      .update(paymentTransactions)
      .set({ status: notification.status, updatedAt: deps.now() })
      .where(eq(paymentTransactions.id, transaction.id));
    const [order] = await tx.select().from(orders).where(eq(orders.id, transaction.orderId)).for('update');
    if (order && order.paymentStatus !== 'completed' && order.paymentStatus !== notification.status) {
      // the version moves on, so a manager acting on the order as it was before the payment gets a conflict
      await tx
        .update(orders)
        .set({ paymentStatus: notification.status, version: sql`${orders.version} + 1`, updatedAt: deps.now() })
        .where(eq(orders.id, order.id));
      await tx.insert(orderStateHistory).values({
        id: randomUUID(),
        orderId: order.id,
        kind: 'payment',
        fromValue: order.paymentStatus,
        toValue: notification.status,
        note: `${provider.code} transaction ${transaction.id}`,
        createdAt: deps.now(),
      });
      await settleReservation(tx, order.id, notification.status, `${provider.code} transaction ${transaction.id}`, deps.now());
      if (notification.status === 'completed' && order.customer.email) {
        const lang = order.lang === 'ru' ? 'ru' : 'en';
        await enqueueMail(tx, [{ template: 'payment-received', to: order.customer.email, lang, data: { orderId: order.id } }], deps.now());
      }
    }
    return { outcome: 'applied' as const, orderId: transaction.orderId };
  });
  if (typeof result === 'string') return result;
  // A failed or canceled payment returns the stock, a late completion takes it again.
  await invalidateOrderedProducts(deps.db, result.orderId);
  return result.outcome;
}
