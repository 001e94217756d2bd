import { createHash } from 'node:crypto';
import { Duplex } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { CacheProvider } from 'astro';
import { chooseEncoding, compress, compressSync, isCompressible, MIN_COMPRESSIBLE_BYTES, type Encoding } from '../http/encoding';
import { enableCatalogStatsCache } from '../api/catalog/catalog-stats';
import { enableSearchAnswerCache } from '../api/catalog/search';
import { countAbandonedRender, isClientGone, whileClientWaits } from '../http/client-gone';
import { onInvalidate } from './invalidation';
import { PageCache, type StoredPage } from './page-cache';
import { etagMatches, frontDoorKey, pageCacheKey } from './page-request';
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

/** Whether a kept page is compressed (a text page large enough): it is then kept as brotli, never as it is. */
const compressed = (page: StoredPage) => page.bodies.br !== undefined;

/**
 * The page to keep: a text page as brotli only (and gzip too when its first client takes gzip), anything else
 * as it is. Its brotli copy is made smaller later, in the background (`repackLater`).
 */
async function storePage(
  response: Response,
  body: Uint8Array,
  tags: string[],
  maxAge: number,
  encoding: Encoding | null,
): Promise<StoredPage> {
  const own: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!INTERNAL_HEADERS.includes(name.toLowerCase())) own.push([name, value]);
  });
  const headers = sharedPageCache().internHeaders(own);
  const page: StoredPage = {
    status: response.status,
    headers,
    bodies: {},
    etag: etagOf(body),
    tags,
    expiresAt: Date.now() + maxAge * 1000,
  };
  const type = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (isCompressible(type) && body.byteLength >= MIN_COMPRESSIBLE_BYTES) {
    const [br, gzip] = await Promise.all([compress(body, 'br', true), encoding === 'gzip' ? compress(body, 'gzip', true) : undefined]);
    page.bodies.br = br;
    if (gzip) page.bodies.gzip = gzip;
  } else {
    page.bodies.identity = body;
  }
  return page;
}

/** The kept page's body in `encoding`: gzip is made from the brotli copy on the first request for it (and kept). */
function bodyIn(key: string, page: StoredPage, encoding: Encoding): Uint8Array {
  const { br, gzip, identity } = page.bodies;
  if (!br) return identity!;
  if (encoding === 'br') return br;
  if (encoding === 'gzip') {
    if (gzip) return gzip;
    const made = compressSync(zlib.brotliDecompressSync(br), 'gzip');
    sharedPageCache().setBody(key, page, 'gzip', made);
    return made;
  }
  return zlib.brotliDecompressSync(br);
}

/**
 * Pages waiting for a smaller brotli copy, by key. Each kept text page is compressed at quality 3 while its
 * first client waits, then once more at `REPACK_QUALITY` off the main thread, one page at a time, so the
 * cache holds more pages in the same memory (a demo product page: 24.0 KB at 5, 22.1 KB at 10).
 */
const repackQueue = new Set<string>();
const REPACK_QUEUE_MAX = 20_000;
let repacking = false;

function repackLater(key: string): void {
  if (process.env.PAGE_CACHE_REPACK === 'off' || repackQueue.size >= REPACK_QUEUE_MAX) return;
  repackQueue.add(key);
  if (!repacking) void repackAll();
}

async function repackAll(): Promise<void> {
  repacking = true;
  try {
    for (const key of repackQueue) {
      repackQueue.delete(key);
      const page = sharedPageCache().peek(key);
      const br = page?.bodies.br;
      if (!page || !br) continue;
      const smaller = await recompress(zlib.brotliDecompressSync(br)).catch(() => null);
      // kept only when it is still this page (not invalidated or replaced meanwhile) and the copy is smaller
      if (smaller && sharedPageCache().peek(key) === page && page.bodies.br === br && smaller.byteLength < br.byteLength) {
        sharedPageCache().setBody(key, page, 'br', smaller);
      }
    }
  } finally {
    repacking = false;
  }
}

const REPACK_QUALITY = 10;
const brotliAsync = promisify(zlib.brotliCompress);
const recompress = (body: Uint8Array) =>
  brotliAsync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: REPACK_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });

