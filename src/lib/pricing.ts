/** Price rules of spec 3.1, in integer minor units. */

export function effectivePriceCents(fullPriceCents: number, discountPriceCents: number | null | undefined): number {
  return discountPriceCents !== null && discountPriceCents !== undefined ? discountPriceCents : fullPriceCents;
}

export function hasDiscount(fullPriceCents: number, discountPriceCents: number | null | undefined): boolean {
  return effectivePriceCents(fullPriceCents, discountPriceCents) !== fullPriceCents;
}

/** Difference between full and effective price, as a decimal amount rounded to 2 places. */
export function discountAmount(fullPriceCents: number, discountPriceCents: number | null | undefined): number {
  return Number(((fullPriceCents - effectivePriceCents(fullPriceCents, discountPriceCents)) / 100).toFixed(2));
}

/** null stock means unlimited. */
export function hasStock(stock: number | null | undefined): boolean {
  return stock === null || stock === undefined || stock > 0;
}

export type Dimensions = { weight: number; height: number; width: number; length: number };

/**
 * Delivery size of spec 3.1: the larger of weight and volumetric weight (l*h*w/5000).
 * Variation values fall back to product values. null when both are 0 (unavailable).
 */
export function deliverySize(product: Dimensions, variation?: Partial<{ [K in keyof Dimensions]: number | null }>): number | null {
  const pick = (k: keyof Dimensions) => {
    const v = variation?.[k];
    return v !== null && v !== undefined && v > 0 ? v : product[k];
  };
  const weight = pick('weight');
  const volume = (pick('length') * pick('height') * pick('width')) / 5000;
  const size = Math.max(weight, volume);
  return size > 0 ? size : null;
}
