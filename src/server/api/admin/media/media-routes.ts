import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { z } from 'zod';
import {
  idSchema,
  MEDIA_FILE_FIELD,
  MEDIA_MAX_FILE_BYTES,
  MEDIA_MAX_FILES,
  MEDIA_MAX_SIDE,
  mediaDeleteQuerySchema,
  mediaListQuerySchema,
  mediaPatchSchema,
  type MediaDetail,
  type MediaItem,
} from '../../../../contract/admin';
import { invalidate } from '../../../cache/invalidation';
import { images, products } from '../../../db/schema';
import { resolveUpload } from '../../../media';
import { ApiError, errorBody, notFound } from '../../core/errors';
import { readBody, readParams, readQuery } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { likePattern, pageOffset } from '../lists';
import { adminMessage } from '../messages';
import { expectVersion, versionConflict } from '../versioned';
import { findImageUsage } from './image-usage';
import type { ListAnswer } from '../../../../contract/admin';

/** Folder under `{dataDir}/uploads` (and `/media/`) the library stores uploads in. */
export const LIBRARY_DIR = 'library';
/** Whole upload request: every file at its largest, plus the multipart framing. */
const UPLOAD_BODY_BYTES = MEDIA_MAX_FILES * MEDIA_MAX_FILE_BYTES + 64 * 1024;

type ImageRow = typeof images.$inferSelect;

export const toMediaItem = (row: ImageRow): MediaItem => ({
  id: row.id,
  name: row.name,
  uri: row.uri,
  mime: row.mime,
  width: row.width,
  height: row.height,
  size: row.size,
  alt: { en: row.alt?.en ?? '', ru: row.alt?.ru ?? '' },
  title: { en: row.title?.en ?? '', ru: row.title?.ru ?? '' },
  createdAt: row.createdAt.toISOString(),
  version: row.version,
});

const idParams = z.object({ id: idSchema });

/** How each accepted format is stored: re-encoded (metadata dropped, EXIF rotation applied) as itself, a GIF as PNG. */
const STORED = {
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

/** The displayed name of an upload: the file's own name without folders, at most 200 characters. */
const displayName = (file: File) =>
  (file.name.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f]/g, '')
    .trim()
    .slice(0, 200) || 'image';

type Prepared = { id: string; name: string; data: Buffer; width: number; height: number; format: StoredFormat };

