import { describe, expect, it } from 'vitest';
import { PageCache, type StoredPage } from '../../src/server/cache/page-cache';
import { canonicalPageAddress, etagMatches, isNeverCachedPath, pageCacheKey } from '../../src/server/cache/page-request';
import { chooseEncoding, isCompressible } from '../../src/server/http/encoding';
import { parsePayload, payloads } from '../../src/server/cache/pg-transport';

const page = (tags: string[], bytes = 100, expiresAt = Number.POSITIVE_INFINITY): StoredPage => ({
  status: 200,
  headers: [['content-type', 'text/html']],
  bodies: { identity: new Uint8Array(bytes) },
  etag: 'W/"x"',
  tags,
  expiresAt,
});

describe('page cache store', () => {
  it('drops exactly the pages carrying an invalidated tag', () => {
    const cache = new PageCache(1_000_000);
    cache.set('/products/a', page(['product:a', 'catalog:c']), cache.generation);
    cache.set('/products/b', page(['product:b', 'catalog:c']), cache.generation);
    cache.set('/catalogs/c', page(['catalog:c', 'product:a', 'product:b']), cache.generation);
    cache.set('/about', page(['page:about']), cache.generation);
    expect(cache.invalidate(['product:a'])).toBe(2);
    expect(cache.get('/products/a')).toBeUndefined();
    expect(cache.get('/catalogs/c')).toBeUndefined();
    expect(cache.get('/products/b')).toBeDefined();
    expect(cache.get('/about')).toBeDefined();
  });

  it('drops every page when the settings, menus or redirects change', () => {
    for (const tag of ['settings', 'menus', 'redirects', 'all']) {
      const cache = new PageCache(1_000_000);
      cache.set('/a', page(['page:a']), cache.generation);
      cache.set('/b', page(['product:b']), cache.generation);
      cache.invalidate([tag]);
      expect(cache.size).toBe(0);
      expect(cache.bytes).toBe(0);
    }
  });

  it('refuses a page rendered while an invalidation came in (it may show what changed)', () => {
    const cache = new PageCache(1_000_000);
    const renderStarted = cache.generation;
    cache.invalidate(['product:a']);
    expect(cache.set('/products/a', page(['product:a']), renderStarted)).toBe(false);
    expect(cache.get('/products/a')).toBeUndefined();
  });

  it('stays within its byte budget, dropping the least recently used page first', () => {
    const cache = new PageCache(4200);
    for (const key of ['/a', '/b', '/c', '/d']) cache.set(key, page([], 500), cache.generation);
    cache.get('/a');
    cache.set('/e', page([], 500), cache.generation);
    expect(cache.bytes).toBeLessThanOrEqual(4200);
    expect(cache.get('/b')).toBeUndefined();
    for (const key of ['/a', '/c', '/d', '/e']) expect(cache.get(key), key).toBeDefined();
    // a page larger than a quarter of the budget is never stored
    expect(cache.set('/huge', page([], 900), cache.generation)).toBe(false);
  });

  it('keeps equal header lists once, counted once', () => {
    const cache = new PageCache(1_000_000);
    const a = cache.internHeaders([
      ['content-type', 'text/html'],
      ['content-security-policy', "default-src 'self'"],
    ]);
    const before = cache.bytes;
    const b = cache.internHeaders([
      ['content-type', 'text/html'],
      ['content-security-policy', "default-src 'self'"],
    ]);
    expect(b).toBe(a);
    expect(cache.bytes).toBe(before);
    expect(cache.internHeaders([['content-type', 'application/json']])).not.toBe(a);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it('forgets a page once its time is up', () => {
    let now = 1000;
    const cache = new PageCache(1_000_000, () => now);
    cache.set('/a', page(['x'], 10, 2000), cache.generation);
    expect(cache.get('/a')).toBeDefined();
    now = 2000;
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});

const facts = (path: string, headers: Record<string, string> = {}, method = 'GET') => ({
  method,
  url: new URL(path, 'http://shop.test'),
  header: (name: string) => headers[name] ?? null,
});

describe('which requests the page cache answers', () => {
  it('keys a page by path, meaningful query and language', () => {
    expect(pageCacheKey(facts('/catalogs/shoes?sort=price&page=2'))).toBe(
      pageCacheKey(facts('/catalogs/shoes?page=2&sort=price&utm_source=mail')),
    );
    expect(pageCacheKey(facts('/about', { cookie: 'a=1; lang=ru' }))).not.toBe(pageCacheKey(facts('/about', { cookie: 'lang=en' })));
    expect(pageCacheKey(facts('/about', { cookie: 'lang=ru' }))).toBe(pageCacheKey(facts('/about?lang=ru', { cookie: 'lang=ru' })));
    expect(pageCacheKey(facts('/api/config', { 'x-shop-language': 'ru' }))).not.toBe(pageCacheKey(facts('/api/config')));
  });

  it('keys each page kind by the parameters it reads, and by no other', () => {
    const key = (path: string) => pageCacheKey(facts(path));
    const cases: { kind: string; path: string; read: string[] }[] = [
      { kind: 'homepage', path: '/', read: [] },
      { kind: 'text page', path: '/about', read: ['page=2', 'tag=news'] },
      { kind: 'article', path: '/blog/first-post', read: [] },
      {
        kind: 'catalog',
        path: '/catalogs/shoes',
        read: ['page=3', 'sort=price_asc', 'filter%5BminPrice%5D=10', 'filter%5Boptions%5D%5BColour%5D%5B%5D=Red'],
      },
      { kind: 'product', path: '/products/boot', read: ['variation=v2'] },
      { kind: 'config', path: '/api/config', read: [] },
    ];
    for (const { kind, path, read } of cases) {
      const plain = key(path);
      expect(plain, kind).not.toBeNull();
      // parameters the page does not read: one entry, whatever their values
      for (const junk of ['x=1', 'x=2', 'utm_source=mail', 'q=boots', 'variation=v1&x=3'].filter(
        (j) => !read.some((r) => j.startsWith(r.split('=')[0]!)),
      )) {
        expect(key(`${path}?${junk}`), `${kind} ?${junk}`).toBe(plain);
      }
      // each parameter it reads makes its own entry, and keeps it with junk beside it
      for (const param of read) {
        expect(key(`${path}?${param}`), `${kind} ?${param}`).not.toBe(plain);
        expect(key(`${path}?${param}&x=1`), `${kind} ?${param}&x=1`).toBe(key(`${path}?${param}`));
      }
    }
    expect(key('/catalogs/shoes?sort=price_asc&page=2')).not.toBe(key('/catalogs/shoes?sort=price_desc&page=2'));
  });

  it('renders a cacheable page from its address without the parameters it does not read', () => {
    const address = (path: string) => canonicalPageAddress(new URL(path, 'http://shop.test'));
    expect(address('/catalogs/shoes')).toBeNull();
    expect(address('/catalogs/shoes?sort=price_asc&page=2')).toBeNull();
    expect(address('/catalogs/shoes?utm_source=x&sort=price_asc&x=%22%3E')).toBe('/catalogs/shoes?sort=price_asc');
    expect(address('/products/boot?x=1&variation=v2&lang=ru')).toBe('/products/boot?variation=v2&lang=ru');
    expect(address('/?x=1')).toBe('/');
    expect(address('/about?tag=news&fbclid=1')).toBe('/about?tag=news');
  });

  it('never answers personal pages, previews, other methods or a language switch', () => {
    for (const path of [
      '/account/orders',
      '/cart',
      '/checkout',
      '/payment?order=1',
      '/search?q=x',
      '/api/cart',
      '/api/users',
      '/_preview/render',
      '/admin',
      '/sitemap.xml',
    ]) {
      expect(isNeverCachedPath(new URL(path, 'http://shop.test').pathname), path).toBe(true);
      expect(pageCacheKey(facts(path)), path).toBeNull();
    }
    expect(pageCacheKey(facts('/?preview=1'))).toBeNull();
    expect(pageCacheKey(facts('/', { 'sec-fetch-dest': 'iframe' }))).toBeNull();
    expect(pageCacheKey(facts('/', {}, 'POST'))).toBeNull();
    expect(pageCacheKey(facts('/api/config', { authorization: 'Bearer x' }))).toBeNull();
    // the page answers with a new language cookie
    expect(pageCacheKey(facts('/about?lang=ru', { cookie: 'lang=en' }))).toBeNull();
    expect(pageCacheKey(facts('/about'))).not.toBeNull();
    expect(pageCacheKey(facts('/api/config'))).not.toBeNull();
  });

  it('compares entity tags weakly, in lists and with *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(null, 'W/"abc"')).toBe(false);
  });
});

describe('content negotiation', () => {
  it('prefers brotli, then gzip, honouring q-values', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding(null)).toBe('identity');
  });

  it('compresses text answers only', () => {
    expect(isCompressible('text/html; charset=utf-8')).toBe(true);
    expect(isCompressible('application/json')).toBe(true);
    expect(isCompressible('text/javascript')).toBe(true);
    expect(isCompressible('image/webp')).toBe(false);
    expect(isCompressible('font/woff2')).toBe(false);
  });
});

describe('invalidation messages between instances', () => {
  it('splits many tags into notifications below the PostgreSQL payload limit, losing none', () => {
    const tags = Array.from({ length: 2000 }, (_, i) => `product:${i.toString().padStart(36, '0')}`);
    const messages = payloads('instance-1', tags);
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) expect(Buffer.byteLength(message)).toBeLessThan(8000);
    expect(messages.flatMap((m) => parsePayload(m)!.tags)).toEqual(tags);
    expect(parsePayload(messages[0])!.from).toBe('instance-1');
  });

  it('ignores malformed notifications', () => {
    expect(parsePayload('nope')).toBeNull();
    expect(parsePayload(JSON.stringify({ tags: ['a'] }))).toBeNull();
    expect(parsePayload(JSON.stringify({ from: 'x', tags: ['a', 3] }))).toEqual({ from: 'x', tags: ['a'] });
  });
});

