import type { Context } from 'hono';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { MEDIA_FILE_FIELD, MEDIA_MAX_FILE_BYTES, MEDIA_MAX_PIXELS, MEDIA_MAX_SIDE } from '../../../../contract/admin';
import { BUSY, createConcurrencyLimit } from '../../../concurrency';
import { ApiError } from '../../core/errors';
import type { AdminEnv } from '../context';
import { adminMessage } from '../messages';

/** How each accepted format is stored: re-encoded (metadata dropped, EXIF rotation applied) as itself, a GIF as PNG. */
export const STORED = {
  jpeg: { extension: 'jpg', mime: 'image/jpeg', encode: (p: Sharp) => p.jpeg({ quality: 86, progressive: true }) },
  png: { extension: 'png', mime: 'image/png', encode: (p: Sharp) => p.png({ compressionLevel: 9 }) },
  webp: { extension: 'webp', mime: 'image/webp', encode: (p: Sharp) => p.webp({ quality: 86 }) },
  avif: { extension: 'avif', mime: 'image/avif', encode: (p: Sharp) => p.avif({ quality: 60 }) },
  gif: { extension: 'png', mime: 'image/png', encode: (p: Sharp) => p.png({ compressionLevel: 9 }) },
} as const;
type StoredFormat = keyof typeof STORED;
const isStoredFormat = (format: string | undefined): format is StoredFormat => !!format && Object.hasOwn(STORED, format);
/** sharp names HEIF-family content "heif"; AVIF is the one of them the library takes. */
const formatOf = (meta: Metadata): string | undefined => (meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format);

/**
 * Image work of uploads per instance: at most `requests` uploads in progress (their bodies read, waiting or being
 * decoded; more are refused at once), and their images decoded and encoded one at a time, a turn waited for at
 * most `maxWaitMs`. Decoding a large image takes the CPU and a libuv thread for seconds; bounded so, uploads leave
 * the storefront (and the rendition encoder) room to answer.
 */
export const UPLOAD_CONCURRENCY = { requests: 4, decodes: 1, maxWaitMs: 20_000, retryAfterSeconds: 10 } as const;
export const uploadRequests = createConcurrencyLimit(UPLOAD_CONCURRENCY.requests, 0);
export const uploadDecoder = createConcurrencyLimit(UPLOAD_CONCURRENCY.decodes, UPLOAD_CONCURRENCY.requests * 2, {
  maxWaitMs: UPLOAD_CONCURRENCY.maxWaitMs,
});

/** The displayed name of an upload: the file's own name without folders, at most 200 characters. */
export const displayName = (file: File) =>
  (file.name.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f]/g, '')
    .trim()
    .slice(0, 200) || 'image';

export type PreparedImage = {
  name: string;
  data: Buffer;
  width: number;
  height: number;
  extension: string;
  mime: string;
};

type Checked = PreparedImage | { problem: 'notAnImage' } | { problem: 'tooManyPixels'; width: number; height: number };

/**
 * Checks an uploaded file is an image by its content and re-encodes it for storage. Its size in pixels is read
 * from its header first: an image that would decompress to more than MEDIA_MAX_PIXELS (a decompression bomb, or
 * just a huge scan) is refused before any of it is decoded.
 */
async function prepare(file: File): Promise<Checked> {
  const input = Buffer.from(await file.arrayBuffer());
  const meta = await Promise.resolve()
    .then(() => sharp(input, { limitInputPixels: false }).metadata())
    .catch(() => null);
  const format = meta ? formatOf(meta) : undefined;
  if (!meta?.width || !meta.height || !isStoredFormat(format)) return { problem: 'notAnImage' };
  if (meta.width * meta.height > MEDIA_MAX_PIXELS) return { problem: 'tooManyPixels', width: meta.width, height: meta.height };
  const pipeline = sharp(input, { limitInputPixels: MEDIA_MAX_PIXELS, animated: false })
    .rotate()
    .resize({ width: MEDIA_MAX_SIDE, height: MEDIA_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  const encoded = await STORED[format]
    .encode(pipeline)
    .toBuffer({ resolveWithObject: true })
    .catch(() => null);
  if (!encoded) return { problem: 'notAnImage' };
  const { extension, mime } = STORED[format];
  return { name: displayName(file), data: encoded.data, width: encoded.info.width, height: encoded.info.height, extension, mime };
}

const busy = (lang: AdminEnv['Variables']['lang']) =>
  new ApiError(503, adminMessage('media.busy', lang), { headers: { 'retry-after': String(UPLOAD_CONCURRENCY.retryAfterSeconds) } });

/**
 * Reads the images of a multipart upload (at most `maxFiles`), checked and re-encoded in the order sent, then
 * hands them to `store`: a 4xx naming each refused file stores nothing; a 503 with Retry-After when this instance
 * has as many uploads in progress as it takes.
 */
export async function withUploadedImages<T>(
  c: Context<AdminEnv>,
  maxFiles: number,
  store: (images: PreparedImage[]) => Promise<T>,
): Promise<T> {
  const { lang } = c.var;
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(415, adminMessage('media.multipartOnly', lang));
  }
  const answer = await uploadRequests.run(async () => {
    const form = await c.req.formData().catch(() => {
      throw new ApiError(400, adminMessage('media.badForm', lang), {
        errorPath: MEDIA_FILE_FIELD,
        fieldErrors: { [MEDIA_FILE_FIELD]: [adminMessage('media.badForm', lang)] },
      });
    });
    const files = form.getAll(MEDIA_FILE_FIELD).filter((entry): entry is File => typeof entry !== 'string');
    const fieldErrors: Record<string, string[]> = {};
    if (files.length === 0) fieldErrors[MEDIA_FILE_FIELD] = [adminMessage('media.noFiles', lang)];
    if (files.length > maxFiles)
      fieldErrors[MEDIA_FILE_FIELD] = [
        maxFiles === 1 ? adminMessage('media.oneFile', lang) : adminMessage('media.tooManyFiles', lang, { count: maxFiles }),
      ];
    if (Object.keys(fieldErrors).length)
      throw new ApiError(400, Object.values(fieldErrors)[0]![0]!, { errorPath: MEDIA_FILE_FIELD, fieldErrors });
    const prepared: PreparedImage[] = [];
    for (const [i, file] of files.entries()) {
      const key = `${MEDIA_FILE_FIELD}.${i}`;
      const name = displayName(file);
      if (file.size > MEDIA_MAX_FILE_BYTES) {
        fieldErrors[key] = [adminMessage('media.fileTooLarge', lang, { name, mb: MEDIA_MAX_FILE_BYTES / 1024 / 1024 })];
        continue;
      }
      if (file.size === 0) {
        fieldErrors[key] = [adminMessage('media.emptyFile', lang, { name })];
        continue;
      }
      const checked = await uploadDecoder.run(() => prepare(file));
      if (checked === BUSY) throw busy(lang);
      if ('problem' in checked) {
        fieldErrors[key] = [
          checked.problem === 'tooManyPixels'
            ? adminMessage('media.tooManyPixels', lang, {
                name,
                width: checked.width,
                height: checked.height,
                megapixels: MEDIA_MAX_PIXELS / 1_000_000,
              })
            : adminMessage('media.notAnImage', lang, { name }),
        ];
      } else prepared.push(checked);
    }
    if (Object.keys(fieldErrors).length) {
      throw new ApiError(400, Object.values(fieldErrors)[0]![0]!, { errorPath: Object.keys(fieldErrors)[0]!, fieldErrors });
    }
    return store(prepared);
  });
  if (answer === BUSY) throw busy(lang);
  return answer;
}
