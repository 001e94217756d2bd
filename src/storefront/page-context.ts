import type { AstroGlobal } from 'astro';
import type { CatalogFilterInput, CatalogPageParams } from '../lib/api-client';
import { isLanguage, LANGUAGE_COOKIE, requestedLanguage, type Language } from '../lib/localize';
import { parseQueryString } from '../lib/query-string';
import { pageParam } from '../sections/listing-links';
import { isSortCriterion } from '../contract/storefront/catalog';
import { getRuntime } from '../server/runtime';
import { shellGeneration } from './kept-shell';
import { getServerApiClient } from './storefront-api';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * What every storefront page needs: the visitor's language (a `lang` query or cookie, else the shop's
 * setting), the API client in that language, the shop settings, the menus and the shop's public
 * address (for canonical and absolute links; from PUBLIC_URL, never from the request's Host header).
 */
export async function loadPageContext(Astro: AstroGlobal) {
  const queryLang = Astro.url.searchParams.get('lang');
  const cookieLang = Astro.cookies.get(LANGUAGE_COOKIE)?.value;
  if (isLanguage(queryLang) && queryLang !== cookieLang) {
    Astro.cookies.set(LANGUAGE_COOKIE, queryLang, { path: '/', maxAge: ONE_YEAR_SECONDS, sameSite: 'lax' });
  }
  const requested = requestedLanguage({ explicit: queryLang, cookie: cookieLang });
  // taken before the settings and menus are read: a shell rendered from data an invalidation overtook is not kept
  const shell = shellGeneration();
  const [api, { deps }] = await Promise.all([getServerApiClient(requested ? { lang: requested } : {}), getRuntime()]);
  const [config, menus] = await Promise.all([api.getConfig(), api.getMenus()]);
  const settings = config.data;
  const lang: Language = requested ?? (isLanguage(settings?.language?.current) ? settings.language.current : 'en');
  return { api, lang, settings, menus: menus.data, configError: config.error, siteUrl: deps.config.publicUrl, shellGeneration: shell };
}

export type PageContext = Awaited<ReturnType<typeof loadPageContext>>;

/** The page context, or null when it cannot be loaded (the error pages then show their plain fallback). */
export async function loadPageContextOrNull(Astro: AstroGlobal): Promise<PageContext | null> {
  try {
    return await loadPageContext(Astro);
  } catch (error) {
    console.error('The shop settings and menus could not be loaded', error);
    return null;
  }
}

// ---------------------------------------------------------------- reading list queries

type QueryValue = ReturnType<typeof parseQueryString>[string];
/** Bounds that keep a crafted query from building an oversized API request. */
const MAX_FACET_TITLES = 20;
const MAX_FACET_VALUES = 50;
const MAX_TEXT = 200;
/** The API's highest page number. */
const MAX_PAGE = 1_000_000;

const isRecord = (value: QueryValue | undefined): value is Exclude<QueryValue, string | string[]> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asText = (value: string) => value.trim().slice(0, MAX_TEXT);

function priceBound(value: QueryValue | undefined): number | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const amount = Number(value.replace(',', '.'));
  return Number.isFinite(amount) && amount >= 0 && amount <= 1_000_000 ? amount : undefined;
}

/**
 * Selected values per title of a facet query, in every form the listing links produce:
 * `[Title][]=Value`, `[Title]=Value` and `[Title][Value]=1` (0, false or off unselects).
 */
function facetSelection(value: QueryValue | undefined): Record<string, string[]> | undefined {
  if (!isRecord(value)) return undefined;
  const selection: Record<string, string[]> = {};
  for (const [title, raw] of Object.entries(value).slice(0, MAX_FACET_TITLES)) {
    const values = isRecord(raw)
      ? Object.entries(raw).flatMap(([v, on]) => (typeof on === 'string' && !['0', 'false', 'off'].includes(on) ? [v] : []))
      : Array.isArray(raw)
        ? raw
        : [raw];
    const chosen = [...new Set(values.map(asText).filter(Boolean))].slice(0, MAX_FACET_VALUES);
    if (asText(title) && chosen.length > 0) selection[asText(title)] = chosen;
  }
  return Object.keys(selection).length > 0 ? selection : undefined;
}

/**
 * The catalog page, sort and filters of a catalog address (`?page=2&sort=price_asc&filter[minPrice]=10
 * &filter[properties][Material][]=Linen`), as getCatalogV3 takes them. Unusable values are left out,
 * so a mistyped address still shows the catalog.
 */
export function catalogParamsFromUrl(url: URL): CatalogPageParams {
  const query = parseQueryString(url.searchParams);
  const sort = query['sort'];
  const filterQuery = query['filter'];
  const filter: CatalogFilterInput = {};
  if (isRecord(filterQuery)) {
    const minPrice = priceBound(filterQuery['minPrice']);
    const maxPrice = priceBound(filterQuery['maxPrice']);
    const properties = facetSelection(filterQuery['properties']);
    const options = facetSelection(filterQuery['options']);
    if (minPrice !== undefined) filter.minPrice = minPrice;
    if (maxPrice !== undefined) filter.maxPrice = maxPrice;
    if (properties) filter.properties = properties;
    if (options) filter.options = options;
  }
  return {
    page: Math.min(pageParam(url), MAX_PAGE),
    ...(isSortCriterion(sort) ? { sort } : {}),
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
  };
}

// ---------------------------------------------------------------- page data helpers

/**
 * A failed page call: a missing record (4xx) is the page's 404, anything else is a server failure the
 * error page (500) shows, so a broken database never looks like a missing page.
 */
export function failUnlessMissing(error: { statusCode: number; message: string } | null): void {
  if (error && error.statusCode >= 500) throw new Error(error.message);
}

export const hasSection = (sections: readonly { type: string }[], type: string) => sections.some((section) => section.type === type);

/** The rich texts of a page's sections, in order: what a table of contents lists. */
export function sectionsRichText(sections: readonly { options: Record<string, unknown> }[]): string {
  return sections
    .map((section) => (section.options['content'] as { html?: unknown } | undefined)?.html)
    .filter((html): html is string => typeof html === 'string')
    .join('\n');
}
