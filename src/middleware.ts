import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware, sequence } from 'astro:middleware';
import { isMethodAllowed } from './lib/request-methods';
import { decideRequest, isCacheablePath, isPassthroughPath } from './lib/request-rules';
import { methodNotAllowedResponse } from './server/method-guard';
import { isDatabaseUnavailable } from './server/db/errors';
import { trackOutage } from './server/outage';
import { unavailablePageResponse } from './server/unavailable-page';
import { withPrunedCss } from './server/page-css';
import { canonicalPageAddress, pageCacheKey } from './server/cache/page-request';
import { guardPreviewRender } from './server/preview-guard';
import { previewOrigins } from './storefront/preview-render';
import { withSecurityHeaders } from './server/security-headers';
import { policySources, STRICT_POLICY_SOURCES } from './server/policy-sources';
import { getRuntime } from './server/runtime';
import { getServerApiClient } from './storefront/storefront-api';

const NO_CACHE = 'no-cache, private';

/**
 * Request rules of spec 2.2 for every page request: malformed and suspicious addresses, and pages that
 * turn out not to exist, are logged and redirected to /404; upper case, stored redirects and trailing
 * slashes answer 301. Every response carries Cache-Control: no-cache, private, except
 * the cacheable built assets, media files and fonts.
 */
const routing = defineMiddleware(async (context, next) => {
  const url = new URL(context.request.url);
  if (!isMethodAllowed(context.request.method, url.pathname)) return methodNotAllowedResponse(url.pathname);
  if (isPassthroughPath(url.pathname)) return handle(context, next, url);
  // During a database outage the page's data calls answer fallbacks (or the runtime cannot start): the page
  // then answers 503 with the error page, not "not found" or a half-empty page.
  try {
    const outcome = await trackOutage(() => handle(context, next, url));
    if (!outcome.unavailable) return outcome.result;
    await outcome.result?.body?.cancel();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
  }
  return unavailablePageResponse(context.request);
});

/**
 * Security headers on every answer, and a Content-Security-Policy on every page made from what the shop means to
 * emit (src/server/security-headers.ts, src/server/policy-sources.ts), never from the page's own HTML.
 */
const securityHeaders = defineMiddleware(async (context, next) => {
  const response = await next();
  const runtime = await getRuntime().catch(() => null);
  const publicUrl = runtime?.deps.config.publicUrl ?? process.env.PUBLIC_URL ?? context.url.origin;
  return withSecurityHeaders(
    response,
    {
      publicUrl,
      previewOrigins: previewOrigins(process.env, publicUrl),
      extraSources: (process.env.CSP_EXTRA_SOURCES ?? '').split(/[\s,]+/).filter(Boolean),
    },
    async () => (runtime ? await policySources(runtime.deps.db).catch(() => STRICT_POLICY_SOURCES) : STRICT_POLICY_SOURCES),
  );
});

export const onRequest = sequence(securityHeaders, routing);

async function handle(context: APIContext, next: MiddlewareNext, url: URL): Promise<Response> {
  const decision = await decideRequest(url, async (path) => {
    const client = await getServerApiClient();
    const { data } = await client.getRedirect(path);
    return data?.to ?? null;
  });
  if (decision.kind === 'redirect') {
    return withCacheHeader(new Response(null, { status: decision.status, headers: { location: decision.location } }));
  }
  if (decision.kind === 'not-found') {
    await log('warn', { path: url.pathname, reason: decision.reason }, 'bad route sent to /404');
    return toNotFoundPage();
  }
  const response =
    url.pathname === PREVIEW_RENDER_PATH
      ? await guardPreviewRender((await getRuntime()).deps, context.request, socketAddressOf(context), next)
      : await next(cacheableAddress(context.request, url) ?? undefined);
  if (response.status === 404 && isPageRequest(context.request, url)) {
    await log('info', { path: url.pathname }, 'page not found, sent to /404');
    return toNotFoundPage();
  }
  // Assets keep the long cache lifetime they were served with; anything else, their errors included, is not cached.
  if (isCacheablePath(url.pathname) && response.headers.has('cache-control')) return response;
  // a page's CSS without the rules of components it does not show; the live preview (framed, or ?preview) keeps it whole
  const preview = url.searchParams.has('preview') || context.request.headers.get('sec-fetch-dest') === 'iframe';
  return withCacheHeader(isPageRequest(context.request, url) && !preview ? await withPrunedCss(response) : response);
}

/**
 * A page the page cache may keep is rendered from its address without the query parameters it does not read
 * (src/server/cache/page-request.ts): they are not in its key, so they must not reach its links either.
 */
function cacheableAddress(request: Request, url: URL): string | null {
  const key = pageCacheKey({ method: request.method, url, header: (name) => request.headers.get(name) });
  return key === null ? null : canonicalPageAddress(url);
}

const PREVIEW_RENDER_PATH = '/_preview/render';
const NOT_FOUND_PATH = '/404';

/** A bad route ends on /404 (spec 2.2), which answers with status 404. */
function toNotFoundPage(): Response {
  return withCacheHeader(new Response(null, { status: 302, headers: { location: NOT_FOUND_PATH } }));
}

/** A browser asking for a page (not the API, assets, the preview channel or /404 itself). */
function isPageRequest(request: Request, url: URL): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isPassthroughPath(url.pathname) &&
    url.pathname !== NOT_FOUND_PATH &&
    !url.pathname.startsWith('/_preview/')
  );
}

function socketAddressOf(context: { clientAddress: string }): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

async function log(level: 'warn' | 'info', details: Record<string, unknown>, message: string) {
  try {
    (await getRuntime()).deps.logger[level](details, message);
  } catch {
    console.warn(message, details);
  }
}

function withCacheHeader(response: Response): Response {
  try {
    response.headers.set('cache-control', NO_CACHE);
    return response;
  } catch {
    // A response with immutable headers (one that was fetched) is copied.
    const copy = new Response(response.body, response);
    copy.headers.set('cache-control', NO_CACHE);
    return copy;
  }
}
