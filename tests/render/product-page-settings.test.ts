import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import ProductView from '../../src/components/product/ProductView.astro';
import { mainImageSize, type DeliveryZone } from '../../src/islands/product/product-view';
import type { ProductDto } from '../../src/lib/api-client';
import { pageContext, shopConfig } from '../helpers/chrome-fixtures';
import { imageDto, productDto, variationDto } from '../unit/fixtures/products';
import { texts } from './section-fixtures';
import { product as listed } from './widget-fixtures';

/**
 * The product page's settings (issue 9): ecommerce.template, previewSizeInItem, productWidgetRelatedPosition
 * and productDetails.templateInProductCard each change the rendered page; the defaults keep today's page.
 */

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
  container.addServerRenderer({ renderer: reactRenderer, name: '@astrojs/react' });
  container.addClientRenderer({ name: '@astrojs/react', entrypoint: '@astrojs/react/client.js' });
});

const shirt: ProductDto = productDto('shirt', {
  title: 'Linen shirt',
  description: '<p>Soft washed linen.</p>',
  properties: [
    { title: 'Material', value: 'Linen' },
    { title: 'Fit', value: 'Loose' },
  ],
  images: [imageDto('shirt-img')],
  imagePreview: imageDto('shirt-img'),
  variations: [variationDto('shirt-v', { default: true, image: imageDto('shirt-img'), stock: 4, fullPrice: 69 })],
});
const related = [listed({ slug: 'scarf', title: 'Wool scarf' }), listed({ slug: 'belt', title: 'Leather belt' })];

async function render(ecommerce: Record<string, unknown> = {}, product: ProductDto = shirt, delivery: DeliveryZone | null = null) {
  const html = await container.renderToString(ProductView, {
    props: {
      ctx: pageContext(shopConfig({ ecommerce })),
      product,
      heading: product.title,
      initialVariationId: product.variations[0]?.id ?? null,
      related,
      similar: [],
      reviews: { items: [], hasMore: false },
      delivery,
    },
    request: new Request(`https://shop.test/products/${product.slug}`),
  });
  return new JSDOM(html).window.document;
}

const article = (document: Document) => document.querySelector<HTMLElement>('article.product-page-layout')!;

describe('ecommerce.template', () => {
  it('default: gallery left of the buy box; galleryRight and galleryTop mark the page for their layouts', async () => {
    const plain = article(await render());
    expect(plain.classList.contains('product-page--default')).toBe(true);
    expect(plain.querySelector('.product-main .product-gallery + .product-buy')).not.toBeNull();
    for (const template of ['galleryRight', 'galleryTop']) {
      const page = article(await render({ template }));
      expect(page.classList.contains(`product-page--${template}`)).toBe(true);
      expect(page.dataset['template']).toBe(template);
    }
    expect(article(await render({ template: 'sideways' })).classList.contains('product-page--default')).toBe(true);
  });
});

describe('ecommerce.previewSizeInItem', () => {
  const mainImage = (document: Document) => document.querySelector('.product-gallery__main img')!;

  it('requests the main picture in the proportions of the setting and sets them on the gallery', async () => {
    const square = await render();
    expect(mainImage(square).getAttribute('width')).toBe('680');
    expect(mainImage(square).getAttribute('height')).toBe('680');
    expect(square.querySelector('.product-main')!.getAttribute('style')).toContain('--product-image-ratio:680 / 680');

    const portrait = await render({ previewSizeInItem: '3x4' });
    expect(mainImage(portrait).getAttribute('height')).toBe('907');
    expect(mainImage(portrait).getAttribute('src')).toContain('w=680&h=907');
    expect(portrait.querySelector('.product-main')!.getAttribute('style')).toContain('--product-image-ratio:680 / 907');

    const landscape = await render({ previewSizeInItem: '4x3' });
    expect(mainImage(landscape).getAttribute('height')).toBe('510');

    const custom = await render({ previewSizeInItem: 'custom', previewCustomSizeInItem: { width: 1000, height: 1500 } });
    expect(mainImage(custom).getAttribute('height')).toBe('1020');
  });

  it('keeps custom proportions within bounds', () => {
    expect(
      mainImageSize(shopConfig({ ecommerce: { previewSizeInItem: 'custom', previewCustomSizeInItem: { width: 1, height: 5000 } } })),
    ).toEqual({ width: 680, height: 2720 });
    expect(mainImageSize(null)).toEqual({ width: 680, height: 680 });
  });
});

