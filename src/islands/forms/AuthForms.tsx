/**
 * Sign-in, account creation, password reset request and account deletion (spec 2.7, 5), shared by
 * the auth modal and the account pages.
 */
import { useState } from 'react';
import type { FormValues } from '../../lib/form-engine';
import type { Language } from '../../lib/localize';
import { deleteAccount, login, register, shopApi } from '../../stores/user';
import { createAccountForm, resetRequestForm, signInForm } from './definitions';
import { FormMessage, PasswordField, SubmitButton, TextField } from './fields';
import { formTexts } from './texts';
import { answerOf, useForm } from './use-form';

export type AuthMode = 'signin' | 'create' | 'reset' | 'delete';
export const AUTH_MODES: readonly AuthMode[] = ['signin', 'create', 'reset', 'delete'];

type AuthFormProps = { lang: Language; onMode: (mode: AuthMode) => void };

export function SignInForm({ lang, onMode, onSignedIn }: AuthFormProps & { onSignedIn: () => void }) {
  const t = formTexts(lang);
  const form = useForm(signInForm, {
    lang,
    send: async (values) => answerOf(await login({ username: (values.username as string).trim(), password: values.password as string })),
    onSuccess: onSignedIn,
  });
  return (
    <form className="form" noValidate onSubmit={form.submit} data-form="signin">
      <h2 className="form__title">{t('signInTitle')}</h2>
      <TextField form={form} path="username" label={t('email')} type="email" autoComplete="username" autoFocus />
      <PasswordField form={form} path="password" label={t('password')} />
      <FormMessage form={form} />
      <SubmitButton form={form} className="form-button--block">
        {t('signIn')}
      </SubmitButton>
      <div className="form__links">
        <button type="button" className="form-link" onClick={() => onMode('reset')}>
          {t('forgotPassword')}
        </button>
        <span>
          {t('noAccount')}{' '}
          <button type="button" className="form-link" onClick={() => onMode('create')}>
            {t('createAccountLink')}
          </button>
        </span>
      </div>
    </form>
  );
}

function registrationOf(values: FormValues) {
  const profile = values.profile as { firstName: string; lastName: string };
  return {
    email: (values.email as string).trim(),
    password: values.password as string,
    profile: { firstName: profile.firstName.trim(), lastName: profile.lastName.trim() },
  };
}

/** Creation signs the customer in at once, then offers the way to the account. */
export function CreateAccountForm({ lang, onMode, onClose }: AuthFormProps & { onClose: () => void }) {
  const t = formTexts(lang);
  const form = useForm(createAccountForm, { lang, send: async (values) => answerOf(await register(registrationOf(values))) });
  if (form.submitted) {
    return (
      <div className="form-success" data-form="created">
        <SuccessIcon />
        <h2 className="form__title">{t('createdTitle')}</h2>
        <p>{t('createdText')}</p>
        <div className="form__actions">
          <a className="form-button form-button--primary" href="/account">
            {t('goToAccount')}
          </a>
          <button type="button" className="form-button form-button--secondary" onClick={onClose}>
            {t('close')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form className="form" noValidate onSubmit={form.submit} data-form="create">
      <h2 className="form__title">{t('createTitle')}</h2>
      <div className="form__row">
        <TextField form={form} path="profile.firstName" label={t('firstName')} autoComplete="given-name" autoFocus />
        <TextField form={form} path="profile.lastName" label={t('lastName')} autoComplete="family-name" />
      </div>
      <TextField form={form} path="email" label={t('email')} type="email" autoComplete="email" />
      <PasswordField form={form} path="password" label={t('password')} hint={t('passwordHint')} autoComplete="new-password" />
      <FormMessage form={form} />
      <SubmitButton form={form} className="form-button--block">
        {t('createAccount')}
      </SubmitButton>
      <p className="form__links">
        <span>
          {t('haveAccount')}{' '}
          <button type="button" className="form-link" onClick={() => onMode('signin')}>
            {t('signIn')}
          </button>
        </span>
      </p>
    </form>
  );
}

/** Success shows the address the link was sent to, whether or not it has an account (the server never says). */
export function ResetRequestForm({ lang, onMode }: AuthFormProps) {
  const t = formTexts(lang);
  const [sentTo, setSentTo] = useState('');
  const form = useForm(resetRequestForm, {
    lang,
    send: async (values) => answerOf(await shopApi().requestPasswordReset((values.email as string).trim())),
    onSuccess: (_, values) => setSentTo((values.email as string).trim()),
  });
  if (form.submitted) {
    return (
      <div className="form-success" data-form="reset-sent">
        <SuccessIcon />
        <h2 className="form__title">{t('resetTitle')}</h2>
        <p role="status">{t('resetSent', { email: sentTo })}</p>
        <button type="button" className="form-link" onClick={() => onMode('signin')}>
          {t('backToSignIn')}
        </button>
      </div>
    );
  }
  return (
    <form className="form" noValidate onSubmit={form.submit} data-form="reset">
      <h2 className="form__title">{t('resetTitle')}</h2>
      <p className="form__intro">{t('resetIntro')}</p>
      <TextField form={form} path="email" label={t('email')} type="email" autoComplete="email" autoFocus />
      <FormMessage form={form} />
      <SubmitButton form={form} className="form-button--block">
        {t('sendLink')}
      </SubmitButton>
      <p className="form__links">
        <button type="button" className="form-link" onClick={() => onMode('signin')}>
          {t('backToSignIn')}
        </button>
      </p>
    </form>
  );
}

/** Confirm or close; a deleted account is logged out and taken to the homepage. */
export function DeleteAccountConfirm({ lang, onClose }: { lang: Language; onClose: () => void }) {
  const t = formTexts(lang);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const confirm = async () => {
    setState({ busy: true, error: null });
    const result = await deleteAccount();
    if (result.error) setState({ busy: false, error: result.error.message });
  };
  return (
    <div className="form" data-form="delete">
      <h2 className="form__title">{t('deleteTitle')}</h2>
      <p className="form__intro">{t('deleteText')}</p>
      {state.error && (
        <p className="form-message form-message--error" role="alert">
          {state.error}
        </p>
      )}
      <div className="form__actions">
        <button
          type="button"
          className="form-button form-button--danger"
          aria-busy={state.busy || undefined}
          onClick={() => void confirm()}
        >
          {state.busy ? t('sending') : t('deleteConfirm')}
        </button>
        <button type="button" className="form-button form-button--secondary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}

export function SuccessIcon() {
  return (
    <span className="form-success__icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="26" height="26">
        <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
