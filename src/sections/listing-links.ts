/**
 * Links and form field names of paged lists (catalog product list, media list). Every link keeps the
 * rest of the current query, so paging keeps the sort and the filters, and changing the sort, a filter
 * or a tag starts again at page 1. Field names follow the API's bracket notation (spec 7,
 * GET /catalogs/v3/{slug}), so the page can pass a parsed query on as it is.
 */

export const PAGE_PARAM = 'page';
const SORT_PARAM = 'sort';
export const TAG_PARAM = 'tag';

export const FILTER_FIELDS = { minPrice: 'filter[minPrice]', maxPrice: 'filter[maxPrice]' } as const;

export type FacetKind = 'properties' | 'options';

/** The checkbox name of one facet value: `filter[properties][Material][]`. */
export const facetFieldName = (kind: FacetKind, title: string) => `filter[${kind}][${title}][]`;

/** Path and query of `url` with the given parameters set (or removed when null). */
export function hrefWith(url: URL, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(url.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** Page `page` of the list; page 1 is the address without a page number. */
export const pageHref = (url: URL, page: number) => hrefWith(url, { [PAGE_PARAM]: page > 1 ? String(page) : null });

export const sortHref = (url: URL, sort: string) => hrefWith(url, { [SORT_PARAM]: sort, [PAGE_PARAM]: null });

/** Articles with the tag, or all articles for null. */
export const tagHref = (url: URL, tagSlug: string | null) => hrefWith(url, { [TAG_PARAM]: tagSlug, [PAGE_PARAM]: null });

/** Parameters of the current query that a filter form must carry along (everything but the filter and the page). */
export function keptParams(url: URL): [string, string][] {
  return [...new URLSearchParams(url.search)].filter(([key]) => key !== PAGE_PARAM && !key.startsWith('filter['));
}

/** The list without any filter, at page 1, keeping the rest of the query. */
export function filtersResetHref(url: URL): string {
  const query = new URLSearchParams(keptParams(url)).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

export type PageLink = { page: number; current: boolean } | { gap: true };

/**
 * The page numbers to offer: the first and last page, the current one and `around` pages on each side
 * of it, with a gap where numbers are left out.
 */
export function pageLinks(current: number, pages: number, around = 2): PageLink[] {
  const last = Math.max(1, Math.floor(pages));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const links: PageLink[] = [];
  for (let n = 1; n <= last; n++) {
    const shown = n === 1 || n === last || Math.abs(n - page) <= around;
    if (shown) links.push({ page: n, current: n === page });
    else if (!('gap' in (links.at(-1) ?? {}))) links.push({ gap: true });
  }
  return links;
}

/** The 1-based page of a `page` query value; 1 for anything that is not a positive whole number. */
export function pageParam(url: URL): number {
  const value = Number(url.searchParams.get(PAGE_PARAM));
  return Number.isSafeInteger(value) && value > 0 ? value : 1;
}

/** The filters a list was asked for, as the API reports them back (ListingData['appliedFilters']). */
export type AppliedFilters = {
  minPrice: number | null;
  maxPrice: number | null;
  properties: { title: string; values: string[] }[];
  options: { title: string; values: string[] }[];
};

/** One removable chip of an applied filter: what it says and the list without it. */
export type FilterChip = { kind: 'minPrice' | 'maxPrice' | FacetKind; title: string; value: string; href: string };

/** The list with exactly `applied` as its filters, in the filter form's field names, at page 1, keeping the rest of the query. */
export function appliedFiltersHref(url: URL, applied: AppliedFilters): string {
  const params = new URLSearchParams(keptParams(url));
  if (applied.minPrice !== null) params.append(FILTER_FIELDS.minPrice, String(applied.minPrice));
  if (applied.maxPrice !== null) params.append(FILTER_FIELDS.maxPrice, String(applied.maxPrice));
  for (const kind of ['properties', 'options'] as const) {
    for (const facet of applied[kind]) for (const value of facet.values) params.append(facetFieldName(kind, facet.title), value);
  }
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** A chip for every applied price bound and facet value; each links to the list without that one value. */
export function filterChips(url: URL, applied: AppliedFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const bound of ['minPrice', 'maxPrice'] as const) {
    const value = applied[bound];
    if (value !== null)
      chips.push({ kind: bound, title: '', value: String(value), href: appliedFiltersHref(url, { ...applied, [bound]: null }) });
  }
  for (const kind of ['properties', 'options'] as const) {
    for (const facet of applied[kind]) {
      for (const value of facet.values) {
        const rest = applied[kind]
          .map((f) => (f === facet ? { ...f, values: f.values.filter((v) => v !== value) } : f))
          .filter((f) => f.values.length > 0);
        chips.push({ kind, title: facet.title, value, href: appliedFiltersHref(url, { ...applied, [kind]: rest }) });
      }
    }
  }
  return chips;
}

/** A colour code that is safe to put into a style attribute (#rgb to #rrggbbaa, rgb()/hsl(), or a colour name). */
export function swatchColour(value: string | undefined): string | null {
  if (!value) return null;
  const colour = value.trim();
  return /^#[0-9a-f]{3,8}$/i.test(colour) || /^(rgb|hsl)a?\([\d\s.,%/]+\)$/i.test(colour) || /^[a-z]{3,20}$/i.test(colour) ? colour : null;
}
