import { mapSettingsRichText, parseSettings, SETTINGS_GROUPS, type ShopSettings } from '../../../lib/settings';
import { sanitizeRichText } from '../content/sanitize';
import { onInvalidate } from '../../cache/invalidation';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';

type SettingsRows = Record<string, Record<string, unknown>>;

/** The longest stored settings are kept without a write naming them (as `keptUntilInvalidated` keeps its values). */
const MAX_AGE_MS = 60 * 60 * 1000;
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
 * whether a value was stored at all matters. Kept per instance until a write names `settings` (or `all`), here
 * or on another instance through the invalidation transport (at most an hour): settings are read on every
 * request and change only through the back office's settings forms and the builder's publish, which both
 * announce it. A load that overlapped such a write is not kept.
 */
export function loadSettingsRows(db: Database, now = Date.now()): Promise<SettingsRows> {
  const hit = cache.get(db);
  if (hit && hit.generation === generation && now - hit.at < MAX_AGE_MS) return hit.value;
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
 * are kept until a write names them; parsing is memoised per rows object so a kept read costs nothing.
 * Rich-text settings are cleaned again here (they are cleaned when saved), so a value stored before that rule, or
 * by any other way in, never reaches a page raw.
 */
export async function loadShopSettings(db: Database): Promise<ShopSettings> {
  const rows = await loadSettingsRows(db);
  let settings = parsed.get(rows);
  if (!settings) {
    const read = parseSettings(rows);
    settings = Object.fromEntries(
      SETTINGS_GROUPS.map((group) => [group, mapSettingsRichText(group, read[group], sanitizeRichText)]),
    ) as ShopSettings;
    parsed.set(rows, settings);
  }
  return settings;
}
