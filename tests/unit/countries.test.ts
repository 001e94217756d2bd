import { describe, expect, it } from 'vitest';
import { addressLabels } from '../../src/lib/address-labels';
import {
  COUNTRY_CODES,
  addressFormFields,
  countryList,
  findCountry,
  formatAddress,
  regionAfterCountryChange,
  regionName,
  searchCountries,
  zonesOf,
} from '../../src/lib/countries';

describe('the country list', () => {
  it('has every country with its name, phone prefix and labels, alphabetically in the page language', () => {
    const en = countryList('en');
    expect(en).toHaveLength(COUNTRY_CODES.length);
    expect(en.find((c) => c.code === 'US')).toMatchObject({ name: 'United States', phoneNumberPrefix: 1 });
    expect(en.find((c) => c.code === 'AE')?.phoneNumberPrefix).toBe(971);
    const names = en.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countryList('ru').find((c) => c.code === 'DE')?.name).toBe('Германия');
  });

  it('finds a country by code only', () => {
    expect(findCountry('FR', 'en')?.name).toBe('France');
    expect(findCountry('fr', 'en')).toBeNull();
    expect(findCountry(undefined, 'en')).toBeNull();
  });
});

describe('searching countries', () => {
  const countries = countryList('en');
  const codes = (query: string) => searchCountries(countries, query).map((c) => c.code);

  it('matches a word against the code, the name or the phone prefix', () => {
    expect(codes('de')).toContain('DE');
    expect(codes('germ')).toEqual(['DE']);
    expect(codes('+971')).toEqual(['AE']);
    expect(codes('44')).toEqual(expect.arrayContaining(['GB', 'GG', 'IM', 'JE']));
  });

  it('matches any of several words split on spaces, commas and semicolons', () => {
    expect(codes('france, japan;+49')).toEqual(expect.arrayContaining(['FR', 'JP', 'DE']));
    expect(codes('france, japan;+49')).toHaveLength(3);
  });

  it('is case-insensitive and lists everything for an empty query', () => {
    expect(codes('FRANCE')).toEqual(['FR']);
    expect(codes('  ')).toHaveLength(countries.length);
    expect(codes('zzzz')).toEqual([]);
  });
});

describe('address labels and zones', () => {
  it('word the fields per country', () => {
    expect(addressLabels('US', 'en')).toMatchObject({ zone: 'State', postalCode: 'ZIP code' });
    expect(addressLabels('CA', 'en').zone).toBe('Province');
    expect(addressLabels('AU', 'en')).toMatchObject({ zone: 'State/territory', city: 'Suburb', postalCode: 'Postcode' });
    expect(addressLabels('IN', 'en').postalCode).toBe('PIN code');
    expect(addressLabels('JP', 'en').zone).toBe('Prefecture');
    expect(addressLabels('AE', 'en').zone).toBe('Emirate');
    expect(addressLabels('EG', 'en').zone).toBe('Governorate');
    expect(addressLabels('FR', 'en')).toMatchObject({ zone: 'Region', postalCode: 'Postal code', city: 'City' });
    expect(addressLabels(null, 'ru').postalCode).toBe('Почтовый индекс');
  });

  it("are the checkout's labels too: the country's wording, else the screen's own (one table for both)", () => {
    const checkout = (code: string | null) => {
      const { zone, postalCode } = addressLabels(code, 'en', { zone: 'State or region', postalCode: 'Postal code' });
      return { zone, postalCode };
    };
    expect(checkout('US')).toEqual({ zone: 'State', postalCode: 'ZIP code' });
    expect(checkout('ca')).toEqual({ zone: 'Province', postalCode: 'Postal code' });
    expect(checkout('GB')).toEqual({ zone: 'County', postalCode: 'Postcode' });
    expect(checkout('IE')).toEqual({ zone: 'County', postalCode: 'Eircode' });
    expect(checkout('NL').zone).toBe('Province');
    expect(checkout('PH')).toEqual({ zone: 'Province', postalCode: 'ZIP code' });
    expect(checkout('ZA')).toEqual({ zone: 'Province', postalCode: 'Postcode' });
    expect(checkout('DE')).toEqual({ zone: 'State or region', postalCode: 'Postal code' });
    expect(checkout('')).toEqual({ zone: 'State or region', postalCode: 'Postal code' });
    expect(checkout(null)).toEqual({ zone: 'State or region', postalCode: 'Postal code' });
  });

  it('list the zones of countries that have them', () => {
    expect(zonesOf('US').map((z) => z.code)).toEqual(expect.arrayContaining(['NY', 'CA', 'DC']));
    expect(zonesOf('RU')).toHaveLength(83);
    expect(zonesOf('FR')).toEqual([]);
  });
});

describe('writing an address', () => {
  const newYork = { street: '214 Mercer Street', locality: 'New York', region: 'NY', country: 'US', postalCode: '10012' };

  it('turns codes into names: street, locality, region, country, postal code', () => {
    expect(formatAddress(newYork, 'en')).toBe('214 Mercer Street, New York, New York, United States, 10012');
    expect(formatAddress(newYork, 'ru')).toBe('214 Mercer Street, New York, New York, Соединенные Штаты, 10012');
  });

  it('writes a Russian address the other way round, with Russian names', () => {
    const moscowRegion = { street: 'ул. Ленина, 1', locality: 'Химки', region: 'MOS', country: 'RU', postalCode: '141400' };
    expect(formatAddress(moscowRegion, 'en')).toBe('141400, Россия, Московская область, Химки, ул. Ленина, 1');
    expect(regionName('RU', 'SPE', 'en')).toBe('Санкт-Петербург');
  });

  it('keeps a free-text region and skips empty parts', () => {
    expect(formatAddress({ country: 'FR', locality: 'Paris', region: 'Île-de-France', street: null }, 'en')).toBe(
      'Paris, Île-de-France, France',
    );
    expect(formatAddress(null, 'en')).toBe('');
  });
});

describe('the address form', () => {
  it('has the fields from the country down to the street, labelled for the country', () => {
    const fields = addressFormFields('US', 'en');
    expect(fields.map((f) => [f.name, f.label])).toEqual([
      ['country', 'Country/region'],
      ['region', 'State'],
      ['locality', 'City'],
      ['postalCode', 'ZIP code'],
      ['street', 'Street and house'],
    ]);
    expect(fields[1]!.options).toContainEqual({ value: 'NY', label: 'New York' });
  });

  it('offers Russian regions by their Russian names, and free text where a country has no zones', () => {
    expect(addressFormFields('RU', 'en')[1]!.options).toContainEqual({ value: 'MOW', label: 'Москва' });
    expect(addressFormFields('FR', 'en')[1]!.options).toBeUndefined();
    expect(addressFormFields(null, 'ru')[0]!.options!.find((o) => o.value === 'FR')?.label).toBe('Франция');
  });

  it('keeps a free-text region only between countries without zones', () => {
    expect(regionAfterCountryChange('Île-de-France', 'FR', 'DE')).toBe('Île-de-France');
    expect(regionAfterCountryChange('NY', 'US', 'CA')).toBe('');
    expect(regionAfterCountryChange('Bavaria', 'DE', 'US')).toBe('');
  });
});
