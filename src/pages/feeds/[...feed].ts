import type { APIRoute } from 'astro';
import { FEED_FILES, FEED_KINDS, type FeedKind } from '../../lib/feeds';
import { isLanguage, type Language } from '../../lib/localize';
import { loadShopSettings } from '../../server/api/core/settings-store';
import { feedStream } from '../../server/feeds';
import { getRuntime } from '../../server/runtime';

export const prerender = false;

/** The feed and language an address names: /feeds/google.xml, /feeds/ru/yandex.yml…; null for any other. */
function feedOf(path: string | undefined): { kind: FeedKind; lang: Language | null } | null {
  const parts = (path ?? '').split('/').filter(Boolean);
  const file = parts.pop();
  const lang = parts.length === 1 && isLanguage(parts[0]) ? parts[0] : null;
  if (parts.length > 1 || (parts.length === 1 && !lang)) return null;
  const kind = FEED_KINDS.find((k) => FEED_FILES[k] === file);
  return kind ? { kind, lang } : null;
}

/**
 * The product feeds (src/server/feeds.ts): Google Merchant Center at /feeds/google.xml and Yandex.Market at
 * /feeds/yandex.yml, in the shop's language, or in one language at /feeds/<lang>/…. Streamed;
 * the page cache keeps each (astro.config's routeRules) until a product, catalog or setting it shows changes.
 */
export const GET: APIRoute = async ({ params }) => {
  const feed = feedOf(params.feed);
  if (!feed) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const { deps } = await getRuntime();
  // the language is the address's alone: the page cache keys these addresses by path, whatever the visitor's cookie
  const lang: Language = feed.lang ?? ((await loadShopSettings(deps.db)).language.current === 'ru' ? 'ru' : 'en');
  const body = await feedStream(deps.db, { kind: feed.kind, lang, publicUrl: deps.config.publicUrl, now: deps.now() });
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
