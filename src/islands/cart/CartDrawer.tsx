import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { ProductDto } from '../../lib/api-client';
import { analyticsItem } from '../../lib/analytics';
import { cartTotals, isAvailable, stockLimitFor, type CartLine } from '../../lib/cart';
import type { Language } from '../../lib/localize';
import { track } from '../../stores/analytics';
import { $cart, addToCart, removeFromCart, setCartQuantity } from '../../stores/cart';
import { shopApi } from '../../stores/user';
import { quickAddKind } from '../product/card-view';
import type { AddToCartDetails } from '../product/add-to-cart';
import { productHref } from '../product/add-to-cart';
import { isEcommerce, optionsText } from '../product/product-view';
import { formatMoney, type MoneyFormat } from '../shop/money';
import { Price } from '../shop/Price';
import { ProductImage } from '../shop/ProductImage';
import { QuantityStepper } from '../shop/QuantityStepper';
import { shopTexts } from '../shop/texts';
import { drawerSuggestions } from './drawer-suggestions';
import { FreeShippingBar } from './FreeShippingBar';
import { freeShippingProgress, type FreeShippingRate } from '../../lib/free-shipping';
import { homeDeliveryZone } from '../product/product-view';

type Props = {
  lang: Language;
  siteType: string;
  money: MoneyFormat;
  /** the item just added (spec 2.7's add-to-cart modal); absent when the shopper opened the cart from the header */
  added?: AddToCartDetails['item'] | undefined;
  close: () => void;
};

/**
 * The cart drawer (the add-to-cart modal of spec 2.7, and the header's cart icon): the cart's lines, one per
 * item, the one just added highlighted (shown on its own above them only while the cart has no line for it),
 * the cart's lines with quantity steppers and remove buttons, the subtotal, one main Checkout button,
 * the view-cart link and the back button. The cart rules are the store's (../../stores/cart).
 */
