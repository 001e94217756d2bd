import { parseSettings, type ShopSettings } from '../../../lib/settings';
import type { Database } from '../../db/client';
import { loadSettingsRows } from '../core/settings-store';

const parsed = new WeakMap<object, ShopSettings>();

/**
 * The shop settings merged over the defaults. The stored rows are cached for a few seconds by the
 * settings store; parsing is memoised per rows object so a cached read costs nothing.
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
