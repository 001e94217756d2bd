import { describe, expect, it } from 'vitest';
import type { SectionDto } from '../../src/lib/api-client';
import { context, renderSection, renderSections, section, texts } from './section-fixtures';
import { listingData, product, renderSectionsAt, shopConfig } from './widget-fixtures';

const withData = (s: SectionDto, data: Record<string, unknown>, items?: unknown[]): SectionDto => ({
  ...s,
  data,
  ...(items ? { items: items as SectionDto['items'] } : {}),
});

describe('product widgets', () => {
  const products = [
    product({ slug: 'linen-shirt', title: 'Linen shirt', price: 79, priceFull: 99, hasDiscount: true }),
    product({ slug: 'gift-card', title: 'Gift card', price: 0, priceFull: 0 }),
    product({ slug: 'boots', title: 'Boots', price: 1250.5, priceFull: 1250.5, inStock: false }),
    product({ slug: 'lamp', title: 'Lamp', imagePreview: null }),
    product({ slug: 'mug', title: 'Mug' }),
  ];

  it('SectionProductWidget shows cards with links, titles, prices and stock', async () => {
    const root = await renderSection(
      withData(section('SectionProductWidget', { heading: { title: 'New arrivals' }, catalogSlug: 'new' }), { products }),
      context(),
    );
    expect(root?.dataset['sectionType']).toBe('SectionProductWidget');
    expect(texts(root!, 'h2')).toEqual(['New arrivals']);
    expect(texts(root!, '.product-card__title')).toEqual(['Linen shirt', 'Gift card', 'Boots', 'Lamp', 'Mug']);
    expect([...root!.querySelectorAll('.product-card__link')].map((a) => a.getAttribute('href'))).toEqual([
      '/products/linen-shirt',
      '/products/gift-card',
      '/products/boots',
      '/products/lamp',
      '/products/mug',
    ]);
    const cards = [...root!.querySelectorAll('.product-card')];
    expect(texts(cards[0]!, '.product-card__amount')).toEqual(['$79']);
    expect(texts(cards[0]!, 'del')).toEqual(['$99']);
    expect(texts(cards[1]!, '.product-card__price')).toEqual(['Price on request']);
    expect(cards[1]!.querySelector('.product-card__stock')).toBeNull();
    expect(texts(cards[2]!, '.product-card__amount')).toEqual(['$1,250.50']);
    expect(texts(cards[2]!, '.product-card__stock')).toEqual(['Out of stock']);
    expect(texts(cards[4]!, '.product-card__stock')).toEqual(['In stock']);
    expect(cards[3]!.querySelector('img')).toBeNull();
  });

  it('requests 600 x 600 listing previews; only the first row of a critical section is eager', async () => {
    const root = await renderSection(withData(section('SectionProductWidgetByItems', {}), { products }), context());
    const imgs = [...root!.querySelectorAll('.product-card img')];
    expect(imgs[0]!.getAttribute('width')).toBe('600');
    expect(imgs[0]!.getAttribute('height')).toBe('600');
    expect(imgs[0]!.getAttribute('src')).toContain('w=600&h=600&fit=outbound');
    expect(imgs[0]!.getAttribute('alt')).toBe('Linen shirt');
    // 4 desktop columns: cards 1 to 4 are the first row (card 4 has no picture)
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'lazy']);
    expect(imgs[0]!.getAttribute('fetchpriority')).toBe('high');
    expect(imgs[1]!.getAttribute('fetchpriority')).toBeNull();
  });

  it('lays the cards out in the shop default columns, or in the section template', async () => {
    const shop = context({ settings: shopConfig({ ecommerce: { defaultColumns: { desktop: 3, tablet: 2, mobile: 1 } } }) });
    const byShop = await renderSection(withData(section('SectionProductWidget', {}), { products }), shop);
    const style = byShop!.querySelector('[data-items]')!.getAttribute('style')!;
    expect(style).toContain('--items-tracks-desktop:repeat(3, minmax(0, 1fr))');
    expect(style).toContain('--items-tracks-mobile:repeat(1, minmax(0, 1fr))');
    const byTemplate = await renderSection(
      withData(
        section('SectionProductWidget', {
          template: {
            desktop: { type: 'carousel', columns: 4 },
            tablet: { type: 'carousel', columns: 2 },
            mobile: { type: 'carousel', columns: 2 },
          },
        }),
        { products },
      ),
      shop,
    );
    expect(byTemplate!.querySelector('items-carousel')).not.toBeNull();
  });

  it('prefixes prices with "from" when the shop asks for it and hides out-of-stock prices when told to', async () => {
    const shop = context({
      settings: shopConfig({
        ecommerce: { showPriceFrom: true, showPriceForOutOfStock: false, currency: 'RUB', priceFormatSeparator: 'space' },
      }),
      currency: 'RUB',
      priceSeparator: 'space',
    });
    const root = await renderSection(withData(section('SectionProductWidget', {}), { products }), shop);
    const cards = [...root!.querySelectorAll('.product-card')];
    expect(texts(cards[0]!, '.product-card__amount')).toEqual(['from 79 ₽']);
    expect(texts(cards[2]!, '.product-card__price')).toEqual(['']);
    const ru = context({ lang: 'ru', settings: shopConfig({ ecommerce: { showPriceFrom: true } }, 'ru') });
    const inRussian = await renderSection(withData(section('SectionProductWidget', {}), { products: products.slice(0, 2) }), ru);
    expect(texts(inRussian!, '.product-card__amount')[0]).toMatch(/^от /);
    expect(texts(inRussian!, '.product-card__price')[1]).toBe('Цена по запросу');
  });

  it('is left out without products, and ignores malformed data', async () => {
    expect(await renderSection(withData(section('SectionProductWidget', { heading: { title: 'None' } }), { products: [] }))).toBeNull();
    expect(await renderSection(section('SectionProductWidgetByItems', { heading: { title: 'No data' } }))).toBeNull();
    expect(await renderSection(withData(section('SectionProductWidget', {}), { products: [{ id: 1 }, 'x', null] }))).toBeNull();
  });
});

