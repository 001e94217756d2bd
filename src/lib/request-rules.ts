/** The request rules of spec 2.2, as a pure decision so they can be tested without a server. */

export type RequestDecision =
  | { kind: 'next' }
  | { kind: 'redirect'; location: string; status: 301 | 302 }
  /** suspicious: a probe for files or admin tools; malformed: an address no page can have */
  | { kind: 'not-found'; reason: 'suspicious' | 'malformed' };

const SUSPICIOUS = [
  /(^|\/)\.[^/]/, // dotfiles and dot-directories: /.env, /.git/config, /.well-known/...
  /\.(env|ini|conf|config|cfg|yml|yaml|toml|bak|backup|old|orig|save|swp|tmp|sql|sqlite|db|log|php\d?|asp|aspx|jsp|cgi|sh|py|rb|pl|dist|lock|tar|gz|tgz|zip|rar|7z)$/i,
  /(^|\/)(wp-admin|wp-content|wp-includes|wp-login|wp-json|xmlrpc|cgi-bin|phpmyadmin|pma|vendor\/phpunit|_ignition|_profiler|telescope|actuator|server-status|debug|console)(\/|$|\.)/i,
];

/** Paths whose case must be kept (tokens in the path). */
const CASE_SENSITIVE = [/^\/reset_password_confirm\//];

/** Paths the page rules do not touch: the API, built assets and media files. */
const PASSTHROUGH = [
  /^\/api(\/|$)/,
  /^\/_astro\//,
  /^\/media\//,
  /^\/assets\//,
  /^\/favicon\.ico$/,
  /^\/robots\.txt$/,
  /^\/sitemap\.xml$/,
  // the product feeds (src/pages/feeds): Yandex's is a .yml file, which the probe rules would refuse
  /^\/feeds\/([a-z]{2}\/)?(google\.xml|yandex\.yml)$/,
  /^\/liveness$/,
];

/** Responses browsers and proxies may keep: built assets, media files and fonts. Everything else is no-cache, private. */
const CACHEABLE = [/^\/_astro\//, /^\/media\//, /^\/assets\/fonts\//];

export function isSuspiciousPath(pathname: string): boolean {
  return SUSPICIOUS.some((re) => re.test(pathname));
}

export function isPassthroughPath(pathname: string): boolean {
  return PASSTHROUGH.some((re) => re.test(pathname));
}

export function isCacheablePath(pathname: string): boolean {
  return CACHEABLE.some((re) => re.test(pathname));
}

/** A path that cannot name a page: broken percent-escapes, control characters (NUL included) or an absurd length. */
export function isMalformedPath(pathname: string): boolean {
  if (pathname.length > 2000) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return /[\u0000-\u001f\u007f]/.test(decoded) || decoded.includes('//');
}

/**
 * Decides what happens to a page request before it is rendered:
 * malformed or suspicious -> 404; upper case -> lower case (query kept); stored redirect; trailing slash -> without
 * it; /admin -> /admin/; /account -> /account/settings. The rules that apply are applied together, so every
 * redirect is one hop, 301, to the final address ('/About/?x=1' -> '/about?x=1').
 */
export async function decideRequest(url: URL, findRedirect: (path: string) => Promise<string | null>): Promise<RequestDecision> {
  const { pathname, search } = url;
  if (isPassthroughPath(pathname)) return { kind: 'next' };
  if (isMalformedPath(pathname)) return { kind: 'not-found', reason: 'malformed' };
  if (isSuspiciousPath(pathname)) return { kind: 'not-found', reason: 'suspicious' };
  const lowerCase = lowerCasePath(pathname);
  const path = lowerCase !== pathname && !CASE_SENSITIVE.some((re) => re.test(pathname)) ? lowerCase : pathname;
  const target = (await redirectTarget(path, search, findRedirect)) ?? (path !== pathname ? path + search : null);
  return target === null ? { kind: 'next' } : { kind: 'redirect', location: target, status: 301 };
}

/** Where the rules after the letter case send `path`, or null when it stays. */
async function redirectTarget(
  path: string,
  search: string,
  findRedirect: (path: string) => Promise<string | null>,
): Promise<string | null> {
  if (path === '/admin') return '/admin/';
  if (path === '/admin/' || path === '/') return null;
  const stored = await findRedirect(path);
  if (stored) return normalizeRedirectTarget(stored);
  const trimmed = path.replace(/\/+$/, '') || '/';
  if (trimmed !== path) {
    const storedTrimmed = trimmed === '/' ? null : await findRedirect(trimmed);
    if (storedTrimmed) return normalizeRedirectTarget(storedTrimmed);
  }
  if (trimmed === '/account') return '/account/settings';
  if (trimmed === '/admin') return '/admin/';
  return trimmed !== path ? trimmed + search : null;
}

/**
 * The path with its letters in lower case, percent-escaped ones (Cyrillic) included. The case of the
 * escapes' hex digits is no letter of the path: '/%D0%BE' (о) stays as it is.
 */
export function lowerCasePath(pathname: string): string {
  return pathname.replace(/((?:%[0-9a-f]{2})+)|([^%]+)/gi, (whole, escaped: string | undefined, literal: string | undefined) => {
    if (literal) return literal.toLowerCase();
    const text = decodeURIComponent(escaped ?? whole);
    return text === text.toLowerCase() ? whole : encodeURIComponent(text.toLowerCase());
  });
}

/** Stored redirect targets get a leading slash unless they are absolute addresses. */
export function normalizeRedirectTarget(target: string): string {
  if (/^https?:\/\//i.test(target)) return target;
  return target.startsWith('/') ? target : `/${target}`;
}
