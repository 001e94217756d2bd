/** What the review and comment forms share: prefilled author fields and the "after moderation" answer. */
import { useStore } from '@nanostores/react';
import type { FormValues } from '../../lib/form-engine';
import type { Language } from '../../lib/localize';
import { $profile, $user } from '../../stores/user';
import { SuccessIcon } from './AuthForms';
import { FormMessage, SubmitButton, TextField } from './fields';
import { formTexts } from './texts';
import type { FormApi } from './use-form';

/** A signed-in author's name and e-mail, so they need not type them. */
export function useAuthorDefaults(): FormValues {
  const user = useStore($user);
  const profile = useStore($profile);
  return {
    name: profile ? `${profile.firstName} ${profile.lastName}`.trim() : '',
    email: user?.email ?? '',
  };
}

/** The sent state: the thanks, and a way to write another. */
export function ModerationNotice({ form, lang, message }: { form: FormApi; lang: Language; message: string }) {
  return (
    <div className="form-success" data-form="moderation-pending">
      <SuccessIcon />
      <p role="status">{message}</p>
      <button type="button" className="form-link" onClick={() => form.reset()}>
        {formTexts(lang)('writeAnother')}
      </button>
    </div>
  );
}

/** The author's name (required) and e-mail (optional, never published). */
export function AuthorFields({ form }: { form: FormApi }) {
  const t = formTexts(form.lang);
  return (
    <div className="form__row">
      <TextField form={form} path="name" label={t('name')} autoComplete="name" maxLength={100} />
      <TextField form={form} path="email" label={t('email')} type="email" autoComplete="email" />
    </div>
  );
}

/** The form's message, the send button and the note that publishing waits for moderation. */
export function ModeratedSubmit({ form, label }: { form: FormApi; label: string }) {
  return (
    <>
      <FormMessage form={form} />
      <div className="form__actions">
        <SubmitButton form={form}>{label}</SubmitButton>
        <span className="form-field__hint">{formTexts(form.lang)('moderationNote')}</span>
      </div>
    </>
  );
}
