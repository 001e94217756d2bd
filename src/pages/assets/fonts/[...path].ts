import type { APIRoute } from 'astro';
import { readFontFile } from '../../../styles/fonts';

export const prerender = false;

/** The theme's self-hosted font files (woff2 of the installed @fontsource packages), cached for a year. */
export const GET: APIRoute = async ({ params }) => {
  const file = await readFontFile(params.path ?? '');
  if (!file) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(file), {
    headers: {
      'content-type': 'font/woff2',
      'content-length': String(file.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': '*',
    },
  });
};
