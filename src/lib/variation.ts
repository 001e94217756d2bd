/** Variation selection of spec 3.1 and 4. */
import type { ImageDto } from '../server/api/shared/images';
import type { ProductDto, VariationDto } from '../contract/storefront/catalog';
import { hasStock } from './pricing';

type ProductVariations = Pick<ProductDto, 'variations'>;
type ProductWithOptions = Pick<ProductDto, 'variations' | 'options'>;

/** Map of option id to the chosen value id. */
export type OptionSelection = Record<string, string>;

/** Logged by callers when a selection matches no variation; the selection then stays unchanged. */
export const INCORRECT_VARIATION_MESSAGE = 'Incorrect variation';

const isPriced = (variation: VariationDto) => variation.fullPrice > 0;

/**
 * The variation shown first: the one named in the query if the product has it; else the default variation
 * when it is in stock and priced; else the best-ranked one (in stock, then priced, then default, then list order).
 */
export function chooseInitialVariation(product: ProductVariations, queryVariationId?: string | null): VariationDto | null {
  const { variations } = product;
  const fromQuery = queryVariationId ? variations.find((v) => v.id === queryVariationId) : undefined;
  if (fromQuery) return fromQuery;
  const defaultVariation = variations.find((v) => v.default);
  if (defaultVariation && hasStock(defaultVariation.stock) && isPriced(defaultVariation)) return defaultVariation;
  // Each criterion outweighs all later ones together; ties keep the earlier variation.
  const rank = (v: VariationDto) => (hasStock(v.stock) ? 4 : 0) + (isPriced(v) ? 2 : 0) + (v.default ? 1 : 0);
  let best: VariationDto | null = null;
  for (const variation of variations) {
    if (!best || rank(variation) > rank(best)) best = variation;
  }
  return best;
}

/** The variation holding every chosen value, or null when none does. */
export function variationForOptions(product: ProductVariations, selection: OptionSelection): VariationDto | null {
  const chosen = Object.values(selection).filter((valueId) => valueId !== '');
  return product.variations.find((v) => chosen.every((valueId) => v.productOptionValueIds.includes(valueId))) ?? null;
}

/** The option selection (option id to value id) that a variation stands for. */
export function selectionForVariation(
  product: ProductWithOptions,
  variation: Pick<VariationDto, 'productOptionValueIds'>,
): OptionSelection {
  const selection: OptionSelection = {};
  for (const option of product.options) {
    const value = option.values.find((v) => variation.productOptionValueIds.includes(v.id));
    if (value) selection[option.id] = value.id;
  }
  return selection;
}

/**
 * The variation that owns an image, or null. Among several owners (one colour's image shared by its
 * sizes) the current variation stays, else the one keeping most of its chosen values (the size).
 */
export function variationForImage(
  product: ProductVariations,
  imageId: string,
  current?: Pick<VariationDto, 'id' | 'productOptionValueIds'> | null,
): VariationDto | null {
  const owners = product.variations.filter((v) => (v.imageId ?? v.image?.id) === imageId);
  if (!current) return owners[0] ?? null;
  const kept = (v: VariationDto) =>
    v.id === current.id ? Infinity : v.productOptionValueIds.filter((id) => current.productOptionValueIds.includes(id)).length;
  let best: VariationDto | null = null;
  for (const owner of owners) {
    if (!best || kept(owner) > kept(best)) best = owner;
  }
  return best;
}

/** Image to show: the variation's, else the default variation's, else the first product image. */
export function previewImage(
  product: Pick<ProductDto, 'variations' | 'images'>,
  variation?: Pick<VariationDto, 'image'> | null,
): ImageDto | null {
  return variation?.image ?? product.variations.find((v) => v.default)?.image ?? product.images[0] ?? null;
}
