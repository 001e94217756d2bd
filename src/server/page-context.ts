import type { AstroGlobal } from 'astro';
import { isLanguage, type Language } from '../lib/localize';
import { getServerApiClient } from './storefront-api';

/**
 * What every storefront page needs: the visitor's language (a `lang` query or cookie, else the shop's
 * setting), the API client in that language, the shop settings and the menus.
 */
export async function loadPageContext(Astro: AstroGlobal) {
  const queryLang = Astro.url.searchParams.get('lang');
  const cookieLang = Astro.cookies.get('lang')?.value;
  if (isLanguage(queryLang) && queryLang !== cookieLang) {
    Astro.cookies.set('lang', queryLang, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' });
  }
  const requested: Language | undefined = isLanguage(queryLang) ? queryLang : isLanguage(cookieLang) ? cookieLang : undefined;
  const api = await getServerApiClient(requested ? { lang: requested } : {});
  const [config, menus] = await Promise.all([api.getConfig(), api.getMenus()]);
  const settings = config.data;
  const lang: Language = requested ?? (isLanguage(settings?.language?.current) ? settings.language.current : 'en');
  return { api, lang, settings, menus: menus.data, configError: config.error };
}

export type PageContext = Awaited<ReturnType<typeof loadPageContext>>;
