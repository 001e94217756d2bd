/**
 * Taxes (sales tax or VAT) of an order, in integer minor units; free of any framework, shared by the checkout's summary
 * and the server's order totals, so what the shopper is shown is what the order stores.
 *
 * - A product has a tax class: `standard`, `reduced`, `zero` (taxed at 0%, e.g. exports) or `exempt` (outside the tax).
 *   The shop's settings give the standard and the reduced rate by place (a country, or a region of it) with a default.
 * - Prices are entered with tax included (VAT shops: the price is what the shopper pays, the tax is the part of it) or
 *   without (sales-tax shops: the tax is added on top).
 * - The order's discount is spread over the lines in proportion to their totals (the same spread as the 54-FZ receipt);
 *   each line's tax is computed on what is left of it and rounded per line (half up); delivery is a line of its own,
 *   taxed at the standard rate when the shop taxes delivery. The order's tax is the sum of the rounded lines.
 * - Rates are percents with up to three decimals (8.875); they are computed on as thousandths of a percent, in integers.
 */
import { parseZoneEntry } from './shipping-zones';

export const TAX_CLASSES = ['standard', 'reduced', 'zero', 'exempt'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
export const DEFAULT_TAX_CLASS: TaxClass = 'standard';

export const isTaxClass = (value: unknown): value is TaxClass => (TAX_CLASSES as readonly unknown[]).includes(value);

/** Percents of the two classes that are not 0 by definition. */
export type ClassRates = { standard: number; reduced: number };

/** A place's own rates: `area` is a country (`DE`) or a region of it (`US-CA`), as shipping zones name them. */
export type AreaRates = ClassRates & { area: string };

export type TaxSettings = {
  enabled: boolean;
  /** prices are entered with the tax in them (VAT); otherwise the tax is added at checkout */
  pricesIncludeTax: boolean;
  /** delivery is taxed at the standard rate of the place */
  taxDelivery: boolean;
  /** the rates of every place not listed in `areas` */
  standardRate: number;
  reducedRate: number;
  areas: AreaRates[];
};

export const NO_TAXES: TaxSettings = {
  enabled: false,
  pricesIncludeTax: false,
  taxDelivery: true,
  standardRate: 0,
  reducedRate: 0,
  areas: [],
};

/** Where the goods go: the delivery address's country and region (code), or nothing (the shop's default rates). */
export type TaxPlace = { country?: string | null; region?: string | null } | null;

/** The most precise rates for a place: its region's entry, else its country's, else the default ones. */
export function ratesFor(settings: TaxSettings, place: TaxPlace): ClassRates {
  const country = (place?.country ?? '').trim().toUpperCase();
  const region = (place?.region ?? '').trim().toUpperCase();
  const entries = settings.areas.map((area) => ({ ...parseZoneEntry(area.area), area }));
  const match =
    (country && region ? entries.find((e) => e.country === country && e.region === region) : undefined) ??
    (country ? entries.find((e) => e.country === country && e.region === null) : undefined);
  return match
    ? { standard: match.area.standard, reduced: match.area.reduced }
    : { standard: settings.standardRate, reduced: settings.reducedRate };
}

/** The percent of a class at rates; zero and exempt are 0 everywhere. */
export function classRate(rates: ClassRates, taxClass: TaxClass): number {
  return taxClass === 'standard' ? rates.standard : taxClass === 'reduced' ? rates.reduced : 0;
}

/** A percent as integer thousandths of a percent (20 → 20000, 8.875 → 8875); negatives and non-numbers are 0. */
const milli = (percent: number) => (Number.isFinite(percent) && percent > 0 ? Math.round(percent * 1000) : 0);
const HUNDRED = 100_000;

/** Integer division rounded half up, for non-negative operands. */
const divRound = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** The tax of an amount taxed at `percent`: added on top (exclusive) or contained in it (inclusive); rounded half up. */
export function taxOfAmount(amountCents: number, percent: number, included: boolean): number {
  const rate = milli(percent);
  if (amountCents <= 0 || rate === 0) return 0;
  return divRound(amountCents * rate, included ? HUNDRED + rate : HUNDRED);
}

/**
 * Splits `discountCents` over `totals` in proportion (largest remainder), never more than a total. Answers each
 * total after its share.
 */
export function spreadDiscount(totals: number[], discountCents: number): number[] {
  const sum = totals.reduce((a, b) => a + b, 0);
  if (sum <= 0 || discountCents <= 0) return [...totals];
  const discount = Math.min(discountCents, sum);
  const exact = totals.map((t) => (t * discount) / sum);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if (shares[i]! < totals[i]!) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return totals.map((t, i) => t - shares[i]!);
}

export type TaxLineInput = { totalCents: number; taxClass?: TaxClass | null };

export type TaxedLine = { taxClass: TaxClass; ratePercent: number; taxableCents: number; taxCents: number };

export type OrderTax = {
  /** the order's lines, in order: class, rate, what is taxed (after its share of the discount) and the tax */
  lines: TaxedLine[];
  delivery: { ratePercent: number; taxCents: number };
  /** the order's tax: the lines' and the delivery's, each rounded */
  taxCents: number;
  /** whether the tax is part of the prices (inclusive) or added to the total (exclusive) */
  included: boolean;
};

/** The tax of an order; taxes off answer 0 everywhere. */
export function orderTax(input: {
  settings: TaxSettings;
  place: TaxPlace;
  lines: TaxLineInput[];
  discountCents: number;
  deliveryCents: number;
}): OrderTax {
  const { settings } = input;
  const included = settings.pricesIncludeTax;
  const rates = settings.enabled ? ratesFor(settings, input.place) : { standard: 0, reduced: 0 };
  const discounted = spreadDiscount(
    input.lines.map((l) => Math.max(0, l.totalCents)),
    input.discountCents,
  );
  const lines = input.lines.map((line, i): TaxedLine => {
    const taxClass = line.taxClass ?? DEFAULT_TAX_CLASS;
    const ratePercent = classRate(rates, taxClass);
    const taxableCents = discounted[i]!;
    return { taxClass, ratePercent, taxableCents, taxCents: taxOfAmount(taxableCents, ratePercent, included) };
  });
  const deliveryRate = settings.taxDelivery ? rates.standard : 0;
  const delivery = { ratePercent: deliveryRate, taxCents: taxOfAmount(Math.max(0, input.deliveryCents), deliveryRate, included) };
  const taxCents = lines.reduce((sum, l) => sum + l.taxCents, 0) + delivery.taxCents;
  return { lines, delivery, taxCents, included };
}

/** What the order's total adds for tax: the tax when prices are without it, nothing when they include it. */
export function addedTaxCents(tax: Pick<OrderTax, 'taxCents' | 'included'>): number {
  return tax.included ? 0 : tax.taxCents;
}

/**
 * ЮKassa's vat_code for a line of a 54-FZ receipt, from its tax class and the rate the order charged: exempt is
 * "without VAT" (1), zero 0% (2), and a rate the tax office knows its code (10% → 3, 20% → 4, 5% → 7, 7% → 8, 22% → 11).
 * A rate it does not know (or taxes off) falls back: reduced to 10% (3), standard to the payment method's code.
 */
export function receiptVatCode(taxClass: TaxClass | null | undefined, ratePercent: number | null | undefined, methodCode: number): number {
  if (taxClass === 'exempt') return 1;
  if (taxClass === 'zero') return 2;
  const byRate: Record<number, number> = { 10_000: 3, 20_000: 4, 5_000: 7, 7_000: 8, 22_000: 11 };
  const known = ratePercent ? byRate[milli(ratePercent)] : undefined;
  if (known) return known;
  return taxClass === 'reduced' ? 3 : methodCode;
}
