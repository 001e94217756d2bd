import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useRef, type ComponentType, type LazyExoticComponent, type KeyboardEvent } from 'react';
import { $modal, closeModal, DRAWER_TYPES, type ModalType } from '../../stores/modal';
import { formTexts, pageLanguage } from '../forms/texts';
import { focusableIn, nextFocusTarget } from './focus-trap';

export type ModalContentProps = { details: Record<string, unknown>; close: () => void };

/**
 * Each modal type lives in ./types/{ModalType}.tsx (default export) and is loaded only when first opened,
 * so adding a modal type never edits this file and pages load no modal code until one opens.
 */
const loaders = import.meta.glob<{ default: ComponentType<ModalContentProps> }>('./types/*.tsx');
const contents = new Map<string, LazyExoticComponent<ComponentType<ModalContentProps>>>();

function contentFor(type: ModalType): LazyExoticComponent<ComponentType<ModalContentProps>> | null {
  const load = loaders[`./types/${type}.tsx`];
  if (!load) return null;
  let content = contents.get(type);
  if (!content) {
    content = lazy(load);
    contents.set(type, content);
  }
  return content;
}

export default function ModalRoot() {
  const modal = useStore($modal);
  const dialog = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    if (!modal.isOpen) return;
    const onKey = (e: globalThis.KeyboardEvent) => e.key === 'Escape' && closeModal();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [modal.isOpen]);

  // Focus moves into the dialog when it opens and back to what opened it when it closes.
  useEffect(() => {
    if (!modal.isOpen) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && !dialog.current?.contains(active) && active !== document.body) opener.current = active;
    if (dialog.current && !dialog.current.contains(document.activeElement)) dialog.current.focus();
  }, [modal.isOpen, modal.type]);
  const shown = modal.isOpen && !modal.isClosing;
  useEffect(() => {
    if (shown) return;
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  }, [shown]);

  // The dialog is named by the first heading its content renders (content loads lazily).
  useEffect(() => {
    const root = dialog.current;
    if (!modal.isOpen || !root) return;
    const name = () => {
      const heading = root.querySelector('h1, h2, h3');
      if (heading && !heading.id) heading.id = titleId;
      if (heading) root.setAttribute('aria-labelledby', heading.id);
      else root.removeAttribute('aria-labelledby');
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [modal.isOpen, modal.type, titleId]);

  if (!modal.isOpen || !modal.type) return null;
  const Content = contentFor(modal.type);
  if (!Content) {
    console.error(`Unknown modal type ${modal.type}`);
    return null;
  }
  // Tab and Shift+Tab cycle within the dialog.
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const target = nextFocusTarget(focusableIn(dialog.current), document.activeElement, event.shiftKey);
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };
  return (
    <div
      className={`modal${DRAWER_TYPES.has(modal.type) ? ' modal--drawer' : ''}${modal.isClosing ? ' modal--closing' : ''}`}
      data-modal-type={modal.type}
    >
      <div className="modal__backdrop" onClick={closeModal} aria-hidden="true" />
      <div className="modal__dialog" role="dialog" aria-modal="true" tabIndex={-1} ref={dialog} onKeyDown={trapTab}>
        <button type="button" className="modal__close" onClick={closeModal} aria-label={formTexts(pageLanguage())('close')}>
          ×
        </button>
        <Suspense fallback={<div className="modal__loading" aria-busy="true" />}>
          <Content details={modal.details} close={closeModal} />
        </Suspense>
      </div>
    </div>
  );
}
