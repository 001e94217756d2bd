import { createRoot } from 'react-dom/client';
import shopStyles from '../styles/shop.css?inline';
import ModalRoot from './modals/ModalRoot';

let mounted = false;

/**
 * The modals' styles (the cart drawer, the add-to-cart and enquiry dialogs) are the shopping screens' sheet.
 * The product, cart, checkout and payment pages carry it inlined; any other page gets it here, with the
 * modals' code, so that a first visit does not download it for a dialog it may never open.
 */
function ensureShopStyles(): void {
  const inlined = [...document.querySelectorAll('style')].some(
    (style) => style.dataset['shopStyles'] !== undefined || style.textContent?.includes('.modal__title'),
  );
  if (inlined) return;
  const style = document.createElement('style');
  style.dataset['shopStyles'] = '';
  style.textContent = shopStyles;
  document.head.append(style);
}

/**
 * Mounts the modal root once per page. Pages without interactive parts never import this module:
 * the page script loads it on the first action that opens a modal.
 */
export function mountModals(): void {
  if (mounted || typeof document === 'undefined') return;
  mounted = true;
  ensureShopStyles();
  const host = document.createElement('div');
  host.id = 'modal-root';
  document.body.appendChild(host);
  createRoot(host).render(<ModalRoot />);
}
