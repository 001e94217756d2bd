import { createApiClient } from '../lib/api-client';
import type { Language } from '../lib/localize';
import { markUnavailable } from '../server/outage';
import { getRuntime } from '../server/runtime';

/**
 * The typed API client for server-rendered pages: it calls the Hono app in-process (no network hop).
 */
export async function getServerApiClient(options: { lang?: Language; token?: string | null } = {}) {
  const { api } = await getRuntime();
  return createApiClient({
    fetcher: async (path, init) => {
      const response = await api.request(`/api${path}`, init);
      if (response.status === 503) markUnavailable();
      return response;
    },
    getToken: () => options.token ?? null,
    ...(options.lang ? { lang: options.lang } : {}),
  });
}
