import type { ShopConfigDto } from '../../src/lib/api-client';
import { localize, type Language } from '../../src/lib/localize';
import { DEFAULT_SETTINGS, parseSettings } from '../../src/lib/settings';

/** Shop settings as GET /config serves them: the defaults merged with the given groups, in `lang`. */
export function shopConfig(groups: Record<string, Record<string, unknown>> = {}, lang: Language = 'en'): ShopConfigDto {
  const parsed = Object.keys(groups).length > 0 ? parseSettings(groups) : DEFAULT_SETTINGS;
  return { ...localize(parsed, lang), languages: ['en', 'ru'] } as unknown as ShopConfigDto;
}
