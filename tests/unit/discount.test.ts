import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_ERROR,
  discountErrorMessage,
  evaluateDiscount,
  normalizeDiscountCode,
  type DiscountLine,
  type DiscountRule,
} from '../../src/lib/discount';

const now = new Date('2026-06-01T12:00:00Z');

const rule = (overrides: Partial<DiscountRule> = {}): DiscountRule => ({
  kind: 'percent',
  value: 10,
  enabled: true,
  startsAt: null,
  expiresAt: null,
  minOrderCents: null,
  productIds: [],
  catalogIds: [],
  usageLimit: null,
  usedCount: 0,
  ...overrides,
});

const lines: DiscountLine[] = [
  { productId: 'shoes', catalogIds: ['footwear'], totalCents: 10_000 },
  { productId: 'hat', catalogIds: ['headwear'], totalCents: 5_000 },
];

describe('evaluateDiscount', () => {
  it('takes a percentage of every line when the code is unrestricted', () => {
    expect(evaluateDiscount(rule(), lines, now)).toEqual({
      ok: true,
      discountCents: 1_500,
      itemsTotalCents: 15_000,
      totalAfterDiscountCents: 13_500,
    });
  });

  it('rounds a percentage to whole minor units', () => {
    const result = evaluateDiscount(rule({ value: 15 }), [{ productId: 'p', catalogIds: [], totalCents: 333 }], now);
    expect(result).toMatchObject({ ok: true, discountCents: 50, totalAfterDiscountCents: 283 });
  });

  it('takes a fixed amount', () => {
    expect(evaluateDiscount(rule({ kind: 'fixed', value: 2_000 }), lines, now)).toMatchObject({
      ok: true,
      discountCents: 2_000,
      totalAfterDiscountCents: 13_000,
    });
  });

  it('discounts only the lines of the listed products', () => {
    expect(evaluateDiscount(rule({ productIds: ['hat'] }), lines, now)).toMatchObject({ ok: true, discountCents: 500 });
  });

  it('discounts only the lines in the listed catalogs', () => {
    expect(evaluateDiscount(rule({ catalogIds: ['footwear'] }), lines, now)).toMatchObject({ ok: true, discountCents: 1_000 });
  });

  it('code 1: the code does not exist', () => {
    expect(evaluateDiscount(null, lines, now)).toEqual({ ok: false, errorCode: DISCOUNT_ERROR.notFound });
  });

  it('code 2: no line is of a listed product or catalog', () => {
    expect(evaluateDiscount(rule({ productIds: ['socks'], catalogIds: ['bags'] }), lines, now)).toEqual({
      ok: false,
      errorCode: 2,
    });
  });

  it('code 3: expired; a code that has not started yet is invalid (4), not expired', () => {
    expect(evaluateDiscount(rule({ expiresAt: new Date('2026-06-01T11:59:59Z') }), lines, now)).toEqual({ ok: false, errorCode: 3 });
    expect(evaluateDiscount(rule({ expiresAt: now }), lines, now)).toEqual({ ok: false, errorCode: 3 });
    expect(evaluateDiscount(rule({ startsAt: new Date('2026-06-02T00:00:00Z') }), lines, now)).toEqual({ ok: false, errorCode: 4 });
    expect(evaluateDiscount(rule({ startsAt: now, expiresAt: new Date('2026-07-01') }), lines, now)).toMatchObject({ ok: true });
  });

  it('code 4: disabled, or its usage limit is reached', () => {
    expect(evaluateDiscount(rule({ enabled: false }), lines, now)).toEqual({ ok: false, errorCode: 4 });
    expect(evaluateDiscount(rule({ usageLimit: 3, usedCount: 3 }), lines, now)).toEqual({ ok: false, errorCode: 4 });
    expect(evaluateDiscount(rule({ usageLimit: 3, usedCount: 2 }), lines, now)).toMatchObject({ ok: true });
  });

  it('code 4: a code with an unknown kind or no value is invalid', () => {
    expect(evaluateDiscount(rule({ kind: 'bogus' }), lines, now)).toEqual({ ok: false, errorCode: 4 });
    expect(evaluateDiscount(rule({ value: 0 }), lines, now)).toEqual({ ok: false, errorCode: 4 });
  });

  it('code 5: a fixed amount larger than the total it applies to', () => {
    expect(evaluateDiscount(rule({ kind: 'fixed', value: 5_001, productIds: ['hat'] }), lines, now)).toEqual({
      ok: false,
      errorCode: 5,
    });
    expect(evaluateDiscount(rule({ kind: 'fixed', value: 5_000, productIds: ['hat'] }), lines, now)).toMatchObject({
      ok: true,
      totalAfterDiscountCents: 10_000,
    });
  });

  it('code 6: the items total is below the minimum order amount', () => {
    expect(evaluateDiscount(rule({ minOrderCents: 15_001 }), lines, now)).toEqual({ ok: false, errorCode: 6 });
    expect(evaluateDiscount(rule({ minOrderCents: 15_000 }), lines, now)).toMatchObject({ ok: true });
  });

  it('never discounts more than 100 percent', () => {
    expect(evaluateDiscount(rule({ value: 150 }), lines, now)).toMatchObject({ ok: true, totalAfterDiscountCents: 0 });
  });
});

describe('discount error messages', () => {
  it('speaks the request language, with the Russian wording of code 5', () => {
    expect(discountErrorMessage(5, 'en')).toBe("Discount value can't exceed cart price");
    expect(discountErrorMessage(5, 'ru')).toBe('Условия применения промокода не выполнены');
    expect(discountErrorMessage(1, 'ru')).not.toBe(discountErrorMessage(1, 'en'));
  });
});

describe('normalizeDiscountCode', () => {
  it('compares codes case-insensitively and ignores surrounding blanks', () => {
    expect(normalizeDiscountCode('  summer10 ')).toBe('SUMMER10');
  });
});
