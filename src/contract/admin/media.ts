/** Shapes of the back office API for the media library: see src/contract/admin/common.ts for the shared ones. */
import { z } from 'zod';
import { DEFAULT_PER_PAGE, listAnswerSchema, MAX_PER_PAGE, versionSchema } from './common';

/** The `accept` of the upload inputs. */
export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
/** Largest file one upload may carry. */
export const MEDIA_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Most files in one upload request. */
export const MEDIA_MAX_FILES = 20;
/**
 * Most pixels an upload may decompress to (width × height, read from its header before any decoding): 50
 * megapixels takes every camera's photo; a larger image, or a small file claiming a huge size, is refused.
 */
export const MEDIA_MAX_PIXELS = 50_000_000;
/** Largest side a stored image keeps; larger uploads are scaled down. */
export const MEDIA_MAX_SIDE = 3840;
/** Multipart field the files are sent in (POST /media). */
export const MEDIA_FILE_FIELD = 'files';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !v.includes('\u0000'), 'This value contains an invalid character.');
const mediaTextSchema = (max: number) => z.object({ en: text(max).default(''), ru: text(max).default('') });

/** GET /media: newest first; `q` searches the name, alt and title texts; `ids` (comma-separated) picks given images. */
export const mediaListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  q: z.string().trim().max(200).optional(),
  ids: z
    .string()
    .max(100 * 40)
    .transform((v) =>
      v
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(100)).max(100))
    .optional(),
});

export const mediaItemSchema = z.strictObject({
  id: z.string(),
  /** the uploaded file's name (searchable) */
  name: z.string(),
  /** `/media/<hash>/<name>.<ext>`, a new one for each new file; add `?w=160&h=160&fit=inset&format=webp` for a thumbnail */
  uri: z.string(),
  mime: z.string(),
  width: z.int(),
  height: z.int(),
  size: z.int(),
  alt: z.strictObject({ en: z.string(), ru: z.string() }),
  title: z.strictObject({ en: z.string(), ru: z.string() }),
  createdAt: z.string(),
  version: z.int(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;
/** GET /media: a page of the library; the total capped as every list's (see listAnswerSchema) */
export const mediaListSchema = listAnswerSchema(mediaItemSchema);

/** Where an image is used: deleting it would take it from these. */
export const MEDIA_USAGE_KINDS = ['product', 'variation', 'catalog', 'page', 'article', 'section', 'settings'] as const;
export const mediaUsageSchema = z.strictObject({
  kind: z.enum(MEDIA_USAGE_KINDS),
  /** the record's id (for a section, its owner's: `page:…`, `catalog:…`, `product:…`, `article:…`; for settings the group) */
  id: z.string(),
  /** a readable name of the record in the request's language */
  title: z.string(),
});
export type MediaUsage = z.infer<typeof mediaUsageSchema>;

export const mediaDetailSchema = mediaItemSchema.extend({ usage: z.array(mediaUsageSchema) });
export type MediaDetail = z.infer<typeof mediaDetailSchema>;

/** POST /media (multipart, files in `files`): the stored images, in the order sent. */
export const mediaUploadAnswerSchema = z.strictObject({ items: z.array(mediaItemSchema) });
export type MediaUploadAnswer = z.infer<typeof mediaUploadAnswerSchema>;

/** PATCH /media/:id */
export const mediaPatchSchema = z.object({
  name: text(200).min(1).optional(),
  alt: mediaTextSchema(500),
  title: mediaTextSchema(500),
  version: versionSchema,
});

/** POST /media/:id/file?version=… (multipart, one file in `files`): the image gets the new file and a new address. */
export const mediaReplaceQuerySchema = z.object({ version: z.coerce.number().pipe(versionSchema) });

/** DELETE /media/:id?version=…&force=true: an image in use answers 409 with `usage` unless `force`. */
export const mediaDeleteQuerySchema = z.object({
  version: z.coerce.number().pipe(versionSchema),
  force: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});

/** The thumbnail address of a stored image. */
export const mediaThumbnail = (uri: string, size = 160) => `${uri}?w=${size}&h=${size}&fit=inset&format=webp`;
