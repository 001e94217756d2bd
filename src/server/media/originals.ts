import { createHash } from 'node:crypto';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { images } from '../db/schema';
import { invalidate } from '../cache/invalidation';
import type { MediaStores } from './location';

export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** Invalidation tag of one original: instances drop what they cached of it (it was replaced or deleted). */
export const mediaTag = (hash: string): string => `media:${hash}`;

/** Advisory lock class of one original (its key is `hashtext` of the hash). */
const ORIGINAL_LOCK_CLASS = 727_010;

const localLocks = new Map<string, Promise<unknown>>();

/**
 * Runs `work` while no other instance or request works on the original `hash`: the check that an original is
 * unreferenced and its deletion happen in one turn, so an upload of the same bytes never loses its file.
 */
async function withOriginalLock<T>(db: Database, dbKind: 'pglite' | 'postgres', hash: string, work: () => Promise<T>): Promise<T> {
  const before = localLocks.get(hash) ?? Promise.resolve();
  const run = before.then(
    () => (dbKind === 'postgres' ? lockedInDatabase(db, hash, work) : work()),
    () => (dbKind === 'postgres' ? lockedInDatabase(db, hash, work) : work()),
  );
  localLocks.set(hash, run);
  try {
    return await run;
  } finally {
    if (localLocks.get(hash) === run) localLocks.delete(hash);
  }
}

function lockedInDatabase<T>(db: Database, hash: string, work: () => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ORIGINAL_LOCK_CLASS}, hashtext(${hash}))`);
    return work();
  });
}

export type OriginalsContext = { db: Database; dbKind: 'pglite' | 'postgres'; stores: MediaStores };

/** Writes an original to the shop's store (and to the one a move copies to); returns its hash. */
export async function putOriginal(context: OriginalsContext, data: Buffer, contentType: string): Promise<string> {
  const hash = sha256(data);
  const { store, movingTo } = await context.stores.active({ fresh: true });
  await Promise.all([store.put(hash, data, contentType), movingTo?.put(hash, data, contentType)]);
  return hash;
}

/**
 * After the rows naming new originals are committed: makes sure each is still in the store the shop uses now.
 * A deletion of the same bytes (by an image that had them) or a move that switched stores meanwhile may have
 * left it out; it is written again then.
 */
export async function ensureOriginals(context: OriginalsContext, originals: { hash: string; data: Buffer; contentType: string }[]) {
  for (const original of originals) {
    await withOriginalLock(context.db, context.dbKind, original.hash, async () => {
      const { store, movingTo } = await context.stores.active({ fresh: true });
      for (const target of [store, movingTo]) {
        if (target && !(await target.head(original.hash))) await target.put(original.hash, original.data, original.contentType);
      }
    });
  }
}

/**
 * Deletes originals no image uses any more (an image was replaced or deleted) from every store that may hold
 * them, and tells every instance to drop its cached copies and renditions.
 */
export async function releaseOriginals(context: OriginalsContext, hashes: (string | null)[]): Promise<void> {
  const deleted: string[] = [];
  for (const hash of new Set(hashes.filter((hash): hash is string => !!hash))) {
    await withOriginalLock(context.db, context.dbKind, hash, async () => {
      const [used] = await context.db.select({ id: images.id }).from(images).where(eq(images.hash, hash)).limit(1);
      if (used) return;
      const { store, movingTo } = await context.stores.active({ fresh: true });
      await Promise.all([store.delete(hash), movingTo?.delete(hash)]);
      deleted.push(hash);
    });
  }
  await invalidate(deleted.map(mediaTag));
}

/** Every original the shop's images use. */
export async function imageHashes(db: Executor): Promise<string[]> {
  const rows = await db.select({ hash: images.hash }).from(images).where(isNotNull(images.hash)).groupBy(images.hash);
  return rows.map((row) => row.hash!);
}

/** Runs `copy` for an original under its lock, unless no image uses it any more (a move copies only what is used). */
export function whileUsed(context: OriginalsContext, hash: string, copy: () => Promise<void>): Promise<boolean> {
  return withOriginalLock(context.db, context.dbKind, hash, async () => {
    const [used] = await context.db.select({ id: images.id }).from(images).where(eq(images.hash, hash)).limit(1);
    if (!used) return false;
    await copy();
    return true;
  });
}
