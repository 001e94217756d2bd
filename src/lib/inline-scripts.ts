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

export const SHOP_INLINE_SCRIPTS: readonly string[] = [CHECKOUT_GATE_SCRIPT];
