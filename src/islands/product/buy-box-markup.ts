/**
 * The buy box's changing parts as HTML, one source for the server render (ProductBuyBox.astro, set:html)
 * and the browser script that follows the shopper's choice (./buy-box.ts): price, stock and SKU, the
 * actions (quantity stepper, add to cart, enquiry or sold out), the cart line, the delivery estimate, the
 * phone's sticky bar and the main picture. Plain strings, no framework: the product page loads no React
 * until a modal opens. Every text and attribute value is escaped here.
 */
import type { ImageDto, OptionDto, ProductDto, VariationDto } from '../../lib/api-client';
import type { OptionSelection } from '../../lib/variation';
import { formatMoney, type MoneyFormat } from '../shop/money';
import type { ShopTranslate } from '../shop/texts';
import {
  canBuy,
  deliveryEstimate,
  isEcommerce,
  priceView,
  shippingWeight,
  stockView,
  type BuyBoxSettings,
  type DeliveryEstimate,
  type DeliveryZone,
  type PriceView,
  type StockView,
} from './product-view';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string | number): string => String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** The largest quantity of one line the shop accepts (server MAX_QUANTITY). */
export const MAX_LINE_QUANTITY = 9999;

/** A resized picture from the shop's media server (as components/Picture.astro), or a neutral placeholder. */
export function productImageHtml(image: ImageDto | null | undefined, width: number, height: number, alt: string, critical = false): string {
  if (!image) return `<span class="shop-image shop-image--empty" style="aspect-ratio:${width} / ${height}" aria-hidden="true"></span>`;
  const src = (w: number, h: number, format: string) => escapeHtml(`${image.uri}?w=${w}&h=${h}&fit=outbound&format=${format}`);
  return (
    `<picture class="shop-image"><source type="image/webp" srcset="${src(width, height, 'webp')} 1x, ${src(width * 2, height * 2, 'webp')} 2x">` +
    `<img src="${src(width, height, 'jpeg')}" width="${width}" height="${height}" alt="${escapeHtml(alt)}" loading="${critical ? 'eager' : 'lazy'}"` +
    ` fetchpriority="${critical ? 'high' : 'auto'}" decoding="async"></picture>`
  );
}

/** A price, its old price struck through when discounted, or 'Price on request' for a zero price (as islands/shop/Price). */
export function priceHtml(input: {
  price: number;
  fullPrice: number | null;
  from: boolean;
  money: MoneyFormat;
  t: ShopTranslate;
  className?: string;
}): string {
  const { price, fullPrice, from, money, t, className = '' } = input;
  const extra = className ? ` ${className}` : '';
  if (price <= 0) return `<span class="shop-price shop-price--request${extra}">${escapeHtml(t('priceOnRequest'))}</span>`;
  const discounted = fullPrice !== null && fullPrice > price;
  const current = `<span class="shop-price__current">${from ? `<span class="shop-price__from">${escapeHtml(t('from'))} </span>` : ''}${escapeHtml(formatMoney(price, money))}</span>`;
  const old = discounted
    ? `<del class="shop-price__old"><span class="visually-hidden">${escapeHtml(t('oldPrice'))}: </span>${escapeHtml(formatMoney(fullPrice, money))}</del>`
    : '';
  return `<span class="shop-price${discounted ? ' shop-price--sale' : ''}${extra}">${current}${old}</span>`;
}

/** Inside `.product-buy__price`: the price and the amount saved, 'Price on request', or nothing (hidden). */
export function priceBlockHtml(price: PriceView, money: MoneyFormat, t: ShopTranslate): string {
  if (price.kind === 'request') return `<span class="shop-price shop-price--request">${escapeHtml(t('priceOnRequest'))}</span>`;
  if (price.kind === 'hidden') return '';
  const saved =
    price.discount > 0
      ? `<span class="product-buy__discount">${escapeHtml(t('youSave', { amount: formatMoney(price.discount, money) }))}</span>`
      : '';
  return priceHtml({ ...price, money, t, className: 'shop-price--large' }) + saved;
}

