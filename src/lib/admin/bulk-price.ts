/**
 * Bulk price changes of the back office, in integer minor units: set an absolute price, or raise or lower by a
 * percentage. A price never drops below one minor unit (a price of 0 is "price on request" and cannot be sold,
 * so a bulk edit must never produce one). Framework-free: the API applies it, the editor previews it.
 */

export type PriceChange = { mode: 'set'; cents: number } | { mode: 'percent'; percent: number };
export type VariationPrice = { fullPriceCents: number; discountPriceCents: number | null };

const atLeastOne = (cents: number) => Math.max(1, Math.round(cents));

/** One price after the change. */
export function changePrice(cents: number, change: PriceChange): number {
  if (change.mode === 'set') return atLeastOne(change.cents);
  return atLeastOne((cents * (100 + change.percent)) / 100);
}

/**
 * A variation's prices after the change: a percentage moves the full and the discount price alike; an
 * absolute price replaces the full price and drops a discount price that would no longer be below it.
 */
export function changeVariationPrice(price: VariationPrice, change: PriceChange): VariationPrice {
  const fullPriceCents = changePrice(price.fullPriceCents, change);
  if (price.discountPriceCents === null) return { fullPriceCents, discountPriceCents: null };
  if (change.mode === 'percent')
    return { fullPriceCents, discountPriceCents: Math.min(fullPriceCents, changePrice(price.discountPriceCents, change)) };
  return { fullPriceCents, discountPriceCents: price.discountPriceCents < fullPriceCents ? price.discountPriceCents : null };
}
