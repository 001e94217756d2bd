/**
 * Inline scripts the shop's own pages write as they are (`is:inline`): each is allowed by the
 * Content-Security-Policy by its hash (src/server/security-headers.ts), so a page must render them from here,
 * character for character.
 */

/** The checkout: shows the form when the cart has lines, else goes back to the cart before anything paints. */
export const CHECKOUT_GATE_SCRIPT = `(() => {
  const island = document.getElementById('checkout-island');
  let lines = 0;
  try {
    const cart = JSON.parse(localStorage.getItem('cart') || 'null');
    lines = cart && Array.isArray(cart.list) ? cart.list.length : 0;
  } catch {
    lines = 0;
  }
  if (lines > 0) island.replaceWith(island.content);
  else location.replace('/cart');
})();`;

/**
 * The cart page: an empty cart shows the server's empty state before anything paints, instead of the skeleton until
 * the island's code arrives (on a slow connection, seconds); the island takes its place once hydrated.
 */
export const CART_EMPTY_SCRIPT = `(() => {
  const empty = document.getElementById('cart-empty-first');
  let lines = 0;
  try {
    const cart = JSON.parse(localStorage.getItem('cart') || 'null');
    lines = cart && Array.isArray(cart.list) ? cart.list.length : 0;
  } catch {
    lines = 0;
  }
  if (lines === 0 && empty) {
    empty.hidden = false;
    empty.parentElement.classList.add('cart-page--empty-first');
  }
})();`;

/** A failed script chunk reloads the page at most once in this time. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';

/**
 * A failed chunk load reloads the page unless it already did so within `interval` ms. Self-contained (no names from
 * outside): its source is also the rule of the page's inline script (`CHUNK_RELOAD_SCRIPT`).
 */
export function shouldReloadAfterChunkError(now: number, lastReloadAt: number | null, interval: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= interval || now < lastReloadAt;
}

/**
 * The inline script in every page's head that reloads the page once when a script chunk fails to load: an island
 * whose code fails at once reports it before any module script runs, so the listeners start with the document.
 * Storage unavailable (private mode): no reload, which without a record could loop.
 */
export const CHUNK_RELOAD_SCRIPT = `(() => {
  const rule = ${shouldReloadAfterChunkError.toString()};
  const failure = /dynamically imported module|importing a module script failed|error loading dynamically imported/i;
  const messageOf = (error) => (error instanceof Error ? error.message : String(error));
  const reloadOnce = (event) => {
    const now = Date.now();
    try {
      const stored = sessionStorage.getItem(${JSON.stringify(CHUNK_RELOAD_KEY)});
      if (!rule(now, stored === null ? null : Number(stored), ${CHUNK_RELOAD_INTERVAL_MS})) return;
      sessionStorage.setItem(${JSON.stringify(CHUNK_RELOAD_KEY)}, String(now));
    } catch {
      return;
    }
    event?.preventDefault();
    location.reload();
  };
  addEventListener('vite:preloadError', reloadOnce);
  addEventListener('unhandledrejection', (event) => failure.test(messageOf(event.reason)) && reloadOnce());
  document.addEventListener('astro:hydration-error', (event) => failure.test(messageOf(event.detail?.error)) && reloadOnce(event));
})();`;

export const SHOP_INLINE_SCRIPTS: readonly string[] = [CHECKOUT_GATE_SCRIPT, CART_EMPTY_SCRIPT, CHUNK_RELOAD_SCRIPT];
