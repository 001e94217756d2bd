import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ProductDto } from '../../lib/api-client';
import { analyticsItem } from '../../lib/analytics';
import { cartTotals, isAvailable, stockLimitFor, type CartLine } from '../../lib/cart';
import type { Language } from '../../lib/localize';
import { freeShippingProgress, type FreeShippingRate } from '../../lib/free-shipping';
import { FreeShippingBar } from './FreeShippingBar';
import { amountToCents, centsToAmount } from '../../lib/money';
import { track } from '../../stores/analytics';
import { $cart, clearCart, refreshCart, removeFromCart, setCartQuantity, startCartSync } from '../../stores/cart';
import { openModal } from '../../stores/modal';
import { mountModals } from '../mount-modals';
import type { StockErrorDetails } from '../product/add-to-cart';
import { productHref } from '../product/add-to-cart';
import { isEcommerce, optionsText } from '../product/product-view';
import { shopApi } from '../../stores/user';
import { useHydrated } from '../shop/hooks';
import { formatMoney, type MoneyFormat } from '../shop/money';
import { Price } from '../shop/Price';
import { ProductImage } from '../shop/ProductImage';
import { ProductTile } from '../shop/ProductTile';
import { QuantityStepper } from '../shop/QuantityStepper';
import { shopperText } from '../shop/shopper-texts';
import { shopTexts } from '../shop/texts';
import { DiscountCodeForm } from './DiscountCodeForm';
import { SummaryRows } from './SummaryRows';
import { useDiscountCode } from './use-discount-code';

type Props = {
  lang: Language;
  money: MoneyFormat;
  siteType: string;
  /** settings.ecommerce.showRelatedProducts and relatedItemsTitle */
  related: { show: boolean; title: string };
  /**
   * The home zone's rates for the free-shipping progress, from the server with the page: fetched afterwards,
   * the bar would push the buttons below it down once they are on screen.
   */
  rates: readonly FreeShippingRate[];
};

const RELATED_SHOWN = 8;

