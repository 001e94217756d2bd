import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { JSDOM } from 'jsdom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ProductBuyBox from '../../src/components/product/ProductBuyBox.astro';
import type { BuyBoxSettings } from '../../src/islands/product/product-view';
import type { OptionDto, ProductDto } from '../../src/lib/api-client';
import { imageDto, productDto, variationDto } from '../unit/fixtures/products';

// the modal root (React) loads on the first add; its store is what the buy box sets
vi.mock('../../src/islands/mount-modals', () => ({ mountModals: () => {} }));

/**
 * The buy box in the browser: the server's markup (ProductBuyBox.astro) enhanced by its script
 * (islands/product/buy-box.ts). Choosing in the option radio groups (spec 4): a value that makes no
 * variation keeps the choice and says why; the price, stock, actions and address follow the choice.
 */
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
const size: OptionDto = {
  id: 'size',
  title: 'Size',
  type: 'string',
  view: 'select',
  unit: 'EU',
  values: [39, 42].map((n) => ({ id: `s${n}`, title: String(n), value: null })),
};
// no black 39; black 42 is sold out, white 42 has its last 2 pieces
const shoe = productDto('shoe', {
  title: 'Canvas sneaker',
  images: [imageDto('white-img'), imageDto('black-img')],
  options: [colour, size],
  variations: [
    variationDto('white-39', {
      productOptionValueIds: ['white', 's39'],
      default: true,
      fullPrice: 80,
      stock: 5,
      image: imageDto('white-img'),
    }),
    variationDto('white-42', { productOptionValueIds: ['white', 's42'], fullPrice: 90, stock: 2 }),
    variationDto('black-42', { productOptionValueIds: ['black', 's42'], fullPrice: 95, stock: 0, image: imageDto('black-img') }),
  ],
});
const settings: BuyBoxSettings = {
  siteType: 'ecommerce',
  showPriceFrom: false,
  skuIsShow: false,
  showPriceForOutOfStock: true,
  showQuantity: true,
  fastOrder: { isShow: false, text: '' },
};

/**
 * The server render needs Astro's node environment (the container), the script a browser: a jsdom window
 * stands in for it, its globals set before the script and the stores are loaded.
 */
const dom = new JSDOM('<!doctype html><body></body>', { url: 'https://shop.test/products/shoe' });
const BROWSER_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'Node',
  'Element',
  'HTMLElement',
  'HTMLInputElement',
  'HTMLSelectElement',
  'Option',
  'Event',
  'KeyboardEvent',
  'FocusEvent',
] as const;
for (const name of BROWSER_GLOBALS) vi.stubGlobal(name, dom.window[name]);
const { enhanceBuyBoxes } = await import('../../src/islands/product/buy-box');
const { $cart } = await import('../../src/stores/cart');
const { $modal } = await import('../../src/stores/modal');
const { window } = dom;
const { document } = window;

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

let host: HTMLElement;
async function mount(product: ProductDto = shoe, initialVariationId = 'white-39') {
  host = document.createElement('div');
  host.innerHTML = await container.renderToString(ProductBuyBox, {
    props: { product, heading: product.title, initialVariationId, lang: 'en', money: { currency: 'USD', separator: 'comma' }, settings },
  });
  document.body.append(host);
  enhanceBuyBoxes();
}
beforeEach(async () => {
  window.history.replaceState(null, '', '/products/shoe');
  $cart.set({ ...$cart.get(), list: [] });
  $modal.set({ isOpen: false, isClosing: false, type: '', details: {} });
  await mount();
});
afterEach(() => host.remove());

const radio = (value: string) => host.querySelector<HTMLInputElement>(`input[type=radio][value="${value}"]`)!;
const price = () => host.querySelector('[data-testid="product-price"]')?.textContent;
const quantityInput = () => host.querySelector<HTMLInputElement>('.product-buy__actions input[aria-label="Quantity"]')!;

