/**
 * The wishlist hearts of product cards and the product page (framework-free, one listener for the page): each
 * `[data-wishlist-toggle]` button shows whether its product is in the shopper's wishlist (aria-pressed) and
 * adds or removes it on a tap (src/stores/wishlist.ts).
 */
import { $wishlist, startWishlistSync, toggleWishlist } from '../../stores/wishlist';

const SELECTOR = '[data-wishlist-toggle]';

function render(button: HTMLElement, ids: readonly string[]): void {
  const pressed = ids.includes(button.dataset['productId'] ?? '');
  button.setAttribute('aria-pressed', String(pressed));
  const label = button.dataset[pressed ? 'labelRemove' : 'labelAdd'];
  if (label) button.setAttribute('aria-label', label);
}

const renderAll = (ids: readonly string[]) => document.querySelectorAll<HTMLElement>(SELECTOR).forEach((button) => render(button, ids));

let listening = false;

export function enhanceWishlistHearts(): void {
  renderAll($wishlist.get().ids);
  if (listening) return;
  listening = true;
  startWishlistSync();
  $wishlist.listen((state) => renderAll(state.ids));
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>(SELECTOR);
    if (!button?.dataset['productId']) return;
    event.preventDefault();
    void toggleWishlist(button.dataset['productId']);
  });
}
