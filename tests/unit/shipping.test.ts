import { describe, expect, it } from 'vitest';
import { orderDeliveryWeight, ratePrice, rateApplies, type ShippingRateRule } from '../../src/lib/shipping';

const rate = (overrides: Partial<ShippingRateRule> = {}): ShippingRateRule => ({
  kind: 'flat',
  priceCents: 500,
  enabled: true,
  minOrderCents: null,
  maxOrderCents: null,
  minWeight: null,
  maxWeight: null,
  ...overrides,
});

const box = { weight: 2, height: 0, width: 0, length: 0 };

describe('orderDeliveryWeight', () => {
  it('sums delivery size times quantity, preferring variation values', () => {
    expect(
      orderDeliveryWeight([
        { product: box, variation: {}, quantity: 3 },
        { product: box, variation: { weight: 5 }, quantity: 1 },
      ]),
    ).toBe(11);
  });

  it('uses volumetric weight when it is larger', () => {
    const bulky = { weight: 1, height: 50, width: 20, length: 20 }; // 20000 / 5000 = 4
    expect(orderDeliveryWeight([{ product: bulky, variation: {}, quantity: 2 }])).toBe(8);
  });

  it('counts items without a known size as weightless', () => {
    expect(orderDeliveryWeight([{ product: { weight: 0, height: 0, width: 0, length: 0 }, variation: {}, quantity: 4 }])).toBe(0);
  });
});

describe('rateApplies', () => {
  const order = { amountCents: 10_000, weight: 5 };

  it('applies an enabled rate without bounds', () => {
    expect(rateApplies(rate(), order)).toBe(true);
  });

  it('never applies a disabled rate or an unknown kind', () => {
    expect(rateApplies(rate({ enabled: false }), order)).toBe(false);
    expect(rateApplies(rate({ kind: 'teleport' }), order)).toBe(false);
  });

  it('checks the order amount bounds inclusively', () => {
    expect(rateApplies(rate({ minOrderCents: 10_000 }), order)).toBe(true);
    expect(rateApplies(rate({ minOrderCents: 10_001 }), order)).toBe(false);
    expect(rateApplies(rate({ maxOrderCents: 10_000 }), order)).toBe(true);
    expect(rateApplies(rate({ maxOrderCents: 9_999 }), order)).toBe(false);
  });

  it('checks the weight bounds inclusively', () => {
    expect(rateApplies(rate({ minWeight: 5 }), order)).toBe(true);
    expect(rateApplies(rate({ minWeight: 5.5 }), order)).toBe(false);
    expect(rateApplies(rate({ maxWeight: 5 }), order)).toBe(true);
    expect(rateApplies(rate({ maxWeight: 4.9 }), order)).toBe(false);
  });
});

describe('ratePrice', () => {
  it('charges nothing for free rates, the price for flat ones, and leaves by-manager rates to the shop', () => {
    expect(ratePrice({ kind: 'free', priceCents: 700 })).toEqual({ priceCents: 0, priceByManager: false });
    expect(ratePrice({ kind: 'flat', priceCents: 700 })).toEqual({ priceCents: 700, priceByManager: false });
    expect(ratePrice({ kind: 'by_manager', priceCents: 700 })).toEqual({ priceCents: 0, priceByManager: true });
  });
});
