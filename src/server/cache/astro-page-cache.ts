import { createHash } from 'node:crypto';
import { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import type { CacheProvider } from 'astro';
import { chooseEncoding, compress, compressSync, isCompressible, MIN_COMPRESSIBLE_BYTES, type Encoding } from '../http/encoding';
import { enableCatalogStatsCache } from '../api/catalog/catalog-stats';
import { enableSearchAnswerCache } from '../api/catalog/search';
import { onInvalidate } from './invalidation';
import { PageCache, type StoredPage } from './page-cache';
import { etagMatches, pageCacheKey } from './page-request';
import { collectPageTags } from './page-tags';

/**
 * Astro's route cache provider for the storefront (astro.config: `cache.provider`, `routeRules`).
 *
 * Routes opt in through `routeRules` (or `Astro.cache.set`); a rendered page is stored once per
 * change, compressed in the encoding its first client takes (brotli or gzip; the other on the first request
 * for it), tagged with the rows its data loaders read plus the
 * route's own tags, and dropped when `invalidate()` names any of them, on this instance or, through the
 * PostgreSQL transport, on any other. Every answer it gives keeps the page's Cache-Control (no-cache,
 * private: browsers revalidate) and carries a weak ETag, so a revalidation costs a 304. Answers it does
 * not store (personal pages, the API) are compressed on the fly.
 */

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const INTERNAL_HEADERS = ['cdn-cache-control', 'cache-tag', 'set-cookie', 'content-length', 'content-encoding', 'etag', 'x-astro-cache'];

let shared: PageCache | undefined;

/** The process's page cache (created with the provider; exposed for the bench and tests). */
export function sharedPageCache(): PageCache {
  shared ??= new PageCache(Number(process.env.PAGE_CACHE_MAX_BYTES) || DEFAULT_MAX_BYTES);
  return shared;
}

/** Astro keeps the cookies a page sets on its response object until it writes the answer. */
const ASTRO_COOKIES = Symbol.for('astro.cookies');

function setsCookies(response: Response): boolean {
  if (response.headers.has('set-cookie')) return true;
  const cookies = Reflect.get(response, ASTRO_COOKIES) as { headers?: () => Iterator<string> } | undefined;
  return !!cookies?.headers && !cookies.headers().next().done;
}

/** A copy of an answer keeps the cookies the page set. */
function rewrap(from: Response, body: BodyInit | null, headers: Headers): Response {
  const copy = new Response(body, { status: from.status, statusText: from.statusText, headers });
  const cookies = Reflect.get(from, ASTRO_COOKIES);
  if (cookies) Reflect.set(copy, ASTRO_COOKIES, cookies);
  return copy;
}

function maxAgeOf(header: string | null): number {
  const match = /(?:^|,)\s*max-age=(\d+)/i.exec(header ?? '');
  return match ? Number(match[1]) : 0;
}

const listOf = (header: string | null) =>
  (header ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

function withVary(headers: Headers, name: string) {
  const vary = listOf(headers.get('vary'));
  if (!vary.some((v) => v.toLowerCase() === name.toLowerCase())) headers.set('vary', [...vary, name].join(', '));
}

function etagOf(body: Uint8Array): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** A kept page is compressed (brotli, gzip) when its type is text and it is large enough. */
function compressible(page: Pick<StoredPage, 'headers' | 'bodies'>): boolean {
  const type = page.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  return isCompressible(type) && page.bodies.identity.byteLength >= MIN_COMPRESSIBLE_BYTES;
}

/**
 * The page to keep, compressed in the one encoding its first client takes (none for HEAD); the other is made
 * on the first request for it (`bodyIn`), so a page only ever asked for in brotli never costs a gzip pass.
 */
async function storePage(
  response: Response,
  body: Uint8Array,
  tags: string[],
  maxAge: number,
  encoding: Encoding | null,
): Promise<StoredPage> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!INTERNAL_HEADERS.includes(name.toLowerCase())) headers.push([name, value]);
  });
  const page: StoredPage = {
    status: response.status,
    headers,
    bodies: { identity: body },
    etag: etagOf(body),
    tags,
    expiresAt: Date.now() + maxAge * 1000,
  };
  if (encoding && encoding !== 'identity' && compressible(page)) page.bodies[encoding] = await compress(body, encoding, true);
  return page;
}

/** The kept page's body in `encoding`, compressed now (and kept) when this is the first request for it. */
function bodyIn(key: string, page: StoredPage, encoding: Encoding): Uint8Array {
  if (encoding === 'identity' || !compressible(page)) return page.bodies.identity;
  const kept = page.bodies[encoding];
  if (kept) return kept;
  const made = compressSync(page.bodies.identity, encoding);
  sharedPageCache().addBody(key, page, encoding, made);
  return made;
}

type PlainAnswer = { status: number; headers: Headers; body: Uint8Array | null };

