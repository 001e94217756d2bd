/**
 * The money rules of online payments, free of any framework: the forward-only state machine of a payment
 * attempt, what an order's payment state is given its attempts, and how much of a payment may still be refunded.
 * Amounts are minor units (cents).
 */

/** States of one payment attempt (a provider transaction). */
export const TRANSACTION_STATUSES = ['new', 'pending', 'authorized', 'completed', 'failed', 'canceled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** What a provider can report about an attempt; `new` is only ever the starting state. */
export const PAYMENT_OUTCOMES = ['pending', 'authorized', 'completed', 'failed', 'canceled'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** States of an order's payment: its attempts' best state, and `refunded` once everything taken went back. */
export const ORDER_PAYMENT_STATUSES = [...TRANSACTION_STATUSES, 'refunded'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

const NEXT: Record<TransactionStatus, readonly TransactionStatus[]> = {
  new: ['pending', 'authorized', 'completed', 'failed', 'canceled'],
  pending: ['authorized', 'completed', 'failed', 'canceled'],
  // two-stage payments: the held money is captured, released (canceled) or the hold lapses
  authorized: ['completed', 'failed', 'canceled'],
  completed: [],
  failed: [],
  canceled: [],
};

/** The state machine only moves forward: a late or replayed report never undoes a later state. */
export function canMoveTo(from: string, to: string): boolean {
  return (NEXT[from as TransactionStatus] ?? []).includes(to as TransactionStatus);
}

/** Money is held or taken: the customer has paid (two-stage payments count from their authorisation). */
export function isPaid(status: string): boolean {
  return status === 'authorized' || status === 'completed' || status === 'refunded';
}

type AttemptView = { status: string; capturedCents: number; refundedCents: number; attention: string | null; createdAt: Date };

/**
 * The order's payment state from its attempts. Attempts flagged for the manager (paid for a canceled order, a second
 * payment) are left out: they never make an order look paid. A completed attempt wins, then an authorised one, else the
 * latest attempt that reported speaks (a failed first try and a pending second one: pending). `refunded` when every captured cent
 * of the completed attempts went back.
 */
export function orderPaymentStatus(attempts: AttemptView[]): OrderPaymentStatus {
  const counted = attempts.filter((a) => !a.attention);
  const completed = counted.filter((a) => a.status === 'completed');
  if (completed.length > 0) {
    const captured = completed.reduce((sum, a) => sum + a.capturedCents, 0);
    const refunded = completed.reduce((sum, a) => sum + a.refundedCents, 0);
    return captured > 0 && refunded >= captured ? 'refunded' : 'completed';
  }
  if (counted.some((a) => a.status === 'authorized')) return 'authorized';
  // an attempt just started says nothing yet: a failed try stays failed until the next one reports
  const latest = counted.filter((a) => a.status !== 'new').sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  return (latest?.status as TransactionStatus | undefined) ?? 'new';
}

/** Why an attempt that took money needs the manager instead of making the order paid. */
export type PaymentAttention = 'canceledOrder' | 'paidTwice';

/** An attempt reaching a paid state for an order that is canceled, or already paid by another attempt, is flagged. */
export function paymentAttention(input: {
  outcome: string;
  orderCanceled: boolean;
  /** another attempt of the order holds or took money */
  paidByAnother: boolean;
}): PaymentAttention | null {
  if (!isPaid(input.outcome)) return null;
  if (input.orderCanceled) return 'canceledOrder';
  return input.paidByAnother ? 'paidTwice' : null;
}

// ---------------------------------------------------------------- refunds

export type RefundLineRequest = { itemId: string; quantity: number };
export type RefundableLine = {
  id: string;
  quantity: number;
  /** what the customer paid for the whole line: its total less its share of the order discount (`spreadDiscount`) */
  paidCents: number;
  /** units of this line already refunded (refunds not failed) */
  refundedQuantity: number;
};

export type RefundProblem =
  | { field: 'amountCents'; key: 'refundNothing' | 'refundTooMuch' | 'refundNotCaptured'; max: number }
  | { field: 'lines'; key: 'refundUnknownLine' | 'refundLineTooMany'; itemId: string; max: number };

/** What is left to refund of a payment: captured minus refunded (refunds not failed count, pending ones included). */
export function refundableCents(payment: { status: string; capturedCents: number; refundedCents: number }): number {
  if (payment.status !== 'completed') return 0;
  return Math.max(0, payment.capturedCents - payment.refundedCents);
}

/**
 * What `quantity` more units of a line refund, after `before` units were: the share of what was paid for the line, so
 * refunding a whole line in parts adds up to exactly what was paid for it.
 */
export function lineShareCents(paidCents: number, lineQuantity: number, before: number, quantity: number): number {
  if (lineQuantity <= 0) return 0;
  const upTo = (units: number) => Math.round((paidCents * units) / lineQuantity);
  return upTo(before + quantity) - upTo(before);
}

/** A refund by lines: each requested line's units and what they refund, or the problems (unknown line, too many units). */
export function refundLines<L extends RefundableLine>(
  lines: L[],
  request: RefundLineRequest[],
): { cents: number; lines: { line: L; quantity: number; cents: number }[]; problems: RefundProblem[] } {
  const problems: RefundProblem[] = [];
  const refunded: { line: L; quantity: number; cents: number }[] = [];
  const wanted = new Map<string, number>();
  for (const r of request) wanted.set(r.itemId, (wanted.get(r.itemId) ?? 0) + r.quantity);
  for (const [itemId, quantity] of wanted) {
    const line = lines.find((l) => l.id === itemId);
    if (!line) {
      problems.push({ field: 'lines', key: 'refundUnknownLine', itemId, max: 0 });
      continue;
    }
    const left = line.quantity - line.refundedQuantity;
    if (quantity > left) {
      problems.push({ field: 'lines', key: 'refundLineTooMany', itemId, max: left });
      continue;
    }
    refunded.push({ line, quantity, cents: lineShareCents(line.paidCents, line.quantity, line.refundedQuantity, quantity) });
  }
  return { cents: refunded.reduce((sum, r) => sum + r.cents, 0), lines: refunded, problems };
}

/**
 * Checks a refund of `amountCents` against a payment: never more than what was captured and not yet refunded, never
 * nothing, never from a payment that took no money.
 */
export function refundProblems(
  payment: { status: string; capturedCents: number; refundedCents: number },
  amountCents: number,
): RefundProblem[] {
  const max = refundableCents(payment);
  if (payment.status !== 'completed' || payment.capturedCents <= 0) return [{ field: 'amountCents', key: 'refundNotCaptured', max }];
  if (amountCents <= 0) return [{ field: 'amountCents', key: 'refundNothing', max }];
  if (amountCents > max) return [{ field: 'amountCents', key: 'refundTooMuch', max }];
  return [];
}
