import { createCaller } from '../../lib/api-client/request';
import type { Language } from '../../lib/localize';
import type { UserReviewDto } from '../../server/api/users/reviews-routes';
import { $user } from '../../stores/user';

export type { UserReviewDto };

/** Account calls the shared client has no method for, with its `{ error, data }` contract. */
export function accountApi(lang: Language) {
  const call = createCaller({ fetcher: (path, init) => fetch(`/api${path}`, init), getToken: () => $user.get()?.token, lang });
  return {
    getUserReviews: (offset = 0, limit = 50) =>
      call<UserReviewDto[]>({ context: 'getUserReviews', path: '/users/reviews', query: { offset, limit }, fallback: [], needsToken: true }),
  };
}
