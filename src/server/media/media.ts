import path from 'node:path';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { createMediaStores, ensureMediaLocation, type MediaStores } from './location';
import type { OriginalsContext } from './originals';
import { createMediaCache, type MediaCache } from './renditions';

/** An instance's media: the stores holding the originals, and the local cache of originals and renditions. */
export type Media = OriginalsContext & { cache: MediaCache; close(): Promise<void> };

export function createMedia(config: ServerConfig, db: Database, dbKind: 'pglite' | 'postgres', logger: Logger): Media {
  const stores: MediaStores = createMediaStores({ dataDir: config.dataDir, db, s3: config.mediaS3 }, config.mediaStore);
  const cache = createMediaCache({ stores, dir: path.join(config.dataDir, 'cache', 'media'), maxBytes: config.mediaCacheMaxBytes, logger });
  return {
    db,
    dbKind,
    stores,
    cache,
    async close() {
      cache.close();
      await stores.close();
    },
  };
}

/**
 * Records the configured store for a new shop, and says when the shop's originals are elsewhere: the recorded
 * store wins (a move changes it), so an instance started with an old `MEDIA_STORE` still finds every image.
 */
export async function settleMediaLocation(media: Media, configured: ServerConfig['mediaStore'], logger: Logger): Promise<void> {
  const location = await ensureMediaLocation(media.db, configured);
  if (location.store !== configured) {
    logger.warn(
      { configured, store: location.store },
      `the shop's images are in the ${location.store} store: set MEDIA_STORE=${location.store}, or move them with npm run media:move -- --to ${configured}`,
    );
  }
  // fails at start, not at the first picture, when the store cannot be opened (no bucket set on this instance)
  await media.stores.active({ fresh: true });
}
