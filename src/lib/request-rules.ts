/** The request rules of spec 2.2, as a pure decision so they can be tested without a server. */

export type RequestDecision =
  | { kind: 'next' }
  | { kind: 'redirect'; location: string; status: 301 | 302 }
  | { kind: 'not-found' };

const SUSPICIOUS = [
  /(^|\/)\.[^/]/, // dotfiles and dot-directories: /.env, /.git/config, /.well-known/...
  /\.(env|ini|conf|config|cfg|yml|yaml|toml|bak|backup|old|orig|save|swp|tmp|sql|sqlite|db|log|php\d?|asp|aspx|jsp|cgi|sh|py|rb|pl|dist|lock|tar|gz|tgz|zip|rar|7z)$/i,
  /(^|\/)(wp-admin|wp-content|wp-includes|wp-login|wp-json|xmlrpc|cgi-bin|phpmyadmin|pma|vendor\/phpunit|_ignition|_profiler|telescope|actuator|server-status|debug|console)(\/|$|\.)/i,
];

/** Paths whose case must be kept (tokens in the path). */
const CASE_SENSITIVE = [/^\/reset_password_confirm\//];

/** Paths the page rules do not touch: the API, built assets and media files. */
const PASSTHROUGH = [/^\/api(\/|$)/, /^\/_astro\//, /^\/media\//, /^\/assets\//, /^\/favicon\.ico$/, /^\/robots\.txt$/, /^\/sitemap\.xml$/];

export function isSuspiciousPath(pathname: string): boolean {
  return SUSPICIOUS.some((re) => re.test(pathname));
}

export function isPassthroughPath(pathname: string): boolean {
  return PASSTHROUGH.some((re) => re.test(pathname));
}

/**
 * Decides what happens to a page request before it is rendered:
 * upper case -> 301 to lower case (query kept); suspicious -> 404; stored redirect -> 301;
 * trailing slash -> 301 without it; /admin -> 301 /admin/; /account -> /account/settings.
 */
export async function decideRequest(
  url: URL,
  findRedirect: (path: string) => Promise<string | null>,
): Promise<RequestDecision> {
  const { pathname, search } = url;
  if (isPassthroughPath(pathname)) return { kind: 'next' };
  if (isSuspiciousPath(pathname)) return { kind: 'not-found' };
  if (pathname !== pathname.toLowerCase() && !CASE_SENSITIVE.some((re) => re.test(pathname))) {
    return { kind: 'redirect', location: pathname.toLowerCase() + search, status: 301 };
  }
  if (pathname === '/admin') return { kind: 'redirect', location: '/admin/', status: 301 };
  if (pathname === '/admin/') return { kind: 'next' };
  if (pathname !== '/') {
    const stored = await findRedirect(pathname);
    if (stored) return { kind: 'redirect', location: normalizeRedirectTarget(stored), status: 301 };
    if (pathname.endsWith('/')) {
      return { kind: 'redirect', location: (pathname.replace(/\/+$/, '') || '/') + search, status: 301 };
    }
  }
  if (pathname === '/account') return { kind: 'redirect', location: '/account/settings', status: 301 };
  return { kind: 'next' };
}

/** Stored redirect targets get a leading slash unless they are absolute addresses. */
export function normalizeRedirectTarget(target: string): string {
  if (/^https?:\/\//i.test(target)) return target;
  return target.startsWith('/') ? target : `/${target}`;
}
