import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { ImageDto, OptionDto, ProductDto, VariationDto } from '../../lib/api-client';
import { analyticsItem } from '../../lib/analytics';
import type { Language } from '../../lib/localize';
import {
  INCORRECT_VARIATION_MESSAGE,
  previewImage,
  selectionForVariation,
  variationForImage,
  variationForOptions,
  type OptionSelection,
} from '../../lib/variation';
import { track } from '../../stores/analytics';
import { $cart, startCartSync } from '../../stores/cart';
import { useHydrated } from '../shop/hooks';
import { formatMoney, type MoneyFormat } from '../shop/money';
import { Price } from '../shop/Price';
import { ProductImage } from '../shop/ProductImage';
import { QuantityStepper } from '../shop/QuantityStepper';
import type { ShopTranslate } from '../shop/texts';
import { addVariationToCart } from './add-to-cart';
import { sliceTranslator, type ShopTextSlice } from './product-texts';
import {
  canBuy,
  deliveryEstimate,
  galleryImages,
  isEcommerce,
  MAIN_IMAGE_WIDTH,
  optionDisplay,
  optionValueState,
  priceView,
  ratingView,
  shippingWeight,
  stockView,
  withVariationParam,
  type BuyBoxSettings,
  type DeliveryZone,
} from './product-view';

type Props = {
  product: ProductDto;
  /** the page's main heading (the product title through the shop's h1 template) */
  heading: string;
  /** chosen on the server from the `variation` query parameter (spec 4) */
  initialVariationId: string | null;
  lang: Language;
  /** the texts it shows, in `lang` (BUY_BOX_TEXT_KEYS, picked by the page) */
  texts: ShopTextSlice;
  money: MoneyFormat;
  settings: BuyBoxSettings;
  /** the zone whose rates the delivery estimate quotes (homeDeliveryZone); none: no estimate */
  delivery?: DeliveryZone | null;
};

const THUMB_SIZE = 88;

/**
 * The product's gallery and buy box: variation choice by options or by image, the `variation` query
 * parameter kept in step, price, stock, SKU, quantity and add to cart.
 */
