import { useState } from 'react';
import type { Language } from '../../lib/localize';
import { shopApi } from '../../stores/user';
import { SuccessIcon } from '../forms/AuthForms';
import { resetConfirmForm } from '../forms/definitions';
import { FormMessage, PasswordField, SubmitButton } from '../forms/fields';
import { formTexts } from '../forms/texts';
import { answerOf, useForm } from '../forms/use-form';
import './account.css';
import { accountTexts } from './texts';

/** Links are 32 random bytes in base64url (src/server/api/users/password-reset-routes.ts). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** /reset_password_confirm/{token}: the new password form of the e-mailed link. */
export default function ResetPasswordConfirm({ lang, token }: { lang: Language; token: string }) {
  const t = accountTexts(lang);
  const f = formTexts(lang);
  const [invalid, setInvalid] = useState(!TOKEN_PATTERN.test(token));
  const form = useForm(resetConfirmForm, {
    lang,
    send: async (values) => answerOf(await shopApi().confirmPasswordReset(token, values.password as string)),
    onFailure: (outcome) => setInvalid(Boolean(outcome.fieldErrors.token)),
  });

  if (invalid) {
    return (
      <div className="account-card account-reset" data-reset="invalid" role="alert">
        <p>{t('resetInvalid')}</p>
        <button type="button" className="form-button form-button--primary" data-auth-form="reset">
          {t('resetAgain')}
        </button>
      </div>
    );
  }
  if (form.submitted) {
    return (
      <div className="account-card account-reset form-success" data-reset="done">
        <SuccessIcon />
        <p role="status">{t('resetDone')}</p>
        <button type="button" className="form-button form-button--primary" data-auth-form="signin">
          {t('signIn')}
        </button>
      </div>
    );
  }
  return (
    <form className="account-card account-reset form" noValidate onSubmit={form.submit} data-form="reset-confirm">
      <p className="form__intro">{t('resetIntro')}</p>
      <PasswordField form={form} path="password" label={f('newPassword')} hint={f('passwordHint')} autoComplete="new-password" />
      <PasswordField form={form} path="repeat" label={f('repeatPassword')} autoComplete="new-password" />
      <FormMessage form={form} />
      <SubmitButton form={form}>{t('resetSave')}</SubmitButton>
    </form>
  );
}
