import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { z } from 'zod';
import { onInvalidate } from '../cache/invalidation';
import { BUSY, createConcurrencyLimit } from '../concurrency';
import { readIfThere, writeWhole } from './files';
import type { Logger } from '../logger';
import type { MediaStores } from './location';
import { sha256 } from './originals';

export const MEDIA_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;

export const resizeQuerySchema = z.object({
  w: z.coerce.number().int().min(16).max(3840).optional(),
  h: z.coerce.number().int().min(16).max(3840).optional(),
  /** outbound keeps the whole image inside the box; inset crops to fill it (spec 9 crop modes) */
  fit: z.enum(['outbound', 'inset']).default('outbound'),
  format: z.enum(MEDIA_FORMATS).optional(),
});
export type ResizeQuery = z.infer<typeof resizeQuerySchema>;

const MIME = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
} as const;
type SourceFormat = keyof typeof MIME;

/**
 * Widths a resized image may have. Requests are served the smallest of these at least as wide as asked (or the
 * original width), so arbitrary `?w=` values share a few encodes instead of each costing a new one.
 */
export const RENDITION_WIDTHS = [
  64, 96, 128, 160, 200, 240, 320, 400, 480, 567, 640, 768, 960, 1080, 1280, 1440, 1600, 1920, 2560, 3840,
] as const;
/** Shapes a cropped (inset) image may have, width / height; a request gets the nearest. */
export const RENDITION_RATIOS = [1, 5 / 4, 4 / 5, 4 / 3, 3 / 4, 3 / 2, 2 / 3, 16 / 9, 9 / 16, 2, 1 / 2, 21 / 9] as const;

export type Rendition = { width: number; height: number | undefined; fit: 'outbound' | 'inset' };

const snapWidth = (width: number, sourceWidth: number) =>
  Math.min(RENDITION_WIDTHS.find((step) => step >= width) ?? RENDITION_WIDTHS.at(-1)!, sourceWidth);

/** The rendition served for a request on a source of the given size (pure, so the whitelist is testable). */
export function renditionFor(query: Pick<ResizeQuery, 'w' | 'h' | 'fit'>, source: { width: number; height: number }): Rendition {
  const { w, h } = query;
  if (query.fit === 'inset' && w && h) {
    const asked = w / h;
    const ratio = RENDITION_RATIOS.reduce((best, r) => (Math.abs(Math.log(r / asked)) < Math.abs(Math.log(best / asked)) ? r : best));
    const width = snapWidth(w, source.width);
    return { width, height: Math.max(1, Math.round(width / ratio)), fit: 'inset' };
  }
  // Kept whole inside the box: only the resulting width matters.
  const scale = Math.min(w ? w / source.width : Infinity, h ? h / source.height : Infinity, 1);
  return { width: snapWidth(Math.max(1, Math.floor(source.width * scale)), source.width), height: undefined, fit: 'outbound' };
}

/** Encodes at a time per instance; more wait in a short queue, beyond it the answer is "busy". */
export const ENCODER_CONCURRENCY = { max: 2, maxWaiting: 32 } as const;
const encoder = createConcurrencyLimit(ENCODER_CONCURRENCY.max, ENCODER_CONCURRENCY.maxWaiting);

export const MEDIA_BUSY = 'busy' as const;

export type MediaFile = { body: Buffer; mime: string };

type Source = { file: string; width: number; height: number; format: SourceFormat };

/** sharp's name of a source's format; AVIF is the HEIF kind the shop serves. */
function sourceFormat(meta: Metadata): SourceFormat | null {
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  return format && Object.hasOwn(MIME, format) ? (format as SourceFormat) : null;
}

/**
 * One instance's images: originals read from the shop's store and served as they are, or resized and re-encoded
 * on demand with sharp to one of the allowed renditions. Renditions, and originals of a store not on this disk,
 * are cached under `dir` by the original's hash (its content never changes), bounded to `maxBytes` (the oldest
 * files go first); only a miss reads the store. An original that is replaced or deleted anywhere is dropped here
 * when its invalidation arrives.
 */
export type MediaCache = {
  read(hash: string, query: ResizeQuery): Promise<MediaFile | typeof MEDIA_BUSY | null>;
  close(): void;
};