/** Inside `.product-buy__meta`: the stock label and, when shown, the SKU. */
export function metaHtml(view: Pick<BuyBoxView, 'stock' | 'actions'>, sku: string | null, t: ShopTranslate): string {
  const { stock } = view;
  const label = !stock.inStock ? t('outOfStock') : stock.fewLeft !== null ? t('fewLeft', { count: stock.fewLeft }) : t('inStock');
  const skuHtml = sku
    ? `<span class="product-buy__sku">${escapeHtml(t('sku'))}: <span data-testid="product-sku">${escapeHtml(sku)}</span></span>`
    : '';
  // a price on request is ordered through an enquiry: whether it is in stock says nothing to the shopper
  if (view.actions === 'request') return skuHtml;
  return `<span class="stock-label stock-label--${stock.inStock ? 'in' : 'out'}">${escapeHtml(label)}</span>${skuHtml}`;
}

/** The fast-order button (an enquiry) is left out beside the price enquiry, which is already one. */
export const fastOrderHidden = (view: Pick<BuyBoxView, 'actions'>) => view.actions === 'request';

/** − / number / + (as islands/shop/QuantityStepper); ./buy-box.ts applies typed numbers on blur or Enter. */
export function quantityStepperHtml(value: number, t: ShopTranslate, min = 1): string {
  return (
    `<div class="shop-quantity">` +
    `<button type="button" class="shop-quantity__step" data-quantity-step="-1" aria-label="${escapeHtml(t('decrease'))}"${value <= min ? ' disabled' : ''}>−</button>` +
    `<input class="shop-quantity__input" type="number" inputmode="numeric" min="${min}" max="${MAX_LINE_QUANTITY}" value="${value}" aria-label="${escapeHtml(t('quantity'))}">` +
    `<button type="button" class="shop-quantity__step" data-quantity-step="1" aria-label="${escapeHtml(t('increase'))}"${value >= MAX_LINE_QUANTITY ? ' disabled' : ''}>+</button>` +
    `</div>`
  );
}

/** What the buy box shows for one variation, worked out once for the server and the browser. */
export type BuyBoxView = {
  variation: VariationDto | null;
  price: PriceView;
  stock: StockView;
  buyable: boolean;
  estimate: DeliveryEstimate | null;
  /** which buttons the actions hold: add to cart (with the stepper when shown), the price enquiry, or sold out */
  actions: 'buy' | 'request' | 'soldOut';
};

export function buyBoxView(
  product: ProductDto,
  variation: VariationDto | null,
  settings: BuyBoxSettings,
  delivery: DeliveryZone | null,
): BuyBoxView {
  const price = priceView(variation, settings);
  const stock = stockView(variation);
  const buyable = canBuy(variation);
  const estimate = delivery && variation ? deliveryEstimate(delivery.rates, variation.price, shippingWeight(product, variation)) : null;
  return {
    variation,
    price,
    stock,
    buyable,
    estimate,
    actions: buyable ? 'buy' : price.kind === 'request' && stock.inStock ? 'request' : 'soldOut',
  };
}

const addLabel = (settings: BuyBoxSettings, t: ShopTranslate) => t(isEcommerce(settings.siteType) ? 'addToCart' : 'addToOrder');

/** Inside `.product-buy__actions`. */
export function actionsHtml(product: ProductDto, view: BuyBoxView, settings: BuyBoxSettings, quantity: number, t: ShopTranslate): string {
  if (view.actions === 'buy') {
    return `${settings.showQuantity ? quantityStepperHtml(quantity, t) : ''}<button type="button" class="button button--wide" data-add-to-cart>${escapeHtml(addLabel(settings, t))}</button>`;
  }
  if (view.actions === 'request') {
    const variationId = view.variation ? ` data-variation-id="${escapeHtml(view.variation.id)}"` : '';
    const title = escapeHtml(t('requestPrice'));
    return `<button type="button" class="button button--wide" data-lead-form data-product-id="${escapeHtml(product.id)}"${variationId} data-title="${title}">${title}</button>`;
  }
  const soldOut = `<button type="button" class="button button--wide" disabled>${escapeHtml(t('outOfStock'))}</button>`;
  return view.variation && !view.stock.inStock ? soldOut + backInStockFormHtml(t) : soldOut;
}

/**
 * "Tell me when it is back" under a sold-out variation's button: a guest types an e-mail (confirmed by a link); for
 * a signed-in shopper ./buy-box.ts hides the field and says which address is written to.
 */
