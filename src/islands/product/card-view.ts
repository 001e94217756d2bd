/**
 * What a product card shows beyond its picture and price (pure, shared by the server's ProductCard and the
 * browser): colour swatches that switch the picture, the second picture shown on hover, and how quick add
 * works for the product.
 */
import type { ImageDto, ProductDto, VariationDto } from '../../lib/api-client';
import { canBuy, galleryImages, optionDisplay } from './product-view';

/** Colours a card shows at most; more are said as "+N". */
export const CARD_SWATCHES_MAX = 5;

export interface CardSwatch {
  valueId: string;
  title: string;
  /** the CSS colour of the value (empty: none given) */
  color: string;
  /** the variation the swatch stands for (the first in stock with this colour, else the first) */
  variationId: string;
  image: ImageDto | null;
}

type CardProduct = Pick<ProductDto, 'options' | 'variations' | 'images' | 'imagePreview'>;

/** The product's colours (its first option shown as swatches) with the variation and picture of each. */
export function cardSwatches(product: CardProduct): CardSwatch[] {
  const option = product.options.find((candidate) => optionDisplay(candidate) === 'swatches');
  if (!option) return [];
  const swatches: CardSwatch[] = [];
  for (const value of option.values) {
    const withValue = product.variations.filter((v) => v.productOptionValueIds.includes(value.id));
    const variation = withValue.find((v) => v.inStock && v.image) ?? withValue.find((v) => v.image) ?? withValue[0];
    if (!variation) continue;
    swatches.push({ valueId: value.id, title: value.title, color: value.value ?? '', variationId: variation.id, image: variation.image });
  }
  return swatches.length > 1 ? swatches : [];
}

/** The picture shown when the pointer rests on the card: the gallery's next one after the preview. */
export function cardSecondImage(product: CardProduct): ImageDto | null {
  const first = product.imagePreview?.id;
  return galleryImages(product).find((image) => image.id !== first) ?? null;
}

/** Quick add: straight to the cart (one buyable variation), through a small picker (several), or none. */
export type QuickAdd = { kind: 'direct'; variation: VariationDto } | { kind: 'choose' } | { kind: 'none' };

export function quickAddKind(product: Pick<ProductDto, 'variations'>): QuickAdd {
  const buyable = product.variations.filter(canBuy);
  if (buyable.length === 0) return { kind: 'none' };
  if (product.variations.length === 1) return { kind: 'direct', variation: buyable[0]! };
  return { kind: 'choose' };
}