export default function ProductBuyBox({ product, heading, initialVariationId, lang, texts, money, settings, delivery = null }: Props) {
  const t = sliceTranslator(texts, lang);
  const [variationId, setVariationId] = useState(initialVariationId);
  const [shownImageId, setShownImageId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  /** why the last chosen option value was refused (it makes no variation with the other chosen values) */
  const [notice, setNotice] = useState('');
  /** the main add-to-cart button has scrolled up out of view: the phone's sticky bar shows */
  const [pastActions, setPastActions] = useState(false);
  const actionsRef = useRef<HTMLDivElement>(null);
  const cart = useStore($cart);
  const hydrated = useHydrated();

  const variation = product.variations.find((v) => v.id === variationId) ?? null;
  const selection = useMemo(() => (variation ? selectionForVariation(product, variation) : {}), [product, variation]);
  const images = useMemo(() => galleryImages(product), [product]);
  const shownImage = images.find((image) => image.id === shownImageId) ?? previewImage(product, variation);

  useEffect(() => {
    startCartSync();
    if (variation) track({ name: 'view_item', items: [analyticsItem(product, variation, 1)] });
    const queried = new URL(window.location.href).searchParams.get('variation');
    if (queried !== null && variation && queried !== variation.id) {
      window.history.replaceState(window.history.state, '', withVariationParam(window.location.href, variation.id));
    }
    // Once per page view, for the variation shown on arrival.
  }, []);

  useEffect(() => {
    const actions = actionsRef.current;
    if (!actions || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPastActions(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(actions);
    return () => observer.disconnect();
  }, []);

  const choose = (next: VariationDto) => {
    setVariationId(next.id);
    setShownImageId(null);
    window.history.replaceState(window.history.state, '', withVariationParam(window.location.href, next.id));
  };

  const chooseValue = (optionId: string, valueId: string) => {
    const next = variationForOptions(product, { ...selection, [optionId]: valueId });
    if (!next) {
      console.error(INCORRECT_VARIATION_MESSAGE, { product: product.id, selection: { ...selection, [optionId]: valueId } });
      setNotice(missingNotice(product, selection, optionId, valueId, t));
      return;
    }
    setNotice('');
    if (next.id !== variationId) choose(next);
  };

  const chooseImage = (image: ImageDto) => {
    const owner = variationForImage(product, image.id, variation);
    if (owner && owner.id !== variationId) choose(owner);
    setShownImageId(image.id);
  };

  const price = priceView(variation, settings);
  const stock = stockView(variation);
  const weight = shippingWeight(product, variation);
  const estimate = delivery && variation ? deliveryEstimate(delivery.rates, variation.price, weight) : null;
  const rating = ratingView(product.rating);
  const inCart = hydrated && variation ? (cart.list.find((item) => item.variationId === variation.id)?.quantity ?? 0) : 0;
  const buyable = canBuy(variation);
  const mainImage = settings.mainImage ?? { width: MAIN_IMAGE_WIDTH, height: MAIN_IMAGE_WIDTH };

  return (
    <div className="product-main" style={{ '--product-image-ratio': `${mainImage.width} / ${mainImage.height}` } as CSSProperties}>
      <div className="product-gallery">
        <div className="product-gallery__main">
          <ProductImage image={shownImage} width={mainImage.width} height={mainImage.height} alt={shownImage?.alt || product.title} critical />
        </div>
        {images.length > 1 && (
          <ul className="product-gallery__thumbs" aria-label={t('gallery')}>
            {images.map((image, index) => (
              <li key={image.id}>
                <button
                  type="button"
                  className="product-gallery__thumb"
                  aria-pressed={image.id === shownImage?.id}
                  aria-label={t('showImage', { index: index + 1 })}
                  onClick={() => chooseImage(image)}
                >
                  <ProductImage image={image} width={THUMB_SIZE} height={THUMB_SIZE} alt="" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="product-buy">
        <h1 className="product-buy__title">{heading}</h1>
        {product.reviewCount > 0 && (
          <a className="product-buy__reviews" href="#reviews">
            {rating && (
              <>
                {/* the name is said, not labelled: a label would not contain the visible figures (WCAG 2.5.3) */}
                <span className="visually-hidden">{t('ratingLink', { value: rating.value.toLocaleString(lang), count: product.reviewCount })}</span>
                <span className="product-stars" aria-hidden="true" style={{ '--rating': `${rating.percent}%` } as CSSProperties} />
                <span className="product-buy__rating" aria-hidden="true">
                  {rating.value.toLocaleString(lang)}
                </span>
              </>
            )}
            <span aria-hidden={rating ? 'true' : undefined}>{t('reviewCount', { count: product.reviewCount })}</span>
          </a>
        )}

        <div className="product-buy__price" data-testid="product-price">
          {price.kind === 'request' && <span className="shop-price shop-price--request">{t('priceOnRequest')}</span>}
          {price.kind === 'price' && (
            <>
              <Price price={price.price} fullPrice={price.fullPrice} from={price.from} money={money} t={t} className="shop-price--large" />
              {price.discount > 0 && <span className="product-buy__discount">{t('youSave', { amount: formatMoney(price.discount, money) })}</span>}
            </>
          )}
        </div>

        <p className="product-buy__meta">
          <span className={`stock-label stock-label--${stock.inStock ? 'in' : 'out'}`}>
            {!stock.inStock ? t('outOfStock') : stock.fewLeft !== null ? t('fewLeft', { count: stock.fewLeft }) : t('inStock')}
          </span>
          {settings.skuIsShow && variation?.sku && (
            <span className="product-buy__sku">
              {t('sku')}: <span data-testid="product-sku">{variation.sku}</span>
            </span>
          )}
        </p>

        {product.options.map((option) => (
          <OptionPicker key={option.id} option={option} product={product} selection={selection} onChoose={chooseValue} t={t} />
        ))}
        {product.options.length > 0 && (
          <p className="product-buy__notice" role="status">
            {notice}
          </p>
        )}

        <div className="product-buy__actions" ref={actionsRef}>
          {buyable && settings.showQuantity && (
            <QuantityStepper value={quantity} onChange={setQuantity} t={t} label={t('quantity')} />
          )}
          {buyable ? (
            <button
              type="button"
              className="button button--wide"
              onClick={() => addVariationToCart({ product, variation, quantity, lang, siteType: settings.siteType, money })}
            >
              {t(isEcommerce(settings.siteType) ? 'addToCart' : 'addToOrder')}
            </button>
          ) : price.kind === 'request' && stock.inStock ? (
            <button type="button" className="button button--wide" data-lead-form data-product-id={product.id} data-variation-id={variationId ?? undefined} data-title={t('requestPrice')}>
              {t('requestPrice')}
            </button>
          ) : (
            <button type="button" className="button button--wide" disabled>
              {t('outOfStock')}
            </button>
          )}
        </div>
        {inCart > 0 && (
          <p className="product-buy__in-cart">
            <a href="/cart">{t('inCart', { count: inCart })}</a>
          </p>
        )}
        {settings.fastOrder.isShow && (
          <button type="button" className="button button--outline button--wide product-buy__fast-order" data-lead-form data-product-id={product.id} data-variation-id={variation?.id}>
            {settings.fastOrder.text}
          </button>
        )}
        {estimate && delivery && (
          <p className="product-buy__delivery" data-testid="delivery-estimate">
            <span>
              {estimate.kind === 'free' && t('freeDelivery')}
              {estimate.kind === 'from' && t('deliveryFrom', { price: formatMoney(estimate.price, money) })}
              {estimate.kind === 'from' && estimate.freeFrom !== null && ` · ${t('freeFrom', { amount: formatMoney(estimate.freeFrom, money) })}`}
              {estimate.kind === 'freeFrom' && t('freeDeliveryFrom', { amount: formatMoney(estimate.freeFrom, money) })}
              {estimate.kind === 'manager' && t('deliveryByManager')}
            </span>{' '}
            <span className="product-buy__delivery-zone">({delivery.title})</span>
          </p>
        )}
      </div>

      {buyable && (
        <div className="product-sticky-bar" hidden={!pastActions} data-testid="sticky-buy-bar">
          <div className="product-sticky-bar__text">
            <span className="product-sticky-bar__title">{product.title}</span>
            {price.kind === 'price' && <Price price={price.price} fullPrice={price.fullPrice} from={price.from} money={money} t={t} />}
          </div>
          <button
            type="button"
            className="button"
            onClick={() => addVariationToCart({ product, variation, quantity, lang, siteType: settings.siteType, money })}
          >
            {t(isEcommerce(settings.siteType) ? 'addToCart' : 'addToOrder')}
          </button>
        </div>
      )}
    </div>
  );
}

/** 'Size 39 is not available with Black': why a value that makes no variation with the other chosen ones was refused. */
function missingNotice(product: ProductDto, selection: OptionSelection, optionId: string, valueId: string, t: ShopTranslate): string {
  const titleOf = (option: OptionDto, id: string | undefined) => {
    const value = option.values.find((v) => v.id === id);
    return value ? `${value.title}${option.unit ? ` ${option.unit}` : ''}` : '';
  };
  const option = product.options.find((o) => o.id === optionId);
  if (!option) return '';
  const others = product.options
    .filter((o) => o.id !== optionId)
    .map((o) => titleOf(o, selection[o.id]))
    .filter(Boolean);
  return t('notAvailableWith', { option: option.title, value: titleOf(option, valueId), others: others.join(', ') });
}

type OptionPickerProps = {
  option: OptionDto;
  product: ProductDto;
  selection: OptionSelection;
  onChoose: (optionId: string, valueId: string) => void;
  t: ShopTranslate;
};

/**
 * One option as optionDisplay says: a drop-down, or a radio group of buttons or colour swatches (the value's
 * `value` is the colour). Values that make no variation with the other chosen ones stay choosable but are
 * struck through and marked unavailable; choosing one explains why (spec 4 keeps the selection).
 */
function OptionPicker({ option, product, selection, onChoose, t }: OptionPickerProps) {
  const chosen = option.values.find((value) => value.id === selection[option.id]);
  const unit = option.unit ? ` ${option.unit}` : '';
  const labelId = `option-${option.id}`;
  const state = (valueId: string) => optionValueState(product, selection, option.id, valueId);
  const display = optionDisplay(option);

  if (display === 'select') {
    return (
      <div className="product-option">
        <label className="product-option__label" htmlFor={labelId}>
          {option.title}
        </label>
        <select
          id={labelId}
          className="shop-select"
          value={chosen?.id ?? ''}
          onChange={(event) => onChoose(option.id, event.target.value)}
        >
          {!chosen && <option value="">{t('chooseOption', { option: option.title })}</option>}
          {option.values.map((value) => (
            <option key={value.id} value={value.id}>
              {value.title}
              {unit}
              {state(value.id) === 'out-of-stock' ? ` · ${t('outOfStock')}` : ''}
            </option>
          ))}
        </select>
      </div>
    );
  }

  const swatches = display === 'swatches';
  const labelIdOf = `option-${option.id}-label`;
  return (
    <fieldset className="product-option" role="radiogroup" aria-labelledby={labelIdOf}>
      <legend className="product-option__label" id={labelIdOf}>
        {option.title}
        {chosen && (
          <span className="product-option__chosen">
            : {chosen.title}
            {unit}
          </span>
        )}
      </legend>
      <div className={swatches ? 'product-option__swatches' : 'product-option__buttons'}>
        {option.values.map((value) => {
          const valueState = state(value.id);
          const note = valueState === 'out-of-stock' ? t('outOfStock') : valueState === 'missing' ? t('notAvailable') : '';
          const title = `${value.title}${unit}${note ? ` · ${note}` : ''}`;
          return (
            <label
              key={value.id}
              className={`${swatches ? 'swatch' : 'option-button'} is-${valueState}`}
              title={title}
              style={swatches && value.value ? { ['--swatch' as string]: value.value } : undefined}
            >
              <input
                type="radio"
                className="option-radio"
                name={`option-${option.id}`}
                value={value.id}
                checked={value.id === chosen?.id}
                aria-disabled={valueState === 'missing' ? 'true' : undefined}
                onChange={() => onChoose(option.id, value.id)}
              />
              {swatches ? (
                <span className="visually-hidden">{title}</span>
              ) : (
                <>
                  {value.title}
                  {unit}
                  {note && <span className="visually-hidden"> · {note}</span>}
                </>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