export function backInStockFormHtml(t: ShopTranslate): string {
  return (
    `<form class="product-buy__notify" data-back-in-stock novalidate>` +
    `<p class="product-buy__notify-title">${escapeHtml(t('backInStockTitle'))}</p>` +
    `<div class="product-buy__notify-row">` +
    `<input class="shop-field__input" type="email" name="email" autocomplete="email" required maxlength="254" aria-label="${escapeHtml(t('backInStockEmail'))}" placeholder="${escapeHtml(t('backInStockEmail'))}">` +
    `<button type="submit" class="button button--outline">${escapeHtml(t('backInStockSubmit'))}</button>` +
    `</div>` +
    `<p class="product-buy__notify-status" role="status"></p>` +
    `</form>`
  );
}

/** 'In the cart: 2', linking to the cart, once the shopper has the variation in the cart. */
export function inCartHtml(count: number, t: ShopTranslate): string {
  return `<p class="product-buy__in-cart"><a href="/cart">${escapeHtml(t('inCart', { count }))}</a></p>`;
}

/** The delivery estimate from the home zone, or '' without one. */
export function deliveryHtml(
  estimate: DeliveryEstimate | null,
  delivery: DeliveryZone | null,
  money: MoneyFormat,
  t: ShopTranslate,
): string {
  if (!estimate || !delivery) return '';
  const text =
    estimate.kind === 'free'
      ? t('freeDelivery')
      : estimate.kind === 'from'
        ? t('deliveryFrom', { price: formatMoney(estimate.price, money) }) +
          (estimate.freeFrom !== null ? ` · ${t('freeFrom', { amount: formatMoney(estimate.freeFrom, money) })}` : '')
        : estimate.kind === 'freeFrom'
          ? t('freeDeliveryFrom', { amount: formatMoney(estimate.freeFrom, money) })
          : t('deliveryByManager');
  return `<p class="product-buy__delivery" data-testid="delivery-estimate"><span>${escapeHtml(text)}</span> <span class="product-buy__delivery-zone">(${escapeHtml(delivery.title)})</span></p>`;
}

/** Inside the phone's sticky bar (shown for a buyable variation once the main button has scrolled away). */
export function stickyBarHtml(
  product: ProductDto,
  view: BuyBoxView,
  settings: BuyBoxSettings,
  money: MoneyFormat,
  t: ShopTranslate,
): string {
  const price = view.price.kind === 'price' ? priceHtml({ ...view.price, money, t }) : '';
  return (
    `<div class="product-sticky-bar__text"><span class="product-sticky-bar__title">${escapeHtml(product.title)}</span>${price}</div>` +
    `<button type="button" class="button" data-add-to-cart>${escapeHtml(addLabel(settings, t))}</button>`
  );
}

/** An option value's title with the option's unit. */
export const valueTitle = (option: Pick<OptionDto, 'unit'>, title: string) => `${title}${option.unit ? ` ${option.unit}` : ''}`;

/** What an option value says besides its title: sold out, or no variation with the other chosen values. */
export function valueNote(state: 'available' | 'out-of-stock' | 'missing', t: ShopTranslate): string {
  return state === 'out-of-stock' ? t('outOfStock') : state === 'missing' ? t('notAvailable') : '';
}

/** 'Size 39 is not available with Black': why a value that makes no variation with the other chosen ones was refused. */
export function missingNotice(
  product: ProductDto,
  selection: OptionSelection,
  optionId: string,
  valueId: string,
  t: ShopTranslate,
): string {
  const titleOf = (option: OptionDto, id: string | undefined) => {
    const value = option.values.find((v) => v.id === id);
    return value ? valueTitle(option, value.title) : '';
  };
  const option = product.options.find((o) => o.id === optionId);
  if (!option) return '';
  const others = product.options.filter((o) => o.id !== optionId && titleOf(o, selection[o.id]));
  // `others` lists the chosen values ('39 EU'), `pairs` names their options too ('Размер «39 EU»'), for a language
  // whose nouns would change form after a preposition
  return t('notAvailableWith', {
    option: option.title,
    value: titleOf(option, valueId),
    others: others.map((o) => titleOf(o, selection[o.id])).join(', '),
    pairs: others.map((o) => t('optionValuePair', { option: o.title, value: titleOf(o, selection[o.id]) })).join(', '),
  });
}
