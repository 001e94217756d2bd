import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { mediaAddress } from '../../lib/media-address';
import { images, mediaAddresses } from '../db/schema';
import type { Logger } from '../logger';
import { putOriginal, type OriginalsContext } from './originals';

/**
 * Images a shop stored before they were content-addressed live as files under `{dataDir}/uploads` (`/media/library/…`,
 * `/media/demo/…`). At start, each such file is written to the shop's store and its image gets its content address;
 * the folder address is kept as one that redirects, so pages and e-mails that have it keep their picture.
 * A file missing from this instance's disk is left for an instance that has it (or reported, when none does).
 */
export async function adoptFolderImages(context: OriginalsContext, dataDir: string, logger: Logger): Promise<void> {
  const rows = await context.db
    .select({ id: images.id, uri: images.uri, name: images.name, extension: images.extension, mime: images.mime })
    .from(images)
    .where(isNull(images.hash));
  if (rows.length === 0) return;
  const root = path.join(dataDir, 'uploads');
  const missing: string[] = [];
  let adopted = 0;
  for (const row of rows) {
    const file = path.resolve(root, row.uri.replace(/^\/media\//, ''));
    const data = file.startsWith(root + path.sep) ? await fs.readFile(file).catch(() => null) : null;
    if (!data) {
      missing.push(row.uri);
      continue;
    }
    const hash = await putOriginal(context, data, row.mime);
    await context.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(images)
        .set({ hash, uri: mediaAddress(hash, row.name, row.extension) })
        .where(and(eq(images.id, row.id), isNull(images.hash)))
        .returning({ id: images.id });
      if (updated) await tx.insert(mediaAddresses).values({ address: row.uri, imageId: row.id }).onConflictDoNothing();
    });
    adopted++;
  }
  if (adopted) logger.info({ adopted }, 'images moved from the uploads folder to the media store');
  if (missing.length) logger.warn({ missing: missing.slice(0, 20), count: missing.length }, 'image files not found under DATA_DIR/uploads');
}
