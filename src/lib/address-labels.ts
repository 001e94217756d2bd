/**
 * How a country words the fields of a postal address (a US state and ZIP code, a British county and
 * postcode, an Australian suburb…): the one table of address labels, for the account's address form
 * (through ./countries.ts) and the checkout. Small on purpose: the checkout loads it without the
 * country and zone lists.
 */
import { address as enAddress } from '../../locales/en.json';
import { address as ruAddress } from '../../locales/ru.json';
import { dictionaryTranslator, type TextKey } from './dictionary';
import type { Language } from './localize';

type AddressLabelKey =
  | 'address1'
  | 'address2'
  | 'city'
  | 'company'
  | 'country'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'postalCode'
  | 'zone';
export type AddressLabels = Record<AddressLabelKey, string>;

/** The address labels' texts: the `address` namespace of the locales. */
type AddressText = TextKey<typeof enAddress>;

const DEFAULT_LABELS: Record<AddressLabelKey, AddressText> = {
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  company: 'company',
  country: 'country',
  firstName: 'firstName',
  lastName: 'lastName',
  phone: 'phone',
  postalCode: 'postalCode',
  zone: 'zone',
};

/** Where a country words its address differently from the defaults: the one table of address labels (account and checkout). */
const LABEL_OVERRIDES: Record<string, Partial<Record<AddressLabelKey, AddressText>>> = {
  US: { zone: 'zoneState', postalCode: 'postalCodeZip' },
  CA: { zone: 'zoneProvince' },
  AU: { zone: 'zoneStateTerritory', city: 'citySuburb', postalCode: 'postalCodePostcode' },
  NZ: { city: 'citySuburb', postalCode: 'postalCodePostcode' },
  GB: { zone: 'zoneCounty', postalCode: 'postalCodePostcode' },
  IE: { zone: 'zoneCounty', postalCode: 'postalCodeEircode' },
  IN: { zone: 'zoneState', postalCode: 'postalCodePin' },
  JP: { zone: 'zonePrefecture' },
  AE: { zone: 'zoneEmirate' },
  EG: { zone: 'zoneGovernorate' },
  KW: { zone: 'zoneGovernorate' },
  MX: { zone: 'zoneState' },
  BR: { zone: 'zoneState' },
  MY: { zone: 'zoneState' },
  NG: { zone: 'zoneState' },
  AR: { zone: 'zoneProvince' },
  CN: { zone: 'zoneProvince' },
  ES: { zone: 'zoneProvince' },
  IT: { zone: 'zoneProvince' },
  ZA: { zone: 'zoneProvince', postalCode: 'postalCodePostcode' },
  NL: { zone: 'zoneProvince' },
  PH: { zone: 'zoneProvince', postalCode: 'postalCodeZip' },
  RU: { zone: 'zoneRussia' },
};

/**
 * The address labels of a country (any case: 'us' is US) in `lang`. A screen may word the labels a
 * country does not override its own way (`defaults`: the checkout's 'State or region').
 */
export function addressLabels(code: string | null | undefined, lang: Language, defaults: Partial<AddressLabels> = {}): AddressLabels {
  const overrides = LABEL_OVERRIDES[(code ?? '').trim().toUpperCase()] ?? {};
  const t = dictionaryTranslator({ en: enAddress, ru: ruAddress }, lang);
  return Object.fromEntries(
    (Object.keys(DEFAULT_LABELS) as AddressLabelKey[]).map((key) => {
      const override = overrides[key];
      return [key, override ? t(override) : (defaults[key] ?? t(DEFAULT_LABELS[key]))];
    }),
  ) as AddressLabels;
}
