import { formatDateShort, formatDateTime } from '../../lib/dates';
import { formatPrice } from '../../lib/format-price';
import type { Language } from '../../lib/localize';
import { centsToAmount } from '../../lib/money';

/** Money and dates in the back office, through the shop's own formatters (grouped by the reader's language). */
export function money(cents: number | null | undefined, currency: string, lang: Language): string {
  return formatPrice(centsToAmount(cents ?? 0), { currency, separator: lang === 'ru' ? 'space' : 'comma' });
}

export function dateTime(value: string | null | undefined, lang: Language): string {
  return value ? formatDateTime(value, lang) : '';
}

export function date(value: string | null | undefined, lang: Language): string {
  return value ? formatDateShort(value, lang) : '';
}

/** 'YYYY-MM-DD' of a day in the browser's time zone, for date inputs and the API's date filters. */
export function isoDay(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

export function fullName(person: { firstName?: string | null; lastName?: string | null; name?: string | null } | null | undefined): string {
  if (!person) return '';
  const joined = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return joined || person.name?.trim() || '';
}
