import { map } from 'nanostores';

/** Spec 2.7: the modal types; only one is open at a time. */
export type ModalType =
  | 'ModalAgeVerification'
  | 'AddToCartStockError'
  | 'AddToCart'
  | 'ModalCookieAccept'
  | 'LeadForm'
  | 'AccountAuthForm';

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
