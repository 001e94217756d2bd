import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ListParams, readListParams, withFilter, writeListParams } from '../lib/list-params';

/** A list screen's params read from and written to the address (replacing history for typing, pushing for pages). */
export function useListParams<F extends string>(filterNames: readonly F[], defaultSort: string) {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const params = useMemo(() => readListParams(search, filterNames, defaultSort), [key]);
  const update = useCallback(
    (next: ListParams<F>, replace = false) => setSearch(writeListParams(next, defaultSort), { replace }),
    [setSearch, defaultSort],
  );
  const setFilter = useCallback((name: F, value: string) => update(withFilter(params, name, value), true), [params, update]);
  const setSort = useCallback((sort: string) => update({ ...params, sort, page: 1 }), [params, update]);
  const setPage = useCallback((page: number, perPage: number) => update({ ...params, page, perPage }), [params, update]);
  const clear = useCallback(() => update({ ...params, filters: {}, page: 1 }), [params, update]);
  return { params, setFilter, setSort, setPage, clear };
}
