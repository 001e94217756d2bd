import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { mediaLocation } from '../db/schema';
import { keptUntilInvalidated } from '../cache/per-instance';
import { invalidate } from '../cache/invalidation';
import { MEDIA_STORE_KINDS, openMediaStore, type MediaStore, type MediaStoreContext, type MediaStoreKind } from './store';

/** Invalidation tag sent when the shop's originals change store (a move starts or switches). */
export const MEDIA_LOCATION_TAG = 'media-location';

export type MediaLocation = { store: MediaStoreKind; movingTo: MediaStoreKind | null };

const kind = (value: string | null): MediaStoreKind | null =>
  value && (MEDIA_STORE_KINDS as readonly string[]).includes(value) ? (value as MediaStoreKind) : null;

/** The shop's media location, read from the database (never from an instance's memory). */
export async function readMediaLocation(db: Executor): Promise<MediaLocation | null> {
  const [row] = await db.select().from(mediaLocation).where(eq(mediaLocation.id, 'shop'));
  const store = kind(row?.store ?? null);
  return store ? { store, movingTo: kind(row!.movingTo) } : null;
}

/** Records `configured` as the shop's store unless one is recorded already; returns what is recorded. */
export async function ensureMediaLocation(db: Executor, configured: MediaStoreKind): Promise<MediaLocation> {
  await db.insert(mediaLocation).values({ id: 'shop', store: configured }).onConflictDoNothing();
  return (await readMediaLocation(db))!;
}

/** Changes the recorded location and tells every instance. */
export async function recordMediaLocation(db: Database, location: MediaLocation): Promise<void> {
  await db
    .update(mediaLocation)
    .set({ store: location.store, movingTo: location.movingTo, updatedAt: sql`now()` })
    .where(eq(mediaLocation.id, 'shop'));
  await invalidate([MEDIA_LOCATION_TAG]);
}

export type ActiveStores = { store: MediaStore; movingTo: MediaStore | null };

/**
 * The stores of one instance: each opened once, and the shop's location kept in memory until a move announces a
 * change (`fresh` reads it from the database, for writes).
 */
export type MediaStores = {
  readonly context: MediaStoreContext;
  open(kind: MediaStoreKind): Promise<MediaStore>;
  active(options?: { fresh?: boolean }): Promise<ActiveStores>;
  close(): Promise<void>;
};

export function createMediaStores(context: MediaStoreContext, configured: MediaStoreKind): MediaStores {
  const opened = new Map<MediaStoreKind, Promise<MediaStore>>();
  const open = (kind: MediaStoreKind) => {
    let store = opened.get(kind);
    if (!store) {
      store = openMediaStore(kind, context);
      store.catch(() => opened.delete(kind));
      opened.set(kind, store);
    }
    return store;
  };
  const load = async (db: Database) => (await readMediaLocation(db)) ?? { store: configured, movingTo: null };
  const kept = keptUntilInvalidated([MEDIA_LOCATION_TAG], load);
  return {
    context,
    open,
    async active(options = {}) {
      const location = options.fresh ? await load(context.db) : await kept(context.db);
      return { store: await open(location.store), movingTo: location.movingTo ? await open(location.movingTo) : null };
    },
    async close() {
      const stores = await Promise.allSettled(opened.values());
      opened.clear();
      await Promise.all(stores.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
    },
  };
}
