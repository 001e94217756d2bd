import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { JSDOM } from 'jsdom';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import ProductBuyBox from '../../src/components/product/ProductBuyBox.astro';
import AddToCart from '../../src/islands/modals/types/AddToCart';
import AddToCartStockError from '../../src/islands/modals/types/AddToCartStockError';
import type { BuyBoxSettings, DeliveryZone } from '../../src/islands/product/product-view';
import type { MoneyFormat } from '../../src/islands/shop/money';
import type { OptionDto, ProductDto } from '../../src/lib/api-client';
import type { Language } from '../../src/lib/localize';
import type { ProductVideoDto } from '../../src/contract/storefront/catalog';
import { imageDto, productDto, variationDto } from '../unit/fixtures/products';

const money: MoneyFormat = { currency: 'USD', separator: 'comma' };
const settings: BuyBoxSettings = {
  siteType: 'ecommerce',
  showPriceFrom: false,
  skuIsShow: true,
  showPriceForOutOfStock: true,
  showQuantity: true,
  fastOrder: { isShow: false, text: '' },
};

const colour: OptionDto = {
  id: 'colour',
  title: 'Colour',
  type: 'string',
  view: 'color',
  unit: '',
  values: [
    { id: 'white', title: 'White', value: '#f1eee8' },
    { id: 'sand', title: 'Sand', value: '#d2b98f' },
  ],
};
const size: OptionDto = {
  id: 'size',
  title: 'Size',
  type: 'string',
  view: 'select',
  unit: '',
  values: [
    { id: 's', title: 'S', value: null },
    { id: 'm', title: 'M', value: null },
  ],
};

const shirt = productDto('shirt', {
  title: 'Linen shirt',
  images: [imageDto('white-img'), imageDto('sand-img')],
  options: [colour, size],
  variations: [
    variationDto('white-s', {
      productOptionValueIds: ['white', 's'],
      default: true,
      sku: 'NF-W-S',
      fullPrice: 1069,
      image: imageDto('white-img'),
      stock: 12,
    }),
    variationDto('white-m', { productOptionValueIds: ['white', 'm'], sku: 'NF-W-M', fullPrice: 69, discountPrice: 55, stock: 3 }),
    variationDto('sand-s', { productOptionValueIds: ['sand', 's'], sku: 'NF-S-S', fullPrice: 69, image: imageDto('sand-img'), stock: 0 }),
    variationDto('sand-m', { productOptionValueIds: ['sand', 'm'], sku: 'NF-S-M', fullPrice: 0 }),
  ],
});

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

/** The buy box as the server renders it (components/product/ProductBuyBox.astro). */
async function render(
  overrides: {
    product?: ProductDto;
    variation?: string | null;
    settings?: Partial<BuyBoxSettings>;
    lang?: Language;
    delivery?: DeliveryZone;
    video?: ProductVideoDto;
  } = {},
): Promise<HTMLElement> {
  const html = await container.renderToString(ProductBuyBox, {
    props: {
      product: overrides.product ?? shirt,
      heading: 'Linen shirt',
      initialVariationId: overrides.variation === undefined ? 'white-s' : overrides.variation,
      lang: overrides.lang ?? 'en',
      money,
      settings: { ...settings, ...overrides.settings },
      delivery: overrides.delivery ?? null,
      video: overrides.video ?? null,
    },
  });
  return new JSDOM(`<!doctype html><body>${html}</body>`).window.document.body;
}

const text = (root: ParentNode, selector: string) => root.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;

describe('the product video in the gallery', () => {
  it('comes after the pictures, the chosen variation first: its preview under a play mark; the player only once chosen', async () => {
    const video: ProductVideoDto = {
      source: 'youtube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      pageUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      previewImage: null,
      thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    };
    const box = await render({ variation: 'sand-s', video, lang: 'ru' });
    const thumbs = [...box.querySelectorAll<HTMLButtonElement>('.product-gallery__thumb')];
    expect(thumbs.map((thumb) => thumb.dataset['imageId'] ?? 'video')).toEqual(['sand-img', 'white-img', 'video']);
    const last = thumbs.at(-1)!;
    expect(last.hasAttribute('data-gallery-video')).toBe(true);
    expect(last.getAttribute('aria-pressed')).toBe('false');
    expect(last.textContent?.trim()).toBe('Смотреть видео о товаре');
    expect(last.querySelector('img')?.getAttribute('src')).toBe(video.thumbnailUrl);
    expect(last.querySelector('.product-gallery__play-mark')).not.toBeNull();
    const stage = box.querySelector<HTMLElement>('[data-gallery-stage]')!;
    expect(stage.hidden).toBe(true);
    expect(stage.querySelector<HTMLElement>('[data-video="default"]')!.dataset['embedUrl']).toBe(video.embedUrl);
    expect(box.querySelector('iframe, video')).toBeNull();
  });

  it('has no video thumbnail without a video', async () => {
    const box = await render();
    expect(box.querySelector('[data-gallery-video], [data-gallery-stage]')).toBeNull();
  });
});

