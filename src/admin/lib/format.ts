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

/** 'YYYY-MM-DD' of the UTC day of a moment, as the API's date filters and the dashboard's periods read days. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}