describe('ecommerce.productWidgetRelatedPosition', () => {
  it('bottom: related products in a row below the product; side: in a column beside the details', async () => {
    const below = await render();
    expect(below.querySelector('.product-page__aside')).toBeNull();
    const row = below.querySelector('#related-products')!.closest('.product-shelf')!;
    expect(row.parentElement!.matches('article.product-page-layout')).toBe(true);
    expect(texts(row, '.product-card__title')).toEqual(['Wool scarf', 'Leather belt']);

    const beside = await render({ productWidgetRelatedPosition: 'side' });
    const aside = beside.querySelector('.product-page__columns > aside.product-page__aside')!;
    expect(texts(aside, '.product-card__title')).toEqual(['Wool scarf', 'Leather belt']);
    expect(aside.querySelector('astro-island')).toBeNull();
    expect(beside.querySelectorAll('#related-products')).toHaveLength(1);
    expect(beside.querySelector('.product-page__columns > .product-page__main .product-details')).not.toBeNull();
  });
});

describe('ecommerce.productDetails.templateInProductCard', () => {
  it('default: the description and the properties shown plainly side by side', async () => {
    const document = await render();
    const details = document.querySelector('.product-details')!;
    expect(details.querySelector('details, [role=tablist]')).toBeNull();
    expect(texts(details, '.product-section__title')).toEqual(['Description', 'Details']);
    expect(details.querySelector('.product-details__side #product-properties')).not.toBeNull();
  });

  it('details: each in a collapsible <details>, the description open', async () => {
    const document = await render({ productDetails: { templateInProductCard: 'details' } });
    const collapsibles = [...document.querySelectorAll<HTMLDetailsElement>('.product-details details.product-collapsible')];
    expect(collapsibles.map((d) => d.querySelector('summary')!.textContent?.trim())).toEqual(['Description', 'Details']);
    expect(collapsibles.map((d) => d.hasAttribute('open'))).toEqual([true, false]);
    expect(texts(collapsibles[1]!, 'dd')).toEqual(['Linen', 'Loose']);
  });

  it('details: delivery (the home zone rates and the shipping policy) and returns are collapsibles too', async () => {
    const zone: DeliveryZone = {
      title: 'United States',
      rates: [
        {
          id: 'free',
          title: 'Free standard shipping',
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
          title: 'Standard shipping',
          kind: 'flat',
          price: 7.99,
          minOrderAmount: null,
          maxOrderAmount: 99.99,
          minWeight: null,
          maxWeight: 20,
          speed: '5_days',
        },
        {
          id: 'freight',
          title: 'Freight',
          kind: 'by_manager',
          price: 0,
          minOrderAmount: null,
          maxOrderAmount: null,
          minWeight: 20,
          maxWeight: null,
          speed: null,
        },
      ],
    };
    const document = await render(
      {
        productDetails: { templateInProductCard: 'details' },
        shippingPolicy: '<p>Ships in 2 days.</p>',
        refundPolicy: '<p>30 days to return.</p>',
      },
      shirt,
      zone,
    );
    const collapsibles = [...document.querySelectorAll<HTMLDetailsElement>('.product-details details.product-collapsible')];
    expect(collapsibles.map((d) => d.querySelector('summary')!.textContent?.trim())).toEqual([
      'Description',
      'Details',
      'Shipping',
      'Returns',
    ]);
    expect(collapsibles.map((d) => d.hasAttribute('open'))).toEqual([true, false, false, false]);
    expect([...collapsibles[2]!.querySelectorAll('li')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Free standard shipping Free delivery from $100 about a week',
      'Standard shipping $7.99 5 days',
      'Freight Price set by the manager',
    ]);
    expect(collapsibles[2]!.querySelector('.rich-text')?.textContent).toBe('Ships in 2 days.');
    expect(document.querySelector('.product-details__side')).toBeNull();
  });

  it('tabs: a tab list with one panel each (all shown until the script runs)', async () => {
    const document = await render({ productDetails: { templateInProductCard: 'tabs' } });
    const root = document.querySelector<HTMLElement>('[data-product-tabs]')!;
    const tabs = [...root.querySelectorAll('[role=tablist] [role=tab]')];
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Description', 'Details']);
    expect(tabs.map((tab) => tab.getAttribute('aria-controls'))).toEqual(['product-panel-description', 'product-panel-properties']);
    const panels = [...root.querySelectorAll<HTMLElement>('[role=tabpanel]')];
    expect(panels.map((panel) => panel.id)).toEqual(['product-panel-description', 'product-panel-properties']);
    expect(panels.some((panel) => panel.hidden)).toBe(false);

    // a product with only a description gets no tabs
    const single = await render({ productDetails: { templateInProductCard: 'tabs' } }, { ...shirt, properties: [] });
    expect(single.querySelector('[role=tablist]')).toBeNull();
    expect(texts(single, '.product-details .product-section__title')).toEqual(['Description']);
  });
});
