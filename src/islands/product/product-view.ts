/** What the product page shows for a product and its chosen variation (spec 2.7, 3.1, 3.5), as pure rules. */
import type { ImageDto, OptionDto, ProductDto, ShippingRateDto, ShippingZoneDto, ShopConfigDto, VariationDto } from '../../lib/api-client';
import { deliverySize } from '../../lib/pricing';
import type { OptionSelection } from '../../lib/variation';

/** The settings the buy box follows. */
export type BuyBoxSettings = {
  /** settings.common.type: 'ecommerce', or an order-taking type */
  siteType: string;
  showPriceFrom: boolean;
  skuIsShow: boolean;
  showPriceForOutOfStock: boolean;
  showQuantity: boolean;
  fastOrder: { isShow: boolean; text: string };
  /** the main picture's size in pixels (ecommerce.previewSizeInItem); 680 x 680 when left out */
  mainImage?: { width: number; height: number };
};

/** The main picture's width on the product page; its height follows the proportions of the settings. */
export const MAIN_IMAGE_WIDTH = 680;
const ITEM_PROPORTIONS: Record<string, [number, number]> = { '1x1': [1, 1], '3x4': [3, 4], '4x3': [4, 3] };

/**
 * The product page's main picture size (ecommerce.previewSizeInItem): 680 px wide in the proportions
 * 1x1, 3x4 or 4x3, or those of previewCustomSizeInItem for 'custom'.
 */
export function mainImageSize(settings: ShopConfigDto | null | undefined): { width: number; height: number } {
  const ecommerce = settings?.ecommerce;
  const custom = ecommerce?.previewCustomSizeInItem;
  const [w, h] =
    ecommerce?.previewSizeInItem === 'custom' && custom && custom.width > 0 && custom.height > 0
      ? [custom.width, custom.height]
      : (ITEM_PROPORTIONS[ecommerce?.previewSizeInItem ?? '1x1'] ?? [1, 1]);
  return { width: MAIN_IMAGE_WIDTH, height: Math.max(1, Math.min(4 * MAIN_IMAGE_WIDTH, Math.round((MAIN_IMAGE_WIDTH * h) / w))) };
}

/** Quantity is shown unless the setting switches it off. */
export function isQuantityShown(setting: boolean | string | undefined): boolean {
  return setting !== false && setting !== 'never' && setting !== 'none' && setting !== 'false';
}

export function buyBoxSettings(settings: ShopConfigDto | null | undefined): BuyBoxSettings {
  const ecommerce = settings?.ecommerce;
  return {
    siteType: settings?.common.type ?? 'ecommerce',
    showPriceFrom: ecommerce?.showPriceFrom ?? false,
    skuIsShow: ecommerce?.skuIsShow ?? false,
    showPriceForOutOfStock: ecommerce?.showPriceForOutOfStock ?? true,
    showQuantity: isQuantityShown(ecommerce?.showQuantity),
    fastOrder: { isShow: ecommerce?.fastOrder.isShow ?? false, text: ecommerce?.fastOrder.text ?? '' },
    mainImage: mainImageSize(settings),
  };
}

export const isEcommerce = (siteType: string) => siteType === 'ecommerce';

export type PriceView =
  | { kind: 'hidden' }
  | { kind: 'request' }
  | { kind: 'price'; price: number; fullPrice: number | null; discount: number; from: boolean };

/**
 * The price block: nothing for an out-of-stock variation when such prices are hidden, 'Price on request'
 * for a zero price, else the price with the old price and discount amount when discounted, and the
 * 'from' prefix when the shop shows prices as starting prices.
 */
export function priceView(
  variation: VariationDto | null,
  settings: Pick<BuyBoxSettings, 'showPriceFrom' | 'showPriceForOutOfStock'>,
): PriceView {
  if (!variation) return { kind: 'request' };
  if (!variation.inStock && !settings.showPriceForOutOfStock) return { kind: 'hidden' };
  if (variation.price <= 0) return { kind: 'request' };
  return {
    kind: 'price',
    price: variation.price,
    fullPrice: variation.hasDiscount ? variation.fullPrice : null,
    discount: variation.hasDiscount ? variation.discount : 0,
    from: settings.showPriceFrom,
  };
}

