import type { Context } from 'hono';

/**
 * What the in-process API calls of one storefront page share. A route that can read, in its own query, what
 * the page's next calls will ask for (the product page's similar and related products and its first reviews,
 * with the product) offers it here under the key of that call, and the call takes it instead of querying again.
 * Only the server's page client passes one (as the Hono app's env, which no HTTP request can set), for as long as
 * the page request lasts; every other caller finds none and queries as usual. An offer no call takes is
 * dropped with the page, so what a call answers is never older than the page request.
 */
export class PageLoads {
  readonly #offered = new Map<string, Promise<unknown>>();

  offer(key: string, value: Promise<unknown>): void {
    // a failure is the taker's (the call answers 503 as its own query would); untaken, it is dropped quietly
    value.catch(() => undefined);
    this.#offered.set(key, value);
  }

  /** The offered answer of this call, once: a second call with the same key queries again. */
  take<T>(key: string): Promise<T> | undefined {
    const value = this.#offered.get(key);
    this.#offered.delete(key);
    return value as Promise<T> | undefined;
  }
}

/** The page loads the caller passed, when an in-process page client made this call. */
export function pageLoadsOf(c: Context): PageLoads | null {
  const env = c.env as { pageLoads?: unknown } | undefined;
  return env?.pageLoads instanceof PageLoads ? env.pageLoads : null;
}

/** The keys calls are offered under: the call's route and its validated query. */
export const pageLoadKeys = {
  similar: (idOrSlug: string, limit: number) => `similar|${idOrSlug}|${limit}`,
  related: (ids: readonly string[], limit: number) => `related|${ids.join(',')}|${limit}`,
  reviews: (idOrSlug: string, offset: number, limit: number) => `reviews|${idOrSlug}|${offset}|${limit}`,
};
