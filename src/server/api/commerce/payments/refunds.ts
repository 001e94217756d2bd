import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Language } from '../../../../lib/localize';
import { type RefundLineRequest, type RefundProblem, refundableCents, refundLines, refundProblems } from '../../../../lib/payment-rules';
import { spreadDiscount } from '../../../../lib/receipt-54fz';
import type { Executor } from '../../../db/client';
import { isLockTimeout, isWriteConflict } from '../../../db/errors';
import { orderItems, orderStateHistory, orders, paymentRefunds, paymentTransactions, variations } from '../../../db/schema';
import type { AppDeps } from '../../core/context';
import { ApiError, fieldErrorsOf } from '../../core/errors';
import { recordAudit } from '../../admin/audit';
import { adminMessage } from '../../admin/messages';
import { expectVersion, versionConflict } from '../../admin/versioned';
import { invalidateOrderedProducts } from '../order-cache';
import type { OrderRow } from '../order-dto';
import { loadMethod, providerContext } from './methods';
import { applyRefundStatus } from './payment-state';
import type { OrderItemRow, PaymentTransactionRow } from './provider';

/**
 * Refunds: money returned to the customer from a payment, by amount or by order lines (optionally returning those
 * items to stock). The rules are src/lib/payment-rules.ts: never more than was captured and not yet refunded.
 *
 * A refund is reserved first, in one database transaction that locks the order and the payment: the order's version
 * must be the one the manager saw (two managers refunding at once: one wins, the other gets 409), the amount is checked
 * and added to the payment's refunded total, the refund is stored as pending with its idempotency key, the items go
 * back to stock, and the audit log records it. Then the provider is called with that key (a retried call never refunds
 * twice); its answer settles the refund (a failed refund gives its amount back). The order returns flow calls
 * `refundPayment` the same way.
 */

export type RefundRow = typeof paymentRefunds.$inferSelect;
export type RefundActor = { id: string; name: string };

export type RefundRequest = {
  orderId: string;
  /** the order version the manager saw */
  version: number;
  /** the payment to refund from; by default the order's first completed payment with money left to refund */
  transactionId?: string | null;
  /** by amount (minor units) … */
  amountCents?: number | null;
  /** … or by lines */
  lines?: RefundLineRequest[] | null;
  /** return the refunded lines' items to stock */
  restock?: boolean;
  reason?: string | null;
};

function problemsError(problems: RefundProblem[], lang: Language): ApiError {
  return fieldErrorsOf(
    problems.map(
      (p) => [p.field === 'lines' ? `lines.${p.itemId}` : p.field, adminMessage(`payments.${p.key}`, lang, { max: p.max })] as const,
    ),
  );
}

/** Units of each order line already refunded by refunds that did not fail. */
async function refundedQuantities(tx: Executor, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ lines: paymentRefunds.lines })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.orderId, orderId), ne(paymentRefunds.status, 'failed')));
  const quantities = new Map<string, number>();
  for (const row of rows) for (const line of row.lines) quantities.set(line.itemId, (quantities.get(line.itemId) ?? 0) + line.quantity);
  return quantities;
}

/** The order's lines with what the customer paid for each (the order discount spread over them, a tax added on top). */
export async function paidLines(tx: Executor, order: OrderRow) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position));
  const paid = spreadDiscount(
    items.map((i) => i.totalCents),
    order.discountCents,
  );
  const refunded = await refundedQuantities(tx, order.id);
  return items.map((item, index) => ({
    item,
    id: item.id,
    quantity: item.quantity,
    paidCents: paid[index]! + (order.taxIncluded ? 0 : item.taxCents),
    refundedQuantity: refunded.get(item.id) ?? 0,
  }));
}

/** Returns refunded units to their variations' stock while the order still holds its reservation. */
export async function returnToStock(tx: Executor, order: OrderRow, lines: { item: OrderItemRow; quantity: number }[], now: Date) {
  if (order.stockReleasedAt) return false;
  for (const { item, quantity } of [...lines].sort((a, b) => ((a.item.variationId ?? '') < (b.item.variationId ?? '') ? -1 : 1))) {
    await tx
      .update(orderItems)
      .set({ returnedQuantity: sql`${orderItems.returnedQuantity} + ${quantity}` })
      .where(eq(orderItems.id, item.id));
    if (item.variationId) {
      await tx
        .update(variations)
        .set({ stock: sql`${variations.stock} + ${quantity}` })
        .where(and(eq(variations.id, item.variationId), sql`${variations.stock} is not null`));
    }
  }
  await tx.insert(orderStateHistory).values({
    id: randomUUID(),
    orderId: order.id,
    kind: 'stock',
    fromValue: null,
    toValue: 'returned',
    note: lines.map((l) => `${l.item.title} × ${l.quantity}`).join(', '),
    createdAt: now,
  });
  return true;
}

async function pickTransaction(tx: Executor, orderId: string, transactionId: string | null | undefined) {
  const rows = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), transactionId ? eq(paymentTransactions.id, transactionId) : undefined))
    .orderBy(asc(paymentTransactions.createdAt))
    .for('update');
  if (transactionId) return rows[0];
  return rows.find((t) => !t.attention && refundableCents(t) > 0) ?? rows.find((t) => refundableCents(t) > 0) ?? rows[0];
}

type Reserved = {
  refund: RefundRow;
  order: OrderRow;
  transaction: PaymentTransactionRow;
  lines: { item: OrderItemRow; quantity: number; cents: number }[] | null;
  restocked: boolean;
};

