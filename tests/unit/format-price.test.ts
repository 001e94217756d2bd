import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencyOfCountry, formatAmount, formatPrice, normalizeCurrency, normalizeSeparator } from '../../src/lib/format-price';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('currencyOfCountry', () => {
  it('suggests the currency a new shop in that country uses', () => {
    expect(currencyOfCountry('RU')).toBe('RUB');
    expect(currencyOfCountry('ae')).toBe('AED');
    expect(currencyOfCountry('DE')).toBe('EUR');
    expect(currencyOfCountry('US')).toBe('USD');
    expect(currencyOfCountry('GB')).toBe('USD');
    expect(currencyOfCountry('')).toBe('USD');
    expect(currencyOfCountry(undefined)).toBe('USD');
  });
});

describe('normalizeCurrency', () => {
  it('keeps the four shop currencies, in any case', () => {
    expect(normalizeCurrency('RUB')).toBe('RUB');
    expect(normalizeCurrency('aed')).toBe('AED');
    expect(normalizeCurrency(' usd ')).toBe('USD');
    expect(normalizeCurrency('EUR')).toBe('EUR');
  });

  it('maps $ and € to USD and EUR', () => {
    expect(normalizeCurrency('$')).toBe('USD');
    expect(normalizeCurrency('€')).toBe('EUR');
  });

  it('logs an unknown or missing currency and uses USD, not AED', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(normalizeCurrency('GBP')).toBe('USD');
    expect(normalizeCurrency(undefined)).toBe('USD');
    expect(normalizeCurrency('')).toBe('USD');
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]![0]).toContain('GBP');
  });

  it('does not warn for a known currency', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    normalizeCurrency('RUB');
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('normalizeSeparator', () => {
  it('keeps none, comma and space and defaults anything else to none', () => {
    expect(normalizeSeparator('comma')).toBe('comma');
    expect(normalizeSeparator('space')).toBe('space');
    expect(normalizeSeparator('none')).toBe('none');
    expect(normalizeSeparator('dot')).toBe('none');
    expect(normalizeSeparator(undefined)).toBe('none');
  });
});

describe('formatAmount', () => {
  it('shows no grouping by default', () => {
    expect(formatAmount(1200000.5)).toBe('1200000.50');
  });

  it('groups the English way with comma', () => {
    expect(formatAmount(1200000.5, 'comma')).toBe('1,200,000.50');
    expect(formatAmount(999, 'comma')).toBe('999');
    expect(formatAmount(1000, 'comma')).toBe('1,000');
  });

  it('groups the Russian way with space and a decimal comma', () => {
    expect(formatAmount(1200000.5, 'space')).toBe('1 200 000,50');
    expect(formatAmount(12345.67, 'space')).toBe('12 345,67');
  });

  it('shows whole amounts without decimals', () => {
    expect(formatAmount(1200)).toBe('1200');
    expect(formatAmount(1200.0)).toBe('1200');
    expect(formatAmount(1200.001)).toBe('1200');
  });

  it('shows two decimals when there is a fraction, rounded half up', () => {
    expect(formatAmount(10.5)).toBe('10.50');
    expect(formatAmount(10.25)).toBe('10.25');
    expect(formatAmount(10.256)).toBe('10.26');
    expect(formatAmount(1.005)).toBe('1.01');
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount(9.999)).toBe('10');
  });

  it('limits decimals to the requested count, clamped to 0..2', () => {
    expect(formatAmount(10.56, 'none', 0)).toBe('11');
    expect(formatAmount(10.56, 'none', 1)).toBe('10.6');
    expect(formatAmount(10.567, 'none', 5)).toBe('10.57');
    expect(formatAmount(10.56, 'none', -1)).toBe('11');
  });

  it('keeps the sign of negative amounts and shows non-finite amounts as 0', () => {
    expect(formatAmount(-1500.5, 'comma')).toBe('-1,500.50');
    expect(formatAmount(-0.001)).toBe('0');
    expect(formatAmount(Number.NaN)).toBe('0');
    expect(formatAmount(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('formatPrice', () => {
  it('prefixes AED as a code', () => {
    expect(formatPrice(1200, { currency: 'AED' })).toBe('AED 1200');
  });

  it('suffixes RUB with ₽', () => {
    expect(formatPrice(1200, { currency: 'RUB' })).toBe('1200 ₽');
  });

  it('prefixes $ and €', () => {
    expect(formatPrice(1200, { currency: 'USD' })).toBe('$1200');
    expect(formatPrice(1200, { currency: '$' })).toBe('$1200');
    expect(formatPrice(1200, { currency: 'EUR' })).toBe('€1200');
    expect(formatPrice(1200, { currency: '€' })).toBe('€1200');
  });

  it('applies the separator and decimals', () => {
    expect(formatPrice(1200000.5, { currency: 'USD', separator: 'comma' })).toBe('$1,200,000.50');
    expect(formatPrice(1200000.5, { currency: 'RUB', separator: 'space' })).toBe('1 200 000,50 ₽');
    expect(formatPrice(99.99, { currency: 'EUR', decimals: 0 })).toBe('€100');
  });

  it('treats an unknown separator as none', () => {
    expect(formatPrice(1200000, { currency: 'USD', separator: 'bogus' })).toBe('$1200000');
  });

  it('shows unknown currencies as USD after a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(formatPrice(5, { currency: 'XYZ' })).toBe('$5');
    expect(warn).toHaveBeenCalledOnce();
  });

  it('puts the minus sign before the currency', () => {
    expect(formatPrice(-5, { currency: 'USD' })).toBe('-$5');
    expect(formatPrice(-5, { currency: 'AED' })).toBe('-AED 5');
    expect(formatPrice(-5, { currency: 'RUB' })).toBe('-5 ₽');
  });
});
