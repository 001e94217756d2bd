/**
 * The free-shipping progress of a cart, from the shop's own rates: the home zone's free rates and the order
 * amounts from which they apply. Framework-free.
 */

/** What of a shipping rate the progress reads (ShippingRateDto's fields). */
export type FreeShippingRate = { kind: string; minOrderAmount: number | null; maxOrderAmount: number | null };

export type FreeShippingProgress =
  /** a free rate applies to the cart's amount */
  | { kind: 'reached' }
  /** `remaining` more reaches the lowest free threshold above the amount; `percent` of it is there (0–100) */
  | { kind: 'remaining'; remaining: number; threshold: number; percent: number };

const inRange = (amount: number, min: number | null, max: number | null) =>
  (min === null || amount >= min) && (max === null || amount <= max);

/**
 * Null when no free rate has an order amount to reach (none at all, or free whatever the amount: nothing to
 * show) or the cart is empty. `amount` in the rates' unit (the storefront API's amounts, as the cart's totals).
 */
export function freeShippingProgress(rates: readonly FreeShippingRate[], amount: number): FreeShippingProgress | null {
  const free = rates.filter((rate) => rate.kind === 'free');
  const thresholds = free.map((rate) => rate.minOrderAmount).filter((min): min is number => min !== null && min > 0);
  if (amount <= 0 || thresholds.length === 0) return null;
  if (free.some((rate) => inRange(amount, rate.minOrderAmount, rate.maxOrderAmount))) return { kind: 'reached' };
  const above = thresholds.filter((threshold) => threshold > amount);
  if (above.length === 0) return null;
  const threshold = Math.min(...above);
  return { kind: 'remaining', remaining: threshold - amount, threshold, percent: Math.floor((amount / threshold) * 100) };
}
