import type { ProductDto } from '../../lib/api-client';

/** Suggestions the cart drawer shows at most. */
export const DRAWER_SUGGESTIONS_MAX = 4;

/**
 * The drawer's suggestions: related products first, then similar ones, each once, none already in the cart
 * and none that cannot be bought (no variation priced and in stock), at most `max`.
 */
export function drawerSuggestions(
  candidates: readonly Pick<ProductDto, 'id' | 'variations'>[][],
  inCart: ReadonlySet<string>,
  max = DRAWER_SUGGESTIONS_MAX,
): string[] {
  const chosen: string[] = [];
  for (const product of candidates.flat()) {
    if (chosen.length >= max) break;
    if (inCart.has(product.id) || chosen.includes(product.id)) continue;
    if (!product.variations.some((v) => v.price > 0 && v.inStock)) continue;
    chosen.push(product.id);
  }
  return chosen;
}
