import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useT } from '../i18n';

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert (focus stays
 * inside), Escape closes it, and focus returns to what opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  wide,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useT();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // the first field when there is one, else the first footer button (the safe "Back" of a confirmation)
      dialog.querySelector<HTMLElement>('.dialog-body :is([autofocus], input, textarea, select), .dialog-foot button')?.focus();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus?.();
      };
    }
    return undefined;
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // a click on the backdrop (the dialog element itself, outside its box) closes it
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog-box">
        <header className="dialog-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="btn btn-icon" onClick={onClose} aria-label={t('common.close')}>
            ×
          </button>
        </header>
        <div className="dialog-body">{children}</div>
        {footer ? <footer className="dialog-foot">{footer}</footer> : null}
      </div>
    </dialog>
  );
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.back')}
          </button>
          <button type="button" className={danger ? 'btn btn-danger' : 'btn btn-primary'} onClick={onConfirm} disabled={busy}>
            {busy ? t('common.saving') : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
