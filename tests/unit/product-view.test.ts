import { describe, expect, it } from 'vitest';
import {
  buyBoxSettings,
  canBuy,
  galleryImages,
  isQuantityShown,
  optionValueState,
  optionsText,
  priceView,
  shippingWeight,
  stockView,
  withVariationParam,
} from '../../src/islands/product/product-view';
import type { ShopConfigDto } from '../../src/lib/api-client';
import { imageDto, optionDto, productDto, variationDto } from './fixtures/products';

const show = { showPriceFrom: false, showPriceForOutOfStock: true };

describe('priceView', () => {
  it('shows the price, and the old price with the discount amount when discounted', () => {
    expect(priceView(variationDto('v', { fullPrice: 69 }), show)).toEqual({
      kind: 'price',
      price: 69,
      fullPrice: null,
      discount: 0,
      from: false,
    });
    expect(priceView(variationDto('v', { fullPrice: 69, discountPrice: 55.5 }), show)).toEqual({
      kind: 'price',
      price: 55.5,
      fullPrice: 69,
      discount: 13.5,
      from: false,
    });
  });

  it("adds the 'from' prefix when the shop shows starting prices", () => {
    expect(priceView(variationDto('v'), { ...show, showPriceFrom: true })).toMatchObject({ kind: 'price', from: true });
  });

  it('asks for a price request for a zero price or no variation', () => {
    expect(priceView(variationDto('v', { fullPrice: 0 }), show)).toEqual({ kind: 'request' });
    expect(priceView(null, show)).toEqual({ kind: 'request' });
  });

  it('hides the price of an out-of-stock variation only when the shop says so', () => {
    const soldOut = variationDto('v', { stock: 0 });
    expect(priceView(soldOut, show).kind).toBe('price');
    expect(priceView(soldOut, { ...show, showPriceForOutOfStock: false })).toEqual({ kind: 'hidden' });
  });
});

describe('stock and buying', () => {
  it('counts down the last few pieces and tells unlimited and sold-out stock apart', () => {
    expect(stockView(variationDto('v', { stock: null }))).toEqual({ inStock: true, fewLeft: null });
    expect(stockView(variationDto('v', { stock: 12 }))).toEqual({ inStock: true, fewLeft: null });
    expect(stockView(variationDto('v', { stock: 5 }))).toEqual({ inStock: true, fewLeft: 5 });
    expect(stockView(variationDto('v', { stock: 0 }))).toEqual({ inStock: false });
    expect(stockView(null)).toEqual({ inStock: false });
  });

  it('lets only priced variations in stock into the cart', () => {
    expect(canBuy(variationDto('v', { stock: 2 }))).toBe(true);
    expect(canBuy(variationDto('v', { stock: 0 }))).toBe(false);
    expect(canBuy(variationDto('v', { fullPrice: 0 }))).toBe(false);
    expect(canBuy(null)).toBe(false);
  });
});

describe('options', () => {
  const product = productDto('p', {
    options: [optionDto('colour', ['white', 'sand']), optionDto('size', ['s', 'm'])],
    variations: [
      variationDto('white-s', { productOptionValueIds: ['white', 's'], stock: 3 }),
      variationDto('white-m', { productOptionValueIds: ['white', 'm'], stock: 0 }),
      variationDto('sand-s', { productOptionValueIds: ['sand', 's'] }),
    ],
  });

  it('tells whether a value leads to a variation in stock, out of stock or none', () => {
    const selection = { colour: 'white', size: 's' };
    expect(optionValueState(product, selection, 'size', 's')).toBe('available');
    expect(optionValueState(product, selection, 'size', 'm')).toBe('out-of-stock');
    expect(optionValueState(product, { colour: 'sand', size: 's' }, 'size', 'm')).toBe('missing');
  });

  it("writes 'title: value unit' joined by commas", () => {
    const withUnit = { ...product, options: [optionDto('colour', ['white']), { ...optionDto('size', ['s']), title: 'Waist', unit: 'in' }] };
    expect(optionsText(withUnit, { productOptionValueIds: ['white', 's'] })).toBe('colour: white, Waist: s in');
  });
});

describe('gallery and delivery', () => {
  it('lists the product images, then variation images the product lacks, each once', () => {
    const [a, b, c] = [imageDto('a'), imageDto('b'), imageDto('c')];
    const product = productDto('p', {
      images: [a, b],
      variations: [variationDto('v1', { image: b }), variationDto('v2', { image: c }), variationDto('v3')],
    });
    expect(galleryImages(product).map((image) => image.id)).toEqual(['a', 'b', 'c']);
  });

  it('shows the delivery size of spec 3.1 in kg, the variation overriding the product', () => {
    const product = productDto('p', { weight: 0.3, length: 32, width: 26, height: 3 });
    expect(shippingWeight(product, null)).toBe(0.5);
    expect(shippingWeight(product, variationDto('v', { weight: 1.25 }))).toBe(1.25);
    expect(shippingWeight(productDto('q'), null)).toBeNull();
  });

  it('keeps other query parameters and the hash when setting the variation', () => {
    expect(withVariationParam('https://shop.example/products/shirt?lang=ru&variation=old#reviews', 'new')).toBe(
      '/products/shirt?lang=ru&variation=new#reviews',
    );
  });
});

describe('buy box settings', () => {
  it('follow the ecommerce settings with the spec defaults', () => {
    expect(buyBoxSettings(null)).toEqual({
      siteType: 'ecommerce',
      showPriceFrom: false,
      skuIsShow: false,
      showPriceForOutOfStock: true,
      showQuantity: true,
      fastOrder: { isShow: false, text: '' },
      // the main picture's size follows ecommerce.previewSizeInItem (1x1 by default)
      mainImage: { width: 680, height: 680 },
    });
    const settings = {
      common: { type: 'services' },
      ecommerce: {
        showPriceFrom: true,
        skuIsShow: true,
        showPriceForOutOfStock: false,
        showQuantity: false,
        fastOrder: { isShow: true, text: 'Order now' },
      },
    } as unknown as ShopConfigDto;
    expect(buyBoxSettings(settings)).toEqual({
      siteType: 'services',
      showPriceFrom: true,
      skuIsShow: true,
      showPriceForOutOfStock: false,
      showQuantity: false,
      fastOrder: { isShow: true, text: 'Order now' },
      mainImage: { width: 680, height: 680 },
    });
  });

  it('show the quantity unless it is switched off', () => {
    expect(['always', true, undefined].map(isQuantityShown)).toEqual([true, true, true]);
    expect([false, 'never', 'none'].map(isQuantityShown)).toEqual([false, false, false]);
  });
});
