import { shopTexts } from '../../src/islands/shop/texts';
import { describe, expect, it } from 'vitest';
import {
  countryOfPrefix,
  displayPhone,
  examplePhone,
  initialPhoneCountry,
  isInternationalPhone,
  phoneNumber,
  readInCountry,
  readPhone,
  withTrunkEightAsPlusSeven,
} from '../../src/islands/phone/phone-number';
import { phone } from '../../src/lib/validation';

describe('the Russian trunk 8', () => {
  it.each([
    ['89161234567', '+79161234567'],
    ['8 (916) 123-45-67', '+79161234567'],
  ])('turns eleven digits %s into %s', (typed, stored) => {
    expect(withTrunkEightAsPlusSeven(typed)).toBe(stored);
  });

  it.each(['8916123456', '891612345678', '79161234567', '+89161234567'])('leaves %s alone', (typed) => {
    expect(withTrunkEightAsPlusSeven(typed)).toBe(typed);
  });

  it('makes the number Russian whatever country was chosen', () => {
    expect(readPhone('8 916 123 45 67', 'US')).toEqual({ text: '+79161234567', country: 'RU', valid: true, value: '+79161234567' });
  });
});

describe('a typed international prefix', () => {
  it('picks the country it names', () => {
    expect(countryOfPrefix('+44 20', 'US')).toBe('GB');
    expect(countryOfPrefix('+971 50', 'US')).toBe('AE');
    expect(readPhone('+49 30 123456', 'US').country).toBe('DE');
  });

  it('keeps the chosen country when the prefix is shared with it, else takes the main country', () => {
    expect(countryOfPrefix('+1', 'CA')).toBe('CA');
    expect(countryOfPrefix('+1', 'RU')).toBe('US');
    expect(countryOfPrefix('+7', 'KZ')).toBe('KZ');
    expect(countryOfPrefix('+7', 'DE')).toBe('RU');
  });

  it('says nothing for a national number', () => {
    expect(countryOfPrefix('212 555', 'US')).toBeNull();
  });
});

describe('reading an entry for the chosen country', () => {
  it('stores a valid number in international format without spaces', () => {
    expect(readPhone('(212) 555-0147', 'US')).toEqual({ text: '(212) 555-0147', country: 'US', valid: true, value: '+12125550147' });
    expect(readPhone('+44 20 7946 0958', 'US').value).toBe('+442079460958');
  });

  it('keeps an invalid entry as typed and invalid', () => {
    expect(readPhone(' 123 ', 'RU')).toEqual({ text: ' 123 ', country: 'RU', valid: false, value: '123' });
    expect(readPhone('', 'RU').valid).toBe(false);
  });

  it('shows the country’s example number for an invalid entry', () => {
    expect(examplePhone('US')).toBe('+1 201 555 0123');
    expect(examplePhone('RU')).toMatch(/^\+7 9\d\d \d{3} \d\d \d\d$/);
  });

  it('displays a stored number in groups', () => {
    expect(displayPhone('+79161234567')).toBe('+7 916 123 45 67');
    expect(displayPhone('not a number')).toBe('not a number');
  });
});

describe('the phone rule of the form', () => {
  it('accepts only valid numbers in stored form, and passes empty values', () => {
    expect(phoneNumber('+12125550147')).toBeNull();
    expect(phoneNumber('')).toBeNull();
    expect(phoneNumber('+1 212 555 0147')).toBe('forms.errors.phone');
    expect(phoneNumber('2125550147')).toBe('forms.errors.phone');
    expect(phoneNumber('+1555')).toBe('forms.errors.phone');
    expect(isInternationalPhone(42)).toBe(false);
  });

  it('stores only numbers the server’s phone rule accepts too', () => {
    for (const typed of ['89161234567', '(212) 555-0147', '+44 20 7946 0958', '+971 50 123 4567']) {
      const { value, valid } = readPhone(typed, 'US');
      expect(valid).toBe(true);
      expect(phone(value)).toBeNull();
    }
  });
});

describe('the country the picker starts on', () => {
  it('is the stored number’s, else the shop’s contact country, else its first phone’s, else the US', () => {
    expect(initialPhoneCountry('+442079460958', { addressCountry: 'US' })).toBe('GB');
    expect(initialPhoneCountry(null, { addressCountry: 'ae' })).toBe('AE');
    expect(initialPhoneCountry('', { addressCountry: 'ZZ', phones: ['+7 495 123-45-67'] })).toBe('RU');
    expect(initialPhoneCountry(undefined, {})).toBe('US');
  });
});

describe('choosing a country in the picker', () => {
  it('reads a national entry in the chosen country', () => {
    expect(readInCountry('2079460958', 'GB')).toMatchObject({ country: 'GB', valid: true, value: '+442079460958' });
  });

  it('keeps only the national number of an international entry', () => {
    expect(readInCountry('+44 20 7946 0958', 'DE')).toMatchObject({ text: '2079460958', country: 'DE' });
    expect(readInCountry('+1 212 555 0147', 'US')).toMatchObject({ text: '2125550147', valid: true, value: '+12125550147' });
  });
});

describe('the checkout phone hint', () => {
  it("follows the shop's country, not the page's language: a Russian page of a US shop suggests a US number", () => {
    const hint = (lang: 'en' | 'ru', shop: { addressCountry?: string; phones?: string[] }) =>
      shopTexts(lang)('phoneHint', { example: examplePhone(initialPhoneCountry(null, shop)) ?? '' });
    expect(hint('ru', { addressCountry: 'US' })).toBe('Например, +1 201 555 0123');
    expect(hint('en', { addressCountry: 'RU' })).toMatch(/^For example \+7 9/);
    // no country: the shop's own phone tells it
    expect(hint('ru', { phones: ['+44 20 7946 0958'] })).toMatch(/^Например, \+44 /);
  });
});
