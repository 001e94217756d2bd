import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';

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
 * Reads an uploaded image, resized and re-encoded on demand with sharp; variants are cached on disk
 * under `{dataDir}/cache/media` so each size is computed once per instance.
 */
export async function readMediaFile(
  dataDir: string,
  relative: string,
  query: ResizeQuery,
): Promise<{ body: Buffer; mime: string } | null> {
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
  const key = createHash('sha1')
    .update(`${relative}|${stat.mtimeMs}|${query.w}|${query.h}|${query.fit}|${format}`)
    .digest('hex');
  const cached = path.join(dataDir, 'cache', 'media', `${key}.${format}`);
  const hit = await fs.readFile(cached).catch(() => null);
  if (hit) return { body: hit, mime: MIME[format]! };
  const body = await sharp(source)
    .rotate()
    .resize({
      width: query.w,
      height: query.h,
      fit: query.fit === 'inset' ? 'cover' : 'inside',
      withoutEnlargement: true,
    })
    .toFormat(format, { quality: 78 })
    .toBuffer();
  await fs.mkdir(path.dirname(cached), { recursive: true });
  await fs.writeFile(cached, body);
  return { body, mime: MIME[format]! };
}