export function CartDrawer({ lang, siteType, money, added, close }: Props) {
  const t = shopTexts(lang);
  const ecommerce = isEcommerce(siteType);
  const cart = useStore($cart);
  const totals = useMemo(() => cartTotals(cart.list), [cart.list]);
  // the stock a refused quantity ran into, per variation: shown on its line (one dialog at a time)
  const [refused, setRefused] = useState<Record<string, number>>({});
  const available = isAvailable(cart.list);
  const addedLine = added?.variationId ? totals.lines.find((line) => line.variationId === added.variationId) : undefined;
  // the first frame drawn without React (./cart-drawer-shell.ts) gives way to the drawer itself
  useEffect(() => document.querySelector('[data-cart-shell]')?.remove(), []);
  const rates = useFreeShippingRates(lang, ecommerce);
  const shipping = ecommerce && rates ? freeShippingProgress(rates, totals.totalPrice) : null;
  const suggestions = useSuggestions(
    lang,
    cart.list.map((item) => item.product?.id).filter((id): id is string => !!id),
  );

  const changeQuantity = (line: CartLine, quantity: number) => {
    const result = setCartQuantity(line.variationId, quantity);
    setRefused(({ [line.variationId]: _old, ...rest }) => (result.ok ? rest : { ...rest, [line.variationId]: result.available }));
  };
  const remove = (line: CartLine) => {
    if (line.product && line.variation)
      track({ name: 'remove_from_cart', items: [analyticsItem(line.product, line.variation, line.quantity)] });
    removeFromCart(line.variationId);
  };

  return (
    <div className="cart-drawer">
      <h2 className="modal__title">{added ? t(ecommerce ? 'addedToCart' : 'addedToOrder') : t(ecommerce ? 'cart' : 'order')}</h2>
      {added && !addedLine && (
        <div className="added-to-cart" role="status">
          <div className="added-to-cart__item">
            <a href={added.href} className="added-to-cart__image" tabIndex={-1} aria-hidden="true">
              <ProductImage image={added.image} width={64} height={64} alt="" />
            </a>
            <div className="added-to-cart__text">
              <a href={added.href} className="added-to-cart__title">
                {added.title}
              </a>
              {added.optionsText && <span className="added-to-cart__options">{added.optionsText}</span>}
              <span className="added-to-cart__quantity">
                {t('quantity')}: {added.quantity}
              </span>
            </div>
            <Price price={added.price} fullPrice={added.fullPrice} money={money} t={t} className="added-to-cart__price" />
          </div>
        </div>
      )}
      {totals.lines.length === 0 ? (
        <p className="cart-drawer__empty">{t(ecommerce ? 'cartEmpty' : 'orderEmpty')}</p>
      ) : (
        <ul className="cart-drawer__lines" aria-label={t(ecommerce ? 'cart' : 'order')}>
          {totals.lines.map((line) => {
            const title = line.product?.title ?? '';
            const href = line.product ? productHref(line.product, line.variationId) : undefined;
            const limit = refused[line.variationId] ?? stockLimitFor(line);
            const justAdded = line === addedLine;
            return (
              <li
                key={line.variationId}
                className={justAdded ? 'cart-drawer__line cart-drawer__line--added' : 'cart-drawer__line'}
                data-variation-id={line.variationId}
              >
                <a className="cart-drawer__image" href={href} tabIndex={-1} aria-hidden="true">
                  <ProductImage image={line.variation?.image ?? line.product?.imagePreview} width={64} height={64} alt="" />
                </a>
                <div className="cart-drawer__info">
                  <a className="cart-drawer__title" href={href}>
                    {title}
                  </a>
                  {line.product && line.variation && (
                    <span className="cart-drawer__options">{optionsText(line.product, line.variation)}</span>
                  )}
                  {justAdded && (
                    <span className="cart-drawer__added" role="status">
                      {t('justAdded', { quantity: added!.quantity })}
                    </span>
                  )}
                  <div className="cart-drawer__controls">
                    <QuantityStepper
                      value={line.quantity}
                      onChange={(quantity) => changeQuantity(line, quantity)}
                      t={t}
                      label={`${t('quantity')}: ${title}`}
                    />
                    <button
                      type="button"
                      className="button button--link cart-drawer__remove"
                      onClick={() => remove(line)}
                      aria-label={t('removeItem', { title })}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  </div>
                  {limit !== null && (
                    <span className="shop-field__error" role="alert">
                      {t('stockError', { count: limit })}
                    </span>
                  )}
                </div>
                <strong className="cart-drawer__total" data-testid="drawer-line-total">
                  {formatMoney(line.sumDiscountPrice, money)}
                </strong>
              </li>
            );
          })}
        </ul>
      )}
      {suggestions.length > 0 && totals.lines.length > 0 && (
        <section className="cart-drawer__suggestions" aria-labelledby="cart-drawer-suggestions">
          <h3 className="cart-drawer__suggestions-title" id="cart-drawer-suggestions">
            {t('relatedProducts')}
          </h3>
          <ul className="cart-drawer__suggestion-list">
            {suggestions.map((product) => (
              <li key={product.id}>
                <Suggestion product={product} lang={lang} money={money} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="cart-drawer__footer">
        {shipping && totals.lines.length > 0 && (
          <FreeShippingBar progress={shipping} money={money} lang={lang} id="cart-drawer-free-shipping" />
        )}
        {totals.lines.length > 0 && (
          <dl className="summary-rows">
            <div className="summary-row summary-row--total">
              <dt>{t('subtotal')}</dt>
              <dd data-testid="drawer-subtotal">{formatMoney(totals.totalPrice, money)}</dd>
            </div>
          </dl>
        )}
        <div className="cart-drawer__actions">
          {totals.lines.length > 0 && (
            <a
              className="button button--wide button--accent"
              href={available ? '/checkout' : undefined}
              aria-disabled={!available}
              role="link"
            >
              {t('checkout')}
            </a>
          )}
          <a className="button button--wide button--outline" href="/cart">
            {t(ecommerce ? 'viewCart' : 'viewOrder')}
          </a>
          <button type="button" className="button button--link" onClick={close}>
            {t('continueShopping')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The home zone's rates, asked once as the drawer opens (the progress to free delivery follows the cart from them). */
function useFreeShippingRates(lang: Language, ecommerce: boolean): FreeShippingRate[] | null {
  const [rates, setRates] = useState<FreeShippingRate[] | null>(null);
  useEffect(() => {
    if (!ecommerce) return;
    let current = true;
    void shopApi({ lang })
      .getShippingZones()
      .then(({ data }) => {
        if (current) setRates(homeDeliveryZone(data)?.rates ?? []);
      });
    return () => {
      current = false;
    };
  }, [lang, ecommerce]);
  return rates;
}

/**
 * Up to four products to add from the drawer: the cart's related products, then similar ones, none already
 * in it. Asked once for the cart's products as the drawer opens (not again while the shopper adds from it).
 */
function useSuggestions(lang: Language, productIds: string[]): ProductDto[] {
  const [products, setProducts] = useState<ProductDto[]>([]);
  const [asked] = useState(() => [...new Set(productIds)]);
  useEffect(() => {
    if (asked.length === 0) return;
    const api = shopApi({ lang });
    let current = true;
    void Promise.all([api.getRelatedProducts(asked, 8), api.getSimilar(asked[0]!, 8)]).then(([related, similar]) => {
      if (!current) return;
      const byId = new Map([...related.data, ...similar.data].map((product) => [product.id, product]));
      setProducts(drawerSuggestions([related.data, similar.data], new Set(asked)).map((id) => byId.get(id)!));
    });
    return () => {
      current = false;
    };
  }, [asked, lang]);
  const inCart = new Set(productIds);
  return products.filter((product) => !inCart.has(product.id));
}

/** A suggestion: picture, title, price and quick add (into the cart for one variation, else to its page to choose). */
function Suggestion({ product, lang, money }: { product: ProductDto; lang: Language; money: MoneyFormat }) {
  const t = shopTexts(lang);
  const quick = quickAddKind(product);
  const href = `/products/${encodeURIComponent(product.slug)}`;
  return (
    <article className="cart-suggestion">
      <a href={href} className="cart-suggestion__image" tabIndex={-1} aria-hidden="true">
        <ProductImage image={product.imagePreview} width={96} height={96} alt="" />
      </a>
      <a href={href} className="cart-suggestion__title">
        {product.title}
      </a>
      <Price price={product.price} fullPrice={product.priceFull} money={money} t={t} className="cart-suggestion__price" />
      {quick.kind === 'direct' ? (
        <button
          type="button"
          className="button button--outline cart-suggestion__add"
          aria-label={t('suggestionAddLabel', { title: product.title })}
          onClick={() => {
            if (addToCart(product, quick.variation.id, 1).ok)
              track({ name: 'add_to_cart', items: [analyticsItem(product, quick.variation, 1)] });
          }}
        >
          {t('suggestionAdd')}
        </button>
      ) : (
        <a
          className="button button--outline cart-suggestion__add"
          href={href}
          aria-label={t('suggestionChooseLabel', { title: product.title })}
        >
          {t('suggestionChoose')}
        </a>
      )}
    </article>
  );
}
