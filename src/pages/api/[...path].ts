import type { APIRoute } from 'astro';
import { getRuntime } from '../../server/runtime';

export const prerender = false;

/**
 * Every /api request is answered by the Hono app (which can also run on its own: scripts/api-server.ts).
 * The client address is passed on in a header only the server sets, for sign-in throttling.
 */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
  const { api } = await getRuntime();
  const headers = new Headers(request.headers);
  headers.set('x-shop-client-ip', safeClientAddress(() => clientAddress));
  return api.fetch(new Request(request, { headers }));
};

function safeClientAddress(read: () => string): string {
  try {
    return read() || 'unknown';
  } catch {
    return 'unknown';
  }
}
