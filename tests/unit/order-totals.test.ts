import { describe, expect, it } from 'vitest';
import { itemsTotalCents, lineTotalCents, orderTotals } from '../../src/lib/order-totals';

const lines = [
  { unitPriceCents: 1_999, quantity: 3 },
  { unitPriceCents: 500, quantity: 1 },
];

describe('order totals', () => {
  it('multiplies unit price by quantity per line and sums the lines', () => {
    expect(lineTotalCents(lines[0]!)).toBe(5_997);
    expect(itemsTotalCents(lines)).toBe(6_497);
  });

  it('subtracts the discount and adds delivery', () => {
    expect(orderTotals(lines, 497, 1_000)).toEqual({
      itemsTotalCents: 6_497,
      discountCents: 497,
      deliveryCents: 1_000,
      totalCents: 7_000,
    });
  });

  it('never lets a discount take the items below zero or add money', () => {
    expect(orderTotals(lines, 10_000, 300)).toMatchObject({ discountCents: 6_497, totalCents: 300 });
    expect(orderTotals(lines, -50, 0)).toMatchObject({ discountCents: 0, totalCents: 6_497 });
  });
});
