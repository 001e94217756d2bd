import { createBrowserApiClient, type ApiClient } from '../../lib/api-client';
import { isLanguage, type Language } from '../../lib/localize';
import { $user } from '../../stores/user';

/** The page's language as the layout wrote it on <html lang>, when it is a shop language. */
export function pageLanguage(): Language | undefined {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLanguage(lang) ? lang : undefined;
}

/**
 * The API client of the shopping islands: answers in `lang` (else the page's language) and signs
 * requests with `token`, else the signed-in user's token.
 */
export function shopApi(options: { lang?: Language | undefined; token?: string | null } = {}): ApiClient {
  const lang = options.lang ?? pageLanguage();
  return createBrowserApiClient({
    ...(lang ? { lang } : {}),
    getToken: () => options.token ?? $user.get()?.token ?? null,
  });
}
