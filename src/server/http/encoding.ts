import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Content negotiation and compression of text answers (HTML, JSON, CSS, JS, SVG). Brotli is preferred
 * when the client accepts it, then gzip.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/i;
/** Below this size compression saves less than its headers and time cost. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

export function isCompressible(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType);
}

/**
 * Encodings chosen by Accept-Encoding value: browsers send a handful of distinct values, and a cached page's
 * answer reads this on every hit. Emptied when full, so a client sending ever new values costs only parsing.
 */
const chosen = new Map<string, Encoding>();
const MAX_CHOSEN = 64;

/** The best encoding the Accept-Encoding header allows (q-values honoured; identity when none fits). */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let encoding = chosen.get(acceptEncoding);
  if (encoding === undefined) {
    if (chosen.size >= MAX_CHOSEN) chosen.clear();
    chosen.set(acceptEncoding, (encoding = parseEncoding(acceptEncoding)));
  }
  return encoding;
}

function parseEncoding(acceptEncoding: string): Encoding {
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const of = (name: string) => quality.get(name) ?? quality.get('*') ?? 0;
  if (of('br') > 0 && of('br') >= of('gzip')) return 'br';
  if (of('gzip') > 0) return 'gzip';
  return 'identity';
}

const brotli = promisify(zlib.brotliCompress);
const brotliOptions = (body: Uint8Array, quality: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
  },
});
const gzip = promisify(zlib.gzip);

/** Compresses text; `thorough` spends more time for smaller bytes (answers compressed once and kept). */
export async function compress(body: Uint8Array, encoding: Exclude<Encoding, 'identity'>, thorough = false): Promise<Uint8Array> {
  if (encoding === 'br') {
    return brotli(body, brotliOptions(body, thorough ? KEPT_BROTLI_QUALITY : 3));
  }
  return gzip(body, { level: 6 });
}

/**
 * Brotli quality of a kept page's first copy, made while its first client waits: 3, since the page cache packs
 * it again at quality 10 off the main thread (src/server/cache/astro-page-cache.ts), so this copy is answered
 * only until then. On a product page (244 KB of HTML) quality 3 costs 1.4 ms for 38.7 KB, quality 5 3.2 ms for
 * 33.6 KB (quality 10: 22 KB).
 */
const KEPT_BROTLI_QUALITY = 3;

/** `compress(…, thorough)` without leaving the thread: for an answer that cannot wait (a kept page's first request in an encoding). */
export function compressSync(body: Uint8Array, encoding: Exclude<Encoding, 'identity'>): Uint8Array {
  return encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(body, KEPT_BROTLI_QUALITY)) : zlib.gzipSync(body, { level: 6 });
}