/** An answer as the production server writes it: a flat header list (name, value, name, value, …). */
type PlainAnswer = { status: number; headers: string[]; body: Uint8Array | null };

/** The header list of an answer of `page` in `variant` (an encoding, or 304), made once per page and kept on it. */
function headsOf(page: StoredPage, variant: Encoding | '304', state: 'HIT' | 'MISS', length: number): string[] {
  const cacheable = state === 'HIT' && !(variant === 'identity' && compressed(page));
  const kept = cacheable ? page.heads?.[variant] : undefined;
  if (kept) return kept;
  const heads: string[] = [];
  let vary = '';
  for (const [name, value] of page.headers) {
    const lower = name.toLowerCase();
    if (lower === 'vary') vary = value;
    else if (!(variant === '304' && lower === 'content-type')) heads.push(name, value);
  }
  if (compressed(page) && !listOf(vary).some((v) => v.toLowerCase() === 'accept-encoding'))
    vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  if (vary) heads.push('vary', vary);
  heads.push('etag', page.etag, 'x-astro-cache', state);
  if (variant !== '304') {
    if (compressed(page) && variant !== 'identity') heads.push('content-encoding', variant);
    heads.push('content-length', String(length));
  }
  if (cacheable) (page.heads ??= {})[variant] = heads;
  return heads;
}

/** The stored page as an answer: 304 when the client holds it, else the body in the best encoding it takes. */
function plainAnswer(
  key: string,
  page: StoredPage,
  method: string,
  header: (name: string) => string | null,
  state: 'HIT' | 'MISS',
): PlainAnswer {
  if (etagMatches(header('if-none-match'), page.etag)) return { status: 304, headers: headsOf(page, '304', state, 0), body: null };
  const encoding = compressed(page) ? chooseEncoding(header('accept-encoding')) : 'identity';
  // a HEAD answer's length is that of the body a GET would get, so the encoding is made for it too
  const body = bodyIn(key, page, encoding);
  return { status: page.status, headers: headsOf(page, encoding, state, body.byteLength), body: method === 'HEAD' ? null : body };
}

function toHeaders(flat: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < flat.length; i += 2) headers.append(flat[i]!, flat[i + 1]!);
  return headers;
}

function answer(key: string, page: StoredPage, request: Request, state: 'HIT' | 'MISS'): Response {
  const { status, headers, body } = plainAnswer(key, page, request.method, (name) => request.headers.get(name), state);
  return new Response(body as BodyInit | null, { status, headers: toHeaders(headers) });
}

/**
 * The stored answer to a request, for the production server's front door (server.mjs), which asks
 * before the framework parses the request: a stored page costs a map lookup. Null when not stored.
 */
export function storedAnswer(method: string, pathAndQuery: string, header: (name: string) => string | null): PlainAnswer | null {
  const key = frontDoorKey(method, pathAndQuery, header);
  const page = key ? sharedPageCache().get(key) : undefined;
  return key && page ? plainAnswer(key, page, method, header, 'HIT') : null;
}

/**
 * Answers compressed as they stream are read once (personal pages, API answers): brotli quality 3 costs about
 * 1.4 ms on a 244 KB product page where 4 costs 2.1 ms, for 5 % more bytes.
 */
function zlibStream(encoding: Exclude<Encoding, 'identity'>) {
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
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
      try {
        return await whileClientWaits(request.signal, () => answerRequest(request, url, next));
      } catch (error) {
        // the render was abandoned: its client has gone and reads nothing
        if (isClientGone(error) || (request.signal?.aborted && isAbort(error))) {
          countAbandonedRender();
          return new Response(null, { status: 499 });
        }
        throw error;
      }
    },
    async invalidate({ tags, path }) {
      if (tags) cache.invalidate(Array.isArray(tags) ? tags : [tags]);
      if (path) cache.invalidate(['all']);
    },
  };

  async function answerRequest(request: Request, url: URL, next: () => Promise<Response>): Promise<Response> {
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
      if (cache.set(key, page, generation) && compressed(page)) repackLater(key);
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
  }
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';