/** Stock shown as a count from this many pieces down. */
export const FEW_LEFT_THRESHOLD = 5;

export type StockView = { inStock: false } | { inStock: true; fewLeft: number | null };

export function stockView(variation: VariationDto | null): StockView {
  if (!variation?.inStock) return { inStock: false };
  const { stock } = variation;
  return { inStock: true, fewLeft: stock !== null && stock <= FEW_LEFT_THRESHOLD ? stock : null };
}

/** A variation can be put in the cart when it is priced and in stock. */
export function canBuy(variation: VariationDto | null): variation is VariationDto {
  return !!variation && variation.price > 0 && variation.inStock;
}

/** Whether choosing `valueId` (with the other chosen values) leads to a variation, and whether that one is in stock. */
export function optionValueState(
  product: Pick<ProductDto, 'variations'>,
  selection: OptionSelection,
  optionId: string,
  valueId: string,
): 'available' | 'out-of-stock' | 'missing' {
  const wanted = Object.values({ ...selection, [optionId]: valueId }).filter((id) => id !== '');
  const match = product.variations.find((v) => wanted.every((id) => v.productOptionValueIds.includes(id)));
  if (!match) return 'missing';
  return match.inStock ? 'available' : 'out-of-stock';
}

/** The gallery: the product's images, then variation images the product list lacks, each once. */
export function galleryImages(product: Pick<ProductDto, 'images' | 'variations'>): ImageDto[] {
  const seen = new Set<string>();
  const images: ImageDto[] = [];
  for (const image of [...product.images, ...product.variations.map((v) => v.image)]) {
    if (image && !seen.has(image.id)) {
      seen.add(image.id);
      images.push(image);
    }
  }
  return images;
}

/** Delivery size of spec 3.1 in kg, to 2 decimals; null when unavailable. */
export function shippingWeight(
  product: Pick<ProductDto, 'weight' | 'height' | 'width' | 'length'>,
  variation: VariationDto | null,
): number | null {
  const size = deliverySize(product, variation ?? undefined);
  return size === null ? null : Math.round(size * 100) / 100;
}