export function createMediaCache(options: { stores: MediaStores; dir: string; maxBytes: number; logger: Logger }): MediaCache {
  const { stores, dir, maxBytes, logger } = options;
  const sources = new Map<string, Source | null>();
  const fetching = new Map<string, Promise<string | null>>();

  async function forget(hash: string): Promise<void> {
    sources.delete(hash);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    await Promise.all(names.filter((name) => name.startsWith(hash)).map((name) => fs.rm(path.join(dir, name), { force: true })));
  }
  const stop = onInvalidate((tags) =>
    Promise.all(tags.filter((tag) => tag.startsWith('media:')).map((tag) => forget(tag.slice('media:'.length)))).then(() => undefined),
  );

  /** A file on this machine holding the original: the store's own, or a copy in the cache. */
  async function originalFile(hash: string): Promise<string | null> {
    const { store } = await stores.active();
    if (store.localPath) {
      const file = store.localPath(hash);
      return (await store.head(hash)) ? file : null;
    }
    const file = path.join(dir, hash);
    if (
      await fs.stat(file).then(
        () => true,
        () => false,
      )
    )
      return file;
    let pending = fetching.get(hash);
    if (!pending) {
      pending = (async () => {
        let data = await store.get(hash);
        // the shop may have moved to another store since this instance last asked
        if (!data) data = await (await stores.active({ fresh: true })).store.get(hash);
        if (!data) return null;
        if (sha256(data) !== hash) {
          logger.error({ hash }, 'an original in the media store does not match its hash; not served');
          return null;
        }
        await fs.mkdir(dir, { recursive: true });
        await writeWhole(file, data);
        await boundCache(dir, maxBytes);
        return file;
      })().finally(() => fetching.delete(hash));
      fetching.set(hash, pending);
    }
    return pending;
  }

  /** The original's file with its size (after EXIF rotation) and format, read from its header once. */
  async function source(hash: string): Promise<Source | null> {
    const file = await originalFile(hash);
    if (!file) return null;
    const known = sources.get(hash);
    if (known?.file === file) return known;
    const meta = await sharp(file)
      .metadata()
      .catch(() => null);
    const format = meta ? sourceFormat(meta) : null;
    const rotated = meta?.orientation !== undefined && meta.orientation >= 5;
    const found =
      meta?.width && meta.height && format
        ? { file, format, width: rotated ? meta.height : meta.width, height: rotated ? meta.width : meta.height }
        : null;
    sources.set(hash, found);
    if (sources.size > 10_000) sources.delete(sources.keys().next().value!);
    return found;
  }

  /** Where a rendition of an original of this size and format is cached, and its format. */
  function renditionFile(hash: string, original: Pick<Source, 'width' | 'height' | 'format'>, query: ResizeQuery) {
    const format = query.format ?? (original.format === 'png' || original.format === 'webp' ? original.format : 'jpeg');
    const rendition = renditionFor(query, original);
    return { rendition, format, cached: path.join(dir, `${hash}.${rendition.width}x${rendition.height ?? 0}.${rendition.fit}.${format}`) };
  }

  async function read(hash: string, query: ResizeQuery): Promise<MediaFile | typeof MEDIA_BUSY | null> {
    const resized = Boolean(query.w || query.h || query.format);
    // a cached rendition of an original whose size is known needs neither the original nor the store
    const known = sources.get(hash);
    if (resized && known) {
      const { cached, format } = renditionFile(hash, known, query);
      const hit = await readIfThere(cached);
      if (hit) return { body: hit, mime: MIME[format] };
    }
    const original = await source(hash);
    if (!original) return null;
    if (!resized) {
      const body = await readIfThere(original.file);
      if (body) return { body, mime: MIME[original.format] };
      sources.delete(hash);
      const again = await source(hash);
      const retried = again && (await readIfThere(again.file));
      return retried ? { body: retried, mime: MIME[again.format] } : null;
    }
    const { rendition, format, cached } = renditionFile(hash, original, query);
    const hit = await readIfThere(cached);
    if (hit) return { body: hit, mime: MIME[format] };
    const body = await encoder.run(async () => {
      const again = await readIfThere(cached);
      if (again) return again;
      const refetched = async () => {
        const file = await originalFile(hash);
        return file ? readIfThere(file) : null;
      };
      const input = (await readIfThere(original.file)) ?? (await refetched());
      if (!input) return null;
      const encoded = await sharp(input)
        .rotate()
        .resize({
          width: rendition.width,
          height: rendition.height,
          fit: rendition.fit === 'inset' ? 'cover' : 'inside',
          withoutEnlargement: true,
        })
        .toFormat(format, { quality: 78 })
        .toBuffer();
      await fs.mkdir(dir, { recursive: true });
      await writeWhole(cached, encoded);
      await boundCache(dir, maxBytes);
      return encoded;
    });
    if (body === BUSY) return MEDIA_BUSY;
    return body ? { body, mime: MIME[format] } : null;
  }

  return { read, close: stop };
}

/** Deletes the oldest cached files until the cache holds at most 90% of `maxBytes`. */
async function boundCache(cacheDir: string, maxBytes: number): Promise<void> {
  const names = await fs.readdir(cacheDir).catch(() => [] as string[]);
  const files = (
    await Promise.all(
      names.map(async (name) => {
        const stat = await fs.stat(path.join(cacheDir, name)).catch(() => null);
        return stat?.isFile() ? { name, size: stat.size, mtimeMs: stat.mtimeMs } : null;
      }),
    )
  ).filter((file) => file !== null);
  let total = files.reduce((sum, file) => sum + file.size, 0);
  if (total <= maxBytes) return;
  files.sort((a, b) => a.mtimeMs - b.mtimeMs);
  for (const file of files) {
    if (total <= maxBytes * 0.9) break;
    await fs.rm(path.join(cacheDir, file.name), { force: true });
    total -= file.size;
  }
}
