import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCatalog,
  createImage,
  createProduct,
  createSection,
  setSettingsGroup,
  getJson,
  type CreatedProduct,
  type Json,
} from '../helpers/catalog-fixtures';
import { and, eq, sql } from 'drizzle-orm';
import { productOptions, productOptionValues } from '../../src/server/db/schema';
import { buildCatalogIndex, selectListing } from '../../src/server/api/catalog/catalog-index';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/** The facets without their counts (tests/api/catalog-facet-counts.test.ts checks those): one count per value. */
function withoutCounts<T extends { values: string[]; counts?: number[] }>(facets: T[]): Omit<T, 'counts'>[] {
  return facets.map(({ counts, ...facet }) => {
    expect(counts).toHaveLength(facet.values.length);
    return facet;
  });
}

describe.each(databaseKinds)('catalog listing API on %s', (kind) => {
  let app: TestApp;
  let chairs: { id: string; slug: string };
  let imageId: string;
  /** titles and prices: alpha 8 (discounted from 10), bravo 50, Charlie 20, Delta 30; custom order alpha, Charlie, Delta, bravo */
  let alpha: CreatedProduct;
  let bravo: CreatedProduct;
  let charlie: CreatedProduct;
  let delta: CreatedProduct;

  const get = (path: string) => getJson(app, path);
  const listSection = (body: Json) => body.sections.find((s: Json) => s.type === 'SectionProductList');
  /** ids of the listed products for a catalog page query */
  const listed = async (query: string, slug = chairs.slug) => {
    const { status, body } = await get(`/catalogs/v3/${slug}?${query}`);
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    return listSection(body).items.map((p: Json) => p.id);
  };

  beforeAll(async () => {
    app = await createTestApp(kind);
    const db = app.deps.db;
    imageId = await createImage(db, 'chairs.jpg');
    chairs = await createCatalog(db, {
      slug: 'chairs',
      title: { en: 'Chairs', ru: 'Стулья' },
      description: 'All our chairs',
      sortCriteria: 'custom',
      imageId,
      noindex: true,
    });
    const at = (position: number) => [{ id: chairs.id, position }];
    const colourAndSize = [
      { title: { en: 'Colour', ru: 'Цвет' }, values: [{ en: 'Red', ru: 'Красный' }, 'Blue'] },
      { title: 'Size', values: ['S', 'M', 'L'] },
    ];
    alpha = await createProduct(db, {
      title: 'alpha',
      properties: [{ title: 'Material', value: 'Metal' }],
      options: colourAndSize,
      variations: [{ price: 10, discountPrice: 8, options: { Colour: 'Blue', Size: 'M' } }],
      catalogs: at(0),
    });
    charlie = await createProduct(db, {
      title: 'Charlie',
      properties: [{ title: { en: 'Material', ru: 'Материал' }, value: { en: 'Wood', ru: 'Дерево' } }],
      options: colourAndSize,
      variations: [
        { price: 20, isDefault: true, options: { Colour: 'Red', Size: 'L' } },
        { price: 22, options: { Colour: 'Blue', Size: 'S' } },
      ],
      catalogs: at(1),
    });
    delta = await createProduct(db, {
      title: 'Delta',
      properties: [
        { title: 'Material', value: 'Wood' },
        { title: 'Style', value: 'Loft' },
      ],
      options: colourAndSize,
      variations: [
        { price: 30, options: { Colour: 'Red', Size: 'M' } },
        { price: 35, options: { Colour: 'Blue', Size: 'M' } },
      ],
      catalogs: at(2),
    });
    bravo = await createProduct(db, { title: 'bravo', variations: [{ price: 50 }], catalogs: at(3) });
    await createProduct(db, {
      title: 'Disabled',
      enabled: false,
      variations: [{ price: 5 }],
      properties: [{ title: 'Material', value: 'Glass' }],
      catalogs: at(4),
    });
  });

  afterAll(async () => {
    await app.close();
  });

  describe('GET /catalogs/v3/:slug', () => {
    it('returns the catalog with a synthesised product list section holding the first page', async () => {
      const { status, body } = await get(`/catalogs/v3/${chairs.slug}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: chairs.id,
        slug: 'chairs',
        title: 'Chairs',
        description: 'All our chairs',
        metaTitle: 'Catalog meta',
        noindex: true,
        nofollow: false,
        image: { id: imageId, alt: 'chairs.jpg alt' },
        sortCriteria: 'custom',
        productCount: 4,
      });
      const section = listSection(body);
      expect(section).toMatchObject({
        id: `product-list-${chairs.id}`,
        type: 'SectionProductList',
        data: {
          page: 1,
          pages: 1,
          total: 4,
          limit: 12,
          sort: 'custom',
          appliedFilters: { minPrice: null, maxPrice: null, properties: [], options: [] },
        },
      });
      expect(section.items.map((p: Json) => p.id)).toEqual([alpha.id, charlie.id, delta.id, bravo.id]);
      expect(section.items[0]).toMatchObject({ title: 'alpha', price: 8, priceFull: 10, hasDiscount: true });
    });

    it('finds the catalog by id too, and speaks the shop language', async () => {
      const { status, body } = await get(`/catalogs/v3/${chairs.id}?lang=ru`);
      expect(status).toBe(200);
      expect(body.title).toBe('Стулья');
    });

    it('offers every price, property and option of the enabled products as filters', async () => {
      const { filters } = listSection((await get(`/catalogs/v3/${chairs.slug}`)).body).data;
      expect(filters.price).toEqual({ min: 8, max: 50 });
      expect(withoutCounts(filters.properties)).toEqual([
        { title: 'Material', values: ['Metal', 'Wood'] },
        { title: 'Style', values: ['Loft'] },
      ]);
      expect(withoutCounts(filters.options)).toEqual([
        { title: 'Colour', values: ['Red', 'Blue'] },
        { title: 'Size', values: ['S', 'M', 'L'] },
      ]);

      const ru = listSection((await get(`/catalogs/v3/${chairs.slug}?lang=ru`)).body).data.filters;
      expect(withoutCounts(ru.options)[0]).toEqual({ title: 'Цвет', values: ['Красный', 'Blue'] });
      expect(withoutCounts(ru.properties)).toContainEqual({ title: 'Материал', values: ['Дерево'] });
    });

    it('sorts by title, price either way or the custom order', async () => {
      expect(await listed('sort=title')).toEqual([alpha.id, bravo.id, charlie.id, delta.id]);
      expect(await listed('sort=price_asc')).toEqual([alpha.id, charlie.id, delta.id, bravo.id]);
      expect(await listed('sort=price_desc')).toEqual([bravo.id, delta.id, charlie.id, alpha.id]);
      expect(await listed('sort=custom')).toEqual([alpha.id, charlie.id, delta.id, bravo.id]);
      const { body } = await get(`/catalogs/v3/${chairs.slug}?sort=price_desc`);
      expect(listSection(body).data.sort).toBe('price_desc');
    });

    it('puts a price on request last under price low to high, in the index and in SQL alike', async () => {
      const lamps = await createCatalog(app.deps.db, { sortCriteria: 'price_asc' });
      const onRequest = await createProduct(app.deps.db, {
        title: 'A bespoke lamp',
        variations: [{ price: 0 }],
        catalogs: [{ id: lamps.id }],
      });
      const cheap = await createProduct(app.deps.db, { title: 'B desk lamp', variations: [{ price: 5 }], catalogs: [{ id: lamps.id }] });
      const dear = await createProduct(app.deps.db, { title: 'C floor lamp', variations: [{ price: 90 }], catalogs: [{ id: lamps.id }] });
      expect(await listed('sort=price_asc', lamps.slug)).toEqual([cheap.id, dear.id, onRequest.id]);
      expect(await listed('', lamps.slug)).toEqual([cheap.id, dear.id, onRequest.id]);
      expect(await listed('sort=price_desc', lamps.slug)).toEqual([dear.id, cheap.id, onRequest.id]);
      const index = await buildCatalogIndex(app.deps.db, lamps.id);
      const filter = { properties: [], options: [] };
      expect(selectListing(index, filter, 'price_asc', 0, 10).ids).toEqual([cheap.id, dear.id, onRequest.id]);
    });

    it('defaults to the catalog sort criterion', async () => {
      const byPrice = await createCatalog(app.deps.db, { sortCriteria: 'price_desc' });
      const cheap = await createProduct(app.deps.db, { title: 'A cheap', variations: [{ price: 1 }], catalogs: [{ id: byPrice.id }] });
      const dear = await createProduct(app.deps.db, { title: 'Z dear', variations: [{ price: 2 }], catalogs: [{ id: byPrice.id }] });
      const { body } = await get(`/catalogs/v3/${byPrice.slug}`);
      expect(listSection(body).items.map((p: Json) => p.id)).toEqual([dear.id, cheap.id]);
      expect(listSection(body).data.sort).toBe('price_desc');
    });

    it('filters by price range in decimal amounts, bounds included', async () => {
      expect(await listed('filter[minPrice]=15&filter[maxPrice]=40')).toEqual([charlie.id, delta.id]);
      expect(await listed('filter[maxPrice]=8')).toEqual([alpha.id]);
      expect(await listed('filter[minPrice]=8.01')).toEqual([charlie.id, delta.id, bravo.id]);
      expect(await listed('filter[minPrice]=50&filter[maxPrice]=50')).toEqual([bravo.id]);
    });

    it('filters by properties in the bracket and the comma form', async () => {
      expect(await listed('filter[properties][Material][Wood]=1')).toEqual([charlie.id, delta.id]);
      expect(await listed('filter[properties][material][WOOD]=1')).toEqual([charlie.id, delta.id]);
      expect(await listed('filter[properties]=Material:Wood,Material:Metal')).toEqual([alpha.id, charlie.id, delta.id]);
      expect(await listed('filter[properties]=Material:Wood,Style:Loft')).toEqual([delta.id]);
      expect(await listed('filter[properties][Material][Wood]=1&filter[properties][Style][Loft]=1')).toEqual([delta.id]);
      // a value switched off does not filter
      expect(await listed('filter[properties][Material][Wood]=0')).toEqual([alpha.id, charlie.id, delta.id, bravo.id]);
    });

    it('matches property titles and values in either language', async () => {
      expect(await listed('filter[properties][Материал][Дерево]=1')).toEqual([charlie.id]);
      expect(await listed('filter[properties]=Материал:Wood')).toEqual([charlie.id]);
    });

    it('filters by options: one variation must carry every chosen option', async () => {
      expect(await listed('filter[options][Colour][Red]=1')).toEqual([charlie.id, delta.id]);
      expect(await listed('filter[options]=Colour:Blue')).toEqual([alpha.id, charlie.id, delta.id]);
      expect(await listed('filter[options][Цвет][Красный]=1')).toEqual([charlie.id, delta.id]);
      expect(await listed('filter[options]=Colour:Blue,Size:M')).toEqual([alpha.id, delta.id]);
      // Charlie has a red one and a small one, but no red small one
      expect(await listed('filter[options][Colour][Red]=1&filter[options][Size][S]=1')).toEqual([]);
      expect(await listed('filter[options][Colour][Red]=1&filter[options][Size][L]=1')).toEqual([charlie.id]);
      expect(await listed('filter[options][Size][S]=1&filter[options][Size][L]=1')).toEqual([charlie.id]);
    });

    it('combines filters and reports them back with correct totals', async () => {
      const { body } = await get(
        `/catalogs/v3/${chairs.slug}?sort=price_desc&filter[minPrice]=10&filter[properties][Material][Wood]=1&filter[options]=Colour:Blue`,
      );
      const section = listSection(body);
      expect(section.items.map((p: Json) => p.id)).toEqual([delta.id, charlie.id]);
      expect(section.data).toMatchObject({
        total: 2,
        pages: 1,
        appliedFilters: {
          minPrice: 10,
          maxPrice: null,
          properties: [{ title: 'Material', values: ['Wood'] }],
          options: [{ title: 'Colour', values: ['Blue'] }],
        },
      });
      // the offered filters do not narrow with the applied ones
      expect(section.data.filters.price).toEqual({ min: 8, max: 50 });
      expect(body.productCount).toBe(4);
    });

    it('pages by the shop setting itemPerPage; a page past the end is empty with correct totals', async () => {
      await setSettingsGroup(app.deps.db, 'ecommerce', { itemPerPage: 3 });
      try {
        const first = listSection((await get(`/catalogs/v3/${chairs.slug}?sort=title`)).body);
        expect(first.items.map((p: Json) => p.id)).toEqual([alpha.id, bravo.id, charlie.id]);
        expect(first.data).toMatchObject({ page: 1, pages: 2, total: 4, limit: 3 });
        const second = listSection((await get(`/catalogs/v3/${chairs.slug}?sort=title&page=2`)).body);
        expect(second.items.map((p: Json) => p.id)).toEqual([delta.id]);
        const beyond = listSection((await get(`/catalogs/v3/${chairs.slug}?page=7`)).body);
        expect(beyond.items).toEqual([]);
        expect(beyond.data).toMatchObject({ page: 7, pages: 2, total: 4, limit: 3 });
      } finally {
        await setSettingsGroup(app.deps.db, 'ecommerce', {});
      }
    });

    it("fills the catalog's own product list section and uses its custom limit", async () => {
      const db = app.deps.db;
      const styled = await createCatalog(db, { sortCriteria: 'title' });
      for (const title of ['P1', 'P2', 'P3', 'P4']) await createProduct(db, { title, catalogs: [{ id: styled.id }] });
      await createSection(db, {
        ownerType: 'catalog',
        ownerId: styled.id,
        type: 'SectionHeadingH1',
        position: 0,
        options: { heading: { title: { en: 'Hi', ru: 'Привет' } } },
      });
      const listId = await createSection(db, {
        ownerType: 'catalog',
        ownerId: styled.id,
        type: 'SectionProductList',
        position: 1,
        options: { limit: { isCustom: true, count: 3 } },
      });
      await createSection(db, { ownerType: 'catalog', ownerId: styled.id, type: 'SectionFaq', position: 2, hidden: true });

      const { body } = await get(`/catalogs/v3/${styled.slug}`);
      expect(body.sections.map((s: Json) => s.type)).toEqual(['SectionHeadingH1', 'SectionProductList']);
      expect(body.sections[0].options.heading.title).toBe('Hi');
      const section = listSection(body);
      expect(section.id).toBe(listId);
      expect(section.items.map((p: Json) => p.title)).toEqual(['P1', 'P2', 'P3']);
      expect(section.data).toMatchObject({ limit: 3, pages: 2, total: 4 });

      // a limit that is not marked custom leaves the shop setting in force
      const plain = await createCatalog(db);
      await createSection(db, {
        ownerType: 'catalog',
        ownerId: plain.id,
        type: 'SectionProductList',
        options: { limit: { isCustom: false, count: 2 } },
      });
      expect(listSection((await get(`/catalogs/v3/${plain.slug}`)).body).data).toMatchObject({ limit: 12, total: 0, pages: 1 });
    });

    it('gives an option shown as colour swatches the colour code of each value that has one', async () => {
      const db = app.deps.db;
      const lamps = await createCatalog(db, { slug: 'swatch-lamps', title: 'Lamps' });
      const lamp = await createProduct(db, {
        title: 'Lamp',
        options: [
          { title: 'Colour', values: ['Red', 'Blue'] },
          { title: 'Size', values: ['S'] },
        ],
        variations: [
          { price: 5, options: { Colour: 'Red', Size: 'S' } },
          { price: 6, options: { Colour: 'Blue', Size: 'S' } },
        ],
        catalogs: [{ id: lamps.id, position: 0 }],
      });
      const [colour] = await db
        .select({ id: productOptions.id })
        .from(productOptions)
        .where(and(eq(productOptions.productId, lamp.id), sql`${productOptions.title}->>'en' = 'Colour'`));
      await db.update(productOptions).set({ view: 'color' }).where(eq(productOptions.id, colour!.id));
      await db
        .update(productOptionValues)
        .set({ value: '#c00000' })
        .where(and(eq(productOptionValues.optionId, colour!.id), sql`${productOptionValues.title}->>'en' = 'Red'`));
      const { filters } = listSection((await get('/catalogs/v3/swatch-lamps')).body).data;
      expect(withoutCounts(filters.options)).toEqual([
        { title: 'Colour', values: ['Red', 'Blue'], swatches: { Red: '#c00000' } },
        { title: 'Size', values: ['S'] },
      ]);
    });

    it('answers 404 for unknown and disabled catalogs', async () => {
      const disabled = await createCatalog(app.deps.db, { enabled: false });
      for (const slug of ['no-such-catalog', disabled.slug]) {
        const { status, body } = await get(`/catalogs/v3/${slug}`);
        expect(status).toBe(404);
        expect(body).toMatchObject({ success: false, status: 404, message: 'Catalog not found' });
      }
    });

    it('rejects bad page, sort and filters with 400 on the field', async () => {
      const cases: [string, string][] = [
        ['page=0', 'page'],
        ['page=abc', 'page'],
        ['page=1.5', 'page'],
        ['sort=cheapest', 'sort'],
        ['filter[minPrice]=-1', 'filter.minPrice'],
        ['filter[maxPrice]=abc', 'filter.maxPrice'],
        ['filter[minPrice]=20&filter[maxPrice]=10', 'filter.maxPrice'],
        ['filter[properties]=NoColon', 'filter.properties'],
        ['filter[options]=:Red', 'filter.options'],
        [`filter[properties][Material][${'x'.repeat(201)}]=1`, 'filter.properties'],
        [Array.from({ length: 51 }, (_, i) => `filter[options][Size][v${i}]=1`).join('&'), 'filter.options'],
        ['filter=cheap', 'filter'],
      ];
      for (const [query, path] of cases) {
        const { status, body } = await get(`/catalogs/v3/${chairs.slug}?${query}`);
        expect(status, query.slice(0, 60)).toBe(400);
        expect(body).toMatchObject({ success: false, status: 400, message: 'Validation Failed', errorPath: path });
      }
    });
  });

  describe('GET /catalogs/:id/products and countProducts', () => {
    it('lists the enabled products in the custom order, by id or slug', async () => {
      const byId = await get(`/catalogs/${chairs.id}/products`);
      expect(byId.status).toBe(200);
      expect(byId.body.map((p: Json) => p.id)).toEqual([alpha.id, charlie.id, delta.id, bravo.id]);
      const bySlug = await get(`/catalogs/${chairs.slug}/products?offset=1&limit=2`);
      expect(bySlug.body.map((p: Json) => p.id)).toEqual([charlie.id, delta.id]);
      expect((await get(`/catalogs/${chairs.slug}/products?offset=10`)).body).toEqual([]);
    });

    it('counts the enabled products', async () => {
      expect((await get(`/catalogs/${chairs.id}/countProducts`)).body).toEqual({ count: 4 });
      expect((await get(`/catalogs/${chairs.slug}/countProducts`)).body).toEqual({ count: 4 });
    });

    it('answers 404 for unknown catalogs and 400 for bad paging', async () => {
      expect((await get('/catalogs/nope/products')).status).toBe(404);
      expect((await get('/catalogs/nope/countProducts')).status).toBe(404);
      for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=ten']) {
        const { status, body } = await get(`/catalogs/${chairs.id}/products?${query}`);
        expect(status).toBe(400);
        expect(body.message).toBe('Validation Failed');
      }
    });
  });
});
