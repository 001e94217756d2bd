import { createRoot } from 'react-dom/client';
import ModalRoot from './modals/ModalRoot';

let mounted = false;

/**
 * Mounts the modal root once per page. Pages without interactive parts never import this module:
 * the page script loads it on the first action that opens a modal.
 */
export function mountModals(): void {
  if (mounted || typeof document === 'undefined') return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'modal-root';
  document.body.appendChild(host);
  createRoot(host).render(<ModalRoot />);
}
