import type { ListingData, ProductDto, ProductListSectionDto, SectionDto, ShopConfigDto } from '../lib/api-client';
import type { ImageFit } from './image-sources';
import { layoutsSchema, type ItemLayouts } from './layout';
import { isRecord } from './schema-kit';

/**
 * What the product sections show: the products a widget's data carries (spec 3.4 widget types) or a
 * catalog's product list with its paging and filters, laid out in the section's template or the shop's
 * default columns, with previews of the shop's listing size (spec 9: 600 x 600).
 */

/** Server-sent products, checked enough to render: id, slug and title present. */
function isProduct(value: unknown): value is ProductDto {
  return isRecord(value) && typeof value['id'] === 'string' && typeof value['slug'] === 'string' && typeof value['title'] === 'string';
}

/** The products of a widget section's `data.products`. */
export function widgetProducts(section: Pick<SectionDto, 'data'>): ProductDto[] {
  const list = section.data?.['products'];
  return Array.isArray(list) ? list.filter(isProduct) : [];
}

/**
 * A catalog page's listing data rather than a widget's data (`{ products }`): a product list section answers either,
 * by the page it is on (the contract's ProductListSectionDto or SectionDto), under the same type name.
 */
function isListingData(data: SectionDto['data'] | ListingData): data is ListingData {
  return isRecord(data) && typeof data['page'] === 'number' && typeof data['pages'] === 'number' && isRecord(data['filters']);
}

/** The page of products and the paging data of a catalog's product list section; away from a catalog page, the products of its catalog. */
export function productListing(
  section: Pick<SectionDto | ProductListSectionDto, 'items' | 'data'>,
  pageListing?: ProductDto[],
): { products: ProductDto[]; listing: ListingData | null } {
  // server-sent items, checked one by one: a catalog page's are its products, another page's none
  const items: readonly unknown[] = section.items;
  const own = items.filter(isProduct);
  const products = own.length > 0 ? own : pageListing && pageListing.length > 0 ? pageListing.filter(isProduct) : widgetProducts(section);
  return { products, listing: isListingData(section.data) ? section.data : null };
}

/** The layouts of the section's `options.template`, with the shop's default columns (4/2/2) as grids where it gives none. */
export function productLayouts(template: unknown, settings: ShopConfigDto | null): ItemLayouts {
  const columns = settings?.ecommerce.defaultColumns ?? { desktop: 4, tablet: 2, mobile: 2 };
  return layoutsSchema({
    desktop: { type: 'grid', columns: columns.desktop },
    tablet: { type: 'grid', columns: columns.tablet },
    mobile: { type: 'grid', columns: columns.mobile, gap: 20 },
  }).parse(template);
}

/**
 * The layouts of a catalog's product list: one card a row on every screen when the shop lists products
 * in rows (ecommerce.templateListing 'list', which wins over the section's columns), else as productLayouts.
 */
export function listingLayouts(template: unknown, settings: ShopConfigDto | null): ItemLayouts {
  if (settings?.ecommerce.templateListing !== 'list') return productLayouts(template, settings);
  const row = { type: 'list' as const, columns: 1, gap: 20 };
  return layoutsSchema({ desktop: row, tablet: row, mobile: row }).parse({});
}

export type PreviewBox = { width: number; height: number; fit: ImageFit };

/**
 * The preview box of product cards: the listing size of the settings ('600x600', or the custom size
 * when it names none), the whole picture inside it unless the settings crop to fill.
 */
export function listingPreviewBox(settings: ShopConfigDto | null): PreviewBox {
  const ecommerce = settings?.ecommerce;
  const named = /^(\d{2,4})x(\d{2,4})$/.exec(ecommerce?.previewSizeInListing ?? '');
  const custom = ecommerce?.previewCustomSizeInListing;
  const width = named ? Number(named[1]) : (custom?.width ?? 600);
  const height = named ? Number(named[2]) : (custom?.height ?? 600);
  const fit: ImageFit = ecommerce?.imageCrop && ecommerce.imageCropMode === 'inset' ? 'inset' : 'outbound';
  return { width: Math.min(width, 2000), height: Math.min(height, 2000), fit };
}

export type CardPrice = {
  /** 'onRequest' for a price of 0, 'hidden' when out of stock and the shop hides such prices */
  kind: 'price' | 'onRequest' | 'hidden';
  amount: number;
  /** the full price, when discounted */
  oldAmount: number | null;
  /** show the 'from' prefix */
  from: boolean;
};

/** How a product card states the price (spec 2.7, 3.1, 3.5 showPriceFrom, showPriceForOutOfStock). */
export function cardPrice(
  product: Pick<ProductDto, 'price' | 'priceFull' | 'hasDiscount' | 'inStock'>,
  settings: ShopConfigDto | null,
): CardPrice {
  const ecommerce = settings?.ecommerce;
  if (!product.inStock && ecommerce?.showPriceForOutOfStock === false) return { kind: 'hidden', amount: 0, oldAmount: null, from: false };
  if (!(product.price > 0)) return { kind: 'onRequest', amount: 0, oldAmount: null, from: false };
  const discounted = product.hasDiscount && product.priceFull > product.price;
  return {
    kind: 'price',
    amount: product.price,
    oldAmount: discounted ? product.priceFull : null,
    from: ecommerce?.showPriceFrom === true,
  };
}
