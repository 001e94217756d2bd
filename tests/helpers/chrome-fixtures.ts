import { randomUUID } from 'node:crypto';
import type { ImageDto, MenuItemDto, ShopConfigDto } from '../../src/lib/api-client';
import { LANGUAGES, localize, type Language } from '../../src/lib/localize';
import { parseSettings } from '../../src/lib/settings';
import type { PageContext } from '../../src/storefront/page-context';
import { imageDto } from '../unit/fixtures/products';

/** Fixtures of the chrome tests (head, layouts, header and footer data): settings as GET /config answers them. */

export const SITE_URL = 'https://shop.test';

/** Stored settings groups (`{ group: value }`) as GET /config answers them in `lang`, images given as records. */
export function shopConfig(
  groups: Record<string, unknown> = {},
  lang: Language = 'en',
  images: Partial<Record<'favicon' | 'sharedImage' | 'logo', ImageDto | string>> = {},
): ShopConfigDto {
  const settings = localize(parseSettings(groups), lang);
  return {
    ...settings,
    common: {
      ...settings.common,
      favicon: images.favicon ?? settings.common.favicon,
      sharedImage: images.sharedImage ?? settings.common.sharedImage,
    },
    header: { ...settings.header, logo: images.logo ?? settings.header.logo, logoMobile: settings.header.logoMobile },
    footer: { ...settings.footer, logo: settings.footer.logo },
    languages: LANGUAGES,
  };
}

export function image(overrides: Partial<ImageDto> = {}): ImageDto {
  return { ...imageDto(overrides.id ?? randomUUID()), alt: 'An image', width: 1600, height: 900, ...overrides };
}

export function menuItem(title: string, url: string, children: MenuItemDto[] = [], type = 'page'): MenuItemDto {
  return { id: randomUUID(), title, url, type, children };
}

/**
 * A page context without an API client: layouts and chrome components read only settings and menus. Its shell
 * generation is none the shop has, so its header and footer are rendered every time, never kept.
 */
export function pageContext(settings: ShopConfigDto | null, lang: Language = 'en', menus: Record<string, MenuItemDto[]> = {}): PageContext {
  return { api: {} as PageContext['api'], lang, settings, menus, configError: null, siteUrl: SITE_URL, shellGeneration: -1 };
}
