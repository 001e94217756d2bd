import { randomUUID } from 'node:crypto';
import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  idSchema,
  MEDIA_MAX_FILE_BYTES,
  MEDIA_MAX_FILES,
  mediaDeleteQuerySchema,
  mediaListQuerySchema,
  mediaPatchSchema,
  mediaReplaceQuerySchema,
  type MediaDetail,
  type MediaItem,
} from '../../../../contract/admin';
import { mediaAddress, retiredAddress } from '../../../../lib/media-address';
import { invalidate } from '../../../cache/invalidation';
import { images, mediaAddresses, mediaSearchText, products } from '../../../db/schema';
import { ensureOriginals, putOriginal, releaseOriginals } from '../../../media/originals';
import { ApiError, errorBody, notFound } from '../../core/errors';
import { readBody, readParams, readQuery } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { boundedTotal, likePattern, pageOffset } from '../lists';
import { adminMessage } from '../messages';
import { expectVersion, versionConflict } from '../versioned';
import { findImageUsage } from './image-usage';
import { withUploadedImages, type PreparedImage } from './upload';
import type { ListAnswer } from '../../../../contract/admin';
import type { AppDeps } from '../../core/context';

/** What the library records as an image's folder (`dir`): uploaded through the back office. */
const LIBRARY_DIR = 'library';
/** Whole upload request: every file at its largest, plus the multipart framing. */
const uploadBodyLimit = (maxFiles: number) =>
  bodyLimit({
    maxSize: maxFiles * MEDIA_MAX_FILE_BYTES + 64 * 1024,
    onError: (c) => {
      throw new ApiError(413, adminMessage('media.tooLarge', c.var.lang, { mb: MEDIA_MAX_FILE_BYTES / 1024 / 1024 }));
    },
  });

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

/**
 * Writes the originals of freshly checked images to the shop's store, then runs `record` (the transaction naming
 * them); when it fails the originals no row names are deleted again, when it succeeds they are made sure of.
 */
async function storeOriginals<T>(deps: AppDeps, prepared: PreparedImage[], record: (hashes: string[]) => Promise<T>): Promise<T> {
  const hashes: string[] = [];
  try {
    for (const image of prepared) hashes.push(await putOriginal(deps.media, image.data, image.mime));
    const recorded = await record(hashes);
    await ensureOriginals(
      deps.media,
      prepared.map((image, i) => ({ hash: hashes[i]!, data: image.data, contentType: image.mime })),
    );
    return recorded;
  } catch (error) {
    await releaseOriginals(deps.media, hashes).catch(() => undefined);
    throw error;
  }
}

function listWhere(query: z.infer<typeof mediaListQuerySchema>): SQL | undefined {
  const q = query.q ? likePattern(query.q) : null;
  return and(
    ...(query.ids ? [inArray(images.id, query.ids.length ? query.ids : [''])] : []),
    ...(q
      ? [
          // through the trigram index of the name, alt texts and titles together
          ilike(mediaSearchText(images.name, images.alt, images.title), q),
        ]
      : []),
  );
}

export const mediaRoutes = new Hono<AdminEnv>()
  .get('/media', async (c) => {
    const query = readQuery(c, mediaListQuerySchema);
    const db = c.var.deps.db;
    const where = listWhere(query);
    const offset = pageOffset(query.page, query.perPage);
    const [rows, counted] = await Promise.all([
      db.select().from(images).where(where).orderBy(desc(images.createdAt), desc(images.id)).limit(query.perPage).offset(offset),
      boundedTotal(db, db.select({ one: sql`1` }).from(images).where(where).$dynamic(), offset),
    ]);
    return c.json({
      items: rows.map(toMediaItem),
      ...counted,
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
  .post('/media', uploadBodyLimit(MEDIA_MAX_FILES), async (c) => {
    const { deps, staff } = c.var;
    return withUploadedImages(c, MEDIA_MAX_FILES, (prepared) =>
      storeOriginals(deps, prepared, async (hashes) => {
        const now = deps.now();
        const rows = prepared.map((image, i) => ({
          id: randomUUID(),
          name: image.name,
          alt: { en: '', ru: '' },
          title: { en: '', ru: '' },
          uri: mediaAddress(hashes[i]!, image.name, image.extension),
          hash: hashes[i]!,
          mime: image.mime,
          width: image.width,
          height: image.height,
          extension: image.extension,
          size: image.data.length,
          type: 'image',
          dir: LIBRARY_DIR,
          // in the order sent: the first file is the newest by a millisecond less than the next
          createdAt: new Date(now.getTime() + i),
        }));
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
      }),
    );
  })
  .post('/media/:id/file', uploadBodyLimit(1), async (c) => {
    const { id } = readParams(c, idParams);
    const { version } = readQuery(c, mediaReplaceQuerySchema);
    const { deps, lang, staff } = c.var;
    const [current] = await deps.db.select().from(images).where(eq(images.id, id));
    expectVersion(current, version, lang, 'media.notFound');
    const replaced = await withUploadedImages(c, 1, (prepared) =>
      storeOriginals(deps, prepared, ([hash]) =>
        deps.db.transaction(async (tx) => {
          const image = prepared[0]!;
          const [row] = await tx.select().from(images).where(eq(images.id, id)).for('update');
          const before = expectVersion(row, version, lang, 'media.notFound');
          const [after] = await tx
            .update(images)
            .set({
              uri: mediaAddress(hash!, before.name, image.extension),
              hash: hash!,
              mime: image.mime,
              width: image.width,
              height: image.height,
              extension: image.extension,
              size: image.data.length,
              version: sql`${images.version} + 1`,
            })
            .where(and(eq(images.id, id), eq(images.version, version)))
            .returning();
          if (!after) throw versionConflict(lang);
          // the old file's address, in pages and e-mails that kept it, now leads to the new file
          if (before.hash && before.hash !== after.hash) {
            await tx
              .insert(mediaAddresses)
              .values({ address: retiredAddress(before.hash), imageId: id })
              .onConflictDoUpdate({ target: mediaAddresses.address, set: { imageId: id } });
          }
          await recordAudit(
            tx,
            staff,
            {
              action: 'media.replace',
              entityType: 'image',
              entityId: id,
              before: { uri: before.uri, size: before.size, width: before.width, height: before.height, version: before.version },
              after: { uri: after.uri, size: after.size, width: after.width, height: after.height, version: after.version },
            },
            deps.now(),
          );
          return { before, after, tags: (await findImageUsage(tx, id, lang)).tags };
        }),
      ),
    );
    // pages showing the image drop their copies first; then the old file goes (its address redirects from now on)
    await invalidate(replaced.tags);
    if (replaced.before.hash !== replaced.after.hash) await releaseOriginals(deps.media, [replaced.before.hash]);
    return c.json(toMediaItem(replaced.after));
  })
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
    await invalidate(result.tags);
    await releaseOriginals(deps.media, [result.deleted.hash]);
    return c.body(null, 204);
  });
