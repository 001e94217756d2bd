import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/lib/api-client';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * How many SQL queries an uncached page costs: the calls a page makes (the middleware's redirect lookup,
 * the settings and menus of the page context, then the page's own data), counted at the database client.
 * Each page is counted as the first request after the settings kept per instance (3 seconds) expired.
 * The ceilings are today's counts, so a change that adds queries to a page fails here; the goal is 5.
 */
const CEILINGS = { homepage: 15, catalog: 15, product: 16 };

describe('SQL queries per uncached page', () => {
  let app: TestApp;
  let queries = 0;
  let client: ApiClient;

  beforeAll(async () => {
    app = await createTestApp('pglite', { seed: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    // the counting wrapper around the database handle: every statement PGlite runs passes here
    const pglite = (app.deps.db as unknown as { $client: Record<'query' | 'exec', (...args: unknown[]) => Promise<unknown>> }).$client;
    for (const method of ['query', 'exec'] as const) {
      const original = pglite[method].bind(pglite);
      pglite[method] = (...args: unknown[]) => {
        queries += 1;
        return original(...args);
      };
    }
    client = createApiClient({ fetcher: (path, init) => Promise.resolve(app.api.request(`/api${path}`, init)), getToken: () => null, lang: 'en', log: { notify: () => {}, alert: () => {} } });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app.close();
  });

  async function count(path: string, pageData: () => Promise<unknown>): Promise<number> {
    vi.setSystemTime(Date.now() + 60_000);
    queries = 0;
    await client.getRedirect(path);
    await Promise.all([client.getConfig(), client.getMenus()]);
    await pageData();
    return queries;
  }

  it('stays within the ceilings for the homepage, a catalog and a product', async () => {
    const homepage = await count('/', () => client.getHomepage());
    const catalog = await count('/catalogs/clothing', () => client.getCatalogV3('clothing', {}));
    const product = await count('/products/linen-shirt', async () => {
      const { data } = await client.getProduct('linen-shirt');
      await Promise.all([client.getSimilar(data!.id), client.getRelatedProducts([data!.id]), client.getReviews(data!.id)]);
    });
    console.log(`SQL queries per uncached page: homepage ${homepage}, catalog ${catalog}, product ${product} (goal 5 each)`);
    expect(homepage).toBeLessThanOrEqual(CEILINGS.homepage);
    expect(catalog).toBeLessThanOrEqual(CEILINGS.catalog);
    expect(product).toBeLessThanOrEqual(CEILINGS.product);
  });
});
