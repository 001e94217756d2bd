import { Hono } from 'hono';
import { LANGUAGES, localize } from '../../../lib/localize';
import type { AppEnv } from '../core/context';
import type { ShopConfigDto } from '../../../contract/storefront/content';
import { loadImages, type ImageDto } from '../shared/images';
import { isImageId } from './images';
import { loadShopSettings } from '../core/settings-store';

const DEFAULT_FAVICON = '/favicon.ico';

export const configRoutes = new Hono<AppEnv>().get('/config', async (c) => {
  const { db } = c.get('deps');
  const lang = c.get('lang');
  const settings = localize(await loadShopSettings(db), lang);
  const { common, header, footer } = settings;
  const images = await loadImages(db, [header.logo, header.logoMobile, footer.logo, common.favicon, common.sharedImage].filter(isImageId), lang);
  /** An image id becomes its image (null when it is gone); a plain uri stays as it is. */
  const image = (value: string | null): ImageDto | string | null => (isImageId(value) ? (images.get(value) ?? null) : value);
  return c.json({
    ...settings,
    common: { ...common, favicon: image(common.favicon) ?? DEFAULT_FAVICON, sharedImage: image(common.sharedImage) },
    header: { ...header, logo: image(header.logo), logoMobile: image(header.logoMobile) },
    footer: { ...footer, logo: image(footer.logo) },
    languages: LANGUAGES,
  } satisfies ShopConfigDto);
});
