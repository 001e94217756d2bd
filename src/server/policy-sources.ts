import { trackingIdsOf } from '../lib/analytics';
import { loadSettingsRows, loadShopSettings } from './api/core/settings-store';
import { paymentProviderOrigins } from './api/commerce/payments/methods';
import type { Database } from './db/client';
import { codeSourcesSchema, NO_CODE_SOURCES, type PolicySources } from './security-headers';

/** The settings row (beside the settings groups, never served) holding the owner's custom code's `codeSources`. */
export const CODE_SOURCES_ROW = 'codeSources';

/** Payment methods change no cached page and announce nothing: their origins are read again at most this often. */
const PAYMENT_ORIGINS_MS = 60_000;
const paymentOrigins = new WeakMap<Database, { at: number; value: Promise<string[]> }>();

function cachedPaymentOrigins(db: Database, now: number): Promise<string[]> {
  const hit = paymentOrigins.get(db);
  if (hit && now - hit.at < PAYMENT_ORIGINS_MS) return hit.value;
  const value = paymentProviderOrigins(db);
  value.catch(() => paymentOrigins.delete(db));
  paymentOrigins.set(db, { at: now, value });
  return value;
}

/**
 * What the Content-Security-Policy allows besides the shop's own scripts: the owner's custom code (as hashed when
 * saved), the analytics ids that are set, and the enabled payment providers. Read from the cached settings.
 */
export async function policySources(db: Database, now = Date.now()): Promise<PolicySources> {
  const [rows, settings, origins] = await Promise.all([loadSettingsRows(db, now), loadShopSettings(db), cachedPaymentOrigins(db, now)]);
  const stored = codeSourcesSchema.safeParse(rows[CODE_SOURCES_ROW]);
  return { code: stored.success ? stored.data : NO_CODE_SOURCES, tracking: trackingIdsOf(settings.seo), paymentOrigins: origins };
}

/** Policy sources when the database cannot say: nothing beyond the shop's own scripts. */
export const STRICT_POLICY_SOURCES: PolicySources = {
  code: NO_CODE_SOURCES,
  tracking: trackingIdsOf(null),
  paymentOrigins: [],
};
