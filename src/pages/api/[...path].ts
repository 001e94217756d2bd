import type { APIRoute } from 'astro';
import { clientAddressOf, withClientAddress } from '../../server/client-address';
import { isDatabaseUnavailable } from '../../server/db/errors';
import { getRuntime, type Runtime } from '../../server/runtime';
import { unavailableApiResponse } from '../../server/unavailable-page';

export const prerender = false;

/** Every /api request is answered by the Hono app (which can also run on its own: scripts/api-server.ts). */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
  let runtime: Runtime;
  try {
    runtime = await getRuntime();
  } catch (error) {
    // the runtime starts (and migrates) on the first request; it is tried again on the next one
    if (!isDatabaseUnavailable(error)) throw error;
    return unavailableApiResponse();
  }
  const { api, deps } = runtime;
  let socketAddress: string | undefined;
  try {
    socketAddress = clientAddress;
  } catch {
    socketAddress = undefined;
  }
  return api.fetch(withClientAddress(request, clientAddressOf(request, socketAddress, deps.config.trustProxy)));
};
