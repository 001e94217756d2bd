/**
 * Which requests may be answered from the page cache, and under which key. Framework-free.
 *
 * A page is the same for every visitor of a language (personal state lives in the browser's islands),
 * so the key is the path, the meaningful query and the language. Personal pages, previews and requests
 * that change the language cookie are never looked up.
 */

const LANGUAGES = new Set(['en', 'ru']);

/** Paths whose answer is personal, transactional or live: never cached whatever the route rules say. */
const NEVER_CACHED = [
  '/account',
  '/cart',
  '/checkout',
  '/payment',
  '/search',
  '/admin',
  '/_preview',
  '/new-page',
  '/catalogs/new-page',
  '/reset_password_confirm',
  '/unsubscribe',
  '/back-in-stock',
  '/404',
  '/500',
  '/liveness',
  '/robots.txt',
  '/sitemap.xml',
  '/media',
  '/assets',
];
/** The only API answers cached: the same for every visitor of a language. */
const CACHED_API = new Set(['/api/config']);
/**
 * The query parameters each kind of cached page reads (besides `lang`): only these are part of its key, and
 * the page is rendered from its address with these alone (`canonicalPageAddress`), so a parameter a page
 * does not read (a campaign tag, a random `?x=1`) neither makes a new cache entry nor costs a render, nor
 * shows up in the links of the page later visitors get.
 */
type ReadsParam = (name: string) => boolean;
const READS_NOTHING: ReadsParam = () => false;
/** a catalog: its page, sort order and filters (`filter[minPrice]`, `filter[options][Colour][]`, ...) */
const CATALOG_READS: ReadsParam = (name) => name === 'page' || name === 'sort' || name.startsWith('filter[');
/** a text page or an article category: the page of its lists and the article tag */
const TEXT_PAGE_READS: ReadsParam = (name) => name === 'page' || name === 'tag';
/** a product: the variation to show first */
const PRODUCT_READS: ReadsParam = (name) => name === 'variation';

/** What the page at `pathname` reads from its query (src/pages: index, [slug], [category]/[slug], catalogs, products). */
export function paramsReadBy(pathname: string): ReadsParam {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 1) return TEXT_PAGE_READS;
  if (segments.length === 2 && segments[0] === 'catalogs') return CATALOG_READS;
  if (segments.length === 2 && segments[0] === 'products') return PRODUCT_READS;
  // the homepage, articles, /api/config: nothing but the language
  return READS_NOTHING;
}

const MAX_QUERY_LENGTH = 512;

export type RequestFacts = {
  method: string;
  url: URL;
  /** request headers, lower-case names */
  header: (name: string) => string | null;
};

function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export function isNeverCachedPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  if (path.startsWith('/api/') || path === '/api') return !CACHED_API.has(path.replace(/\/+$/, ''));
  return NEVER_CACHED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The cache key of a request, or null when the request must be rendered (and its answer not stored). */
export function pageCacheKey({ method, url, header }: RequestFacts): string | null {
  return keyOf(method, url.pathname, url.search.slice(1), header);
}

/** A path of plain segments (letters, digits, `-_~`, dots inside a segment): what a parser would not rewrite. */
const PLAIN_PATH = /^(?:\/[a-z0-9_~-][a-z0-9._~-]*)*\/?$/i;

/**
 * The cache key of a request as the production server's front door reads it (method, raw path and query,
 * headers), without building a URL. Only plain paths: anything a URL parser would rewrite ('//host/', dot
 * segments, escapes) gets null here and goes through the framework's request rules.
 */
export function frontDoorKey(method: string, pathAndQuery: string, header: (name: string) => string | null): string | null {
  const mark = pathAndQuery.indexOf('?');
  const path = mark < 0 ? pathAndQuery : pathAndQuery.slice(0, mark);
  if (!PLAIN_PATH.test(path)) return null;
  return keyOf(method, path, mark < 0 ? '' : pathAndQuery.slice(mark + 1), header);
}

function keyOf(method: string, pathname: string, query: string, header: (name: string) => string | null): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (isNeverCachedPath(pathname)) return null;
  // a framed page is the shop owner's live preview
  if (header('sec-fetch-dest') === 'iframe') return null;
  if (header('authorization')) return null;
  if (query.length >= MAX_QUERY_LENGTH) return null;
  const searchParams = query ? new URLSearchParams(query) : undefined;
  if (searchParams?.has('preview')) return null;

  const queryLang = searchParams?.get('lang');
  const cookieLang = cookieValue(header('cookie'), 'lang');
  // the page answers with a new language cookie: render it
  if (queryLang && LANGUAGES.has(queryLang) && queryLang !== cookieLang) return null;
  const headerLang = header('x-shop-language');
  const lang = [queryLang, cookieLang, headerLang].find((value) => value && LANGUAGES.has(value)) ?? '';
  if (!searchParams) return `${lang}|${pathname}`;

  const reads = paramsReadBy(pathname);
  const params = [...searchParams].filter(([name]) => reads(name));
  params.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const kept = new URLSearchParams(params).toString();
  return `${lang}|${pathname}${kept ? `?${kept}` : ''}`;
}

/**
 * The address a cacheable page is rendered from: its path with only the parameters it reads (and `lang`), in
 * their order. Null when it is the request's own address (nothing to leave out).
 */
export function canonicalPageAddress(url: URL): string | null {
  if (!url.search) return null;
  const reads = paramsReadBy(url.pathname);
  const all = [...url.searchParams];
  const kept = all.filter(([name]) => name === 'lang' || reads(name));
  if (kept.length === all.length) return null;
  const query = new URLSearchParams(kept).toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/** Whether a conditional request's If-None-Match names `etag` (weak comparison, lists and * allowed). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}
