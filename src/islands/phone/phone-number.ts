/**
 * Phone entry rules of spec 4 and 5, on libphonenumber-js data: the country of a typed international
 * prefix, the Russian trunk '8', validity per country, the stored international format (E.164, no
 * spaces) and the example number shown for an invalid entry.
 */
import {
  AsYouType,
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/core';
import examples from 'libphonenumber-js/mobile/examples';
import metadata from 'libphonenumber-js/min/metadata';

export type { CountryCode };

export const FALLBACK_PHONE_COUNTRY: CountryCode = 'US';

export function isPhoneCountry(code: unknown): code is CountryCode {
  return typeof code === 'string' && isSupportedCountry(code as CountryCode, metadata);
}

export function callingCodeOf(country: CountryCode): string {
  return getCountryCallingCode(country, metadata);
}

/** The main country of a calling code ('1' → US, '44' → GB). */
function mainCountryOf(callingCode: string): CountryCode | null {
  const countries = (metadata as { country_calling_codes: Record<string, CountryCode[]> }).country_calling_codes[callingCode];
  return countries?.[0] ?? null;
}

/** Spec 5: eleven digits starting with 8, typed without '+', are a Russian number: '8 916…' → '+7916…'. */
export function withTrunkEightAsPlusSeven(text: string): string {
  if (text.trim().startsWith('+')) return text;
  const digits = text.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('8') ? `+7${digits.slice(1)}` : text;
}

/**
 * The country a typed international prefix names, or null when the text has no prefix yet. A prefix
 * shared by several countries keeps the chosen country when it is one of them, else picks the main one.
 */
export function countryOfPrefix(text: string, chosen: CountryCode): CountryCode | null {
  if (!text.trim().startsWith('+')) return null;
  const typing = new AsYouType(undefined, metadata);
  typing.input(text);
  const country = typing.getCountry();
  if (country) return country;
  const callingCode = typing.getCallingCode();
  if (!callingCode) return null;
  return callingCodeOf(chosen) === callingCode ? chosen : mainCountryOf(callingCode);
}

export type PhoneReading = {
  /** The text to show: what was typed, with a trunk '8' already turned into +7. */
  text: string;
  country: CountryCode;
  valid: boolean;
  /** What the form keeps: E.164 ('+12125550147') when valid, else the trimmed text. */
  value: string;
};

export function readPhone(input: string, chosen: CountryCode): PhoneReading {
  const text = withTrunkEightAsPlusSeven(input);
  const country = countryOfPrefix(text, chosen) ?? chosen;
  const parsed = text.trim() === '' ? undefined : parsePhoneNumberFromString(text, { defaultCountry: country }, metadata);
  const valid = parsed?.isValid() === true;
  return {
    text,
    country: (valid && parsed?.country) || country,
    valid,
    value: valid && parsed ? parsed.number : text.trim(),
  };
}

/** The entry read for a country chosen in the picker: an international entry keeps only its national number. */
export function readInCountry(text: string, country: CountryCode): PhoneReading {
  if (!text.trim().startsWith('+')) return readPhone(text, country);
  const typing = new AsYouType(undefined, metadata);
  typing.input(text);
  const digits = text.replace(/\D/g, '');
  const callingCode = typing.getCallingCode() ?? '';
  return readPhone(digits.startsWith(callingCode) ? digits.slice(callingCode.length) : '', country);
}

/** A valid number stored in international format without spaces. */
export function isInternationalPhone(value: unknown): boolean {
  if (typeof value !== 'string' || !value.startsWith('+')) return false;
  const parsed = parsePhoneNumberFromString(value, metadata);
  return parsed?.isValid() === true && parsed.number === value;
}

/** Form rule for the phone input's value; empty passes (combine with noEmpty to require it). */
export function phoneNumber(value: unknown): 'forms.errors.phone' | null {
  if (value === undefined || value === null || value === '') return null;
  return isInternationalPhone(value) ? null : 'forms.errors.phone';
}

/** A typical (mobile) number of the country, written internationally: '+1 201 555 0123'. */
export function examplePhone(country: CountryCode): string | null {
  return getExampleNumber(country, examples, metadata)?.formatInternational() ?? null;
}

/** The stored number as people read it: '+12125550147' → '+1 212 555 0147'. */
export function displayPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value, metadata);
  return parsed?.isValid() ? parsed.formatInternational() : value;
}

/**
 * The country the picker starts on: the stored number's, else the shop's contact address country,
 * else the country of the shop's first phone number, else the fallback.
 */
export function initialPhoneCountry(
  value: string | null | undefined,
  shop: { addressCountry?: string | undefined; phones?: readonly string[] | undefined },
): CountryCode {
  const ofValue = value ? parsePhoneNumberFromString(value, metadata)?.country : undefined;
  if (ofValue) return ofValue;
  const configured = shop.addressCountry ? shop.addressCountry.toUpperCase() : null;
  if (isPhoneCountry(configured)) return configured;
  const ofShopPhone = shop.phones?.[0] ? parsePhoneNumberFromString(shop.phones[0], metadata)?.country : undefined;
  return ofShopPhone ?? FALLBACK_PHONE_COUNTRY;
}
