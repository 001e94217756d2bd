import type { APIRoute } from 'astro';
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from '../../server/client-address';
import { getRuntime } from '../../server/runtime';

export const prerender = false;

/**
 * Spec 2.1: the payment provider notifies /payment/notification. The request goes to the API's notification endpoint
 * as it came (the signature covers the raw body), with the client address as the server sees it (after TRUST_PROXY:
 * a header the sender wrote never counts), and the API's answer goes back.
 */
export const POST: APIRoute = async ({ request, clientAddress }) => {
  const { api, deps } = await getRuntime();
  let socketAddress: string | undefined;
  try {
    socketAddress = clientAddress;
  } catch {
    socketAddress = undefined;
  }
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddressOf(request, socketAddress, deps.config.trustProxy));
  return api.request('/api/payment/notification', { method: 'POST', headers, body: await request.text() });
};