async function reserveRefund(deps: AppDeps, actor: RefundActor, request: RefundRequest, lang: Language): Promise<Reserved> {
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for('update');
    const order = expectVersion(locked, request.version, lang, 'orderNotFound');
    const transaction = await pickTransaction(tx, order.id, request.transactionId);
    if (!transaction) throw new ApiError(400, adminMessage('payments.refundNotCaptured', lang, { max: 0 }), { errorPath: 'transactionId' });
    const now = deps.now();
    let amountCents = request.amountCents ?? 0;
    let lines: Reserved['lines'] = null;
    if (request.lines && request.lines.length > 0) {
      const byLines = refundLines(await paidLines(tx, order), request.lines);
      if (byLines.problems.length) throw problemsError(byLines.problems, lang);
      amountCents = byLines.cents;
      lines = byLines.lines.map((l) => ({ item: l.line.item, quantity: l.quantity, cents: l.cents }));
    }
    const problems = refundProblems(transaction, amountCents);
    if (problems.length) throw problemsError(problems, lang);
    // the order's version moves: a second manager refunding from the same page gets 409
    const [bumped] = await tx
      .update(orders)
      .set({ version: sql`${orders.version} + 1`, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.version, request.version)))
      .returning({ id: orders.id });
    if (!bumped) throw versionConflict(lang);
    await tx
      .update(paymentTransactions)
      .set({ refundedCents: sql`${paymentTransactions.refundedCents} + ${amountCents}`, updatedAt: now })
      .where(eq(paymentTransactions.id, transaction.id));
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        id: randomUUID(),
        transactionId: transaction.id,
        orderId: order.id,
        provider: transaction.provider,
        idempotencyKey: randomUUID(),
        status: 'pending',
        amountCents,
        currency: transaction.currency,
        lines: (lines ?? []).map((l) => ({ itemId: l.item.id, quantity: l.quantity })),
        restock: !!(request.restock && lines),
        reason: request.reason ?? null,
        staffId: actor.id,
        staffName: actor.name,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const restocked = request.restock && lines ? await returnToStock(tx, order, lines, now) : false;
    await tx.insert(orderStateHistory).values({
      id: randomUUID(),
      orderId: order.id,
      kind: 'refund',
      fromValue: null,
      toValue: 'pending',
      note: [actor.name, `${transaction.provider} refund ${refund!.id}`, request.reason].filter(Boolean).join(': '),
      createdAt: now,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'order.refund',
        entityType: 'order',
        entityId: order.id,
        before: { transactionId: transaction.id, refundedCents: transaction.refundedCents },
        after: {
          transactionId: transaction.id,
          refundId: refund!.id,
          amountCents,
          refundedCents: transaction.refundedCents + amountCents,
          lines: refund!.lines,
          restock: refund!.restock,
        },
      },
      now,
    );
    return { refund: refund!, order, transaction, lines, restocked };
  });
}

/**
 * Refunds part or all of an order's payment (see the module comment). Answers the refund as it stands after the
 * provider answered: succeeded, pending (the provider confirms later by notification) or failed (then 502 with the
 * provider's reason, and nothing stays reserved).
 */
/**
 * Records the provider's answer on the reserved refund. The provider has acted by now, so a moment's collision with
 * another write (a lock wait, a deadlock) is retried rather than answered as a failure the money did not have; if the
 * database still refuses, the refund is answered as it stands (pending) and the provider's notification settles it.
 */
async function settleRefund(
  deps: AppDeps,
  refund: RefundRow,
  answer: { providerRefundId: string; status: 'pending' | 'succeeded' | 'failed' } | null,
  failure: string | null,
): Promise<RefundRow> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.db.transaction(async (tx) => {
        const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund.id)).for('update');
        const now = deps.now();
        if (answer) await applyRefundStatus(tx, row!, answer.status, now, { providerRefundId: answer.providerRefundId });
        else await applyRefundStatus(tx, row!, 'failed', now, { failure: failure ?? 'refused' });
        const [after] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund.id));
        return after!;
      });
    } catch (error) {
      if (!(isLockTimeout(error) || isWriteConflict(error))) throw error;
      if (attempt >= SETTLE_ATTEMPTS) {
        deps.logger.error({ err: error, refund: refund.id }, 'a refund the provider answered could not be recorded; it stays pending');
        return refund;
      }
    }
  }
}

const SETTLE_ATTEMPTS = 5;

export async function refundPayment(deps: AppDeps, actor: RefundActor, request: RefundRequest, lang: Language): Promise<RefundRow> {
  const reserved = await reserveRefund(deps, actor, request, lang);
  if (reserved.restocked) await invalidateOrderedProducts(deps.db, reserved.order.id);
  const { refund, order, transaction } = reserved;
  const method = await loadMethod(deps.db, transaction.method ?? order.paymentMethod);
  let answer: { providerRefundId: string; status: 'pending' | 'succeeded' | 'failed' } | null = null;
  let failure: string | null = null;
  if (!method || method.provider.code !== transaction.provider) failure = 'The payment method of this payment is gone';
  else {
    try {
      answer = await method.provider.refund(
        {
          order,
          transaction,
          refundId: refund.id,
          amountCents: refund.amountCents,
          idempotencyKey: refund.idempotencyKey,
          lines: reserved.lines,
        },
        providerContext(deps, method),
      );
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      deps.logger.warn({ err: error, refund: refund.id }, 'the payment provider refused a refund');
    }
  }
  const settled = await settleRefund(deps, refund, answer, failure);
  if (settled.status === 'failed') {
    throw new ApiError(502, adminMessage('payments.providerFailed', lang, { reason: settled.failure ?? '' }), { errorPath: 'amountCents' });
  }
  return settled;
}
