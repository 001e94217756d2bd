import type { ImageDto, ProductDto, VariationDto } from '../../lib/api-client';
import { analyticsItem } from '../../lib/analytics';
import type { Language } from '../../lib/localize';
import { previewImage } from '../../lib/variation';
import { track } from '../../stores/analytics';
import { addToCart } from '../../stores/cart';
import { openModal } from '../../stores/modal';
import { removeCartShell, showCartShellFromHeader } from '../cart/cart-drawer-shell';
import type { MoneyFormat } from '../shop/money';
import { optionsText } from './product-view';

/** What the add-to-cart modal shows (spec 2.7). */
export type AddToCartDetails = {
  lang: Language;
  siteType: string;
  money: MoneyFormat;
  item: {
    /** the variation added: the drawer highlights its line instead of repeating it */
    variationId?: string;
    title: string;
    href: string;
    image: ImageDto | null;
    optionsText: string;
    price: number;
    fullPrice: number;
    quantity: number;
  };
};

export type StockErrorDetails = { lang: Language; count: number };

/**
 * The modal root (React DOM's client and every modal) is loaded on the first add, not with the buy box: the
 * product page's first visit stays light. The modal store is set at once; the root shows it when it mounts.
 */
function mountModalsLater(): void {
  // a root that cannot load leaves no first frame of the drawer standing
  void import('../mount-modals').then(({ mountModals }) => mountModals(), removeCartShell);
}

export function productHref(product: Pick<ProductDto, 'slug'>, variationId: string): string {
  return `/products/${encodeURIComponent(product.slug)}?variation=${encodeURIComponent(variationId)}`;
}

/**
 * Puts pieces of a variation in the cart and shows the outcome: the add-to-cart modal, or the stock error
 * modal ('Only {count} items are available') when the cart would hold more than the stock.
 */
export function addVariationToCart(input: {
  product: ProductDto;
  variation: VariationDto;
  quantity: number;
  lang: Language;
  siteType: string;
  money: MoneyFormat;
}): boolean {
  const { product, variation, quantity, lang, siteType, money } = input;
  const result = addToCart(product, variation.id, quantity);
  mountModalsLater();
  if (!result.ok) {
    openModal('AddToCartStockError', { lang, count: result.available } satisfies StockErrorDetails);
    return false;
  }
  track({ name: 'add_to_cart', items: [analyticsItem(product, variation, quantity)] });
  const details: AddToCartDetails = {
    lang,
    siteType,
    money,
    item: {
      variationId: variation.id,
      title: product.title,
      href: productHref(product, variation.id),
      image: previewImage(product, variation),
      optionsText: optionsText(product, variation),
      price: variation.price,
      fullPrice: variation.fullPrice,
      quantity,
    },
  };
  // the cart at once, while the drawer's code loads (on a slow connection, seconds)
  showCartShellFromHeader();
  openModal('AddToCart', details);
  return true;
}
