import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { BUSY, createConcurrencyLimit } from './concurrency';

export const MEDIA_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;

export const resizeQuerySchema = z.object({
  w: z.coerce.number().int().min(16).max(3840).optional(),
  h: z.coerce.number().int().min(16).max(3840).optional(),
  /** outbound keeps the whole image inside the box; inset crops to fill it (spec 9 crop modes) */
  fit: z.enum(['outbound', 'inset']).default('outbound'),
  format: z.enum(MEDIA_FORMATS).optional(),
});
export type ResizeQuery = z.infer<typeof resizeQuerySchema>;

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** Resolves a media path inside `{dataDir}/uploads`, refusing anything that escapes it. */
export function resolveUpload(dataDir: string, relative: string): string | null {
  const root = path.join(dataDir, 'uploads');
  const full = path.resolve(root, relative);
  return full.startsWith(root + path.sep) ? full : null;
}

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

export type MediaOptions = { cacheMaxBytes: number };
export const DEFAULT_MEDIA_CACHE_MAX_BYTES = 512 * 1024 * 1024;

/**
 * Reads an uploaded image, resized and re-encoded on demand with sharp to one of the allowed renditions; they
 * are cached on disk under `{dataDir}/cache/media`, whose size is bounded (the oldest files go first).
 */
export async function readMediaFile(
  dataDir: string,
  relative: string,
  query: ResizeQuery,
  options: MediaOptions = { cacheMaxBytes: DEFAULT_MEDIA_CACHE_MAX_BYTES },
): Promise<{ body: Buffer; mime: string } | typeof MEDIA_BUSY | null> {
  const source = resolveUpload(dataDir, relative);
  if (!source) return null;
  const ext = path.extname(source).slice(1).toLowerCase();
  if (!MIME[ext]) return null;
  if (!query.w && !query.h && !query.format) {
    const body = await fs.readFile(source).catch(() => null);
    return body ? { body, mime: MIME[ext]! } : null;
  }
  const stat = await fs.stat(source).catch(() => null);
  if (!stat?.isFile()) return null;
  const format = query.format ?? (ext === 'png' ? 'png' : ext === 'webp' ? 'webp' : 'jpeg');
  const size = await sourceSize(source, stat.mtimeMs);
  if (!size) return null;
  const rendition = renditionFor(query, size);
  const key = createHash('sha1')
    .update(`${relative}|${stat.mtimeMs}|${rendition.width}|${rendition.height}|${rendition.fit}|${format}`)
    .digest('hex');
  const cacheDir = path.join(dataDir, 'cache', 'media');
  const cached = path.join(cacheDir, `${key}.${format}`);
  const hit = await fs.readFile(cached).catch(() => null);
  if (hit) return { body: hit, mime: MIME[format]! };
  const body = await encoder.run(async () => {
    const again = await fs.readFile(cached).catch(() => null);
    if (again) return again;
    const encoded = await sharp(source)
      .rotate()
      .resize({
        width: rendition.width,
        height: rendition.height,
        fit: rendition.fit === 'inset' ? 'cover' : 'inside',
        withoutEnlargement: true,
      })
      .toFormat(format, { quality: 78 })
      .toBuffer();
    await fs.mkdir(cacheDir, { recursive: true });
    await fs.writeFile(cached, encoded);
    await boundCache(cacheDir, options.cacheMaxBytes);
    return encoded;
  });
  if (body === BUSY) return MEDIA_BUSY;
  return { body, mime: MIME[format]! };
}

const sizes = new Map<string, { width: number; height: number } | null>();

/** Width and height of a source (after EXIF rotation), read from its header once per version. */
async function sourceSize(source: string, mtimeMs: number): Promise<{ width: number; height: number } | null> {
  const key = `${source}|${mtimeMs}`;
  if (!sizes.has(key)) {
    const meta = await sharp(source)
      .metadata()
      .catch(() => null);
    const rotated = meta?.orientation !== undefined && meta.orientation >= 5;
    sizes.set(
      key,
      meta?.width && meta.height
        ? rotated
          ? { width: meta.height, height: meta.width }
          : { width: meta.width, height: meta.height }
        : null,
    );
    if (sizes.size > 10_000) sizes.delete(sizes.keys().next().value!);
  }
  return sizes.get(key) ?? null;
}

/** Deletes the oldest cached renditions until the cache holds at most 90% of `maxBytes`. */
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
