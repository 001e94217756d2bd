import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { canMoveTo, isPaid, orderPaymentStatus, paymentAttention } from '../../../../lib/payment-rules';
import type { Executor } from '../../../db/client';
import { orderStateHistory, orders, paymentRefunds, paymentTransactions } from '../../../db/schema';
import { enqueueMail } from '../../../mail/queue';
import { orderEventData, recordShopEvent } from '../../../integrations/outbox';
import { CANCELED_STATUS } from '../../../../lib/order-workflow';
import { releaseOrderStock, retakeReleasedStock } from '../reservations';
import type { PaymentSnapshot, PaymentTransactionRow, RefundOutcome } from './provider';

/**
 * How a payment attempt's news reaches the order, once for every provider and every source (a notification, a
 * manager's capture or cancel): the attempt moves forward only, an attempt that takes money for a canceled order or a
 * second time is flagged for the manager instead of making the order paid, and the order's payment state, history,
 * stock and e-mails follow its attempts.
 */

/** What the order's reservation becomes: a failed or canceled payment returns the stock, a paid one takes it back. */
async function settleReservation(tx: Executor, orderId: string, status: string, note: string, now: Date): Promise<void> {
  if (status === 'failed' || status === 'canceled') await releaseOrderStock(tx, orderId, `payment ${status}: ${note}`, now);
  else if (status === 'completed' || status === 'authorized') await retakeReleasedStock(tx, orderId, note, now);
}

/** The order's payment state from its attempts, written with its history when it changed; answers whether it did. */
export async function syncOrderPayment(tx: Executor, orderId: string, note: string, now: Date): Promise<boolean> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return false;
  const attempts = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
  const next = orderPaymentStatus(attempts);
  if (next === order.paymentStatus) return false;
  // the version moves on, so a manager acting on the order as it was before the payment gets a conflict
  await tx
    .update(orders)
    .set({ paymentStatus: next, version: sql`${orders.version} + 1`, updatedAt: now })
    .where(eq(orders.id, order.id));
  await tx.insert(orderStateHistory).values({
    id: randomUUID(),
    orderId: order.id,
    kind: 'payment',
    fromValue: order.paymentStatus,
    toValue: next,
    note,
    createdAt: now,
  });
  // a canceled order keeps its stock where the cancel put it
  if (order.status !== CANCELED_STATUS) await settleReservation(tx, order.id, next, note, now);
  if (isPaid(next) && !isPaid(order.paymentStatus) && order.customer.email) {
    const lang = order.lang === 'ru' ? 'ru' : 'en';
    await enqueueMail(tx, [{ template: 'payment-received', to: order.customer.email, lang, data: { orderId: order.id } }], now);
  }
  if (isPaid(next) && !isPaid(order.paymentStatus)) {
    await recordShopEvent(tx, 'order.paid', orderEventData({ ...order, paymentStatus: next }), now);
  }
  return true;
}

export type SnapshotResult = 'applied' | 'ignored' | 'flagged';

/** Marks a payment for the manager (canceledOrder, paidTwice, externalRefund) and says why in the order's history. */
export async function flagTransaction(tx: Executor, transaction: PaymentTransactionRow, attention: string, note: string, now: Date) {
  await tx.update(paymentTransactions).set({ attention, updatedAt: now }).where(eq(paymentTransactions.id, transaction.id));
  await tx.insert(orderStateHistory).values({
    id: randomUUID(),
    orderId: transaction.orderId,
    kind: 'payment-attention',
    fromValue: transaction.status,
    toValue: attention,
    note,
    createdAt: now,
  });
}

/**
 * Moves a locked transaction to what the provider reports. Answers `ignored` for a stale or backward report,
 * `flagged` when the payment took money the manager must look at (kept on the transaction and in the order's history).
 */
