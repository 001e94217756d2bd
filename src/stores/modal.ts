import { map } from 'nanostores';

/**
 * Spec 2.7: the modal types; only one is open at a time. AddToCart and CartDrawer (the header's cart
 * icon) are shown as the cart drawer sliding in from the right.
 */
export type ModalType =
  | 'ModalAgeVerification'
  | 'AddToCartStockError'
  | 'AddToCart'
  | 'CartDrawer'
  | 'ModalCookieAccept'
  | 'LeadForm'
  | 'AccountAuthForm';

/** The types shown as a drawer from the right instead of a centred dialog. */
export const DRAWER_TYPES: ReadonlySet<ModalType> = new Set<ModalType>(['AddToCart', 'CartDrawer']);

export type ModalState = {
  isOpen: boolean;
  isClosing: boolean;
  type: ModalType | '';
  details: Record<string, unknown>;
};

/** Spec 4 / 9: closing takes 550 ms before the modal resets to closed. */
export const MODAL_CLOSE_MS = 550;

const closed: ModalState = { isOpen: false, isClosing: false, type: '', details: {} };

export const $modal = map<ModalState>({ ...closed });

let closeTimer: ReturnType<typeof setTimeout> | undefined;

export function openModal(type: ModalType, details: Record<string, unknown> = {}): void {
  clearTimeout(closeTimer);
  $modal.set({ isOpen: true, isClosing: false, type, details });
}

export function closeModal(): void {
  if (!$modal.get().isOpen || $modal.get().isClosing) return;
  $modal.setKey('isClosing', true);
  closeTimer = setTimeout(() => $modal.set({ ...closed }), MODAL_CLOSE_MS);
}