/** Checks an uploaded file is an image by its content and re-encodes it for storage; null when it is not one. */
async function prepare(file: File): Promise<Prepared | null> {
  const input = Buffer.from(await file.arrayBuffer());
  const meta = await sharp(input, { limitInputPixels: 100_000_000 })
    .metadata()
    .catch(() => null);
  const format = meta ? formatOf(meta) : undefined;
  if (!meta?.width || !meta.height || !isStoredFormat(format)) return null;
  const pipeline = sharp(input, { limitInputPixels: 100_000_000, animated: false })
    .rotate()
    .resize({ width: MEDIA_MAX_SIDE, height: MEDIA_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  const encoded = await STORED[format]
    .encode(pipeline)
    .toBuffer({ resolveWithObject: true })
    .catch(() => null);
  if (!encoded) return null;
  return { id: randomUUID(), name: displayName(file), data: encoded.data, width: encoded.info.width, height: encoded.info.height, format };
}

function listWhere(query: z.infer<typeof mediaListQuerySchema>): SQL | undefined {
  const q = query.q ? likePattern(query.q) : null;
  return and(
    ...(query.ids ? [inArray(images.id, query.ids.length ? query.ids : [''])] : []),
    ...(q
      ? [
          or(
            ilike(images.name, q),
            ilike(sql`coalesce(${images.alt}->>'en', '') || ' ' || coalesce(${images.alt}->>'ru', '')`, q),
            ilike(sql`coalesce(${images.title}->>'en', '') || ' ' || coalesce(${images.title}->>'ru', '')`, q),
          )!,
        ]
      : []),
  );
}

export const mediaRoutes = new Hono<AdminEnv>()
  .get('/media', async (c) => {
    const query = readQuery(c, mediaListQuerySchema);
    const db = c.var.deps.db;
    const where = listWhere(query);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(images)
        .where(where)
        .orderBy(desc(images.createdAt), desc(images.id))
        .limit(query.perPage)
        .offset(pageOffset(query.page, query.perPage)),
      db.select({ n: count() }).from(images).where(where),
    ]);
    return c.json({
      items: rows.map(toMediaItem),
      total: total!.n,
      page: query.page,
      perPage: query.perPage,
    } satisfies ListAnswer<MediaItem>);
  })
  .get('/media/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang } = c.var;
    const [row] = await deps.db.select().from(images).where(eq(images.id, id));
    if (!row) throw notFound(adminMessage('media.notFound', lang));
    const { usage } = await findImageUsage(deps.db, id, lang);
    return c.json({ ...toMediaItem(row), usage } satisfies MediaDetail);
  })
  .post(
    '/media',
    bodyLimit({
      maxSize: UPLOAD_BODY_BYTES,
      onError: (c) => {
        throw new ApiError(413, adminMessage('media.tooLarge', c.var.lang, { mb: MEDIA_MAX_FILE_BYTES / 1024 / 1024 }));
      },
    }),
    async (c) => {
      const { deps, lang, staff } = c.var;
      if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
        throw new ApiError(415, adminMessage('media.multipartOnly', lang));
      }
      const form = await c.req.formData().catch(() => {
        throw new ApiError(400, adminMessage('media.badForm', lang), {
          errorPath: MEDIA_FILE_FIELD,
          fieldErrors: { [MEDIA_FILE_FIELD]: [adminMessage('media.badForm', lang)] },
        });
      });
      const files = form.getAll(MEDIA_FILE_FIELD).filter((entry): entry is File => typeof entry !== 'string');
      const fieldErrors: Record<string, string[]> = {};
      if (files.length === 0) fieldErrors[MEDIA_FILE_FIELD] = [adminMessage('media.noFiles', lang)];
      if (files.length > MEDIA_MAX_FILES)
        fieldErrors[MEDIA_FILE_FIELD] = [adminMessage('media.tooManyFiles', lang, { count: MEDIA_MAX_FILES })];
      if (Object.keys(fieldErrors).length)
        throw new ApiError(400, Object.values(fieldErrors)[0]![0]!, { errorPath: MEDIA_FILE_FIELD, fieldErrors });
      // one at a time: each decode and encode already spreads over libvips' threads
      const prepared: Prepared[] = [];
      for (const [i, file] of files.entries()) {
        const key = `${MEDIA_FILE_FIELD}.${i}`;
        if (file.size > MEDIA_MAX_FILE_BYTES) {
          fieldErrors[key] = [
            adminMessage('media.fileTooLarge', lang, { name: displayName(file), mb: MEDIA_MAX_FILE_BYTES / 1024 / 1024 }),
          ];
          continue;
        }
        const image = await prepare(file);
        if (image) prepared.push(image);
        else fieldErrors[key] = [adminMessage('media.notAnImage', lang, { name: displayName(file) })];
      }
      if (Object.keys(fieldErrors).length) {
        throw new ApiError(400, Object.values(fieldErrors)[0]![0]!, { errorPath: Object.keys(fieldErrors)[0]!, fieldErrors });
      }
      const dir = path.join(deps.config.dataDir, 'uploads', LIBRARY_DIR);
      await fs.mkdir(dir, { recursive: true });
      const written: string[] = [];
      const now = deps.now();
      try {
        const rows = prepared.map((image, i) => {
          const { extension, mime } = STORED[image.format];
          return {
            id: image.id,
            name: image.name,
            alt: { en: '', ru: '' },
            title: { en: '', ru: '' },
            uri: `/media/${LIBRARY_DIR}/${image.id}.${extension}`,
            mime,
            width: image.width,
            height: image.height,
            extension,
            size: image.data.length,
            type: 'image',
            dir: LIBRARY_DIR,
            // in the order sent: the first file is the newest by a millisecond less than the next
            createdAt: new Date(now.getTime() + i),
          };
        });
        for (const [i, image] of prepared.entries()) {
          const file = path.join(dir, `${image.id}.${rows[i]!.extension}`);
          await fs.writeFile(file, image.data);
          written.push(file);
        }
        const inserted = await deps.db.transaction(async (tx) => {
          const stored = await tx.insert(images).values(rows).returning();
          for (const row of stored) {
            await recordAudit(
              tx,
              staff,
              { action: 'media.upload', entityType: 'image', entityId: row.id, after: { name: row.name, uri: row.uri, size: row.size } },
              now,
            );
          }
          return stored;
        });
        const byId = new Map(inserted.map((row) => [row.id, row]));
        return c.json({ items: rows.map((row) => toMediaItem(byId.get(row.id)!)) }, 201);
      } catch (error) {
        await Promise.all(written.map((file) => fs.rm(file, { force: true })));
        throw error;
      }
    },
  )
  .patch('/media/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, mediaPatchSchema);
    const { after, tags } = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(images).where(eq(images.id, id)).for('update');
      const before = expectVersion(row, body.version, lang, 'media.notFound');
      const [updated] = await tx
        .update(images)
        .set({ name: body.name ?? before.name, alt: body.alt, title: body.title, version: sql`${images.version} + 1` })
        .where(and(eq(images.id, id), eq(images.version, body.version)))
        .returning();
      if (!updated) throw versionConflict(lang);
      await recordAudit(
        tx,
        staff,
        {
          action: 'media.update',
          entityType: 'image',
          entityId: id,
          before: { name: before.name, alt: before.alt, title: before.title, version: before.version },
          after: { name: updated.name, alt: updated.alt, title: updated.title, version: updated.version },
        },
        deps.now(),
      );
      // alt and title texts show wherever the image does
      return { after: updated, tags: (await findImageUsage(tx, id, lang)).tags };
    });
    await invalidate(tags);
    return c.json(toMediaItem(after));
  })
  .delete('/media/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const query = readQuery(c, mediaDeleteQuerySchema);
    const result = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(images).where(eq(images.id, id)).for('update');
      const before = expectVersion(row, query.version, lang, 'media.notFound');
      const { usage, tags } = await findImageUsage(tx, id, lang);
      if (usage.length > 0 && !query.force) return { inUse: usage, deleted: null, tags: [] };
      // galleries lose the image; variations, catalogs, pages and articles let go of it by their foreign keys
      const gallery = JSON.stringify([id]);
      await tx
        .update(products)
        .set({ imageIds: sql`${products.imageIds} - ${id}::text`, version: sql`${products.version} + 1`, updatedAt: deps.now() })
        .where(sql`${products.imageIds} @> ${gallery}::jsonb`);
      const [deleted] = await tx
        .delete(images)
        .where(and(eq(images.id, id), eq(images.version, query.version)))
        .returning();
      if (!deleted) throw versionConflict(lang);
      await recordAudit(
        tx,
        staff,
        {
          action: 'media.delete',
          entityType: 'image',
          entityId: id,
          before: { name: before.name, uri: before.uri, alt: before.alt, title: before.title, usage },
        },
        deps.now(),
      );
      return { inUse: null, deleted: before, tags };
    });
    if (result.inUse || !result.deleted) {
      const message = adminMessage('media.inUse', lang, { count: result.inUse.length });
      return c.json({ ...errorBody(new ApiError(409, message)), usage: result.inUse ?? [] }, 409);
    }
    const file = resolveUpload(deps.config.dataDir, result.deleted.uri.replace(/^\/media\//, ''));
    if (file && result.deleted.dir === LIBRARY_DIR) await fs.rm(file, { force: true });
    await invalidate(result.tags);
    return c.body(null, 204);
  });
