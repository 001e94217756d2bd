import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canMoveTo,
  lineShareCents,
  orderPaymentStatus,
  paymentAttention,
  refundLines,
  refundProblems,
  refundableCents,
  TRANSACTION_STATUSES,
} from '../../src/lib/payment-rules';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
const attempt = (status: string, minute = 0, extra: Partial<{ capturedCents: number; refundedCents: number; attention: string }> = {}) => ({
  status,
  capturedCents: extra.capturedCents ?? (status === 'completed' ? 1000 : 0),
  refundedCents: extra.refundedCents ?? 0,
  attention: extra.attention ?? null,
  createdAt: at(minute),
});

describe('payment state machine', () => {
  it('moves a new payment to any outcome and a pending one to a later state only', () => {
    for (const to of ['pending', 'authorized', 'completed', 'failed', 'canceled']) expect(canMoveTo('new', to)).toBe(true);
    expect(canMoveTo('pending', 'authorized')).toBe(true);
    expect(canMoveTo('pending', 'pending')).toBe(false);
    expect(canMoveTo('pending', 'new')).toBe(false);
  });

  it('lets an authorised payment be captured, released or lapse, and nothing go back to it', () => {
    expect(canMoveTo('authorized', 'completed')).toBe(true);
    expect(canMoveTo('authorized', 'canceled')).toBe(true);
    expect(canMoveTo('authorized', 'pending')).toBe(false);
    expect(canMoveTo('completed', 'authorized')).toBe(false);
  });

  it('never leaves a final state, and knows nothing of unknown states', () => {
    for (const from of ['completed', 'failed', 'canceled']) {
      for (const to of TRANSACTION_STATUSES) expect(canMoveTo(from, to)).toBe(false);
    }
    expect(canMoveTo('refunded', 'completed')).toBe(false);
    expect(canMoveTo('new', 'refunded')).toBe(false);
  });
});

describe("an order's payment state", () => {
  it('is new without attempts, and the latest attempt that reported otherwise', () => {
    expect(orderPaymentStatus([])).toBe('new');
    expect(orderPaymentStatus([attempt('failed', 1), attempt('new', 2)])).toBe('failed');
    expect(orderPaymentStatus([attempt('failed', 1), attempt('pending', 2)])).toBe('pending');
  });

  it('is completed when any attempt completed, whatever older ones report', () => {
    expect(orderPaymentStatus([attempt('failed', 3), attempt('completed', 2)])).toBe('completed');
    expect(orderPaymentStatus([attempt('authorized', 1), attempt('canceled', 2)])).toBe('authorized');
  });

  it('leaves flagged attempts out and is refunded once every captured cent went back', () => {
    expect(orderPaymentStatus([attempt('completed', 1, { attention: 'canceledOrder' })])).toBe('new');
    expect(orderPaymentStatus([attempt('completed', 1, { refundedCents: 400 })])).toBe('completed');
    expect(orderPaymentStatus([attempt('completed', 1, { refundedCents: 1000 })])).toBe('refunded');
  });

  it('flags money taken for a canceled order or a second time', () => {
    expect(paymentAttention({ outcome: 'completed', orderCanceled: true, paidByAnother: false })).toBe('canceledOrder');
    expect(paymentAttention({ outcome: 'authorized', orderCanceled: false, paidByAnother: true })).toBe('paidTwice');
    expect(paymentAttention({ outcome: 'failed', orderCanceled: true, paidByAnother: true })).toBeNull();
    expect(paymentAttention({ outcome: 'completed', orderCanceled: false, paidByAnother: false })).toBeNull();
  });
});

describe('refund rules', () => {
  const payment = { status: 'completed', capturedCents: 10_000, refundedCents: 2500 };

  it('refunds never more than captured minus refunded, never nothing, never from an uncaptured payment', () => {
    expect(refundableCents(payment)).toBe(7500);
    expect(refundProblems(payment, 7500)).toEqual([]);
    expect(refundProblems(payment, 7501)).toEqual([{ field: 'amountCents', key: 'refundTooMuch', max: 7500 }]);
    expect(refundProblems(payment, 0)[0]!.key).toBe('refundNothing');
    expect(refundProblems({ status: 'authorized', capturedCents: 0, refundedCents: 0 }, 100)[0]!.key).toBe('refundNotCaptured');
  });

  it('refunds lines at what was paid for them, and a line refunded in parts adds up to what was paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 5 })),
        (qty, paid, parts) => {
          let before = 0;
          let sum = 0;
          for (const part of parts) {
            const take = Math.min(part, qty - before);
            if (take <= 0) break;
            sum += lineShareCents(paid, qty, before, take);
            before += take;
          }
          if (before === qty) expect(sum).toBe(paid);
          expect(sum).toBeLessThanOrEqual(paid);
        },
      ),
    );
  });

  it('names unknown lines and lines asked for more units than are left', () => {
    const lines = [{ id: 'a', quantity: 3, paidCents: 900, refundedQuantity: 1 }];
    expect(refundLines(lines, [{ itemId: 'a', quantity: 2 }]).cents).toBe(600);
    const { problems } = refundLines(lines, [
      { itemId: 'a', quantity: 2 },
      { itemId: 'a', quantity: 1 },
      { itemId: 'x', quantity: 1 },
    ]);
    expect(problems).toEqual([
      { field: 'lines', key: 'refundLineTooMany', itemId: 'a', max: 2 },
      { field: 'lines', key: 'refundUnknownLine', itemId: 'x', max: 0 },
    ]);
  });
});
