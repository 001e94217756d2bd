import { defineMiddleware } from 'astro:middleware';
import { decideRequest } from './lib/request-rules';
import { getRuntime } from './server/runtime';
import { getServerApiClient } from './server/storefront-api';

const NO_CACHE = 'no-cache, private';

/** Request rules of spec 2.2 for every page request, and the cache header on every response. */
export const onRequest = defineMiddleware(async (context, next) => {
  const url = new URL(context.request.url);
  const decision = await decideRequest(url, async (path) => {
    const client = await getServerApiClient();
    const { data } = await client.getRedirect(path);
    return data?.to ?? null;
  });
  if (decision.kind === 'redirect') {
    return withCacheHeader(
      new Response(null, { status: decision.status, headers: { location: decision.location } }),
    );
  }
  if (decision.kind === 'not-found') {
    const { deps } = await getRuntime();
    deps.logger.warn({ path: url.pathname }, 'suspicious path sent to /404');
    return withCacheHeader(context.rewrite('/404'));
  }
  const response = await next();
  if (url.pathname.startsWith('/media/') || url.pathname.startsWith('/_astro/')) return response;
  return withCacheHeader(response);
});

async function withCacheHeader(response: Response | Promise<Response>): Promise<Response> {
  const r = await response;
  try {
    r.headers.set('cache-control', NO_CACHE);
    return r;
  } catch {
    // immutable headers (e.g. a fetched response): copy
    const copy = new Response(r.body, r);
    copy.headers.set('cache-control', NO_CACHE);
    return copy;
  }
}
