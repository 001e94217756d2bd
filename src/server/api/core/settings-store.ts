import type { Database } from '../../db/client';
import { settings } from '../../db/schema';

type SettingsRows = Record<string, Record<string, unknown>>;

const TTL_MS = 3000;
const cache = new WeakMap<Database, { at: number; value: Promise<SettingsRows> }>();

/**
 * Raw settings groups as stored. Cached per instance for a few seconds: settings are read on
 * every request, change rarely, and several instances must not need to coordinate.
 */
export function loadSettingsRows(db: Database, now = Date.now()): Promise<SettingsRows> {
  const hit = cache.get(db);
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = db
    .select()
    .from(settings)
    .then((rows) => Object.fromEntries(rows.map((r) => [r.group, r.value])));
  value.catch(() => cache.delete(db));
  cache.set(db, { at: now, value });
  return value;
}

export function invalidateSettings(db: Database): void {
  cache.delete(db);
}
