import { QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, api, NO_ANSWER } from './client';
import type { SessionAnswer } from '../../contract/admin/session';
import type { Staff } from './types';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (count, error) => error instanceof AdminApiError && (error.status === NO_ANSWER || error.status >= 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});

const SESSION_KEY = ['session'] as const;

/** The signed-in staff member, or null (the sign-in screen shows). */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => {
      try {
        return (await api.get<SessionAnswer>('/session')).staff;
      } catch (error) {
        if (error instanceof AdminApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** The session ended (signed out, expired, revoked): forget every cached answer and show the sign-in screen. */
export function endSession(client: QueryClient = queryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
  client.setQueryData(SESSION_KEY, null);
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api.post<SessionAnswer>('/session', body),
    onSuccess: ({ staff }) => client.setQueryData(SESSION_KEY, staff),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/session'),
    onSettled: () => endSession(client),
  });
}

export function useStaff(): Staff {
  const { data } = useSession();
  if (!data) throw new Error('useStaff without a session');
  return data;
}
