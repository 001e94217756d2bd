import { createApiClient } from '../lib/api-client';
import type { Language } from '../lib/localize';
import { handedAnswer } from '../server/api/core/handed-answers';
import { PageLoads } from '../server/api/core/page-loads';
import { markUnavailable } from '../server/outage';
import { throwIfClientGone } from '../server/http/client-gone';
import { getRuntime } from '../server/runtime';

type InProcessApi = { request: (input: string, init?: RequestInit, env?: { pageLoads: PageLoads }) => Response | Promise<Response> };

/**
 * The in-process fetcher of one page's API client: it calls the Hono app directly (no network hop) and passes
 * the page's `PageLoads`, so a call can take what an earlier call of the same page already read.
 */
export function pageFetcher(api: InProcessApi): (path: string, init?: RequestInit) => Promise<Response> {
  const pageLoads = new PageLoads();
  return async (path, init) => {
    // a render whose client has gone stops here, at its next data call (src/server/http/client-gone.ts)
    throwIfClientGone();
    const response = await api.request(`/api${path}`, init, { pageLoads });
    throwIfClientGone();
    return response;
  };
}

/**
 * The typed API client for server-rendered pages: it calls the Hono app in-process (no network hop).
 */
export async function getServerApiClient(options: { lang?: Language; token?: string | null } = {}) {
  const { api } = await getRuntime();
  const fetcher = pageFetcher(api);
  return createApiClient({
    fetcher: async (path, init) => {
      const response = await fetcher(path, init);
      if (response.status === 503) markUnavailable();
      return response;
    },
    getToken: () => options.token ?? null,
    handedAnswer,
    ...(options.lang ? { lang: options.lang } : {}),
  });
}
