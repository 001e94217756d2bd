import { isNotNull, sql } from 'drizzle-orm';
import { trackingIdsOf } from '../lib/analytics';
import { isVideoSource, type VideoSource } from '../lib/video';
import { loadSettingsRows, loadShopSettings } from './api/core/settings-store';
import { paymentProviderOrigins } from './api/commerce/payments/methods';
import type { Database } from './db/client';
import { products, sections } from './db/schema';
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
 * The video services the sections (a content block's video field, `content.video`) and the products show. Read again
 * at most once a minute, and at once on this instance after a publish or a product's save (`forgetVideoSources`):
 * until another instance reads again, a newly used service's video still plays (frames are allowed), only its player
 * script waits.
 */
export async function videoSourcesInUse(db: Database): Promise<VideoSource[]> {
  const inSections = sql<string | null>`${sections.options}->'content'->'video'->>'source'`;
  const ofProducts = sql<string | null>`${products.video}->>'source'`;
  const [sectionRows, productRows] = await Promise.all([
    db.selectDistinct({ source: inSections }).from(sections).where(isNotNull(inSections)),
    db.selectDistinct({ source: ofProducts }).from(products).where(isNotNull(products.video)),
  ]);
  return [...new Set([...sectionRows, ...productRows].map((row) => row.source))].filter(isVideoSource).sort();
}

const VIDEO_SOURCES_MS = 60_000;
const videoSources = new WeakMap<Database, { at: number; value: Promise<VideoSource[]> }>();

function cachedVideoSources(db: Database, now: number): Promise<VideoSource[]> {
  const hit = videoSources.get(db);
  if (hit && now - hit.at < VIDEO_SOURCES_MS) return hit.value;
  const value = videoSourcesInUse(db);
  value.catch(() => videoSources.delete(db));
  videoSources.set(db, { at: now, value });
  return value;
}

/** A publish or a product's save may have added or removed a video: the next page reads the services in use again. */
export const forgetVideoSources = (db: Database): void => {
  videoSources.delete(db);
};

/**
 * What the Content-Security-Policy allows besides the shop's own scripts: the owner's custom code (as hashed when
 * saved), the analytics ids that are set, the enabled payment providers and the video services in use. Read from the cached
 * settings.
 */
export async function policySources(db: Database, now = Date.now()): Promise<PolicySources> {
  const [rows, settings, origins, videos] = await Promise.all([
    loadSettingsRows(db, now),
    loadShopSettings(db),
    cachedPaymentOrigins(db, now),
    cachedVideoSources(db, now),
  ]);
  const stored = codeSourcesSchema.safeParse(rows[CODE_SOURCES_ROW]);
  return {
    code: stored.success ? stored.data : NO_CODE_SOURCES,
    tracking: trackingIdsOf(settings.seo),
    paymentOrigins: origins,
    videoSources: videos,
  };
}

/** Policy sources when the database cannot say: nothing beyond the shop's own scripts. */
export const STRICT_POLICY_SOURCES: PolicySources = {
  code: NO_CODE_SOURCES,
  tracking: trackingIdsOf(null),
  paymentOrigins: [],
  videoSources: [],
};
