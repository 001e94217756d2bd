import type { APIRoute } from 'astro';
import { getRuntime } from '../../server/runtime';

export const prerender = false;

/** Every /api request is answered by the Hono app, which can also run on its own (scripts/api-server.ts). */
export const ALL: APIRoute = async ({ request }) => {
  const { api } = await getRuntime();
  return api.fetch(request);
};
