import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { paymentNotifications, paymentRefunds } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import type { AppDeps } from '../../core/context';
import { ApiError, notFound } from '../../core/errors';
import { invalidateOrderedProducts } from '../order-cache';
import { methodsOfProvider, providerContext, type ResolvedMethod } from './methods';
import { applyPaymentSnapshot, applyRefundStatus, flagTransaction, lockTransaction } from './payment-state';
import type { AnyPaymentProvider, NotificationOutcome, ProviderEvent, RawNotification } from './provider';

/** Stores an event once per provider; answers false when it was stored before (a replay). */
async function recordEvent(tx: Executor, provider: string, event: ProviderEvent, transactionId: string, status: string, now: Date) {
  const [recorded] = await tx
    .insert(paymentNotifications)
    .values({ id: randomUUID(), provider, eventId: event.eventId, transactionId, status, payload: event.payload ?? {}, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: paymentNotifications.id });
  return !!recorded;
}

/**
 * Verifies an event with the methods of its provider: the method named in the notification address, else each method
 * of the provider in turn (its own credentials decide). Answers the event and the method that verified it.
 */
async function verify(
  deps: AppDeps,
  provider: AnyPaymentProvider,
  methodCode: string | undefined,
  raw: RawNotification,
): Promise<{ event: ProviderEvent; method: ResolvedMethod }> {
  const candidates = (await methodsOfProvider(deps.db, provider.code)).filter((m) => !methodCode || m.method.code === methodCode);
  if (candidates.length === 0) throw notFound('Unknown payment method');
  let refusal: unknown;
  for (const method of candidates) {
    try {
      return { event: await provider.verifyNotification(raw, providerContext(deps, method)), method };
    } catch (error) {
      // another method of the same provider may hold the credentials that verify it
      if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
      refusal ??= error;
    }
  }
  throw refusal;
}

/**
 * Accepts a provider notification: the provider verifies it (401/403 otherwise, nothing changed) and tells what it is
 * about, as re-fetched from the provider where it can be. In one database transaction the event is stored by id (a
 * replay changes nothing), checked against the stored transaction (amount and currency), and the transaction moves
 * forward; the order follows (payment-state.ts). A payment that took money for a canceled order or a second time, or a
 * refund the shop did not make, is recorded and flagged for the manager.
 */
export async function receiveNotification(
  deps: AppDeps,
  provider: AnyPaymentProvider,
  methodCode: string | undefined,
  raw: RawNotification,
): Promise<NotificationOutcome> {
  const { event } = await verify(deps, provider, methodCode, raw);
  if (event.kind === 'other') return 'ignored';
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const ref =
      event.kind === 'payment'
        ? { transactionId: event.payment.transactionId, providerPaymentId: event.payment.providerPaymentId }
        : { transactionId: null, providerPaymentId: event.providerPaymentId };
    const transaction = await lockTransaction(tx, provider.code, ref);
    if (!transaction) throw notFound('Payment transaction not found');
    const note = `${provider.code} transaction ${transaction.id}`;

    if (event.kind === 'payment') {
      const { payment } = event;
      if (payment.amountCents !== transaction.amountCents || payment.currency !== transaction.currency) {
        throw new ApiError(400, 'The amount or currency does not match the payment');
      }
      if (!(await recordEvent(tx, provider.code, event, transaction.id, payment.status, now))) return 'duplicate' as const;
      const outcome = await applyPaymentSnapshot(tx, transaction, payment, `${note}, event ${event.eventId}`, now);
      return { outcome, orderId: transaction.orderId };
    }

    if (event.kind === 'refund') {
      if (!(await recordEvent(tx, provider.code, event, transaction.id, `refund:${event.status}`, now))) return 'duplicate' as const;
      const byProviderId = eq(paymentRefunds.providerRefundId, event.providerRefundId);
      const [refund] = await tx
        .select()
        .from(paymentRefunds)
        .where(
          and(
            eq(paymentRefunds.provider, provider.code),
            eq(paymentRefunds.transactionId, transaction.id),
            event.refundId ? or(byProviderId, eq(paymentRefunds.id, event.refundId)) : byProviderId,
          ),
        )
        .for('update');
      if (!refund) {
        await flagTransaction(tx, transaction, 'externalRefund', `${note}: refund ${event.providerRefundId} was not made by the shop`, now);
        return 'flagged' as const;
      }
      const changed = await applyRefundStatus(tx, refund, event.status, now, { providerRefundId: event.providerRefundId });
      return changed ? ('applied' as const) : ('ignored' as const);
    }

    if (!(await recordEvent(tx, provider.code, event, transaction.id, 'refunded-total', now))) return 'duplicate' as const;
    if (event.refundedCents > transaction.refundedCents) {
      await flagTransaction(
        tx,
        transaction,
        'externalRefund',
        `${note}: the provider reports ${event.refundedCents} refunded, the shop ${transaction.refundedCents}`,
        now,
      );
      return 'flagged' as const;
    }
    return 'ignored' as const;
  });
  if (typeof result === 'string') return result;
  // a failed or canceled payment returns the stock, a late completion takes it again
  await invalidateOrderedProducts(deps.db, result.orderId);
  return result.outcome;
}
