/**
 * A list screen's state lives in the address (so a filtered list can be bookmarked, shared and linked from
 * the dashboard): `page`, `perPage`, `sort` ('field' or '-field') and the screen's filters. These helpers
 * read it with defaults and write it back without empty values, and build the admin API's query from it.
 */
export const PER_PAGE_CHOICES = [25, 50, 100] as const;
const DEFAULT_PER_PAGE = 25;

export type ListParams<F extends string> = {
  page: number;
  perPage: number;
  sort: string;
  filters: Partial<Record<F, string>>;
};

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

export function readListParams<F extends string>(search: URLSearchParams, filterNames: readonly F[], defaultSort = ''): ListParams<F> {
  const filters: Partial<Record<F, string>> = {};
  for (const name of filterNames) {
    const value = search.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return {
    page: positiveInt(search.get('page'), 1),
    perPage: positiveInt(search.get('perPage'), DEFAULT_PER_PAGE, 100),
    sort: search.get('sort')?.trim() || defaultSort,
    filters,
  };
}

/** The address's query for these params; defaults are left out so the address stays short. */
export function writeListParams<F extends string>(params: ListParams<F>, defaultSort = ''): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params.filters) as [F, string | undefined][]) {
    if (value) search.set(name, value);
  }
  if (params.sort && params.sort !== defaultSort) search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  if (params.perPage !== DEFAULT_PER_PAGE) search.set('perPage', String(params.perPage));
  return search;
}

/** The query sent to the admin API: every param, the sort included even when it is the default. */
export function apiQuery<F extends string>(params: ListParams<F>): Record<string, string> {
  const query: Record<string, string> = { page: String(params.page), perPage: String(params.perPage) };
  if (params.sort) query.sort = params.sort;
  return { ...query, ...exportQuery(params.filters) };
}

/** Changing a filter returns to the first page: page 7 of the old list means nothing in the new one. */
export function withFilter<F extends string>(params: ListParams<F>, name: F, value: string): ListParams<F> {
  const filters = { ...params.filters };
  if (value.trim()) filters[name] = value.trim();
  else delete filters[name];
  return { ...params, filters, page: 1 };
}

/** Sort state as TanStack Table holds it, and back. */
export function sortToState(sort: string): { id: string; desc: boolean }[] {
  if (!sort) return [];
  return sort.startsWith('-') ? [{ id: sort.slice(1), desc: true }] : [{ id: sort, desc: false }];
}

export function stateToSort(state: readonly { id: string; desc: boolean }[]): string {
  const first = state[0];
  return first ? (first.desc ? '-' : '') + first.id : '';
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/** The filters of a list as an export's query: what the list shows, without its page. */
export function exportQuery<F extends string>(filters: ListParams<F>['filters']): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters) as [F, string | undefined][]) if (value) query[name] = value;
  return query;
}