export async function applyPaymentSnapshot(
  tx: Executor,
  transaction: PaymentTransactionRow,
  snapshot: PaymentSnapshot,
  note: string,
  now: Date,
): Promise<SnapshotResult> {
  if (!canMoveTo(transaction.status, snapshot.status)) return 'ignored';
  const [order] = await tx.select().from(orders).where(eq(orders.id, transaction.orderId)).for('update');
  const others = await tx
    .select({ id: paymentTransactions.id, status: paymentTransactions.status, attention: paymentTransactions.attention })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.orderId, transaction.orderId));
  const attention =
    transaction.attention ??
    paymentAttention({
      outcome: snapshot.status,
      orderCanceled: order?.status === CANCELED_STATUS,
      // a payment of what an edit added to a paid order is no second payment
      paidByAnother:
        others.some((o) => o.id !== transaction.id && !o.attention && isPaid(o.status)) && !(order && order.amountDueCents > 0),
    });
  await tx
    .update(paymentTransactions)
    .set({
      status: snapshot.status,
      providerPaymentId: transaction.providerPaymentId ?? snapshot.providerPaymentId,
      capturedCents: snapshot.status === 'completed' ? snapshot.amountCents : transaction.capturedCents,
      providerData: { ...transaction.providerData, ...snapshot.providerData },
      attention,
      updatedAt: now,
    })
    .where(eq(paymentTransactions.id, transaction.id));
  if (attention && !transaction.attention) await flagTransaction(tx, transaction, attention, note, now);
  // what an edit left to pay is paid (in part) by this payment; a first payment started before an edit raised the
  // total leaves the rest to pay. The version moves, as for any payment news.
  const paying = snapshot.status === 'completed' ? snapshot.amountCents : snapshot.status === 'authorized' ? transaction.amountCents : 0;
  if (!attention && order && paying > 0 && !isPaid(transaction.status)) {
    const paidBefore = others.some((o) => o.id !== transaction.id && !o.attention && isPaid(o.status));
    const due = paidBefore ? Math.max(0, order.amountDueCents - paying) : Math.max(0, order.totalCents - paying);
    if (due !== order.amountDueCents) {
      await tx
        .update(orders)
        .set({ amountDueCents: due, version: sql`${orders.version} + 1`, updatedAt: now })
        .where(eq(orders.id, order.id));
      await tx.insert(orderStateHistory).values({
        id: randomUUID(),
        orderId: order.id,
        kind: 'amount-due',
        fromValue: String(order.amountDueCents),
        toValue: String(due),
        note,
        createdAt: now,
      });
    }
  }
  await syncOrderPayment(tx, transaction.orderId, note, now);
  return attention ? 'flagged' : 'applied';
}

/** Locks a transaction of a provider by our id, or by the provider's payment id. */
export async function lockTransaction(
  tx: Executor,
  provider: string,
  ref: { transactionId: string | null; providerPaymentId: string | null },
): Promise<PaymentTransactionRow | undefined> {
  const where = ref.transactionId
    ? eq(paymentTransactions.id, ref.transactionId)
    : ref.providerPaymentId
      ? eq(paymentTransactions.providerPaymentId, ref.providerPaymentId)
      : undefined;
  if (!where) return undefined;
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(and(where, eq(paymentTransactions.provider, provider)))
    .for('update');
  return row;
}

type RefundRow = typeof paymentRefunds.$inferSelect;

/**
 * Moves a refund forward (pending → succeeded or failed; final states stay). A failed refund gives its amount back to
 * what may still be refunded. A succeeded one tells the customer. Answers whether it changed.
 */
export async function applyRefundStatus(
  tx: Executor,
  refund: RefundRow,
  status: RefundOutcome,
  now: Date,
  details: { providerRefundId?: string; failure?: string } = {},
): Promise<boolean> {
  if (refund.status !== 'pending' || status === 'pending') {
    if (details.providerRefundId && !refund.providerRefundId) {
      await tx
        .update(paymentRefunds)
        .set({ providerRefundId: details.providerRefundId, updatedAt: now })
        .where(eq(paymentRefunds.id, refund.id));
    }
    return false;
  }
  await tx
    .update(paymentRefunds)
    .set({
      status,
      providerRefundId: refund.providerRefundId ?? details.providerRefundId ?? null,
      failure: details.failure ?? null,
      updatedAt: now,
    })
    .where(eq(paymentRefunds.id, refund.id));
  if (status === 'failed') {
    await tx
      .update(paymentTransactions)
      .set({ refundedCents: sql`${paymentTransactions.refundedCents} - ${refund.amountCents}`, updatedAt: now })
      .where(eq(paymentTransactions.id, refund.transactionId));
  }
  await tx.insert(orderStateHistory).values({
    id: randomUUID(),
    orderId: refund.orderId,
    kind: 'refund',
    fromValue: refund.status,
    toValue: status,
    note: `${refund.provider} refund ${refund.id}${details.failure ? `: ${details.failure}` : ''}`,
    createdAt: now,
  });
  await syncOrderPayment(tx, refund.orderId, `${refund.provider} refund ${refund.id}`, now);
  if (status === 'succeeded') {
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId));
    if (order) {
      await recordShopEvent(
        tx,
        'order.refunded',
        orderEventData(order, { refund: { id: refund.id, amountCents: refund.amountCents, provider: refund.provider } }),
        now,
      );
    }
    if (order?.customer.email) {
      await enqueueMail(
        tx,
        [
          {
            template: 'payment-refunded',
            to: order.customer.email,
            lang: order.lang === 'ru' ? 'ru' : 'en',
            data: { orderId: order.id, refundId: refund.id },
          },
        ],
        now,
      );
    }
  }
  return true;
}