describe('the option radio groups', () => {
  it('choose the variation by a size button', () => {
    expect(host.querySelector('[data-buy-box]')?.hasAttribute('data-buy-box-ready')).toBe(true);
    expect(price()).toBe('$80');
    radio('s42').click();
    expect(radio('s42').checked).toBe(true);
    expect(price()).toBe('$90');
    expect(new URL(window.location.href).searchParams.get('variation')).toBe('white-42');
    expect(host.querySelector('.stock-label')?.textContent).toBe('Only 2 left');
    expect(host.querySelector('#option-size-label')?.textContent?.replace(/\s+/g, ' ').trim()).toBe('Size: 42 EU');
  });

  it('keep the choice and explain a value that makes no variation with the chosen ones', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const black = radio('black').closest('label')!;
    expect(black.classList.contains('is-missing')).toBe(true);
    expect(black.textContent).toBe('Black · Not available');
    radio('black').click();
    expect(error).toHaveBeenCalledWith('Incorrect variation', expect.anything());
    expect(radio('white').checked).toBe(true);
    expect(radio('black').checked).toBe(false);
    expect(price()).toBe('$80');
    expect(host.querySelector('.product-buy__notice[role="status"]')?.textContent).toBe(
      'Colour Black is not available with 39 EU. Choose another Colour or change the other options first.',
    );
    // a size that fits takes the notice away, and black becomes choosable, marked sold out
    radio('s42').click();
    expect(host.querySelector('.product-buy__notice')?.textContent).toBe('');
    expect(black.classList.contains('is-out-of-stock')).toBe(true);
    expect(black.textContent).toBe('Black · Out of stock');
    expect(radio('black').hasAttribute('aria-disabled')).toBe(false);
    error.mockRestore();
  });

  it('turn a sold-out choice into a disabled button without the stepper and the sticky bar, and back', () => {
    radio('s42').click();
    radio('black').click();
    expect(new URL(window.location.href).searchParams.get('variation')).toBe('black-42');
    expect(host.querySelector('.stock-label')?.textContent).toBe('Out of stock');
    const button = host.querySelector<HTMLButtonElement>('.product-buy__actions button')!;
    expect([button.textContent, button.disabled]).toEqual(['Out of stock', true]);
    expect(host.querySelector('.shop-quantity')).toBeNull();
    expect(host.querySelector('[data-testid="sticky-buy-bar"]')).toBeNull();
    // the variation's picture is shown and its thumbnail pressed
    expect(host.querySelector('.product-gallery__main img')?.getAttribute('src')).toContain('black-img');
    expect(host.querySelector('.product-gallery__thumb[aria-pressed="true"]')?.getAttribute('data-image-id')).toBe('black-img');
    radio('white').click();
    expect(host.querySelector('.product-buy__actions button:not(.shop-quantity__step)')?.textContent).toBe('Add to cart');
    expect(host.querySelector<HTMLElement>('[data-testid="sticky-buy-bar"]')?.hidden).toBe(true);
  });

  it('choose the variation of a thumbnail', () => {
    host.querySelector<HTMLButtonElement>('.product-gallery__thumb[data-image-id="black-img"]')!.click();
    expect(new URL(window.location.href).searchParams.get('variation')).toBe('black-42');
    expect(radio('black').checked).toBe(true);
    expect(price()).toBe('$95');
  });
});

describe('an option of more than 8 values', () => {
  it('is a drop-down that chooses the variation, its values marked sold out as the other choices change', async () => {
    const sizes = { ...size, values: Array.from({ length: 9 }, (_, i) => ({ id: `s${39 + i}`, title: String(39 + i), value: null })) };
    host.remove();
    await mount({ ...shoe, options: [colour, sizes] });
    const select = host.querySelector<HTMLSelectElement>('select#option-size')!;
    expect(select.value).toBe('s39');
    select.value = 's42';
    select.dispatchEvent(new window.Event('change', { bubbles: true }));
    expect(new URL(window.location.href).searchParams.get('variation')).toBe('white-42');
    expect(price()).toBe('$90');
    radio('black').click();
    expect(price()).toBe('$95');
    expect([...select.options].filter((o) => ['s39', 's42'].includes(o.value)).map((o) => [o.textContent, o.selected])).toEqual([
      ['39 EU', false],
      ['42 EU · Out of stock', true],
    ]);
  });
});

describe('quantity and add to cart', () => {
  it('step and take typed quantities on Enter, and put them in the cart with the add-to-cart drawer', () => {
    const [decrease, increase] = host.querySelectorAll<HTMLButtonElement>('.shop-quantity__step');
    expect(decrease!.disabled).toBe(true);
    increase!.click();
    expect(quantityInput().value).toBe('2');
    expect(decrease!.disabled).toBe(false);
    quantityInput().value = '4';
    quantityInput().dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(quantityInput().value).toBe('4');
    quantityInput().value = 'x';
    quantityInput().dispatchEvent(new window.FocusEvent('focusout', { bubbles: true }));
    expect(quantityInput().value).toBe('4');

    host.querySelector<HTMLButtonElement>('.product-buy__actions [data-add-to-cart]')!.click();
    expect($cart.get().list.map((item) => [item.variationId, item.quantity])).toEqual([['white-39', 4]]);
    expect($modal.get().type).toBe('AddToCart');
    expect(($modal.get().details as { item: { quantity: number } }).item.quantity).toBe(4);
    expect(host.querySelector('.product-buy__in-cart a')?.textContent).toBe('In your cart: 4');

    // more than the stock: the stock error instead
    host.querySelector<HTMLButtonElement>('[data-testid="sticky-buy-bar"] [data-add-to-cart]')!.click();
    expect($modal.get().type).toBe('AddToCartStockError');
    expect($cart.get().list.map((item) => item.quantity)).toEqual([4]);
  });
});
