import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '../../../../lib/localize';
import { isPaid, refundableCents } from '../../../../lib/payment-rules';
import { orders, paymentTransactions } from '../../../db/schema';
import type { AppDeps } from '../../core/context';
import { ApiError, fieldError, notFound } from '../../core/errors';
import { recordAudit } from '../../admin/audit';
import { adminMessage } from '../../admin/messages';
import { expectVersion, versionConflict } from '../../admin/versioned';
import { invalidateOrderedProducts } from '../order-cache';
import { loadMethod, providerContext } from './methods';
import { applyPaymentSnapshot, lockTransaction } from './payment-state';
import type { PaymentSnapshot } from './provider';
import { type RefundActor, refundPayment } from './refunds';

/**
 * A manager's capture or cancel of an authorised two-stage payment. The order's version is checked and raised first
 * (two managers at once: one wins, 409 for the other); the provider is called with a key derived from the payment and
 * the action, so pressing again never captures twice; its answer moves the payment like a notification would.
 */
export async function settleAuthorized(
  deps: AppDeps,
  actor: RefundActor,
  input: { orderId: string; transactionId: string; version: number; action: 'capture' | 'cancel' },
  lang: Language,
): Promise<void> {
  const transaction = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    expectVersion(order, input.version, lang, 'orderNotFound');
    const [row] = await tx
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.id, input.transactionId), eq(paymentTransactions.orderId, input.orderId)))
      .for('update');
    if (!row) throw notFound(adminMessage('payments.transactionNotFound', lang));
    if (row.status !== 'authorized') throw fieldError('transactionId', adminMessage('payments.notAuthorized', lang), 409);
    const [bumped] = await tx
      .update(orders)
      .set({ version: sql`${orders.version} + 1`, updatedAt: deps.now() })
      .where(and(eq(orders.id, input.orderId), eq(orders.version, input.version)))
      .returning({ id: orders.id });
    if (!bumped) throw versionConflict(lang);
    return row;
  });
  const method = await loadMethod(deps.db, transaction.method ?? '');
  if (!method || method.provider.code !== transaction.provider) throw new ApiError(409, adminMessage('payments.methodGone', lang));
  let snapshot: PaymentSnapshot;
  try {
    const key = `${transaction.id}:${input.action}`;
    const ctx = providerContext(deps, method);
    snapshot =
      input.action === 'capture'
        ? await method.provider.capture(transaction, ctx, key)
        : await method.provider.cancel(transaction, ctx, key);
  } catch (error) {
    deps.logger.warn({ err: error, transaction: transaction.id }, `the payment provider refused to ${input.action}`);
    throw new ApiError(502, adminMessage('payments.providerFailed', lang, { reason: error instanceof Error ? error.message : '' }));
  }
  await deps.db.transaction(async (tx) => {
    const locked = await lockTransaction(tx, transaction.provider, { transactionId: transaction.id, providerPaymentId: null });
    const now = deps.now();
    await applyPaymentSnapshot(tx, locked!, snapshot, `${input.action === 'capture' ? 'captured' : 'canceled'} by ${actor.name}`, now);
    await recordAudit(
      tx,
      actor,
      {
        action: `order.payment-${input.action}`,
        entityType: 'order',
        entityId: input.orderId,
        before: { transactionId: transaction.id, status: transaction.status },
        after: { transactionId: transaction.id, status: snapshot.status },
      },
      now,
    );
  });
  await invalidateOrderedProducts(deps.db, input.orderId);
}

/**
 * What a manager's "cancel and refund" does with the money once the order is canceled: every payment that took money
 * is refunded in full, every authorised one released. Answers the problems met (a provider refusing), the rest done.
 */
export async function returnOrderMoney(deps: AppDeps, actor: RefundActor, orderId: string, lang: Language): Promise<string[]> {
  const problems: string[] = [];
  const attempts = await deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
  for (const attempt of attempts) {
    if (!isPaid(attempt.status)) continue;
    const [order] = await deps.db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId));
    try {
      if (attempt.status === 'authorized') {
        await settleAuthorized(deps, actor, { orderId, transactionId: attempt.id, version: order!.version, action: 'cancel' }, lang);
      } else if (refundableCents(attempt) > 0) {
        await refundPayment(
          deps,
          actor,
          { orderId, version: order!.version, transactionId: attempt.id, amountCents: refundableCents(attempt) },
          lang,
        );
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      problems.push(error.message);
    }
  }
  return problems;
}