describe('the product buy box', async () => {
  it('shows the chosen variation: title, price with grouping, stock, SKU and its image', async () => {
    const box = await render();
    expect(text(box, 'h1')).toBe('Linen shirt');
    expect(text(box, '[data-testid="product-price"]')).toBe('$1,069');
    expect(text(box, '.stock-label')).toBe('In stock');
    expect(text(box, '[data-testid="product-sku"]')).toBe('NF-W-S');
    expect(box.querySelector('.product-gallery__main img')?.getAttribute('src')).toContain('/uploads/white-img.jpg?w=680&h=680');
    expect(box.querySelector('.product-gallery__thumb[aria-pressed="true"] img')?.getAttribute('src')).toContain('white-img');
  });

  it('shows the old price and the discount amount of a discounted variation, and the last pieces', async () => {
    const box = await render({ variation: 'white-m' });
    expect(text(box, '.shop-price__current')).toBe('$55');
    expect(text(box, '.shop-price__old')).toBe('Old price: $69');
    expect(text(box, '.product-buy__discount')).toBe('You save $14');
    expect(text(box, '.stock-label')).toBe('Only 3 left');
  });

  it("adds the 'from' prefix when configured", async () => {
    expect(text(await render({ settings: { showPriceFrom: true } }), '.shop-price__current')).toBe('from $1,069');
  });

  it('asks for the price of a zero-priced variation with an enquiry button instead of add to cart', async () => {
    const box = await render({ variation: 'sand-m' });
    expect(text(box, '[data-testid="product-price"]')).toBe('Price on request');
    const request = box.querySelector<HTMLButtonElement>('.product-buy__actions [data-lead-form]');
    expect(request?.dataset['productId']).toBe('shirt');
    expect(box.querySelector('.shop-quantity')).toBeNull();
  });

  it('says nothing of stock for a price on request and offers its one enquiry button, the fast order left out', async () => {
    const box = await render({ variation: 'sand-m', settings: { fastOrder: { isShow: true, text: 'Quick order' } } });
    expect(box.querySelector('.stock-label')).toBeNull();
    expect(box.querySelector<HTMLButtonElement>('.product-buy__fast-order')?.hidden).toBe(true);
    const visibleEnquiries = [...box.querySelectorAll<HTMLButtonElement>('[data-lead-form]')].filter((button) => !button.hidden);
    expect(visibleEnquiries.map((button) => button.textContent)).toEqual(['Request a price']);
    const priced = await render({ variation: 'white-m', settings: { fastOrder: { isShow: true, text: 'Quick order' } } });
    expect(priced.querySelector<HTMLButtonElement>('.product-buy__fast-order')?.hidden).toBe(false);
  });

  it('offers no add to cart for a sold-out variation and hides its price when the shop says so', async () => {
    const box = await render({ variation: 'sand-s' });
    expect(text(box, '.stock-label')).toBe('Out of stock');
    expect(box.querySelector<HTMLButtonElement>('.product-buy__actions button')?.disabled).toBe(true);
    expect(text(box, '[data-testid="product-price"]')).toBe('$69');
    expect(text(await render({ variation: 'sand-s', settings: { showPriceForOutOfStock: false } }), '[data-testid="product-price"]')).toBe(
      '',
    );
  });

  it('hides the SKU and the quantity when the settings say so', async () => {
    const box = await render({ settings: { skuIsShow: false, showQuantity: false } });
    expect(box.querySelector('[data-testid="product-sku"]')).toBeNull();
    expect(box.querySelector('.shop-quantity')).toBeNull();
    expect(box.querySelector('.product-buy__actions button')?.textContent).toBe('Add to cart');
  });

  it('renders colour swatches and, for a drop-down option of few values, buttons: radio groups marking sold-out values', async () => {
    const box = await render();
    const groups = [...box.querySelectorAll('fieldset.product-option[role="radiogroup"]')];
    expect(
      groups.map((g) =>
        box
          .querySelector(`#${g.getAttribute('aria-labelledby')}`)
          ?.textContent?.replace(/\s+/g, ' ')
          .trim(),
      ),
    ).toEqual(['Colour: White', 'Size: S']);
    const swatches = [...box.querySelectorAll<HTMLLabelElement>('label.swatch')];
    expect(
      swatches.map((s) => [
        s.textContent,
        s.querySelector<HTMLInputElement>('input[type=radio]')!.checked,
        s.style.getPropertyValue('--swatch'),
      ]),
    ).toEqual([
      ['White', true, '#f1eee8'],
      ['Sand · Out of stock', false, '#d2b98f'],
    ]);
    const sizes = [...box.querySelectorAll<HTMLLabelElement>('label.option-button')];
    expect(
      sizes.map((b) => [
        b.textContent,
        b.querySelector<HTMLInputElement>('input')!.checked,
        b.querySelector<HTMLInputElement>('input')!.name,
      ]),
    ).toEqual([
      ['S', true, 'option-size'],
      ['M', false, 'option-size'],
    ]);
    expect(box.querySelector('select')).toBeNull();
  });

  it('keeps the drop-down for an option of more than 8 values and marks values that make no variation', async () => {
    const many = {
      ...size,
      values: Array.from({ length: 9 }, (_, i) => ({ id: i < 2 ? ['s', 'm'][i]! : `x${i}`, title: `V${i}`, value: null })),
    };
    const select = (await render({ product: { ...shirt, options: [colour, many] } })).querySelector<HTMLSelectElement>(
      'select#option-size',
    )!;
    expect([...select.options].slice(0, 3).map((o) => [o.textContent, o.selected])).toEqual([
      ['V0', true],
      ['V1', false],
      ['V2', false],
    ]);
    // sand-s is sold out and there is no white L: both struck through, the missing one marked unavailable
    const withL = { ...shirt, options: [colour, { ...size, values: [...size.values, { id: 'l', title: 'L', value: null }] }] };
    const l = (await render({ product: withL })).querySelector<HTMLLabelElement>('label.option-button:last-child')!;
    expect(l.classList.contains('is-missing')).toBe(true);
    expect(l.textContent).toBe('L · Not available');
    expect(l.querySelector('input')!.getAttribute('aria-disabled')).toBe('true');
  });

  it('renders button options for the buttons view', async () => {
    const buttons = { ...shirt, options: [colour, { ...size, view: 'radio', unit: 'EU' }] };
    const box = await render({ product: buttons });
    expect([...box.querySelectorAll('.option-button')].map((b) => [b.textContent, b.querySelector('input')!.checked])).toEqual([
      ['S EU', true],
      ['M EU', false],
    ]);
  });

  it('shows the fast-order button with the product id when configured', async () => {
    const box = await render({ settings: { fastOrder: { isShow: true, text: 'Quick order' } } });
    const fast = box.querySelector<HTMLButtonElement>('.product-buy__fast-order')!;
    expect(fast.textContent).toBe('Quick order');
    expect(fast.hasAttribute('data-lead-form')).toBe(true);
    expect(fast.dataset['productId']).toBe('shirt');
    expect((await render()).querySelector('.product-buy__fast-order')).toBeNull();
  });

  it('says add to order for the order-taking site type and speaks Russian', async () => {
    expect((await render({ settings: { siteType: 'services' } })).querySelector('.product-buy__actions > button')?.textContent).toBe(
      'Add to order',
    );
    const ru = await render({ lang: 'ru' });
    expect(text(ru, '.stock-label')).toBe('В наличии');
    expect(ru.querySelector('.product-buy__actions > button')?.textContent).toBe('В корзину');
  });

  it('quotes delivery from the home zone instead of the shipping weight', async () => {
    const rates = [
      {
        id: 'free',
        title: 'Free',
        kind: 'free',
        price: 0,
        minOrderAmount: 100,
        maxOrderAmount: null,
        minWeight: null,
        maxWeight: 20,
        speed: '1_week',
      },
      {
        id: 'std',
        title: 'Standard',
        kind: 'flat',
        price: 7.99,
        minOrderAmount: null,
        maxOrderAmount: 99.99,
        minWeight: null,
        maxWeight: 20,
        speed: '5_days',
      },
      {
        id: 'exp',
        title: 'Express',
        kind: 'flat',
        price: 19.99,
        minOrderAmount: null,
        maxOrderAmount: null,
        minWeight: null,
        maxWeight: 10,
        speed: '1_day',
      },
    ];
    const delivery = { title: 'United States', rates };
    const cheap = { ...shirt, variations: shirt.variations.map((v) => ({ ...v, price: 69 })) };
    expect(text(await render({ product: cheap, delivery }), '[data-testid="delivery-estimate"]')).toBe(
      'Delivery from $7.99 · free from $100 (United States)',
    );
    expect(text(await render({ product: cheap, delivery, lang: 'ru' }), '[data-testid="delivery-estimate"]')).toBe(
      'Доставка от $7.99 · бесплатно от $100 (United States)',
    );
    // the $1,069 variation ships free
    expect(text(await render({ delivery }), '[data-testid="delivery-estimate"]')).toBe('Free delivery (United States)');
    expect((await render()).querySelector('[data-testid="delivery-estimate"]')).toBeNull();
    expect((await render()).querySelector('.product-buy__weight')).toBeNull();
  });

  it('puts the stars and the review count beside the title, linking to the reviews', async () => {
    const link = (await render({ product: { ...shirt, reviewCount: 12, rating: 4.75 } })).querySelector<HTMLAnchorElement>(
      '.product-buy__reviews',
    )!;
    expect(link.getAttribute('href')).toBe('#reviews');
    expect(link.querySelector('.visually-hidden')?.textContent).toBe('Rated 4.8 of 5, 12 reviews');
    expect(link.hasAttribute('aria-label')).toBe(false);
    expect(link.querySelector<HTMLElement>('.product-stars')!.style.getPropertyValue('--rating')).toBe('96%');
    expect(text(link, '.product-buy__rating')).toBe('4.8');
    expect((await render()).querySelector('.product-buy__reviews')).toBeNull();
  });

  it('has one main button and a sticky bar for phones, hidden until the main button scrolls away', async () => {
    const box = await render({ settings: { fastOrder: { isShow: true, text: 'Quick order' } } });
    const main = [...box.querySelectorAll('.product-buy button.button')].filter((b) => !b.classList.contains('button--outline'));
    expect(main.map((b) => b.textContent)).toEqual(['Add to cart']);
    const bar = box.querySelector<HTMLElement>('[data-testid="sticky-buy-bar"]')!;
    expect(bar.hidden).toBe(true);
    expect(text(bar, '.shop-price__current')).toBe('$1,069');
    expect(text(bar, 'button')).toBe('Add to cart');
    expect((await render({ variation: 'sand-s' })).querySelector('[data-testid="sticky-buy-bar"]')).toBeNull();
  });
});

