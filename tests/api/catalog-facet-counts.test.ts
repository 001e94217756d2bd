import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCatalogIndex,
  countFacetValues,
  filterWithValue,
  indexedFacets,
  selectListing,
} from '../../src/server/api/catalog/catalog-index';
import { countFacetValuesBySql, loadFacets } from '../../src/server/api/catalog/catalog-listing';
import type { CatalogFilter } from '../../src/contract/storefront/catalog';
import { generateProducts } from '../../src/server/seed/generated-products';
import { createCatalog, createProduct } from '../helpers/catalog-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

const none: CatalogFilter = { properties: [], options: [] };

describe.each(databaseKinds)('facet value counts on %s', (kind) => {
  let app: TestApp;
  let catalogId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    const db = app.deps.db;
    catalogId = (await createCatalog(db, { slug: 'counted', title: 'Counted' })).id;
    await createProduct(db, {
      title: 'Plain tee',
      properties: [{ title: 'Material', value: 'Cotton' }],
      options: [
        { title: 'Colour', values: ['Sand', 'Black'] },
        { title: 'Size', values: ['S', 'M'] },
      ],
      variations: [
        { price: 10, options: { Colour: 'Sand', Size: 'S' } },
        { price: 10, options: { Colour: 'Black', Size: 'M' } },
      ],
      catalogs: [{ id: catalogId }],
    });
    await createProduct(db, {
      title: 'Denim jacket',
      properties: [{ title: 'Material', value: 'Denim' }],
      options: [
        { title: 'Colour', values: ['Blue'] },
        { title: 'Size', values: ['M'] },
      ],
      variations: [{ price: 50, options: { Colour: 'Blue', Size: 'M' } }],
      catalogs: [{ id: catalogId }],
    });
    await createProduct(db, {
      title: 'Linen shirt',
      properties: [{ title: 'Material', value: 'Linen' }],
      options: [
        { title: 'Colour', values: ['Black', 'Mustard'] },
        { title: 'Size', values: ['L'] },
      ],
      variations: [
        { price: 30, options: { Colour: 'Black', Size: 'L' } },
        { price: 30, options: { Colour: 'Mustard', Size: 'L' } },
      ],
      catalogs: [{ id: catalogId }],
    });
  });

  afterAll(async () => {
    await app.close();
  });

  /** Each facet's values with their counts, by SQL and from the index (which must agree). */
  async function counted(filter: CatalogFilter) {
    const facets = await loadFacets(app.deps.db, catalogId, 'en');
    const bySql = await countFacetValuesBySql(app.deps.db, catalogId, facets, filter);
    const index = await buildCatalogIndex(app.deps.db, catalogId);
    expect(countFacetValues(index, indexedFacets(index, 'en'), filter)).toEqual(bySql);
    const named = (list: { title: string; values: string[] }[], counts: number[][]) =>
      Object.fromEntries(list.map((facet, i) => [facet.title, Object.fromEntries(facet.values.map((value, j) => [value, counts[i]![j]]))]));
    return { ...named(facets.properties, bySql.properties), ...named(facets.options, bySql.options) };
  }

  it('counts every value in a catalog without a filter', async () => {
    expect(await counted(none)).toEqual({
      Material: { Cotton: 1, Denim: 1, Linen: 1 },
      Colour: { Sand: 1, Black: 2, Blue: 1, Mustard: 1 },
      Size: { S: 1, M: 2, L: 1 },
    });
  });

  it('counts a value as the list with it added: other facets narrow it, values of its own facet do not', async () => {
    const denim: CatalogFilter = { properties: [{ title: 'Material', values: ['Denim'] }], options: [] };
    // Denim + Mustard makes no product: Mustard is shown disabled; the other materials keep their own counts
    expect(await counted(denim)).toEqual({
      Material: { Cotton: 1, Denim: 1, Linen: 1 },
      Colour: { Sand: 0, Black: 0, Blue: 1, Mustard: 0 },
      Size: { S: 0, M: 1, L: 0 },
    });
  });

  it('counts options through one variation carrying them all, and within the price range', async () => {
    // a black M exists (the tee), a sand M does not: the tee's sand variation is an S
    const blackM: CatalogFilter = {
      properties: [],
      options: [
        { title: 'colour', values: ['black'] },
        { title: 'Size', values: ['M'] },
      ],
    };
    expect(await counted(blackM)).toEqual({
      Material: { Cotton: 1, Denim: 0, Linen: 0 },
      Colour: { Sand: 0, Black: 1, Blue: 1, Mustard: 0 },
      Size: { S: 0, M: 1, L: 1 },
    });
    expect(await counted({ ...none, minPrice: 20, maxPrice: 40 })).toEqual({
      Material: { Cotton: 0, Denim: 0, Linen: 1 },
      Colour: { Sand: 0, Black: 1, Blue: 0, Mustard: 1 },
      Size: { S: 0, M: 0, L: 1 },
    });
  });

  it('gives each value the count the listing would answer with it, on the demo shop and generated products', async () => {
    await generateProducts(app.deps.db, 200, { batchSize: 100 });
    const catalogs = (await app.deps.db.execute(sql`select id from catalogs where enabled`)) as unknown as { rows: { id: string }[] };
    const filters: CatalogFilter[] = [
      none,
      { properties: [], options: [{ title: 'Colour', values: ['Black', 'Sand'] }] },
      { properties: [{ title: 'Material', values: ['Wool'] }], options: [{ title: 'Size', values: ['M'] }], maxPrice: 200 },
    ];
    let checked = 0;
    for (const { id } of catalogs.rows) {
      const index = await buildCatalogIndex(app.deps.db, id);
      for (const lang of ['en', 'ru'] as const) {
        const facets = indexedFacets(index, lang);
        for (const filter of filters) {
          const counts = countFacetValues(index, facets, filter);
          expect(counts, `${id} ${lang}`).toEqual(await countFacetValuesBySql(app.deps.db, id, facets, filter));
          for (const kind of ['properties', 'options'] as const) {
            facets[kind].forEach((facet, i) =>
              facet.values.forEach((value, j) => {
                const listed = selectListing(index, filterWithValue(filter, kind, facet.title, value), 'title', 0, 0).total;
                expect(counts[kind][i]![j], `${id} ${lang} ${facet.title}: ${value}`).toBe(listed);
                checked += 1;
              }),
            );
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  }, 180_000);
});
