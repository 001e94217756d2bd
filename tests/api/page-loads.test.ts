import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/lib/api-client';
import { catalogProducts, products, reviews } from '../../src/server/db/schema';
import { pageFetcher } from '../../src/storefront/storefront-api';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/**
 * The product page reads its similar and related products and first reviews in the product's own query and
 * offers them to the page's next calls (src/server/api/core/page-loads.ts): what those calls answer must be
 * exactly what they answer on their own, and an offer serves one call of one page only.
 */
describe.each(databaseKinds)('a product page reads its suggestions and reviews with the product (%s)', (kind) => {
  let app: TestApp;
  const log = { notify: () => {}, alert: () => {} };
  /** a page's client: each page request has its own */
  const pageClient = (): ApiClient => createApiClient({ fetcher: pageFetcher(app.api), getToken: () => null, lang: 'en', log });
  /** a client whose calls share nothing (a browser's) */
  const plainClient = (): ApiClient =>
    createApiClient({
      fetcher: (path, init) => Promise.resolve(app.api.request(`/api${path}`, init)),
      getToken: () => null,
      lang: 'en',
      log,
    });

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: true });
  });
  afterAll(async () => {
    await app.close();
  });

  async function pageAnswers(slug: string) {
    const client = pageClient();
    const { data: product } = await client.getProduct(slug);
    const [similar, related, reviewPage] = await Promise.all([
      client.getSimilar(product!.id),
      client.getRelatedProducts([product!.id]),
      client.getReviews(product!.id),
    ]);
    return { product: product!, similar: similar.data, related: related.data, reviews: reviewPage.data };
  }

  async function plainAnswers(id: string) {
    const client = plainClient();
    const [similar, related, reviewPage] = await Promise.all([
      client.getSimilar(id),
      client.getRelatedProducts([id]),
      client.getReviews(id),
    ]);
    return { similar: similar.data, related: related.data, reviews: reviewPage.data };
  }

  it('answers every product of the shop as the calls on their own do', async () => {
    const rows = await app.deps.db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(eq(products.enabled, true))
      .orderBy(products.slug);
    expect(rows.length).toBeGreaterThan(3);
    // a product with its own related products (one of them itself, one twice), approved reviews with and without a reply, and a pending one
    const [first, second, third] = rows;
    await app.deps.db
      .update(products)
      .set({ relatedProductIds: [third!.id, first!.id, second!.id, third!.id] })
      .where(eq(products.id, first!.id));
    const review = (at: number, status: string, reply: string | null) => ({
      id: randomUUID(),
      productId: first!.id,
      authorName: `Reader ${at}`,
      rating: 1 + (at % 5),
      text: `Review ${at}`,
      status,
      reply,
      createdAt: new Date(Date.UTC(2026, 0, 1, 10, 0, at)),
    });
    await app.deps.db
      .insert(reviews)
      .values([
        ...Array.from({ length: 12 }, (_, i) => review(i, 'approved', i % 3 === 0 ? `Thanks ${i}` : null)),
        review(40, 'pending', null),
      ]);

    let withSuggestions = 0;
    for (const { slug } of rows) {
      const page = await pageAnswers(slug);
      const plain = await plainAnswers(page.product.id);
      expect({ similar: page.similar, related: page.related, reviews: page.reviews }).toEqual(plain);
      if (page.similar.length > 0 && page.related.length > 0) withSuggestions += 1;
    }
    expect(withSuggestions).toBeGreaterThan(0);
    const firstPage = await pageAnswers(first!.slug);
    expect(firstPage.related.slice(0, 2).map((p) => p.id)).toEqual([third!.id, second!.id]);
    expect(firstPage.reviews.items).toHaveLength(10);
    expect(firstPage.reviews.hasMore).toBe(true);
    expect(firstPage.reviews.items[0]).toMatchObject({ authorName: 'Reader 11', createdAt: '2026-01-01T10:00:11.000Z' });
    expect(firstPage.reviews.items.find((r) => r.authorName === 'Reader 9')).toMatchObject({ reply: 'Thanks 9' });
    expect(firstPage.reviews.items.find((r) => r.authorName === 'Reader 10')).not.toHaveProperty('reply');
  });

  it('serves an offer to one call of the same page only, and calls with other limits query', async () => {
    const [row] = await app.deps.db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .innerJoin(catalogProducts, eq(catalogProducts.productId, products.id))
      .where(eq(products.enabled, true))
      .limit(1);
    const client = pageClient();
    const { data: product } = await client.getProduct(row!.slug);
    const before = (await plainClient().getReviews(product!.id)).data.items.length;
    // a review approved after the product was read: the page's first reviews call takes the offer, a second one reads again
    await app.deps.db.insert(reviews).values({
      id: randomUUID(),
      productId: product!.id,
      authorName: 'Late',
      rating: 5,
      text: 'Late review',
      status: 'approved',
      createdAt: new Date(),
    });
    expect((await client.getReviews(product!.id)).data.items).toHaveLength(before);
    expect((await client.getReviews(product!.id)).data.items[0]).toMatchObject({ authorName: 'Late' });
    // another limit is not what was offered
    const similarIds = async (c: ApiClient, limit: number) => (await c.getSimilar(product!.id, limit)).data.map((p) => p.id);
    expect(await similarIds(client, 2)).toEqual(await similarIds(plainClient(), 2));
    // another page's client is offered nothing by this page's product
    const fresh = pageClient();
    expect((await fresh.getReviews(product!.id)).data.items[0]).toMatchObject({ authorName: 'Late' });
  });
});
