import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogIndex, selectListing } from '../../src/server/api/catalog/catalog-index';
import type { CatalogFilter, SortCriterion } from '../../src/contract/storefront/catalog';
import { generateProducts } from '../../src/server/seed/generated-products';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/**
 * The in-memory catalog index answers exactly what the SQL listing answers: the same count and the same
 * page of product ids for every sort and every kind of filter, on the demo shop plus generated products.
 */
describe.each(databaseKinds)('the catalog index on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: true });
    await generateProducts(app.deps.db, 300, { batchSize: 120 });
  });
  afterAll(async () => {
    await app.close();
  });

  type Listing = { sections: { type: string; items: { id: string }[]; data?: { total: number; limit: number } }[] };
  async function sqlListing(slug: string, query: string): Promise<{ total: number; ids: string[]; limit: number }> {
    const response = await app.request(`/catalogs/v3/${slug}?${query}`);
    expect(response.status).toBe(200);
    const list = ((await response.json()) as Listing).sections.find((s) => s.type === 'SectionProductList')!;
    return { total: list.data!.total, ids: list.items.map((item) => item.id), limit: list.data!.limit };
  }

  const filters: { query: string; filter: CatalogFilter }[] = [
    { query: '', filter: { properties: [], options: [] } },
    { query: 'filter[options][Colour][]=Teal', filter: { properties: [], options: [{ title: 'Colour', values: ['Teal'] }] } },
    {
      query: 'filter[options][colour][]=black&filter[options][colour][]=SAND',
      filter: { properties: [], options: [{ title: 'colour', values: ['black', 'SAND'] }] },
    },
    { query: 'filter[options][Цвет][]=Белый', filter: { properties: [], options: [{ title: 'Цвет', values: ['Белый'] }] } },
    {
      query: 'filter[options][Colour][]=Olive&filter[options][Size][]=M',
      filter: {
        properties: [],
        options: [
          { title: 'Colour', values: ['Olive'] },
          { title: 'Size', values: ['M'] },
        ],
      },
    },
    { query: 'filter[properties][Material][]=Wool', filter: { properties: [{ title: 'Material', values: ['Wool'] }], options: [] } },
    {
      query: 'filter[properties][Material][]=Linen&filter[properties][Country][]=Peru&filter[minPrice]=10&filter[maxPrice]=300',
      filter: {
        properties: [
          { title: 'Material', values: ['Linen'] },
          { title: 'Country', values: ['Peru'] },
        ],
        options: [],
        minPrice: 10,
        maxPrice: 300,
      },
    },
  ];

  it('pages, counts and sorts as the SQL listing does', async () => {
    const catalogs = (await app.deps.db.execute(sql`select id, slug from catalogs where enabled`)) as unknown as {
      rows: { id: string; slug: string }[];
    };
    expect(catalogs.rows.length).toBeGreaterThan(1);
    let compared = 0;
    for (const catalog of catalogs.rows) {
      const index = await buildCatalogIndex(app.deps.db, catalog.id);
      for (const { query, filter } of filters) {
        const sorts: SortCriterion[] = query === '' ? ['custom', 'title', 'price_asc', 'price_desc'] : ['title', 'price_desc'];
        for (const sort of sorts) {
          for (const page of query === '' ? [1, 2, 3] : [1]) {
            const { limit, ...expected } = await sqlListing(catalog.slug, `${query}&sort=${sort}&page=${page}`);
            const actual = selectListing(index, filter, sort, (page - 1) * limit, limit);
            expect(actual, `${catalog.slug} ${query} ${sort} ${page}`).toEqual(expected);
            compared += expected.ids.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  }, 180_000);
});