describe('SectionProductList', () => {
  const page = Array.from({ length: 3 }, (_, i) => product({ slug: `p${i + 1}`, title: `P${i + 1}` }));
  const facets = {
    price: { min: 10, max: 500 },
    properties: [{ title: 'Material', values: ['Linen', 'Wool'], counts: [0, 12] }],
    options: [{ title: 'Size', values: ['S', 'M'], counts: [3, 0] }],
  };
  const list = (data: Partial<Parameters<typeof listingData>[0]> = {}, items: unknown[] = page) =>
    withData(section('SectionProductList', {}), listingData({ total: 30, pages: 10, page: 5, limit: 3, filters: facets, ...data }), items);
  const at = (url: string, s: SectionDto, ctx = context({ settings: shopConfig() })) =>
    renderSectionsAt(url, [s], ctx).then((d) => d.getElementById(`section-${s.id}`)!);

  it('renders the page of products with page links keeping sort and filters', async () => {
    const root = await at('https://shop.example/catalogs/shirts?sort=price_asc&filter%5BminPrice%5D=20&page=5', list());
    expect(root.dataset['sectionType']).toBe('SectionProductList');
    expect(texts(root, '.product-card__title')).toEqual(['P1', 'P2', 'P3']);
    const nav = root.querySelector('nav.pagination')!;
    expect(nav.querySelector('[aria-current=page]')!.textContent).toBe('5');
    const hrefs = [...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs[0]).toBe('/catalogs/shirts?sort=price_asc&filter%5BminPrice%5D=20&page=4');
    expect(hrefs).toContain('/catalogs/shirts?sort=price_asc&filter%5BminPrice%5D=20');
    expect(hrefs.at(-1)).toBe('/catalogs/shirts?sort=price_asc&filter%5BminPrice%5D=20&page=6');
    expect(nav.querySelector('a[rel=prev]')).not.toBeNull();
    expect(nav.querySelector('a[rel=next]')).not.toBeNull();
    expect(texts(nav, '.pagination__gap')).toEqual(['…', '…']);
  });

  it('offers the sort orders, the current one marked, each from page 1', async () => {
    const root = await at('https://shop.example/catalogs/shirts?page=2', list({ sort: 'title' }));
    const sort = root.querySelector('nav.listing__sort')!;
    expect(texts(sort, '[aria-current]')).toEqual(['Name']);
    expect([...sort.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/catalogs/shirts?sort=custom',
      '/catalogs/shirts?sort=price_asc',
      '/catalogs/shirts?sort=price_desc',
    ]);
    const hidden = await at(
      'https://shop.example/catalogs/shirts',
      list(),
      context({ settings: shopConfig({ ecommerce: { showSortingInCatalog: false } }) }),
    );
    expect(hidden.querySelector('.listing__sort')).toBeNull();
  });

  it('has a GET filter form with the price range, properties and options, keeping the sort', async () => {
    const applied = { minPrice: 20, maxPrice: null, properties: [{ title: 'Material', values: ['Wool'] }], options: [] };
    const root = await at(
      'https://shop.example/catalogs/shirts?sort=price_desc&filter%5BminPrice%5D=20&page=2',
      list({ appliedFilters: applied }),
    );
    const form = root.querySelector<HTMLFormElement>('form.filters__form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/catalogs/shirts');
    expect(root.querySelector('details.filters')!.hasAttribute('open')).toBe(true);
    expect([...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => [i.name, i.value])).toEqual([
      ['sort', 'price_desc'],
    ]);
    const min = form.querySelector<HTMLInputElement>('input[name="filter[minPrice]"]')!;
    expect(min.getAttribute('value')).toBe('20');
    expect(min.getAttribute('placeholder')).toBe('10');
    expect(form.querySelector('input[name="filter[maxPrice]"]')!.getAttribute('placeholder')).toBe('500');
    const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    // each value with its count; one counted 0 is disabled unless chosen (a chosen one must stay removable)
    expect(boxes.map((b) => [b.name, b.value, b.hasAttribute('checked'), b.hasAttribute('disabled')])).toEqual([
      ['filter[properties][Material][]', 'Linen', false, true],
      ['filter[properties][Material][]', 'Wool', true, false],
      ['filter[options][Size][]', 'S', false, false],
      ['filter[options][Size][]', 'M', false, true],
    ]);
    expect(texts(form, '.filters__count')).toEqual(['(0)', '(12)', '(3)', '(0)']);
    expect(texts(form, 'legend')).toEqual(['Price', 'Material', 'Size']);
    // each facet a drop-down with its number of chosen values
    expect(texts(form, 'details.facet > summary')).toEqual(['Price1', 'Material1', 'Size']);
    // the slider spans the catalog's prices, its lower thumb at the chosen bound
    const ranges = [...form.querySelectorAll<HTMLInputElement>('[data-price-slider] input[type=range]')];
    expect(
      ranges.map((r) => [r.getAttribute('min'), r.getAttribute('max'), r.getAttribute('value'), r.getAttribute('aria-label'), r.name]),
    ).toEqual([
      ['10', '500', '20', 'Lowest price', ''],
      ['10', '500', '500', 'Highest price', ''],
    ]);
    expect(texts(form, '[data-facets-apply]')).toEqual(['Show 30 products']);
    expect(form.querySelector('a.filters__reset')!.getAttribute('href')).toBe('/catalogs/shirts?sort=price_desc');
  });

  it('shows the facets folded and without reset when none is applied; none when switched off or nothing to filter', async () => {
    const root = await at('https://shop.example/catalogs/shirts', list());
    expect([...root.querySelectorAll('details.facet')].map((d) => d.hasAttribute('open'))).toEqual([false, false, false]);
    expect(root.querySelector('.filters__reset')).toBeNull();
    const off = await at(
      'https://shop.example/catalogs/shirts',
      list(),
      context({ settings: shopConfig({ ecommerce: { filter: { enabled: false } } }) }),
    );
    expect(off.querySelector('.filters')).toBeNull();
    const flat = await at(
      'https://shop.example/catalogs/shirts',
      list({ filters: { price: { min: 5, max: 5 }, properties: [], options: [] } }),
    );
    expect(flat.querySelector('.filters')).toBeNull();
  });

  it('says when nothing matches and still offers the filters; one page has no page links', async () => {
    const root = await at('https://shop.example/catalogs/shirts?filter%5BminPrice%5D=9999', list({ total: 0, pages: 1, page: 1 }, []));
    expect(texts(root, '.listing__empty')).toEqual(['No products match']);
    expect(root.querySelector('.filters')).not.toBeNull();
    expect(root.querySelector('nav.pagination')).toBeNull();
  });

  it('counts the results, with a removable chip for every applied filter and "Clear all"', async () => {
    const applied = {
      minPrice: 20,
      maxPrice: null,
      properties: [{ title: 'Material', values: ['Wool', 'Linen'] }],
      options: [{ title: 'Size', values: ['M'] }],
    };
    const s = list({ appliedFilters: applied, total: 24 });
    const root = await at(
      'https://shop.example/catalogs/shirts?sort=price_desc&filter%5BminPrice%5D=20&filter%5Bproperties%5D%5BMaterial%5D%5B%5D=Wool&filter%5Bproperties%5D%5BMaterial%5D%5B%5D=Linen&filter%5Boptions%5D%5BSize%5D%5B%5D=M&page=2',
      s,
    );
    const listing = root.querySelector<HTMLElement>('[data-listing]')!;
    expect(listing.dataset['listing']).toBe(s.id);
    const results = listing.querySelector('[data-listing-results]')!;
    expect(texts(results, '.listing__count')).toEqual(['24 products']);
    expect(results.querySelectorAll('.product-card')).toHaveLength(3);
    expect(results.querySelector('nav.pagination')).not.toBeNull();
    expect(listing.querySelector('[data-listing-status][aria-live=polite]')).not.toBeNull();
    const chips = [...results.querySelectorAll<HTMLAnchorElement>('.chips a.chip')];
    expect(chips.map((a) => a.textContent!.trim())).toEqual(['From $20', 'Material: Wool', 'Material: Linen', 'Size: M']);
    expect(chips[1]!.getAttribute('aria-label')).toBe('Remove filter Material: Wool');
    const query = (a: HTMLAnchorElement) => [...new URL(a.getAttribute('href')!, 'https://shop.example').searchParams];
    expect(query(chips[0]!)).toEqual([
      ['sort', 'price_desc'],
      ['filter[properties][Material][]', 'Wool'],
      ['filter[properties][Material][]', 'Linen'],
      ['filter[options][Size][]', 'M'],
    ]);
    expect(query(chips[1]!)).toEqual([
      ['sort', 'price_desc'],
      ['filter[minPrice]', '20'],
      ['filter[properties][Material][]', 'Linen'],
      ['filter[options][Size][]', 'M'],
    ]);
    expect(query(chips[3]!)).toEqual([
      ['sort', 'price_desc'],
      ['filter[minPrice]', '20'],
      ['filter[properties][Material][]', 'Wool'],
      ['filter[properties][Material][]', 'Linen'],
    ]);
    expect(results.querySelector('.chips__clear')!.getAttribute('href')).toBe('/catalogs/shirts?sort=price_desc');
    expect(texts(root, '.filters__badge')).toEqual(['4']);
    const none = await at('https://shop.example/catalogs/shirts', list({ total: 1 }));
    expect(texts(none, '.listing__count')).toEqual(['1 product']);
    expect(none.querySelector('.chips')).toBeNull();
    expect(none.querySelector('.filters__badge')).toBeNull();
  });

  it('says the count with Russian plural forms', async () => {
    const ru = context({ lang: 'ru', settings: shopConfig({}, 'ru') });
    const count = async (total: number) =>
      texts(await at('https://shop.example/catalogs/shirts', list({ total }), ru), '.listing__count')[0];
    expect([await count(21), await count(3), await count(5)]).toEqual(['21 товар', '3 товара', '5 товаров']);
  });

  it('puts the sort orders in a menu that names the current one', async () => {
    const root = await at('https://shop.example/catalogs/shirts', list({ sort: 'price_asc' }));
    const menu = root.querySelector('details.sort-menu')!;
    expect(menu.querySelector('summary')!.textContent!.replace(/\s+/g, ' ').trim()).toBe('Sort by: Price: low to high');
    expect(menu.querySelector('nav.listing__sort')).not.toBeNull();
    expect([...menu.querySelectorAll('a[data-listing-link]')]).toHaveLength(3);
  });

  it('shows colour options as swatches with their safe colour codes', async () => {
    const colours = {
      ...facets,
      options: [
        {
          title: 'Colour',
          values: ['Red', 'Blue', 'Odd'],
          counts: [1, 2, 3],
          swatches: { Red: '#c00000', Blue: 'rgb(0, 0, 200)', Odd: 'red;background:url(x)' },
        },
      ],
    };
    const root = await at('https://shop.example/catalogs/shirts', list({ filters: colours }));
    const values = [...root.querySelectorAll('.filters__values--swatches .filters__value')];
    expect(values.map((v) => v.querySelector('.filters__swatch')?.getAttribute('style') ?? null)).toEqual([
      '--swatch: #c00000',
      '--swatch: rgb(0, 0, 200)',
      null,
    ]);
    expect(values.map((v) => v.querySelector('input')!.getAttribute('value'))).toEqual(['Red', 'Blue', 'Odd']);
    expect(texts(root, '.filters__values--swatches .filters__name')).toEqual(['Red', 'Blue', 'Odd']);
  });

  it('takes the products from the page when the section carries none, and is left out without any listing', async () => {
    const bare = section('SectionProductList', {});
    const document = await renderSections([bare], context({ page: { listing: page } }));
    expect(texts(document.getElementById(`section-${bare.id}`)!, '.product-card__title')).toEqual(['P1', 'P2', 'P3']);
    expect(await renderSection(section('SectionProductList', {}))).toBeNull();
  });
});
