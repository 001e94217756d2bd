import { createHash } from 'node:crypto';
import { htmlResponse, responseText } from './http/html-text';

/**
 * Browser security headers of every answer, and the Content-Security-Policy of every HTML page.
 *
 * The policy allows scripts by the SHA-256 hash of each inline script the server rendered (Astro's own, the
 * analytics loader, and the owner's custom head and footer code), the shop's own origin, the origins of external
 * scripts in the page, the analytics providers the shop integrates (their loaders add further scripts), and
 * CSP_EXTRA_SOURCES. Hashes, not nonces, so a page kept by the page cache keeps a matching policy. What it stops:
 * injected inline event handlers and javascript: URLs, scripts from unknown origins, plugins, framing by other
 * sites (frame-ancestors 'self' and PREVIEW_ORIGINS), forms and <base> pointing elsewhere. Styles may be inline
 * (themes and sections set them).
 */

/** Origins of the analytics and call-tracking integrations (src/lib/analytics.ts), the scripts their loaders add, and the video players. */
const THIRD_PARTY_SCRIPT_ORIGINS = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://ssl.google-analytics.com',
  'https://connect.facebook.net',
  'https://mc.yandex.ru',
  'https://mc.yandex.com',
  'https://yastatic.net',
  'https://sc-static.net',
  'https://vk.com',
  'https://top-fwz1.mail.ru',
  'https://widgets.mango-office.ru',
  // the video services' player scripts (src/sections/video.ts PLAYER_SCRIPTS)
  'https://www.youtube.com',
  'https://player.vimeo.com',
  'https://player.kinescope.io',
];

/** Players of the video sections (src/sections/video.ts). */
const VIDEO_FRAME_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
  'https://rutube.ru',
  'https://vk.com',
  'https://vkvideo.ru',
  'https://kinescope.io',
];

export type SecurityOptions = {
  /** the shop's public origin; HSTS when it is https */
  publicUrl: string;
  /** origins of the admin app that may frame the shop for the live preview */
  previewOrigins: string[];
  /** CSP_EXTRA_SOURCES: more origins for scripts, frames, connections (an operator's own tools) */
  extraSources: string[];
};

/** Headers every answer carries. */
export function baseSecurityHeaders(options: SecurityOptions): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // only features browsers know: an unknown one ('bluetooth', 'interest-cohort') is a console warning on every page
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=()',
    ...(options.publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const IFRAME = /<iframe\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi;
const STYLESHEET = /<link\b(?=[^>]*\brel\s*=\s*["']?stylesheet)[^>]*\bhref\s*=\s*["']?([^"'\s>]+)/gi;
const ATTRIBUTE = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');
const NOT_JAVASCRIPT = /^(application\/(ld\+)?json|text\/template|text\/x-template|importmap|speculationrules)$/i;

function attribute(attributes: string, name: string): string | undefined {
  const match = ATTRIBUTE(name).exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

function externalOrigin(url: string): string | null {
  if (!/^(https?:)?\/\//i.test(url)) return null;
  try {
    const parsed = new URL(url, 'https://shop.invalid');
    return parsed.origin === 'https://shop.invalid' ? null : parsed.origin;
  } catch {
    return null;
  }
}

/** Hashes of inline scripts by their text: most are the same on every page (Astro's, the analytics loader). */
const knownHashes = new Map<string, string>();
const MAX_KNOWN_HASHES = 256;

function scriptHash(body: string): string {
  let hash = knownHashes.get(body);
  if (hash === undefined) {
    hash = `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
    if (knownHashes.size >= MAX_KNOWN_HASHES) knownHashes.clear();
    knownHashes.set(body, hash);
  }
  return hash;
}

/** The inline-script hashes and external origins a page needs, read from its HTML. */
export function pageSources(html: string): {
  scriptHashes: string[];
  scriptOrigins: string[];
  frameOrigins: string[];
  styleOrigins: string[];
} {
  const scriptHashes = new Set<string>();
  const scriptOrigins = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    const type = attribute(attributes, 'type');
    if (type && NOT_JAVASCRIPT.test(type.trim())) continue;
    const src = attribute(attributes, 'src');
    if (src !== undefined) {
      const origin = externalOrigin(src);
      if (origin) scriptOrigins.add(origin);
    } else {
      scriptHashes.add(scriptHash(body));
    }
  }
  const origins = (pattern: RegExp) => [
    ...new Set([...html.matchAll(pattern)].map((m) => externalOrigin(m[1]!)).filter((o) => o !== null)),
  ];
  return {
    scriptHashes: [...scriptHashes],
    scriptOrigins: [...scriptOrigins],
    frameOrigins: origins(IFRAME),
    styleOrigins: origins(STYLESHEET),
  };
}

/** The Content-Security-Policy of an HTML page. */
export function contentSecurityPolicy(html: string, options: SecurityOptions): string {
  const page = pageSources(html);
  const list = (...parts: string[][]) => [...new Set(parts.flat())].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list(["'self'"], page.scriptHashes, THIRD_PARTY_SCRIPT_ORIGINS, page.scriptOrigins, options.extraSources)}`,
    "script-src-attr 'none'",
    `style-src ${list(["'self'", "'unsafe-inline'"], page.styleOrigins)}`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    "media-src 'self' blob: https:",
    `connect-src ${list(["'self'", 'https:', 'wss:'], options.extraSources)}`,
    `frame-src ${list(["'self'"], VIDEO_FRAME_ORIGINS, page.frameOrigins, options.extraSources)}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
    `frame-ancestors ${list(["'self'"], options.previewOrigins)}`,
  ].join('; ');
}

const ISLAND_STYLE = /<style>(astro-island,astro-slot,astro-static-slot\{display:contents\})<\/style>/;

/**
 * Astro writes its islands' style rule before the first island, in the body, where HTML allows no `<style>`: the rule
 * moves to the end of the head (it matters only once an island is on the page, which the body then holds).
 */
export function islandStyleInHead(html: string): string {
  const found = ISLAND_STYLE.exec(html);
  const headEnd = html.indexOf('</head>');
  if (!found || headEnd < 0 || found.index < headEnd) return html;
  const withoutIt = html.slice(0, found.index) + html.slice(found.index + found[0].length);
  return `${withoutIt.slice(0, headEnd)}<style>${found[1]}</style>${withoutIt.slice(headEnd)}`;
}

/** The answer with the security headers set (and a policy, when it is an HTML page). */
export async function withSecurityHeaders(response: Response, options: SecurityOptions): Promise<Response> {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(baseSecurityHeaders(options))) headers.set(name, value);
  const isHtml = /^text\/html\b/i.test(response.headers.get('content-type') ?? '');
  if (!isHtml || response.body === null || response.headers.has('content-encoding')) {
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  const html = islandStyleInHead(await responseText(response));
  headers.set('content-security-policy', contentSecurityPolicy(html, options));
  return htmlResponse(html, { status: response.status, statusText: response.statusText, headers });
}
