/**
 * The cart drawer's first frame, drawn without React the moment the shopper opens it from the header or adds to the cart: the cart's
 * lines (title, quantity, line total) and subtotal from the browser's stored cart, with the texts the header's
 * cart icon carries from the server. The drawer's island replaces it once loaded (src/islands/cart/CartDrawer.tsx
 * removes it as it mounts), with its steppers, suggestions and free-delivery progress; on a slow connection the
 * shopper sees the cart at once instead of an empty panel. It is a busy placeholder, not the dialog: hidden from
 * assistive technology and inert, so the island's dialog is the one there is to use.
 */
import { cartTotals, parseStoredCart } from '../../lib/cart';
import { formatMoney, type MoneyFormat } from '../shop/money';
import type { CartShellTexts } from './cart-drawer-details';

const CART_SHELL_ATTRIBUTE = 'data-cart-shell';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function storedCart() {
  try {
    return parseStoredCart(localStorage.getItem('cart'));
  } catch {
    return parseStoredCart(null);
  }
}

/** Shows the first frame (once); the island removes it. */
export function showCartShell(texts: CartShellTexts, money: MoneyFormat): void {
  if (document.querySelector(`[${CART_SHELL_ATTRIBUTE}]`)) return;
  const totals = cartTotals(storedCart().list);
  const root = element('div', 'modal modal--drawer');
  root.setAttribute(CART_SHELL_ATTRIBUTE, '');
  root.setAttribute('aria-hidden', 'true');
  root.inert = true;
  const dialog = element('div', 'modal__dialog');
  const drawer = element('div', 'cart-drawer');
  drawer.setAttribute('aria-busy', 'true');
  drawer.append(element('p', 'modal__title', texts.title));
  if (totals.lines.length === 0) {
    drawer.append(element('p', 'cart-drawer__empty', texts.empty));
  } else {
    const list = element('ul', 'cart-drawer__lines');
    for (const line of totals.lines) {
      const item = element('li', 'cart-drawer__line');
      const info = element('div', 'cart-drawer__info');
      info.append(element('span', 'cart-drawer__title', line.product?.title ?? ''));
      info.append(element('span', 'cart-drawer__options', `× ${line.quantity}`));
      item.append(
        element('span', 'cart-drawer__image'),
        info,
        element('strong', 'cart-drawer__total', formatMoney(line.sumDiscountPrice, money)),
      );
      list.append(item);
    }
    drawer.append(list);
  }
  const footer = element('div', 'cart-drawer__footer');
  if (totals.lines.length > 0) {
    const rows = element('dl', 'summary-rows');
    const row = element('div', 'summary-row summary-row--total');
    row.append(element('dt', '', texts.subtotal), element('dd', '', formatMoney(totals.totalPrice, money)));
    rows.append(row);
    footer.append(rows);
  }
  const actions = element('div', 'cart-drawer__actions');
  if (totals.lines.length > 0) actions.append(element('span', 'button button--wide button--accent', texts.checkout));
  actions.append(element('span', 'button button--wide button--outline', texts.viewCart));
  actions.append(element('span', 'cart-drawer__loading', texts.loading));
  footer.append(actions);
  drawer.append(footer);
  dialog.append(drawer);
  root.append(element('div', 'modal__backdrop'), dialog);
  document.body.append(root);
}

/**
 * The first frame after an add to cart: drawn from the texts the header's cart icon carries (nothing when the
 * page has no drawer icon, as on the cart and checkout pages).
 */
export function showCartShellFromHeader(): void {
  const icon = document.querySelector<HTMLElement>('a[data-cart-drawer]');
  if (!icon) return;
  try {
    const shop = JSON.parse(icon.dataset.cartDrawer ?? '{}') as { texts?: CartShellTexts; money?: MoneyFormat };
    if (shop.texts) showCartShell(shop.texts, shop.money ?? { currency: 'USD', separator: 'none' });
  } catch {
    // an unreadable attribute: the drawer itself follows
  }
}

/** Removes the first frame (the island has mounted, or it could not load). */
export function removeCartShell(): void {
  document.querySelector(`[${CART_SHELL_ATTRIBUTE}]`)?.remove();
}
