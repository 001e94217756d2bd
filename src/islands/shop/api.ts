import { createBrowserApiClient, type ApiClient } from '../../lib/api-client';
import { documentLanguage, type Language } from '../../lib/localize';
import { $user } from '../../stores/user';


/**
 * The API client of the shopping islands: answers in `lang` (else the page's language) and signs
 * requests with `token`, else the signed-in user's token.
 */
export function shopApi(options: { lang?: Language | undefined; token?: string | null } = {}): ApiClient {
  const lang = options.lang ?? documentLanguage();
  return createBrowserApiClient({
    ...(lang ? { lang } : {}),
    getToken: () => options.token ?? $user.get()?.token ?? null,
  });
}
