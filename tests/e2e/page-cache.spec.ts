import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ProductDto } from '../../src/lib/api-client';
import { product, variationWithStock } from './shopping-helpers';

/** The stock the product page's buy box was rendered with for one variation (from the data its script reads). */
function stockInPage(html: string, variationId: string): number | null {
  const data = /<script type="application\/json" data-buy-box-data>(.*?)<\/script>/s.exec(html);
  expect(data, 'the buy box data is in the page').not.toBeNull();
  const { product } = JSON.parse(data![1]!) as { product: ProductDto };
  const variation = product.variations.find((v) => v.id === variationId);
  expect(variation, 'the variation is in the page').toBeDefined();
  return variation!.stock;
}

async function getPage(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const response = await request.get(path, { headers, maxRedirects: 0 });
  const cookies = response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value);
  return { status: response.status(), headers: response.headers(), cookies, html: await response.text() };
}

async function placeOrder(request: APIRequestContext, variationId: string, quantity: number) {
  const locations = (await (await request.get('/api/locations')).json()) as { id: string }[];
  const placed = await request.post('/api/orders', {
    data: {
      items: [{ variationId, quantity }],
      customer: { name: 'Ann', phone: '+1 212 555 0147' },
      delivery: { method: 'pickup', locationId: locations[0]!.id },
      paymentMethod: 'cash',
      agreement: true,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
}

test.describe('page cache', () => {
  test('a cached product page never shows stock older than the last order', async ({ request }) => {
    const sweater = await product(request, 'merino-crew-sweater');
    const variation = variationWithStock(sweater, 3, 100);
    const path = `/products/${sweater.slug}`;

    await getPage(request, path);
    const cached = await getPage(request, path);
    expect(cached.headers['x-astro-cache']).toBe('HIT');
    expect(stockInPage(cached.html, variation.id)).toBe(variation.stock);

    await placeOrder(request, variation.id, 2);
    const after = await getPage(request, path);
    expect(after.headers['x-astro-cache']).toBe('MISS');
    expect(stockInPage(after.html, variation.id)).toBe(variation.stock! - 2);
    // the fresh page is kept again
    expect((await getPage(request, path)).headers['x-astro-cache']).toBe('HIT');
  });

  test('pages keep no-cache, private, gain an ETag, and a revalidation is answered 304', async ({ request }) => {
    const first = await getPage(request, '/');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache, private');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await request.get('/', { headers: { 'if-none-match': etag } });
    expect(again.status()).toBe(304);
    expect(again.headers()['cache-control']).toBe('no-cache, private');
    expect(await again.body()).toHaveLength(0);
  });

  test('pages and API answers are compressed as the client accepts', async ({ request }) => {
    const br = await request.get('/', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers()['content-encoding']).toBe('br');
    expect(br.headers().vary).toMatch(/accept-encoding/i);
    expect(await br.text()).toContain('</html>');
    const gzip = await request.get('/api/menus/batch', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    const plain = await request.get('/', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    const html = await plain.text();
    const assets = [...new Set([...html.matchAll(/"(\/_astro\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!))];
    expect(assets.length).toBeGreaterThan(0);
    let compressed = 0;
    for (const asset of assets) {
      const identity = await request.get(asset, { headers: { 'accept-encoding': 'identity' } });
      const encoded = await request.get(asset, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(encoded.headers()['cache-control'], asset).toContain('immutable');
      if ((await identity.body()).length < 1024) continue;
      expect(encoded.headers()['content-encoding'], asset).toBe('br');
      compressed += 1;
    }
    expect(compressed).toBeGreaterThan(0);
  });

  test('each language has its own cached page', async ({ request }) => {
    const english = await getPage(request, '/', { cookie: 'lang=en' });
    const russian = await getPage(request, '/', { cookie: 'lang=ru' });
    expect(english.html).toContain('<html lang="en"');
    expect(russian.html).toContain('<html lang="ru"');
    expect((await getPage(request, '/', { cookie: 'lang=ru' })).html).toContain('<html lang="ru"');
    expect((await getPage(request, '/', { cookie: 'lang=en' })).html).toContain('<html lang="en"');
    // a language switch through the query sets the cookie, so it is rendered, never answered from the cache
    const switched = await getPage(request, '/?lang=ru', { cookie: 'lang=en' });
    expect(switched.status).toBe(200);
    expect(switched.cookies.join('\n')).toContain('lang=ru');
    expect(switched.headers['x-astro-cache']).toBeUndefined();
  });

  test('personal pages, previews and framed pages are never answered from the cache', async ({ request }) => {
    for (const path of ['/cart', '/checkout', '/account/orders', '/?preview=1', '/search?q=shirt']) {
      await getPage(request, path);
      expect((await getPage(request, path)).headers['x-astro-cache'], path).not.toBe('HIT');
    }
    await getPage(request, '/');
    expect((await getPage(request, '/', { 'sec-fetch-dest': 'iframe' })).headers['x-astro-cache']).not.toBe('HIT');
  });
});
