import { $cartCount, startCartSync } from '../../stores/cart';
import { watchCartForRecovery } from '../../stores/checkout-recovery';

/** Fills every `[data-cart-count]` element (the header's cart badge) with the number of pieces in the cart. */
export function showCartCount(): void {
  startCartSync();
  watchCartForRecovery();
  $cartCount.subscribe((count) => {
    for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-count]')) {
      badge.textContent = count > 0 ? String(count) : '';
      badge.dataset.count = String(count);
    }
  });
}