/** The stored page as an answer: 304 when the client holds it, else the body in the best encoding it takes. */
function plainAnswer(
  key: string,
  page: StoredPage,
  method: string,
  header: (name: string) => string | null,
  state: 'HIT' | 'MISS',
): PlainAnswer {
  const headers = new Headers(page.headers);
  headers.set('etag', page.etag);
  headers.set('x-astro-cache', state);
  if (compressible(page)) withVary(headers, 'Accept-Encoding');
  if (etagMatches(header('if-none-match'), page.etag)) {
    headers.delete('content-type');
    return { status: 304, headers, body: null };
  }
  const encoding = chooseEncoding(header('accept-encoding'));
  // a HEAD answer's length is that of the body a GET would get, so the encoding is made for it too
  const body = bodyIn(key, page, encoding);
  if (body !== page.bodies.identity) headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.byteLength));
  return { status: page.status, headers, body: method === 'HEAD' ? null : body };
}

function answer(key: string, page: StoredPage, request: Request, state: 'HIT' | 'MISS'): Response {
  const { status, headers, body } = plainAnswer(key, page, request.method, (name) => request.headers.get(name), state);
  return new Response(body as BodyInit | null, { status, headers });
}

/**
 * The stored answer to a request, for the production server's front door (server.mjs), which asks
 * before the framework parses the request: a stored page costs a map lookup. Null when not stored.
 */
export function storedAnswer(method: string, pathAndQuery: string, header: (name: string) => string | null): PlainAnswer | null {
  // Only plain paths: anything odd ('//host/', dot segments, escapes) goes through the request rules.
  const path = pathAndQuery.split('?', 1)[0]!;
  if (!path.startsWith('/') || /\/\/|\/\.|%|\\/.test(path)) return null;
  const key = pageCacheKey({ method, url: new URL(`http://front.door${pathAndQuery}`), header });
  const page = key ? sharedPageCache().get(key) : undefined;
  return key && page ? plainAnswer(key, page, method, header, 'HIT') : null;
}

function zlibStream(encoding: Exclude<Encoding, 'identity'>) {
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
      })
    : zlib.createGzip({ level: 6 });
}

/** A text answer that is not stored, compressed while it streams. */
function compressedOnTheFly(response: Response, request: Request): Response {
  const encoding = chooseEncoding(request.headers.get('accept-encoding'));
  const length = Number(response.headers.get('content-length') ?? Number.POSITIVE_INFINITY);
  if (
    encoding === 'identity' ||
    !response.body ||
    response.status === 204 ||
    response.status === 304 ||
    response.headers.has('content-encoding') ||
    !isCompressible(response.headers.get('content-type')) ||
    length < MIN_COMPRESSIBLE_BYTES
  ) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  withVary(headers, 'Accept-Encoding');
  const body = response.body.pipeThrough(Duplex.toWeb(zlibStream(encoding)) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
  return rewrap(response, body, headers);
}

export default function storefrontPageCache(): CacheProvider {
  const cache = sharedPageCache();
  enableCatalogStatsCache();
  enableSearchAnswerCache();
  (globalThis as Record<symbol, unknown>)[Symbol.for('storefront.storedAnswer')] = storedAnswer;
  onInvalidate((tags) => {
    cache.invalidate(tags);
  });
  return {
    name: 'storefront-pages',
    async onRequest({ request, url }, next) {
      const key = pageCacheKey({ method: request.method, url, header: (name) => request.headers.get(name) });
      if (!key) return compressedOnTheFly(await next(), request);
      const stored = cache.get(key);
      if (stored) return answer(key, stored, request, 'HIT');

      const generation = cache.generation;
      // The body is read inside the collector: sections render (and load data) while it streams.
      const { result, tags } = await collectPageTags(async () => {
        const response = await next();
        return { response, body: new Uint8Array(await response.arrayBuffer()) };
      });
      const { response, body } = result;
      const maxAge = maxAgeOf(response.headers.get('cdn-cache-control'));
      const personal = setsCookies(response);
      if (maxAge > 0 && response.status === 200 && !personal) {
        const routeTags = listOf(response.headers.get('cache-tag'));
        const encoding = request.method === 'HEAD' ? null : chooseEncoding(request.headers.get('accept-encoding'));
        const page = await storePage(response, body, [...new Set([...routeTags, ...tags])], maxAge, encoding);
        cache.set(key, page, generation);
        return answer(key, page, request, 'MISS');
      }
      // Not kept (no route rule, personal, failed data): answered as rendered, cookies included.
      const headers = new Headers(response.headers);
      for (const name of ['cdn-cache-control', 'cache-tag']) headers.delete(name);
      headers.set('content-length', String(body.byteLength));
      headers.set('x-astro-cache', 'BYPASS');
      if (response.status === 200 && !personal) {
        const etag = etagOf(body);
        headers.set('etag', etag);
        if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
      }
      const rendered = rewrap(response, request.method === 'HEAD' ? null : (body as BodyInit), headers);
      return compressedOnTheFly(rendered, request);
    },
    async invalidate({ tags, path }) {
      if (tags) cache.invalidate(Array.isArray(tags) ? tags : [tags]);
      if (path) cache.invalidate(['all']);
    },
  };
}
