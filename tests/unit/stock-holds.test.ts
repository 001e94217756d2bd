import { describe, expect, it } from 'vitest';
import { mayHoldMore, reservationDeadline, unitsOneOrderMayTake } from '../../src/lib/stock-holds';

describe('stock holds of orders paid on receipt', () => {
  const rule = { percent: 50, floor: 5 };

  it('lets one order take a share of the stock, at least the floor, never more than there is', () => {
    expect(unitsOneOrderMayTake(284, rule)).toBe(142);
    expect(unitsOneOrderMayTake(11, rule)).toBe(5);
    expect(unitsOneOrderMayTake(13, rule)).toBe(6);
    // the last items stay buyable: below the floor an order may take what is left
    expect(unitsOneOrderMayTake(3, rule)).toBe(3);
    expect(unitsOneOrderMayTake(1, rule)).toBe(1);
    expect(unitsOneOrderMayTake(0, rule)).toBe(0);
    expect(unitsOneOrderMayTake(-2, rule)).toBe(0);
    // 100 percent: no share rule at all
    expect(unitsOneOrderMayTake(284, { percent: 100, floor: 1 })).toBe(284);
    expect(unitsOneOrderMayTake(10, { percent: 1, floor: 1 })).toBe(1);
  });

  it('ends a reservation the given hours after the order', () => {
    expect(reservationDeadline(new Date('2026-03-06T17:00:00Z'), 48).toISOString()).toBe('2026-03-08T17:00:00.000Z');
  });

  it('bounds the items one customer holds, counting the new order', () => {
    expect(mayHoldMore(25, 5, 30)).toBe(true);
    expect(mayHoldMore(25, 6, 30)).toBe(false);
    expect(mayHoldMore(40, 0, 30)).toBe(true);
  });
});