describe('the front door of the production server', () => {
  it('answers stored pages by plain path only, with 304 for a held ETag', async () => {
    const { sharedPageCache, storedAnswer } = await import('../../src/server/cache/astro-page-cache');
    const cache = sharedPageCache();
    cache.set('|/', { ...page(['page:home']), etag: 'W/"home"' }, cache.generation);
    const none = () => null;
    expect(storedAnswer('GET', '/', none)?.status).toBe(200);
    expect(storedAnswer('GET', '/?utm_source=x', none)?.status).toBe(200);
    expect(storedAnswer('GET', '/', (name) => (name === 'if-none-match' ? 'W/"home"' : null))?.status).toBe(304);
    for (const odd of ['//evil.test/', '/x/../', '/%2e/', 'http://evil.test/']) expect(storedAnswer('GET', odd, none), odd).toBeNull();
    expect(storedAnswer('POST', '/', none)).toBeNull();
  });
});

/** A header of a flat header list (name, value, …). */
const headerOf = (flat: readonly string[], name: string) => {
  const index = flat.findIndex((entry, i) => i % 2 === 0 && entry.toLowerCase() === name);
  return index < 0 ? null : flat[index + 1]!;
};

describe('encodings of a kept page', () => {
  it('keeps a text page compressed only, answering identity, gzip and br clients the same content', async () => {
    const { gunzipSync, brotliDecompressSync, brotliCompressSync } = await import('node:zlib');
    const { sharedPageCache, storedAnswer } = await import('../../src/server/cache/astro-page-cache');
    const cache = sharedPageCache();
    const html = new TextEncoder().encode(`<!doctype html><p>${'a catalog page '.repeat(400)}`);
    const stored: StoredPage = {
      ...page(['page:enc']),
      headers: [['content-type', 'text/html; charset=utf-8']],
      bodies: { br: brotliCompressSync(html) },
    };
    cache.set('|/enc', stored, cache.generation);
    const before = cache.bytes;
    const asking = (encoding: string | null) => (name: string) => (name === 'accept-encoding' ? encoding : null);

    const plain = storedAnswer('GET', '/enc', asking(null))!;
    expect(headerOf(plain.headers, 'content-encoding')).toBeNull();
    expect(headerOf(plain.headers, 'vary')).toContain('Accept-Encoding');
    expect(Buffer.from(plain.body!)).toEqual(Buffer.from(html));
    expect(Number(headerOf(plain.headers, 'content-length'))).toBe(html.byteLength);
    // the decompressed copy is not kept
    expect(stored.bodies.identity ?? stored.bodies.gzip).toBeUndefined();
    expect(cache.bytes).toBe(before);

    const br = storedAnswer('GET', '/enc', asking('gzip, br'))!;
    expect(headerOf(br.headers, 'content-encoding')).toBe('br');
    expect(br.body).toBe(stored.bodies.br);
    expect(brotliDecompressSync(br.body!)).toEqual(Buffer.from(html));

    const gz = storedAnswer('GET', '/enc', asking('gzip'))!;
    expect(headerOf(gz.headers, 'content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body!)).toEqual(Buffer.from(html));
    expect(Number(headerOf(gz.headers, 'content-length'))).toBe(gz.body!.byteLength);
    expect(cache.bytes).toBe(before + stored.bodies.gzip!.byteLength);
    expect(storedAnswer('GET', '/enc', asking('gzip'))!.body).toBe(stored.bodies.gzip);
    // the same header list for the same kind of answer, made once
    expect(storedAnswer('GET', '/enc', asking('br'))!.headers).toBe(br.headers);
    const head = storedAnswer('HEAD', '/enc', asking('br'))!;
    expect(head.body).toBeNull();
    expect(headerOf(head.headers, 'content-length')).toBe(String(stored.bodies.br!.byteLength));
    cache.invalidate(['page:enc']);
    expect(cache.get('|/enc')).toBeUndefined();
    cache.clear();
    expect(cache.bytes).toBe(0);
  });
});

describe('computed values of catalogs', () => {
  it('computes a value once for concurrent readers, again after a drop, and forgets failures', async () => {
    const { ComputedValues } = await import('../../src/server/cache/computed-values');
    const values = new ComputedValues<number>();
    let runs = 0;
    const compute = async () => ++runs;
    expect(await Promise.all([values.get('a|x', compute), values.get('a|x', compute)])).toEqual([1, 1]);
    values.drop((key) => key.startsWith('b|'));
    expect(await values.get('a|x', compute)).toBe(1);
    values.drop((key) => key.startsWith('a|'));
    expect(await values.get('a|x', compute)).toBe(2);
    await expect(values.get('c', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await values.get('c', compute)).toBe(3);
  });
});
