import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useT } from '../i18n';
import { ConfirmDialog } from './Dialog';

/**
 * Asks before a changed form is left: a move to another screen of the back office opens a confirmation,
 * a reload, a closed tab or an address typed by hand the browser's own question. `dirty` says whether
 * there is anything to lose; while `saving` the form may move on (a new record goes to its own address).
 */
export function useLeaveGuard(dirty: boolean, saving = false) {
  const guard = dirty && !saving;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guard && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!guard) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers ask only when a return value is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [guard]);
  // the changes were saved or undone while the question was open: nothing is lost any more
  useEffect(() => {
    if (blocker.state === 'blocked' && !guard) blocker.proceed();
  }, [blocker, guard]);
  return blocker;
}

/**
 * The save bar of every back-office form (as a shop platform's): while the form holds unsaved changes a bar
 * stays at the top of the screen with Discard and Save, and leaving the screen asks first. Its Save submits
 * the form it is in, the form named by `form`, or calls `onSave`. While the bar shows, the form's own Save
 * buttons (class `own-save`) step aside, so there is one Save on the screen.
 */
export function UnsavedChanges({
  dirty,
  saving = false,
  onDiscard,
  form,
  onSave,
  saveLabel,
}: {
  dirty: boolean;
  saving?: boolean;
  onDiscard: () => void;
  form?: string;
  onSave?: () => void;
  /** the name of the form's own Save, when it says more (a new record's "Create the catalog") */
  saveLabel?: string;
}) {
  const t = useT();
  const blocker = useLeaveGuard(dirty, saving);
  return (
    <>
      {dirty ? (
        <div className="save-bar" role="region" aria-label={t('unsaved.region')}>
          <span className="save-bar-text">{t('unsaved.text')}</span>
          <div className="save-bar-actions">
            <button type="button" className="btn btn-ghost" onClick={onDiscard} disabled={saving}>
              {t('unsaved.discard')}
            </button>
            <button
              type={onSave ? 'button' : 'submit'}
              className="btn btn-primary"
              disabled={saving}
              {...(onSave ? { onClick: onSave } : form ? { form } : {})}
            >
              {saving ? t('common.saving') : (saveLabel ?? t('common.save'))}
            </button>
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('unsaved.leaveTitle')}
        confirmLabel={t('unsaved.leave')}
        danger
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        <p>{t('unsaved.leaveText')}</p>
      </ConfirmDialog>
    </>
  );
}
