import { onInvalidate } from '../../cache/invalidation';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';

type SettingsRows = Record<string, Record<string, unknown>>;

const TTL_MS = 3000;
const cache = new WeakMap<Database, { at: number; generation: number; value: Promise<SettingsRows> }>();

/**
 * Raised whenever the settings change, here or on another instance: the invalidation seam delivers the
 * `settings` (or `all`) tag of a write to every instance, so none serves settings older than the write.
 */
let generation = 0;
onInvalidate((tags) => {
  if (tags.some((tag) => tag === 'settings' || tag === 'all')) generation += 1;
});

/**
 * Raw settings groups as stored. Cached per instance for a few seconds (and dropped at once when the
 * settings change): settings are read on every request and change rarely.
 */
export function loadSettingsRows(db: Database, now = Date.now()): Promise<SettingsRows> {
  const hit = cache.get(db);
  if (hit && hit.generation === generation && now - hit.at < TTL_MS) return hit.value;
  const value = db
    .select()
    .from(settings)
    .then((rows) => Object.fromEntries(rows.map((r) => [r.group, r.value])));
  value.catch(() => cache.delete(db));
  cache.set(db, { at: now, generation, value });
  return value;
}

export function invalidateSettings(db: Database): void {
  cache.delete(db);
}
