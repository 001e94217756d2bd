import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether the database failed to answer while a page was being built. The page's API calls never throw
 * (they answer fallbacks), so a page would show "not found" or empty sections during an outage; the
 * middleware reads this mark and answers 503 instead.
 */
type PageScope = { unavailable: boolean };

const scope = new AsyncLocalStorage<PageScope>();

export async function trackOutage<T>(work: () => Promise<T>): Promise<{ result: T; unavailable: boolean }> {
  const page: PageScope = { unavailable: false };
  const result = await scope.run(page, work);
  return { result, unavailable: page.unavailable };
}

/** Called by the in-process API client when the API answered 503. */
export function markUnavailable(): void {
  const page = scope.getStore();
  if (page) page.unavailable = true;
}
