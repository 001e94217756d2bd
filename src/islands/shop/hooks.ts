import { useEffect, useState } from 'react';

/**
 * False during the server render and the first browser render, true after: content that depends on
 * browser storage (the cart) waits for it, so hydration matches the server's HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
