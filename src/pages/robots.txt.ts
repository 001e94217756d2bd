import type { APIRoute } from 'astro';
import { getRuntime } from '../server/runtime';
import { robotsTxt } from '../lib/seo';
import { getServerApiClient } from '../storefront/storefront-api';

export const prerender = false;

/** robots.txt from settings.seo.robots (default: allow everything), with the sitemap's address. */
export const GET: APIRoute = async () => {
  const [api, { deps }] = await Promise.all([getServerApiClient(), getRuntime()]);
  const { data: settings } = await api.getConfig();
  return new Response(robotsTxt(settings?.seo.robots, deps.config.publicUrl), {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
};