/** The page address with `variation` set to the chosen variation, other parameters kept. */
export function withVariationParam(href: string, variationId: string): string {
  const url = new URL(href);
  url.searchParams.set('variation', variationId);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** 'Title: value unit' of each chosen option, joined by commas (the lead form and cart summaries). */
export function optionsText(product: Pick<ProductDto, 'options'>, variation: Pick<VariationDto, 'productOptionValueIds'>): string {
  return product.options
    .flatMap((option) =>
      option.values
        .filter((value) => variation.productOptionValueIds.includes(value.id))
        .map((value) => `${option.title}: ${value.title}${option.unit ? ` ${option.unit}` : ''}`),
    )
    .join(', ');
}

/** How an option's values are offered: a drop-down, buttons (a radio group) or colour swatches. */
export type OptionDisplay = 'select' | 'buttons' | 'swatches';

/** Options kept as a stored drop-down ('select') with at most this many values are shown as buttons. */
export const BUTTONS_MAX_VALUES = 8;

/**
 * The option's stored view decides: 'color' swatches, 'radio' buttons; the default 'select' becomes buttons
 * when the option has few values (≤ BUTTONS_MAX_VALUES) and stays a drop-down for longer lists.
 */
export function optionDisplay(option: Pick<OptionDto, 'view' | 'values'>): OptionDisplay {
  if (option.view === 'color') return 'swatches';
  if (option.view === 'select' && option.values.length > BUTTONS_MAX_VALUES) return 'select';
  return 'buttons';
}

/** The shipping rates the product page's delivery estimate works from (one zone's enabled rates). */
export type DeliveryRate = Pick<ShippingRateDto, 'kind' | 'price' | 'minOrderAmount' | 'maxOrderAmount' | 'minWeight' | 'maxWeight'>;
export type DeliveryZone = { title: string; rates: (DeliveryRate & Pick<ShippingRateDto, 'id' | 'title' | 'speed'>)[] };

/**
 * The zone the product page quotes: the first enabled zone in the shop's order (the shop lists its home zone
 * first); its rates as the storefront API gives them. Null without zones or rates.
 */
export function homeDeliveryZone(zones: readonly ShippingZoneDto[]): DeliveryZone | null {
  const zone = zones.find((z) => z.rates.length > 0);
  if (!zone) return null;
  return {
    title: zone.title,
    rates: zone.rates.map(({ id, title, kind, price, minOrderAmount, maxOrderAmount, minWeight, maxWeight, speed }) => ({
      id,
      title,
      kind,
      price,
      minOrderAmount,
      maxOrderAmount,
      minWeight,
      maxWeight,
      speed,
    })),
  };
}

export type DeliveryEstimate =
  | { kind: 'free' }
  | { kind: 'from'; price: number; freeFrom: number | null }
  | { kind: 'freeFrom'; freeFrom: number }
  | { kind: 'manager' };

const inRange = (value: number, min: number | null, max: number | null) => (min === null || value >= min) && (max === null || value <= max);

/**
 * What delivery of one piece costs in the home zone: free when a free rate serves its price and weight;
 * else the cheapest flat rate for its weight ('from'), with the lowest order amount from which a free rate
 * applies; else that free threshold alone; else 'priced by the manager'. Null when no rate carries it.
 */
export function deliveryEstimate(rates: readonly DeliveryRate[], price: number, weight: number | null): DeliveryEstimate | null {
  const w = weight ?? 0;
  const fitting = rates.filter((r) => inRange(w, r.minWeight, r.maxWeight));
  const free = fitting.filter((r) => r.kind === 'free');
  if (free.some((r) => inRange(price, r.minOrderAmount, r.maxOrderAmount))) return { kind: 'free' };
  const thresholds = free.map((r) => r.minOrderAmount).filter((m): m is number => m !== null && m > price);
  const freeFrom = thresholds.length ? Math.min(...thresholds) : null;
  const flat = fitting.filter((r) => r.kind === 'flat').map((r) => r.price);
  if (flat.length) return { kind: 'from', price: Math.min(...flat), freeFrom };
  if (freeFrom !== null) return { kind: 'freeFrom', freeFrom };
  return fitting.some((r) => r.kind === 'by_manager') ? { kind: 'manager' } : null;
}

/** Average rating rounded to a tenth, and the star fill in percent. */
export function ratingView(rating: number | null | undefined): { value: number; percent: number } | null {
  if (!rating || rating <= 0) return null;
  const value = Math.round(Math.min(5, rating) * 10) / 10;
  return { value, percent: Math.round((value / 5) * 100) };
}

/** The gallery's pictures with `firstId` (the chosen variation's picture) first, the others in their order. */
export function galleryOrder<T extends Pick<ImageDto, 'id'>>(images: readonly T[], firstId: string | null | undefined): T[] {
  const first = images.find((image) => image.id === firstId);
  return first ? [first, ...images.filter((image) => image !== first)] : [...images];
}

/** The largest side the lightbox asks of a picture (px). */
export const LIGHTBOX_SIDE = 1920;

/** A lightbox slide: the whole picture, at most LIGHTBOX_SIDE px a side, with its own proportions. */
export interface LightboxSlide {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** The lightbox's slide of `image` (no scaling up; a picture without a known size is shown as a square). */
export function lightboxSlide(image: Pick<ImageDto, 'uri' | 'width' | 'height' | 'alt' | 'mime'>, fallbackAlt: string): LightboxSlide {
  const width = image.width > 0 ? image.width : LIGHTBOX_SIDE;
  const height = image.height > 0 ? image.height : LIGHTBOX_SIDE;
  const scale = Math.min(1, LIGHTBOX_SIDE / Math.max(width, height));
  const [w, h] = [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
  const src = image.mime === 'image/svg+xml' ? image.uri : `${image.uri}${image.uri.includes('?') ? '&' : '?'}w=${w}&h=${h}&fit=outbound`;
  return { src, width: w, height: h, alt: image.alt || fallbackAlt };
}
