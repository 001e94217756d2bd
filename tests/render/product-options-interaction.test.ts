// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickShopTexts } from '../../src/components/product/pick-shop-texts';
import ProductBuyBox from '../../src/islands/product/ProductBuyBox';
import { BUY_BOX_TEXT_KEYS } from '../../src/islands/product/product-texts';
import type { OptionDto } from '../../src/lib/api-client';
import { productDto, variationDto } from '../unit/fixtures/products';

/** Choosing in the option radio groups (spec 4): a value that makes no variation keeps the choice and says why. */
const colour: OptionDto = {
  id: 'colour',
  title: 'Colour',
  type: 'string',
  view: 'color',
  unit: '',
  values: [
    { id: 'white', title: 'White', value: '#fff' },
    { id: 'black', title: 'Black', value: '#000' },
  ],
};
const size: OptionDto = { id: 'size', title: 'Size', type: 'string', view: 'select', unit: 'EU', values: [39, 42].map((n) => ({ id: `s${n}`, title: String(n), value: null })) };
// no black 39
const shoe = productDto('shoe', {
  title: 'Canvas sneaker',
  options: [colour, size],
  variations: [
    variationDto('white-39', { productOptionValueIds: ['white', 's39'], default: true, fullPrice: 80, stock: 5 }),
    variationDto('white-42', { productOptionValueIds: ['white', 's42'], fullPrice: 90, stock: 5 }),
    variationDto('black-42', { productOptionValueIds: ['black', 's42'], fullPrice: 95, stock: 5 }),
  ],
});

let host: HTMLElement;
let root: Root;
beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root.render(
      createElement(ProductBuyBox, {
        product: shoe,
        heading: 'Canvas sneaker',
        initialVariationId: 'white-39',
        lang: 'en',
        texts: pickShopTexts('en', BUY_BOX_TEXT_KEYS),
        money: { currency: 'USD', separator: 'comma' },
        settings: { siteType: 'ecommerce', showPriceFrom: false, skuIsShow: false, showPriceForOutOfStock: true, showQuantity: true, fastOrder: { isShow: false, text: '' } },
      }),
    );
  });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const radio = (value: string) => host.querySelector<HTMLInputElement>(`input[type=radio][value="${value}"]`)!;
const price = () => host.querySelector('[data-testid="product-price"]')?.textContent;

describe('the option radio groups', () => {
  it('choose the variation by a size button', async () => {
    expect(price()).toBe('$80');
    await act(async () => radio('s42').click());
    expect(radio('s42').checked).toBe(true);
    expect(price()).toBe('$90');
    expect(new URL(window.location.href).searchParams.get('variation')).toBe('white-42');
  });

  it('keep the choice and explain a value that makes no variation with the chosen ones', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const black = radio('black').closest('label')!;
    expect(black.classList.contains('is-missing')).toBe(true);
    expect(black.textContent).toBe('Black · Not available');
    await act(async () => radio('black').click());
    expect(error).toHaveBeenCalledWith('Incorrect variation', expect.anything());
    expect(radio('white').checked).toBe(true);
    expect(radio('black').checked).toBe(false);
    expect(price()).toBe('$80');
    expect(host.querySelector('.product-buy__notice[role="status"]')?.textContent).toBe(
      'Colour Black is not available with 39 EU. Choose another Colour or change the other options first.',
    );
    // a size that fits takes the notice away
    await act(async () => radio('s42').click());
    expect(host.querySelector('.product-buy__notice')?.textContent).toBe('');
    error.mockRestore();
  });
});
