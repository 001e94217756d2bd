import { Hono } from 'hono';
import { LANGUAGES, localize } from '../../../lib/localize';
import type { AppEnv } from '../core/context';
import type { ShopConfigDto } from '../../../contract/storefront/content';
import { inArray } from 'drizzle-orm';
import { cacheTags } from '../../cache/invalidation';
import { keptUntilInvalidated } from '../../cache/per-instance';
import type { Database } from '../../db/client';
import { images as imagesTable } from '../../db/schema';
import { toImageDto, type ImageDto } from '../shared/images';
import { isImageId } from './images-routes';
import { loadShopSettings } from '../core/settings-store';

const DEFAULT_FAVICON = '/favicon.ico';

type ImageRow = typeof imagesTable.$inferSelect;

/**
 * The images the settings show (logos, favicon, shared image) by their ids, kept per instance until the
 * settings change: a write to such an image names `settings` too (src/server/api/admin/media/image-usage.ts).
 */
const settingsImageRows = keptUntilInvalidated([cacheTags.settings], async (_db: Database) => new Map<string, Promise<ImageRow[]>>());

async function loadSettingsImages(db: Database, ids: string[], lang: Parameters<typeof toImageDto>[1]): Promise<Map<string, ImageDto>> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return new Map();
  const byIds = await settingsImageRows(db);
  const key = unique.join(',');
  let rows = byIds.get(key);
  if (!rows) {
    // a drizzle query runs again on every await: the promise of its first run is what is kept
    rows = db
      .select()
      .from(imagesTable)
      .where(inArray(imagesTable.id, unique))
      .then((found) => found);
    byIds.set(key, rows);
    rows.catch(() => byIds.delete(key));
  }
  return new Map((await rows).map((row) => [row.id, toImageDto(row, lang)]));
}

export const configRoutes = new Hono<AppEnv>().get('/config', async (c) => {
  const { db } = c.var.deps;
  const lang = c.var.lang;
  const settings = localize(await loadShopSettings(db), lang);
  // the e-mail sender is the mail's business, not the storefront's
  const { common, header, footer, mail: _mail, ...rest } = settings;
  const images = await loadSettingsImages(
    db,
    [header.logo, header.logoMobile, footer.logo, common.favicon, common.sharedImage].filter(isImageId),
    lang,
  );
  /** An image id becomes its image (null when it is gone); a plain uri stays as it is. */
  const image = (value: string | null): ImageDto | string | null => (isImageId(value) ? (images.get(value) ?? null) : value);
  return c.json({
    ...rest,
    common: { ...common, favicon: image(common.favicon) ?? DEFAULT_FAVICON, sharedImage: image(common.sharedImage) },
    header: { ...header, logo: image(header.logo), logoMobile: image(header.logoMobile) },
    footer: { ...footer, logo: image(footer.logo) },
    languages: LANGUAGES,
  } satisfies ShopConfigDto);
});
