import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
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
import { shopTexts } from '../shop/texts';
import { addVariationToCart } from './add-to-cart';
import {
  canBuy,
  galleryImages,
  isEcommerce,
  MAIN_IMAGE_WIDTH,
  optionValueState,
  priceView,
  shippingWeight,
  stockView,
  withVariationParam,
  type BuyBoxSettings,
} from './product-view';

type Props = {
  product: ProductDto;
  /** the page's main heading (the product title through the shop's h1 template) */
  heading: string;
  /** chosen on the server from the `variation` query parameter (spec 4) */
  initialVariationId: string | null;
  lang: Language;
  money: MoneyFormat;
  settings: BuyBoxSettings;
};

const THUMB_SIZE = 88;

/**
 * The product's gallery and buy box: variation choice by options or by image, the `variation` query
 * parameter kept in step, price, stock, SKU, quantity and add to cart.
 */
export default function ProductBuyBox({ product, heading, initialVariationId, lang, money, settings }: Props) {
  const t = shopTexts(lang);
  const [variationId, setVariationId] = useState(initialVariationId);
  const [shownImageId, setShownImageId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
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

  const choose = (next: VariationDto) => {
    setVariationId(next.id);
    setShownImageId(null);
    window.history.replaceState(window.history.state, '', withVariationParam(window.location.href, next.id));
  };

  const chooseValue = (optionId: string, valueId: string) => {
    const next = variationForOptions(product, { ...selection, [optionId]: valueId });
    if (!next) {
      console.error(INCORRECT_VARIATION_MESSAGE, { product: product.id, selection: { ...selection, [optionId]: valueId } });
      return;
    }
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
            {t('reviewCount', { count: product.reviewCount })}
          </a>
        )}

        <div className="product-buy__price" data-testid="product-price">
          {price.kind === 'request' && <span className="shop-price shop-price--request">{t('priceOnRequest')}</span>}
          {price.kind === 'price' && (
            <>
              <Price price={price.price} fullPrice={price.fullPrice} from={price.from} money={money} lang={lang} className="shop-price--large" />
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
          <OptionPicker key={option.id} option={option} product={product} selection={selection} onChoose={chooseValue} lang={lang} />
        ))}

        <div className="product-buy__actions">
          {buyable && settings.showQuantity && (
            <QuantityStepper value={quantity} onChange={setQuantity} lang={lang} label={t('quantity')} />
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
        {weight !== null && <p className="product-buy__weight">{t('parcelWeight', { weight: weight.toLocaleString(lang) })}</p>}
      </div>
    </div>
  );
}

type OptionPickerProps = {
  option: OptionDto;
  product: ProductDto;
  selection: OptionSelection;
  onChoose: (optionId: string, valueId: string) => void;
  lang: Language;
};

/** One option in its view: a select, buttons, or colour swatches (the value's `value` is the colour). */
function OptionPicker({ option, product, selection, onChoose, lang }: OptionPickerProps) {
  const t = shopTexts(lang);
  const chosen = option.values.find((value) => value.id === selection[option.id]);
  const unit = option.unit ? ` ${option.unit}` : '';
  const labelId = `option-${option.id}`;
  const state = (valueId: string) => optionValueState(product, selection, option.id, valueId);

  if (option.view === 'select') {
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

  const swatches = option.view === 'color';
  return (
    <fieldset className="product-option">
      <legend className="product-option__label">
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
          const title = `${value.title}${unit}${valueState === 'out-of-stock' ? ` · ${t('outOfStock')}` : ''}`;
          return (
            <button
              key={value.id}
              type="button"
              className={`${swatches ? 'swatch' : 'option-button'} is-${valueState}`}
              aria-pressed={value.id === chosen?.id}
              title={title}
              aria-label={swatches ? title : undefined}
              style={swatches && value.value ? { ['--swatch' as string]: value.value } : undefined}
              onClick={() => onChoose(option.id, value.id)}
            >
              {swatches ? null : (
                <>
                  {value.title}
                  {unit}
                </>
              )}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
