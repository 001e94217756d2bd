import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { z } from 'zod';
import { MANGO_WIDGET_ORIGIN, type TrackingIds } from '../lib/analytics';
import { SHOP_INLINE_SCRIPTS } from '../lib/inline-scripts';
import { PLAYER_SCRIPTS, type VideoSource } from '../lib/video';

/**
 * Browser security headers of every answer, and the Content-Security-Policy of every HTML page.
 *
 * The policy is made from what the server means to emit, never by reading the page it sends: scripts run from the
 * shop's own origin, by the hash of each inline script the shop itself writes (Astro's island runtime, client
 * directives and inlined component scripts, taken from the build: src/integrations/shop-script-hashes.mjs; the
 * pages' own `is:inline` scripts, src/lib/inline-scripts.ts), by the hashes and origins of the owner's custom code,
 * computed when the owner saves it (`codeSources`), from the analytics providers whose ids are set, from the players
 * of the video services the published sections use, and CSP_EXTRA_SOURCES. Media (video files) come from the shop only. So markup injected into any field, even with a `<script>`, does not run.
 * `connect-src` and `form-action` allow the shop, the configured payment providers and the set analytics providers.
 * Hashes, not nonces, so a page kept by the page cache keeps a matching policy. Styles may be inline (themes and
 * sections set them).
 */

/** The origins of the player scripts of the video services in use (src/lib/video.ts PLAYER_SCRIPTS). */
export const videoScriptOrigins = (sources: readonly VideoSource[]): string[] =>
  sources.flatMap((source) => {
    const script = PLAYER_SCRIPTS[source];
    return script ? [new URL(script).origin] : [];
  });

/**
 * What each analytics or call-tracking id (src/lib/analytics.ts) makes the page load and talk to: allowed only while
 * the id is set (only the owner sets them: the `edit_code` capability).
 */
