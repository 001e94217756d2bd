import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/lib/api-client';
import { deepFreeze } from '../../src/lib/deep-freeze';
import { handAnswersOver, handedAnswer, notJsonLike } from '../../src/server/api/core/handed-answers';
import { sections } from '../../src/server/db/schema';
import { pageFetcher } from '../../src/storefront/storefront-api';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/**
 * A page's own API calls take the answer object itself (src/server/api/core/handed-answers.ts): what they take must
 * be exactly what the JSON of the same response carries, and a browser's call gets the JSON as before.
 */
describe.each(databaseKinds)('in-process answers are handed over as objects (%s)', (kind) => {
  let app: TestApp;
  const log = { notify: () => {}, alert: () => {} };

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: true });
  });
  afterAll(async () => {
    await app.close();
  });

  /** The calls a home, catalog, product, article and search page make, through one page's fetcher. */
  async function pageCalls(): Promise<{ path: string; response: Response }[]> {
    const fetcher = pageFetcher(app.api);
    const calls: { path: string; response: Response }[] = [];
    const client = createApiClient({
      fetcher: async (path, init) => {
        const response = await fetcher(path, init);
        calls.push({ path, response: response.clone() });
        return response;
      },
      handedAnswer,
      getToken: () => null,
      lang: 'en',
      log,
    });
    await client.getConfig();
    await client.getMenus(['header', 'footer']);
    await client.getHomepage();
    const { data: catalog } = await client.getCatalogV3('clothing');
    const { data: product } = await client.getProduct('canvas-tote-bag');
    if (product) await Promise.all([client.getSimilar(product.id), client.getRelatedProducts([product.id]), client.getReviews(product.id)]);
    await client.search('shirt');
    await client.getArticles('blog');
    await client.getProduct('no-such-product');
    expect(catalog).not.toBeNull();
    expect(product).not.toBeNull();
    return calls;
  }

  it('hands every answer over, equal to the JSON its response carries, and frozen while checked', async () => {
    const fetcher = pageFetcher(app.api);
    const paths = ['/config', '/pages/homepage', '/products/t-shirt-classic', '/search?q=shirt', '/products/no-such-product'];
    for (const path of paths) {
      const response = await fetcher(path, { headers: { accept: 'application/json', 'x-shop-language': 'en' } });
      const handed = handedAnswer(response);
      expect(handed, path).toBeDefined();
      expect(Object.isFrozen(handed!.answer), path).toBe(true);
      expect(JSON.parse(await response.text()), path).toEqual(handed!.answer);
    }
  });

  it('hands the same frozen sections to every page until a section changes', async () => {
    const homepage = async () => {
      const client = createApiClient({ fetcher: pageFetcher(app.api), handedAnswer, getToken: () => null, lang: 'en', log });
      return (await client.getHomepage()).data!;
    };
    const first = await homepage();
    const second = await homepage();
    expect(first.sections.length).toBeGreaterThan(1);
    expect(second).not.toBe(first);
    for (const [index, kept] of second.sections.entries()) {
      if (kept.data) expect(kept.options).toBe(first.sections[index]!.options);
      else expect(kept).toBe(first.sections[index]);
    }
    expect(Object.isFrozen(first.sections[0]!.options)).toBe(true);

    const edited = first.sections.find((one) => !one.data)!;
    await app.deps.db
      .update(sections)
      .set({ styles: { edited: true } })
      .where(eq(sections.id, edited.id));
    const third = await homepage();
    const after = third.sections.find((one) => one.id === edited.id)!;
    expect(after).not.toBe(edited);
    expect(after.styles).toEqual({ edited: true });
    expect(third.sections.filter((one) => one.id !== edited.id && !one.data).every((one) => first.sections.includes(one))).toBe(true);
  });

  it('gives a page the same answers a browser gets', async () => {
    const calls = await pageCalls();
    expect(calls.length).toBeGreaterThan(8);
    for (const { path, response } of calls) {
      const plain = await app.api.request(`/api${path}`, { headers: { accept: 'application/json', 'x-shop-language': 'en' } });
      expect(handedAnswer(plain), path).toBeUndefined();
      expect(response.status, path).toBe(plain.status);
      const text = await plain.text();
      expect(JSON.parse(await response.text()), path).toEqual(text === '' ? null : JSON.parse(text));
    }
  });
});

describe('handing answers over', () => {
  const app = new Hono<{ Bindings: { inProcess?: boolean } }>();
  app.use(async (c, next) => {
    if (c.env?.inProcess) handAnswersOver(c);
    await next();
  });
  app.get('/answer', (c) => c.json({ list: [1, 'two', { three: null }] }, 201, { 'x-kept': 'yes' }));
  app.get('/date', (c) => c.json({ at: new Date(0) }));
  app.get('/rewritten', async (c) => {
    c.header('x-after', 'set');
    return c.json({ ok: true });
  });
  app.use('/late/*', async (c, next) => {
    await next();
    c.res = new Response(c.res.body, c.res);
  });
  app.get('/late/answer', (c) => c.json({ late: true }));
  app.onError((err, c) => c.json({ error: err.message }, 500));

  it('keeps the status, headers and JSON body of the response', async () => {
    const response = await app.request('/answer', {}, { inProcess: true });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-kept')).toBe('yes');
    expect(handedAnswer(response)?.answer).toEqual({ list: [1, 'two', { three: null }] });
    expect(await response.json()).toEqual({ list: [1, 'two', { three: null }] });
  });

  it('leaves a response a middleware replaced to its JSON body', async () => {
    const response = await app.request('/late/answer', {}, { inProcess: true });
    expect(handedAnswer(response)).toBeUndefined();
    expect(await response.json()).toEqual({ late: true });
  });

  it('hands nothing over outside the page client', async () => {
    const response = await app.request('/answer');
    expect(handedAnswer(response)).toBeUndefined();
    expect(await response.json()).toEqual({ list: [1, 'two', { three: null }] });
  });

  it('refuses, while checked, an answer JSON would change', async () => {
    const response = await app.request('/date', {}, { inProcess: true });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: expect.stringContaining('$.at is a Date') });
  });

  it('names what JSON would not carry as it is', () => {
    expect(notJsonLike({ a: [1, { b: 'x', c: null, d: undefined }], e: true })).toBeNull();
    expect(notJsonLike({ a: [1, undefined] })).toBe('$.a[1] is undefined');
    expect(notJsonLike({ n: Number.NaN })).toBe('$.n is NaN');
    expect(notJsonLike({ m: new Map() })).toBe('$.m is a Map');
    expect(notJsonLike({ f: () => 1 })).toBe('$.f is a function');
    expect(notJsonLike({ big: 1n })).toBe('$.big is a bigint');
  });

  it('freezes an answer all the way down', () => {
    const answer = deepFreeze({ list: [{ title: 'a' }] });
    expect(() => {
      (answer.list[0] as { title: string }).title = 'b';
    }).toThrow(TypeError);
  });
});
