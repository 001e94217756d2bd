import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { $modal, closeModal, type ModalType } from '../../stores/modal';

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
  useEffect(() => {
    if (!modal.isOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeModal();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [modal.isOpen]);
  if (!modal.isOpen || !modal.type) return null;
  const Content = contentFor(modal.type);
  if (!Content) {
    console.error(`Unknown modal type ${modal.type}`);
    return null;
  }
  return (
    <div className={`modal${modal.isClosing ? ' modal--closing' : ''}`} data-modal-type={modal.type}>
      <div className="modal__backdrop" onClick={closeModal} aria-hidden="true" />
      <div className="modal__dialog" role="dialog" aria-modal="true">
        <button type="button" className="modal__close" onClick={closeModal} aria-label="Close">
          ×
        </button>
        <Suspense fallback={<div className="modal__loading" aria-busy="true" />}>
          <Content details={modal.details} close={closeModal} />
        </Suspense>
      </div>
    </div>
  );
}