describe('the add-to-cart modals', () => {
  const details = {
    lang: 'en' as const,
    money,
    item: {
      title: 'Linen shirt',
      href: '/products/shirt?variation=white-m',
      image: imageDto('white-img'),
      optionsText: 'Colour: White, Size: M',
      price: 55,
      fullPrice: 69,
      quantity: 2,
    },
  };
  const renderModal = (element: Parameters<typeof renderToString>[0]) =>
    new JSDOM(`<body>${renderToString(element)}</body>`).window.document.body;

  it('show the item with its 64x64 image, prices and quantity, and the cart wording of an ecommerce shop', () => {
    const modal = renderModal(createElement(AddToCart, { details: { ...details, siteType: 'ecommerce' }, close: () => {} }));
    expect(text(modal, 'h2')).toBe('Added to the cart');
    expect(modal.querySelector('.added-to-cart__image img')?.getAttribute('width')).toBe('64');
    expect(modal.querySelector('.added-to-cart__title')?.getAttribute('href')).toBe('/products/shirt?variation=white-m');
    expect(text(modal, '.added-to-cart__options')).toBe('Colour: White, Size: M');
    expect(text(modal, '.added-to-cart__quantity')).toBe('Quantity: 2');
    expect(text(modal, '.shop-price__current')).toBe('$55');
    expect(text(modal, '.shop-price__old')).toBe('Old price: $69');
    // the drawer's back and view-cart buttons (the add-to-cart modal's, spec 2.7)
    expect(text(modal, '.cart-drawer__actions button')).toBe('Continue shopping');
    expect(modal.querySelector('.cart-drawer__actions a.button--outline')?.getAttribute('href')).toBe('/cart');
    expect(text(modal, '.cart-drawer__actions a.button--outline')).toBe('Go to the cart');
  });

  it('use the order label for the order-taking site type and price on request for zero prices', () => {
    const modal = renderModal(
      createElement(AddToCart, { details: { ...details, siteType: 'services', item: { ...details.item, price: 0 } }, close: () => {} }),
    );
    expect(text(modal, 'h2')).toBe('Added to the order');
    expect(text(modal, '.cart-drawer__actions a.button--outline')).toBe('Go to the order');
    expect(text(modal, '.shop-price')).toBe('Price on request');
  });

  it("say how many pieces are available: 'Only {count} items are available'", () => {
    const modal = renderModal(createElement(AddToCartStockError, { details: { lang: 'en', count: 3 }, close: () => {} }));
    expect(text(modal, '.stock-error__text')).toBe('Only 3 items are available');
    expect(text(modal, 'button')).toBe('Ok');
    const one = renderModal(createElement(AddToCartStockError, { details: { lang: 'en', count: 1 }, close: () => {} }));
    expect(text(one, '.stock-error__text')).toBe('Only 1 item is available');
  });
});
