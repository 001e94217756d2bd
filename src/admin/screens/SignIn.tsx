import { useForm } from 'react-hook-form';
import { AdminApiError } from '../api/client';
import { useSignIn } from '../api/session';
import { errorText } from '../components/States';
import { useI18n } from '../i18n';
import { LANGUAGES } from '../../lib/localize';

type SignInForm = { email: string; password: string };
// The sign-in screen is the first thing loaded: plain rules here keep the form schema library out of it.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Staff sign-in; the address the staff member opened stays, so they land on it once signed in. */
export default function SignIn() {
  const { t, lang, setLang } = useI18n();
  const signIn = useSignIn();
  const form = useForm<SignInForm>({ defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync({ email: values.email.trim(), password: values.password });
    } catch (error) {
      let message = errorText(error, t);
      if (error instanceof AdminApiError && (error.status === 401 || error.status === 400)) message = t('signIn.wrong');
      if (error instanceof AdminApiError && error.status === 429) message = t('signIn.throttled');
      form.setError('root.server', { type: 'server', message });
    }
  });
  const fieldMessage = (message: string | undefined) => (message ? t(`validation.${message}`, { defaultValue: message }) : '');

  return (
    <main className="signin" id="admin-main">
      <form className="card signin-card" onSubmit={onSubmit} noValidate>
        <h1>{t('signIn.title')}</h1>
        <p className="muted">{t('signIn.intro')}</p>
        {errors.root?.server ? (
          <p className="form-error" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="signin-email">{t('signIn.email')}</label>
          <input
            id="signin-email"
            type="email"
            autoComplete="username"
            autoFocus
            aria-invalid={errors.email ? 'true' : undefined}
            aria-describedby={errors.email ? 'signin-email-error' : undefined}
            {...form.register('email', { required: 'required', pattern: { value: EMAIL_PATTERN, message: 'email' } })}
          />
          {errors.email ? (
            <p className="field-error" id="signin-email-error">
              {fieldMessage(errors.email.message)}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="signin-password">{t('signIn.password')}</label>
          <input
            id="signin-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? 'true' : undefined}
            aria-describedby={errors.password ? 'signin-password-error' : undefined}
            {...form.register('password', { required: 'required' })}
          />
          {errors.password ? (
            <p className="field-error" id="signin-password-error">
              {fieldMessage(errors.password.message)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          {isSubmitting ? t('signIn.signingIn') : t('signIn.submit')}
        </button>
        <div className="lang-switch" role="group" aria-label={t('nav.language')}>
          {LANGUAGES.map((code) => (
            <button key={code} type="button" className="btn btn-small" aria-pressed={lang === code} onClick={() => setLang(code)} lang={code}>
              {code === 'en' ? 'English' : 'Русский'}
            </button>
          ))}
        </div>
      </form>
    </main>
  );
}
