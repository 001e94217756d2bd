import { parseSettings, type ShopSettings } from '../../../lib/settings';
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
 * Raw settings groups as stored; every reader uses `loadShopSettings` (below) instead, except where
 * whether a value was stored at all matters. Cached per instance for a few seconds (and dropped at once when the
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

const parsed = new WeakMap<object, ShopSettings>();

/**
 * The shop settings merged over the defaults: the one settings reader of the server. The stored rows
 * are cached for a few seconds; parsing is memoised per rows object so a cached read costs nothing.
 */
export async function loadShopSettings(db: Database): Promise<ShopSettings> {
  const rows = await loadSettingsRows(db);
  let settings = parsed.get(rows);
  if (!settings) {
    settings = parseSettings(rows);
    parsed.set(rows, settings);
  }
  return settings;
}