const ANALYTICS_SOURCES: Record<keyof TrackingIds, { scripts: string[]; connect: string[] }> = {
  googleTagManager: {
    scripts: ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://ssl.google-analytics.com'],
    connect: [
      'https://www.googletagmanager.com',
      'https://www.google-analytics.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
  },
  googleAnalytics: {
    scripts: ['https://www.googletagmanager.com'],
    connect: ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  },
  metaPixel: { scripts: ['https://connect.facebook.net'], connect: ['https://www.facebook.com', 'https://connect.facebook.net'] },
  yandexMetrika: {
    scripts: ['https://mc.yandex.ru', 'https://mc.yandex.com', 'https://yastatic.net'],
    connect: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
  },
  snapchatPixel: { scripts: ['https://sc-static.net'], connect: ['https://tr.snapchat.com', 'https://sc-static.net'] },
  callTrackingMango: { scripts: [MANGO_WIDGET_ORIGIN], connect: [MANGO_WIDGET_ORIGIN] },
};

export type SecurityOptions = {
  /** the shop's public origin; HSTS when it is https */
  publicUrl: string;
  /** origins of the admin app that may frame the shop for the live preview */
  previewOrigins: string[];
  /** CSP_EXTRA_SOURCES: more origins for scripts, frames, connections (an operator's own tools) */
  extraSources: string[];
};

/** What a page may run and reach besides the shop's own scripts: from the settings and the payment methods. */
export type PolicySources = {
  /** the owner's custom code, as computed when it was saved */
  code: CodeSources;
  /** the analytics and call-tracking ids that are set */
  tracking: TrackingIds;
  /** the origins of the enabled online payment methods' providers (`paymentProviderOrigins`) */
  paymentOrigins: string[];
  /** the video services the published sections show (`videoSourcesInUse`): their player scripts may run */
  videoSources: VideoSource[];
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

export const scriptHash = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

/** The hashes and origins the owner's custom code needs to run. */
export const codeSourcesSchema = z.object({
  scriptHashes: z.array(z.string()).catch([]),
  scriptOrigins: z.array(z.string()).catch([]),
  styleOrigins: z.array(z.string()).catch([]),
});
export type CodeSources = z.infer<typeof codeSourcesSchema>;
export const NO_CODE_SOURCES: CodeSources = { scriptHashes: [], scriptOrigins: [], styleOrigins: [] };

/**
 * The inline-script hashes and external script and stylesheet origins of the owner's custom code (head and footer),
 * computed when the owner saves it and stored beside the settings: code that reached the settings any other way
 * (older data, a direct database edit) has no hashes, so it does not run until the owner saves it.
 */
export function codeSources(code: string): CodeSources {
  const scriptHashes = new Set<string>();
  const scriptOrigins = new Set<string>();
  for (const [, attributes = '', body = ''] of code.matchAll(SCRIPT)) {
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
  const styleOrigins = new Set([...code.matchAll(STYLESHEET)].map((m) => externalOrigin(m[1]!)).filter((o) => o !== null));
  return { scriptHashes: [...scriptHashes].sort(), scriptOrigins: [...scriptOrigins].sort(), styleOrigins: [...styleOrigins].sort() };
}

let builtHashes: string[] | null = null;

/**
 * The hashes of the inline scripts this build of the shop writes: Astro's (from the build, beside the server entry:
 * src/integrations/shop-script-hashes.mjs; outside a build only the island runtime, whose text Astro exports) and the
 * pages' own (src/lib/inline-scripts.ts).
 */
export function shopScriptHashes(): string[] {
  if (builtHashes) return builtHashes;
  const fromBuild = ['./', '../', '../server/']
    .map((dir) => new URL(`${dir}shop-script-hashes.json`, import.meta.url))
    .filter((file) => file.protocol === 'file:' && existsSync(file))
    .flatMap((file) => (JSON.parse(readFileSync(file, 'utf8')) as { scriptHashes: string[] }).scriptHashes);
  builtHashes = [...new Set([...fromBuild, scriptHash(islandScript), ...SHOP_INLINE_SCRIPTS.map(scriptHash)])];
  return builtHashes;
}

/** The Content-Security-Policy of every HTML page. */
export function contentSecurityPolicy(sources: PolicySources, options: SecurityOptions): string {
  const list = (...parts: string[][]) => [...new Set(parts.flat())].join(' ');
  const tracking = (Object.keys(ANALYTICS_SOURCES) as (keyof TrackingIds)[]).filter((id) => sources.tracking[id] !== '');
  const trackingScripts = tracking.flatMap((id) => ANALYTICS_SOURCES[id].scripts);
  const trackingConnect = tracking.flatMap((id) => ANALYTICS_SOURCES[id].connect);
  return [
    "default-src 'self'",
    `script-src ${list(["'self'"], shopScriptHashes(), sources.code.scriptHashes, sources.code.scriptOrigins, trackingScripts, videoScriptOrigins(sources.videoSources), options.extraSources)}`,
    "script-src-attr 'none'",
    `style-src ${list(["'self'", "'unsafe-inline'"], sources.code.styleOrigins)}`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    // video files play from the shop's own site only (src/lib/video.ts parseVideoFile); the services play in frames
    "media-src 'self' blob:",
    `connect-src ${list(["'self'"], sources.paymentOrigins, trackingConnect, options.extraSources)}`,
    // rich text may embed any https page (the sanitiser keeps https frames only); a frame cannot script the shop
    `frame-src ${list(["'self'", 'https:'], options.extraSources)}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${list(["'self'"], sources.paymentOrigins)}`,
    `frame-ancestors ${list(["'self'"], options.previewOrigins)}`,
  ].join('; ');
}

/** The answer with the security headers set, and the policy when it is an HTML page (`sources` is asked for only then). */
export async function withSecurityHeaders(
  response: Response,
  options: SecurityOptions,
  sources: () => Promise<PolicySources>,
): Promise<Response> {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(baseSecurityHeaders(options))) headers.set(name, value);
  if (/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) {
    headers.set('content-security-policy', contentSecurityPolicy(await sources(), options));
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
