import { describe, expect, it } from 'vitest';
import { customerReturnable, editBlock, linesSummary, paidNetCents, paymentDifference, stockDeltas } from '../../src/lib/order-edit';
import { paymentScreen } from '../../src/islands/payment/payment-screen';

describe('order edits', () => {
  it('may edit until something ships, a return opens, the order is canceled or its payment is on hold', () => {
    const open = { status: 'new', paymentStatus: 'completed', shippedUnits: 0, returns: 0 };
    expect(editBlock(open)).toBeNull();
    expect(editBlock({ ...open, shippedUnits: 1 })).toBe('shipped');
    expect(editBlock({ ...open, returns: 1 })).toBe('returned');
    expect(editBlock({ ...open, status: 'canceled' })).toBe('canceled');
    expect(editBlock({ ...open, paymentStatus: 'authorized' })).toBe('authorized');
  });

  it('moves stock by the difference per variation, in variation order', () => {
    expect(
      stockDeltas(
        [
          { variationId: 'b', quantity: 2 },
          { variationId: 'a', quantity: 1 },
          { variationId: null, quantity: 5 },
        ],
        [
          { variationId: 'b', quantity: 5 },
          { variationId: 'c', quantity: 1 },
          { variationId: 'a', quantity: 1 },
        ],
      ),
    ).toEqual([
      { variationId: 'b', quantity: 3 },
      { variationId: 'c', quantity: 1 },
    ]);
    expect(stockDeltas([{ variationId: 'a', quantity: 4 }], [])).toEqual([{ variationId: 'a', quantity: -4 }]);
  });

  it('a rise is owed, a drop lowers what is owed first and the rest is refunded, never more than was paid', () => {
    expect(paymentDifference({ dueCents: 0, oldTotalCents: 2_500, newTotalCents: 7_500, refundableCents: 2_500 })).toEqual({
      dueCents: 5_000,
      refundCents: 0,
    });
    expect(paymentDifference({ dueCents: 5_000, oldTotalCents: 7_500, newTotalCents: 4_000, refundableCents: 2_500 })).toEqual({
      dueCents: 1_500,
      refundCents: 0,
    });
    expect(paymentDifference({ dueCents: 0, oldTotalCents: 7_500, newTotalCents: 2_500, refundableCents: 7_500 })).toEqual({
      dueCents: 0,
      refundCents: 5_000,
    });
    expect(paymentDifference({ dueCents: 0, oldTotalCents: 7_500, newTotalCents: 0, refundableCents: 3_000 }).refundCents).toBe(3_000);
    expect(
      paidNetCents([
        { status: 'completed', amountCents: 100, capturedCents: 100, refundedCents: 30, attention: null },
        { status: 'completed', amountCents: 100, capturedCents: 100, refundedCents: 0, attention: 'paidTwice' },
        { status: 'failed', amountCents: 100, capturedCents: 0, refundedCents: 0, attention: null },
      ]),
    ).toBe(70);
  });

  it('sums the changed lines up for the history', () => {
    expect(
      linesSummary(
        [
          { key: '1', title: 'Shirt', quantity: 2 },
          { key: '2', title: 'Socks', quantity: 1 },
        ],
        [
          { key: '1', title: 'Shirt', quantity: 3 },
          { key: '3', title: 'Hat', quantity: 1 },
        ],
      ),
    ).toEqual(['Shirt × 2 → 3', '− Socks × 1', '+ Hat × 1']);
  });

  it('customers return shipped units within the window after the last shipment', () => {
    const shippedAt = new Date('2026-01-10T00:00:00Z');
    const base = {
      status: 'new',
      shipments: [{ createdAt: shippedAt, lines: [{ itemId: 'a', quantity: 2 }] }],
      returns: [{ status: 'requested', lines: [{ itemId: 'a', quantity: 1 }] }],
      days: 14,
    };
    const inside = customerReturnable({ ...base, now: new Date('2026-01-20T00:00:00Z') });
    expect(inside.until).toEqual(new Date('2026-01-24T00:00:00Z'));
    expect([...inside.quantities]).toEqual([['a', 1]]);
    expect(customerReturnable({ ...base, now: new Date('2026-01-25T00:00:00Z') }).until).toBeNull();
    expect(customerReturnable({ ...base, shipments: [], now: shippedAt }).until).toBeNull();
    expect(
      customerReturnable({
        ...base,
        returns: [{ status: 'rejected', lines: [{ itemId: 'a', quantity: 2 }] }],
        now: shippedAt,
      }).quantities.get('a'),
    ).toBe(2);
  });

  it('a paid order with an amount left to pay shows the pay-the-difference screen', () => {
    const order = { paymentKind: 'online' as const, paymentStatus: 'completed', amountDue: 50, status: 'new' };
    expect(paymentScreen({ order, cash: false, initializationFailed: false })).toBe('payDifference');
    expect(paymentScreen({ order: { ...order, amountDue: 0 }, cash: false, initializationFailed: false })).toBe('success');
  });
});