/** The cart page: lines with quantities and totals from the server's product data, discount code, related products. */
export default function CartPage({ lang, money, siteType, related, rates }: Props) {
  const t = shopTexts(lang);
  const hydrated = useHydrated();
  const cart = useStore($cart);
  const [dropped, setDropped] = useState<string[]>([]);
  const [refreshed, setRefreshed] = useState(false);
  const [suggestions, setSuggestions] = useState<ProductDto[]>([]);
  const discount = useDiscountCode(lang, refreshed);
  const totals = useMemo(() => cartTotals(cart.list), [cart.list]);
  const ecommerce = isEcommerce(siteType);

  useEffect(() => {
    startCartSync();
    void refreshCart().then((gone) => {
      setDropped(gone.map((item) => item.product?.title).filter((title): title is string => !!title));
      setRefreshed(true);
    });
  }, []);

  const productIds = [...new Set(cart.list.map((item) => item.product?.id).filter((id): id is string => !!id))];
  const productKey = productIds.join(',');
  useEffect(() => {
    if (!related.show || productIds.length === 0) return setSuggestions([]);
    void shopApi({ lang })
      .getRelatedProducts(productIds)
      .then(({ data }) => setSuggestions(data.slice(0, RELATED_SHOWN)));
    // The products in the cart decide the suggestions; their key stands for the list.
  }, [productKey, related.show, lang]);

  // the server's empty state (src/pages/cart.astro) gives way to the island's before the next paint
  useLayoutEffect(() => {
    if (!hydrated) return;
    const first = document.getElementById('cart-empty-first');
    first?.parentElement?.classList.remove('cart-page--empty-first');
    first?.remove();
  }, [hydrated]);

  if (!hydrated) {
    return (
      <div className="cart-skeleton" aria-busy="true">
        <p>{t('loadingCart')}</p>
      </div>
    );
  }

  const changeQuantity = (line: CartLine, quantity: number) => {
    const result = setCartQuantity(line.variationId, quantity);
    if (!result.ok) {
      mountModals();
      openModal('AddToCartStockError', { lang, count: result.available } satisfies StockErrorDetails);
    }
  };
  const remove = (line: CartLine) => {
    if (line.product && line.variation)
      track({ name: 'remove_from_cart', items: [analyticsItem(line.product, line.variation, line.quantity)] });
    removeFromCart(line.variationId);
  };

  const droppedNotice = dropped.length > 0 && (
    <p className="shop-notice shop-notice--warning" role="status">
      {t('itemsDropped', { titles: dropped.join(', ') })}
    </p>
  );

  if (cart.list.length === 0) {
    return (
      <div className="cart-empty">
        {droppedNotice}
        <h2 className="cart-empty__title">{t(ecommerce ? 'cartEmpty' : 'orderEmpty')}</h2>
        <p>{t('cartEmptyHint')}</p>
        <a className="button" href="/">
          {t('toCatalog')}
        </a>
      </div>
    );
  }

  const available = isAvailable(cart.list);
  const discountPrice = discount.applied?.price ?? 0;
  const total = centsToAmount(amountToCents(totals.totalPrice) - amountToCents(discountPrice));
  const shipping = ecommerce ? freeShippingProgress(rates, total) : null;

  return (
    <>
      {droppedNotice}
      <div className="cart-layout">
        <section className="cart-lines" aria-label={t(ecommerce ? 'cart' : 'order')}>
          <ul className="cart-lines__list">
            {totals.lines.map((line) => {
              const limit = stockLimitFor(line);
              const title = line.product?.title ?? '';
              const href = line.product ? productHref(line.product, line.variationId) : undefined;
              return (
                <li key={line.variationId} className="cart-line" data-variation-id={line.variationId}>
                  <a className="cart-line__image" href={href} tabIndex={-1} aria-hidden="true">
                    <ProductImage image={line.variation?.image ?? line.product?.imagePreview} width={96} height={96} alt="" />
                  </a>
                  <div className="cart-line__info">
                    <a className="cart-line__title" href={href}>
                      {title}
                    </a>
                    {line.product && line.variation && (
                      <span className="cart-line__options">{optionsText(line.product, line.variation)}</span>
                    )}
                    {line.variation && (
                      <Price
                        price={line.variation.price}
                        fullPrice={line.variation.fullPrice}
                        money={money}
                        t={t}
                        className="cart-line__unit"
                      />
                    )}
                    {limit !== null && (
                      <span className="shop-field__error" role="alert">
                        {t('stockError', { count: limit })}
                      </span>
                    )}
                  </div>
                  <div className="cart-line__quantity">
                    <QuantityStepper
                      value={line.quantity}
                      onChange={(quantity) => changeQuantity(line, quantity)}
                      t={t}
                      label={`${t('quantity')}: ${title}`}
                    />
                  </div>
                  <strong className="cart-line__total" data-testid="line-total">
                    {formatMoney(line.sumDiscountPrice, money)}
                  </strong>
                  <button type="button" className="cart-line__remove" onClick={() => remove(line)} aria-label={t('removeItem', { title })}>
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>

        <aside className="cart-summary" aria-label={t('total')}>
          <DiscountCodeForm lang={lang} state={discount} />
          <SummaryRows lang={lang} money={money} totals={totals} discount={discount.applied} total={total} totalTestId="cart-total" />
          {!available && (
            <p className="shop-notice shop-notice--error" role="alert">
              {t('unavailableQuantity')}
            </p>
          )}
          <a
            className="button button--wide button--accent"
            href={available ? '/checkout' : undefined}
            aria-disabled={!available}
            role="link"
          >
            {t('checkout')}
          </a>
          {shipping && <FreeShippingBar progress={shipping} money={money} lang={lang} />}
        </aside>
        {/* after the total and Check out: first on phones, where the columns stack; under the lines on wider screens */}
        <div className="cart-layout__empty">
          <EmptyCartButton lang={lang} />
        </div>
      </div>

      {suggestions.length > 0 && (
        <section className="cart-related" aria-labelledby="cart-related-title">
          <h2 className="product-section__title" id="cart-related-title">
            {related.title || t('relatedProducts')}
          </h2>
          <ul className="tile-grid">
            {suggestions.map((product) => (
              <li key={product.id}>
                <ProductTile product={product} money={money} lang={lang} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** "Empty the cart", a secondary action that asks before it removes every line. */
function EmptyCartButton({ lang }: { lang: Language }) {
  const t = shopTexts(lang);
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // Focus goes to "keep the items" when asked, and back to the button when the shopper keeps them.
  useEffect(() => {
    if (confirming) keep.current?.focus();
    else if (asked.current) trigger.current?.focus();
    asked.current ||= confirming;
  }, [confirming]);
  if (!confirming) {
    return (
      <button type="button" className="button button--outline cart-lines__empty" ref={trigger} onClick={() => setConfirming(true)}>
        {t('emptyCart')}
      </button>
    );
  }
  return (
    <div className="cart-lines__confirm" role="group" aria-labelledby="empty-cart-question" data-empty-cart-confirm>
      <p id="empty-cart-question">{shopperText(lang, 'emptyCartConfirm')}</p>
      <button type="button" className="button button--outline" onClick={clearCart}>
        {shopperText(lang, 'emptyCartYes')}
      </button>
      <button type="button" className="button button--link" ref={keep} onClick={() => setConfirming(false)}>
        {shopperText(lang, 'emptyCartNo')}
      </button>
    </div>
  );
}
