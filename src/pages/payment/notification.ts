import type { APIRoute } from 'astro';
import { getRuntime } from '../../server/runtime';

export const prerender = false;

/**
 * Spec 2.1: the payment provider notifies /payment/notification. The request goes to the API's
 * notification endpoint as it came (the signature covers the raw body), and the API's answer goes back.
 */
export const POST: APIRoute = async ({ request }) => {
  const { api } = await getRuntime();
  return api.request('/api/payment/notification', {
    method: 'POST',
    headers: request.headers,
    body: await request.text(),
  });
};
