import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../lib/list-params';
import { apiQuery } from '../lib/list-params';
import { api } from './client';
import type { OrderState, Page } from './types';

/** A page of a server list; the previous page stays on screen while the next one loads. */
export function useList<T, F extends string>(path: string, params: ListParams<F>) {
  const query = apiQuery(params);
  return useQuery({
    queryKey: [path.slice(1), 'list', query],
    queryFn: ({ signal }) => api.get<Page<T>>(path, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrderStates() {
  return useQuery({ queryKey: ['order-states'], queryFn: () => api.get<OrderState[]>('/order-states'), staleTime: 10 * 60_000 });
}
