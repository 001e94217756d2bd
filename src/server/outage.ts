import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether the database failed to answer while a page was being built. The page's API calls never throw
 * (they answer fallbacks), so a page would show "not found" or empty sections during an outage; the
 * middleware reads this mark and answers 503 instead.
 */
type PageScope = { unavailable: boolean };

const scope = new AsyncLocalStorage<PageScope>();

export async function trackOutage<T>(
  work: () => Promise<T>,
): Promise<{ result: T; unavailable: false } | { result?: T; unavailable: true }> {
  const page: PageScope = { unavailable: false };
  try {
    const result = await scope.run(page, work);
    return page.unavailable ? { result, unavailable: true } : { result, unavailable: false };
  } catch (error) {
    // a page that gave up because a call answered 503 is unavailable, not broken
    if (page.unavailable) return { unavailable: true };
    throw error;
  }
}

/** Called by the in-process API client when the API answered 503. */
export function markUnavailable(): void {
  const page = scope.getStore();
  if (page) page.unavailable = true;
}
