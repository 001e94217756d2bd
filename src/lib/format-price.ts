/**
 * Price display of spec 9.
 *
 * - Currency is normalised to RUB, AED, USD or EUR ('$' and '€' map to USD and EUR); anything else is
 *   reported through `console.warn` and shown as the default, USD (the spec reads both USD and AED as the
 *   default; a new shop has its own, chosen at `npm run setup`, so the fallback only covers a missing value).
 * - AED is a prefix code ('AED 1200'), RUB a suffix ('1200 ₽'), $ and € are prefixed ('$1200', '€1200').
 * - Separator 'none' (default): no grouping, '.' decimal mark ('1200000.50').
 *   'comma': English grouping, '.' decimal mark ('1,200,000.50').
 *   'space': Russian grouping with a space and ',' as decimal mark ('1 200 000,50'), as Russian readers
 *   expect a comma once the thousands are grouped with spaces.
 * - Whole amounts show no decimals; others show exactly `decimals` (0 to 2, default 2) decimals, as money does.
 */

export const CURRENCIES = ['RUB', 'AED', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';

/** Countries paying in euros (the euro area). */
const EURO_COUNTRIES = new Set([
  'AT',
  'BE',
  'HR',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'SK',
  'SI',
  'ES',
  'AD',
  'MC',
  'SM',
  'VA',
  'ME',
  'XK',
]);

/** The shop currency a country most likely uses ('' or an unknown country: the default, USD). */
export function currencyOfCountry(country: string | null | undefined): Currency {
  const code = (country ?? '').trim().toUpperCase();
  if (code === 'RU') return 'RUB';
  if (code === 'AE') return 'AED';
  if (EURO_COUNTRIES.has(code)) return 'EUR';
  return DEFAULT_CURRENCY;
}

export const PRICE_SEPARATORS = ['none', 'comma', 'space'] as const;
export type PriceSeparator = (typeof PRICE_SEPARATORS)[number];

export type PriceFormat = {
  currency: string | null | undefined;
  separator?: PriceSeparator | string | null;
  /** Most decimals shown, 0 to 2 (default 2). */
  decimals?: number;
};

const CURRENCY_ALIASES: Record<string, Currency> = { $: 'USD', '€': 'EUR', '₽': 'RUB' };

/** One of the four shop currencies; an unknown or missing value is logged and becomes USD. */
export function normalizeCurrency(currency: string | null | undefined): Currency {
  const code = (currency ?? '').trim();
  const upper = code.toUpperCase();
  if ((CURRENCIES as readonly string[]).includes(upper)) return upper as Currency;
  const alias = CURRENCY_ALIASES[code];
  if (alias) return alias;
  console.warn(`Unknown currency "${currency ?? ''}", using ${DEFAULT_CURRENCY}`);
  return DEFAULT_CURRENCY;
}

export function normalizeSeparator(separator: string | null | undefined): PriceSeparator {
  return (PRICE_SEPARATORS as readonly string[]).includes(separator ?? '') ? (separator as PriceSeparator) : 'none';
}

const GROUPING: Record<PriceSeparator, { group: string; decimal: string }> = {
  none: { group: '', decimal: '.' },
  comma: { group: ',', decimal: '.' },
  space: { group: ' ', decimal: ',' },
};

/** The number alone, grouped and rounded as described above. Non-finite amounts show as 0. */
export function formatAmount(amount: number, separator: PriceSeparator = 'none', decimals = 2): string {
  const maxDecimals = Math.min(2, Math.max(0, Math.trunc(Number.isFinite(decimals) ? decimals : 2)));
  const value = Number.isFinite(amount) ? amount : 0;
  const factor = 10 ** maxDecimals;
  // toFixed(6) first removes binary noise such as 1.005 * 100 = 100.49999999999999.
  const scaled = Math.round(Number((Math.abs(value) * factor).toFixed(6)));
  const whole = Math.floor(scaled / factor);
  const cents = scaled % factor;
  // money reads as 82.80, not 82.8: a fraction, when there is one, shows every allowed decimal
  const fraction = cents === 0 ? '' : String(cents).padStart(maxDecimals, '0');
  const { group, decimal } = GROUPING[separator];
  const wholeText = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const sign = value < 0 && scaled > 0 ? '-' : '';
  return sign + wholeText + (fraction ? decimal + fraction : '');
}

export function formatPrice(amount: number, format: PriceFormat): string {
  const currency = normalizeCurrency(format.currency);
  const text = formatAmount(amount, normalizeSeparator(format.separator), format.decimals);
  const sign = text.startsWith('-') ? '-' : '';
  const digits = sign ? text.slice(1) : text;
  switch (currency) {
    case 'AED':
      return `${sign}AED ${digits}`;
    case 'RUB':
      return `${sign}${digits} ₽`;
    case 'USD':
      return `${sign}$${digits}`;
    case 'EUR':
      return `${sign}€${digits}`;
  }
}
