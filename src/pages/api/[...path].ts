import type { APIRoute } from 'astro';
import { clientAddressOf, withClientAddress } from '../../server/client-address';
import { getRuntime } from '../../server/runtime';

export const prerender = false;

/** Every /api request is answered by the Hono app (which can also run on its own: scripts/api-server.ts). */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
  const { api, deps } = await getRuntime();
  let socketAddress: string | undefined;
  try {
    socketAddress = clientAddress;
  } catch {
    socketAddress = undefined;
  }
  return api.fetch(withClientAddress(request, clientAddressOf(request, socketAddress, deps.config.trustProxy)));
};
