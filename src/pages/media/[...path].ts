import type { APIRoute } from 'astro';
import { parseQueryString } from '../../lib/query-string';
import { MEDIA_BUSY, readMediaFile, resizeQuerySchema } from '../../server/media';
import { getRuntime } from '../../server/runtime';

export const prerender = false;

/** Shop images from the data directory, optionally resized: /media/demo/a.jpg?w=600&h=600&fit=inset&format=webp */
export const GET: APIRoute = async ({ params, url }) => {
  const { deps } = await getRuntime();
  const query = resizeQuerySchema.safeParse(parseQueryString(url.search));
  if (!query.success) return new Response('Bad image size', { status: 400 });
  const file = await readMediaFile(deps.config.dataDir, params.path ?? '', query.data, { cacheMaxBytes: deps.config.mediaCacheMaxBytes });
  if (!file) return new Response('Not found', { status: 404 });
  if (file === MEDIA_BUSY) return new Response('Busy resizing images, try again', { status: 503, headers: { 'retry-after': '1' } });
  return new Response(new Uint8Array(file.body), {
    headers: {
      'content-type': file.mime,
      'content-length': String(file.body.length),
      'cache-control': 'public, max-age=604800',
    },
  });
};
