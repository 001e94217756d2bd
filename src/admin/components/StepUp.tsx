import { type FormEvent, type ReactNode, useState } from 'react';
import { AdminApiError } from '../api/client';
import { useT } from '../i18n';
import { Dialog } from './Dialog';
import { Field } from './Field';

type StepUpAction = (password: string) => Promise<unknown>;

/**
 * Step-up: a write that could hand the shop to someone else (roles, invitations, disabling staff, payment
 * credentials) asks for the acting member's password again. `confirm(action)` opens the dialog; the action runs with
 * the password typed, and a refused password (403 naming `currentPassword`) keeps the dialog open with the message.
 */
export function useStepUp(): { confirm: (action: StepUpAction) => void; dialog: ReactNode } {
  const [action, setAction] = useState<{ run: StepUpAction } | null>(null);
  return {
    confirm: (run) => setAction({ run }),
    dialog: action ? <StepUpDialog action={action.run} onClose={() => setAction(null)} /> : null,
  };
}

function StepUpDialog({ action, onClose }: { action: StepUpAction; onClose: () => void }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const formId = 'step-up-form';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('stepUp.required'));
      return;
    }
    setBusy(true);
    try {
      await action(password);
      onClose();
    } catch (failure) {
      const message = failure instanceof AdminApiError ? failure.errors.fields['currentPassword']?.join(' ') : undefined;
      if (message) setError(message);
      else onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('stepUp.title')}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.back')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {busy ? t('common.saving') : t('stepUp.confirm')}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <p className="muted">{t('stepUp.text')}</p>
        <Field label={t('stepUp.password')} error={error}>
          <input
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
      </form>
    </Dialog>
  );
}
