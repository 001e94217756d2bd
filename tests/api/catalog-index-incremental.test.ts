import { and, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailSchema, type ProductBody, type ProductDetail } from '../../src/contract/admin';
import {
  buildCatalogIndex,
  indexedCount,
  countFacetValues,
  indexedFacets,
  selectListing,
  type CatalogIndex,
} from '../../src/server/api/catalog/catalog-index';
import { loadFacets } from '../../src/server/api/catalog/catalog-listing';
import { catalogIndex, enableCatalogStatsCache } from '../../src/server/api/catalog/catalog-stats';
import type { CatalogFilter, SortCriterion } from '../../src/contract/storefront/catalog';
import { cacheTags, invalidate } from '../../src/server/cache/invalidation';
import { catalogProducts, products, variations } from '../../src/server/db/schema';
import { generateProducts } from '../../src/server/seed/generated-products';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/**
 * Product writes patch the kept catalog indexes (listing orders, filters, count, facets) for the written
 * products only; after each kind of write the patched index answers exactly what an index built from
 * scratch answers, and an index built from scratch answers the facets the SQL facets answer.
 */
describe.each(databaseKinds)('catalog indexes patched by product writes on %s', (kind) => {
  let app: TestApp;
  let manager: TestStaff;
  let catalogIds: string[] = [];
  const kept = new Map<string, CatalogIndex>();

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: true });
    await generateProducts(app.deps.db, 240, { batchSize: 120 });
    manager = await createSignedInStaff(app, 'manager', 'Ida Indexer');
    enableCatalogStatsCache();
    const rows = (await app.deps.db.execute(sql`select id from catalogs where enabled order by position, id`)) as unknown as {
      rows: { id: string }[];
    };
    catalogIds = rows.rows.map((row) => row.id);
    for (const id of catalogIds) kept.set(id, await catalogIndex(app.deps.db, id));
  }, 120_000);
  afterAll(async () => {
    await app.close();
  });

  const call = (method: string, path: string, body?: unknown) =>
    adminRequest(app, path, { method, cookie: manager.cookie, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const detailOf = async (id: string) => productDetailSchema.parse(await expectJson(await call('GET', `/products/${id}`), 200));
  const bodyOf = (detail: ProductDetail): ProductBody => ({
    title: detail.title,
    slug: detail.slug,
    description: detail.description,
    metaTitle: detail.metaTitle,
    metaDescription: detail.metaDescription,
    enabled: detail.enabled,
    imageIds: detail.imageIds,
    catalogIds: detail.catalogIds,
    relatedProductIds: detail.relatedProducts.map((r) => r.id),
    properties: detail.properties,
    weight: detail.weight,
    height: detail.height,
    width: detail.width,
    length: detail.length,
    options: detail.options.map((o) => ({
      id: o.id,
      title: o.title,
      type: o.type as 'string',
      view: o.view as 'select',
      unit: o.unit,
      values: o.values,
    })),
    variations: detail.variations.map(({ valueIds: _v, title: _t, stock: _s, ...v }) => v),
  });
  /** A product's stock as the list shows it: every variation together, null when one is unlimited. */
  const stockOf = (detail: ProductDetail) =>
    detail.variations.some((v) => v.stock === null) ? null : detail.variations.reduce((sum, v) => sum + v.stock!, 0);
  const generated = async (n: number) =>
    (
      await app.deps.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.slug, `generated-${n}`))
    )[0]!.id;

  const filters: CatalogFilter[] = [
    { properties: [], options: [] },
    { properties: [], options: [{ title: 'Colour', values: ['Teal', 'Crimson'] }] },
    {
      properties: [],
      options: [
        { title: 'Цвет', values: ['Белый'] },
        { title: 'Size', values: ['M'] },
      ],
    },
    { properties: [{ title: 'Material', values: ['Wool', 'Silk'] }], options: [] },
    { properties: [{ title: 'Country', values: ['Peru'] }], options: [], minPrice: 20, maxPrice: 300 },
  ];
  const sorts: SortCriterion[] = ['custom', 'title', 'price_asc', 'price_desc'];
  /** Everything an index answers: every listing, the count and the facets in both languages. */
  const answers = (index: CatalogIndex) => ({
    count: indexedCount(index),
    facets: { en: indexedFacets(index, 'en'), ru: indexedFacets(index, 'ru') },
    listings: filters.flatMap((filter) => sorts.map((sort) => selectListing(index, filter, sort, 0, 100_000))),
    // counted twice: the second time from the products kept per option value, which a patch must drop
    counts: [0, 1].flatMap(() =>
      (['en', 'ru'] as const).flatMap((lang) => filters.map((filter) => countFacetValues(index, indexedFacets(index, lang), filter))),
    ),
  });

  /** Each kept index was patched (the same object) and answers as one built from scratch. */
  async function expectPatchedAsRebuilt() {
    let listed = 0;
    for (const id of catalogIds) {
      const patched = await catalogIndex(app.deps.db, id);
      expect(patched, 'patched in place, not rebuilt').toBe(kept.get(id));
      const rebuilt = await buildCatalogIndex(app.deps.db, id);
      expect(patched.patchable).toBe(true);
      expect(answers(patched), id).toEqual(answers(rebuilt));
      listed += indexedCount(rebuilt);
    }
    expect(listed).toBeGreaterThan(200);
  }

  it('builds facets equal to the SQL facets', async () => {
    for (const id of catalogIds) {
      const index = await buildCatalogIndex(app.deps.db, id);
      for (const lang of ['en', 'ru'] as const)
        expect(indexedFacets(index, lang), `${id} ${lang}`).toEqual(await loadFacets(app.deps.db, id, lang));
    }
  });

  it('a product save (title, price, properties, options, catalogs) is patched in', async () => {
    const detail = await detailOf(await generated(7));
    const [from] = detail.catalogIds;
    const to = catalogIds.find((id) => id !== from)!;
    const colour = detail.options.findIndex((o) => o.title.en === 'Colour');
    const options = detail.options.map((o, i) =>
      i === colour ? { ...o, values: [...o.values, { title: { en: 'Crimson', ru: 'Малиновый' } }] } : o,
    );
    const body = bodyOf(detail);
    await expectJson(
      await call('PUT', `/products/${detail.id}`, {
        ...body,
        title: { en: 'Aardvark jumper', ru: 'Джемпер' },
        catalogIds: [to, ...(from ? [from] : [])],
        properties: [{ title: { en: 'Material', ru: 'Материал' }, value: { en: 'Silk', ru: 'Шёлк' } }, ...detail.properties],
        options: options.map((o) => ({
          id: o.id,
          title: o.title,
          type: o.type as 'string',
          view: o.view as 'select',
          unit: o.unit,
          values: o.values,
        })),
        variations: [
          ...body.variations.map((v, i) => ({ ...v, fullPriceCents: 99_00 + i })),
          { values: [colour === 0 ? 3 : 0, colour === 0 ? 0 : 3], fullPriceCents: 12_00, stock: 1, sku: 'CRIMSON', isDefault: false },
        ],
        version: detail.version,
      }),
      200,
    );
    await expectPatchedAsRebuilt();
    // and it is found where it now is
    const index = await catalogIndex(app.deps.db, to);
    expect(selectListing(index, filters[1]!, 'title', 0, 10).ids).toContain(detail.id);
    expect(selectListing(index, { properties: [], options: [] }, 'title', 0, 1).ids).toEqual([detail.id]);
  });

  it('creating, moving out of a catalog, disabling, repricing and deleting are patched in', async () => {
    const created = productDetailSchema.parse(
      await expectJson(
        await call('POST', '/products', {
          title: { en: 'Zebra scarf', ru: 'Шарф' },
          enabled: true,
          catalogIds: catalogIds.slice(0, 2),
          properties: [{ title: { en: 'Country', ru: 'Страна' }, value: { en: 'Peru', ru: 'Перу' } }],
          options: [{ title: { en: 'Colour', ru: 'Цвет' }, view: 'select', values: [{ title: { en: 'Teal', ru: 'Бирюзовый' } }] }],
          variations: [{ values: [0], fullPriceCents: 55_00, stock: 3, isDefault: true }],
        }),
        201,
      ),
    );
    await expectPatchedAsRebuilt();
    await expectJson(
      await call('PUT', `/products/${created.id}`, { ...bodyOf(created), catalogIds: catalogIds.slice(1, 2), version: created.version }),
      200,
    );
    await expectPatchedAsRebuilt();

    const [a, b, c] = [await detailOf(await generated(11)), await detailOf(await generated(12)), await detailOf(await generated(13))];
    await expectJson(
      await call('POST', '/products/bulk', { action: 'disable', items: [a, b].map((p) => ({ id: p.id, version: p.version })) }),
      200,
    );
    await expectPatchedAsRebuilt();
    await expectJson(
      await call('POST', '/products/bulk', {
        action: 'price',
        price: { mode: 'percent', percent: 900 },
        items: [{ id: c.id, version: c.version }],
      }),
      200,
    );
    await expectJson(await call('POST', '/products/bulk', { action: 'enable', items: [{ id: a.id, version: a.version + 1 }] }), 200);
    await expectPatchedAsRebuilt();
    await expectJson(
      await call('POST', '/products/bulk', {
        action: 'stock',
        stock: 0,
        items: [{ id: b.id, version: b.version + 1, stockSeen: stockOf(b) }],
      }),
      200,
    );
    await expectPatchedAsRebuilt();
    const gone = await detailOf(await generated(14));
    expect((await call('DELETE', `/products/${gone.id}?version=${gone.version}`)).status).toBe(204);
    await expectPatchedAsRebuilt();
  });

  it('a CSV import is patched in', async () => {
    const exported = await (await call('GET', '/products/export.csv')).text();
    const parsed = Papa.parse<Record<string, string>>(exported.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    const slugs = new Set(['generated-21', 'generated-22']);
    const rows = parsed.data
      .filter((row) => slugs.has(row.slug!))
      .map((row) => ({ ...row, title_en: row.title_en ? `Imported ${row.title_en}` : '', price: row.price ? '1.50' : '' }));
    expect(rows.length).toBeGreaterThan(2);
    const response = await call('POST', '/products/import', { csv: Papa.unparse(rows, { newline: '\n' }), dryRun: false });
    expect(response.status, await response.clone().text()).toBe(200);
    const [imported] = await app.deps.db.select({ sortTitle: products.sortTitle }).from(products).where(eq(products.slug, 'generated-21'));
    expect(imported!.sortTitle).toMatch(/^imported/);
    await expectPatchedAsRebuilt();
  });

  it('a write by another path (a product tag alone) is patched in; stock alone leaves the indexes as they are', async () => {
    const id = await generated(31);
    await app.deps.db.update(products).set({ sortTitle: '0 first', priceCents: 1 }).where(eq(products.id, id));
    await invalidate([cacheTags.product(id)]);
    await expectPatchedAsRebuilt();
    await app.deps.db.update(variations).set({ stock: 0 }).where(eq(variations.productId, id));
    await invalidate([cacheTags.product(id), cacheTags.stockOnly]);
    await expectPatchedAsRebuilt();
  });

  it("a catalog's own edit rebuilds that catalog's index", async () => {
    const [catalogId] = catalogIds;
    const [first] = await app.deps.db.select().from(catalogProducts).where(eq(catalogProducts.catalogId, catalogId!)).limit(1);
    await app.deps.db
      .update(catalogProducts)
      .set({ position: -5 })
      .where(and(eq(catalogProducts.catalogId, catalogId!), eq(catalogProducts.productId, first!.productId)));
    await invalidate([cacheTags.catalog(catalogId!)]);
    const rebuilt = await catalogIndex(app.deps.db, catalogId!);
    expect(rebuilt).not.toBe(kept.get(catalogId!));
    expect(selectListing(rebuilt, filters[0]!, 'custom', 0, 1).ids).toEqual([first!.productId]);
    kept.set(catalogId!, rebuilt);
    await expectPatchedAsRebuilt();
  });
});
