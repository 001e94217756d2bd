import type { APIRoute } from 'astro';
import { serveMedia } from '../../server/media/serve';
import { getRuntime } from '../../server/runtime';

export const prerender = false;

/** Shop images by their content address, optionally resized: /media/<hash>/shirt.jpg?w=600&h=600&fit=inset&format=webp */
export const GET: APIRoute = async ({ params, url }) => {
  const { deps } = await getRuntime();
  return serveMedia({ db: deps.db, media: deps.media.cache, logger: deps.logger }, params.path ?? '', url.search);
};
