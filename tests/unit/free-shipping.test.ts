import { describe, expect, it } from 'vitest';
import { freeShippingProgress, type FreeShippingRate } from '../../src/lib/free-shipping';

const flat: FreeShippingRate = { kind: 'flat', minOrderAmount: null, maxOrderAmount: null };
const freeFrom = (min: number | null, max: number | null = null): FreeShippingRate => ({
  kind: 'free',
  minOrderAmount: min,
  maxOrderAmount: max,
});

describe('free-shipping progress from the shop rates', () => {
  it('says how much more reaches the lowest free threshold, and how far the cart is', () => {
    expect(freeShippingProgress([flat, freeFrom(10000), freeFrom(25000)], 7700)).toEqual({
      kind: 'remaining',
      remaining: 2300,
      threshold: 10000,
      percent: 77,
    });
  });

  it('says it is reached once a free rate applies', () => {
    expect(freeShippingProgress([flat, freeFrom(10000)], 10000)).toEqual({ kind: 'reached' });
    expect(freeShippingProgress([flat, freeFrom(10000)], 15000)).toEqual({ kind: 'reached' });
  });

  it('shows nothing without a free rate to reach, for an empty cart or above a free rate that stops', () => {
    expect(freeShippingProgress([flat], 5000)).toBeNull();
    expect(freeShippingProgress([flat, freeFrom(null)], 5000)).toBeNull();
    expect(freeShippingProgress([flat, freeFrom(10000)], 0)).toBeNull();
    expect(freeShippingProgress([flat, freeFrom(10000, 20000)], 30000)).toBeNull();
  });
});
