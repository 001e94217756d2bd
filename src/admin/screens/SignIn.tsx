import { useForm } from 'react-hook-form';
import { AdminApiError } from '../api/client';
import { useSignIn } from '../api/session';
import { Field } from '../components/Field';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { errorText } from '../components/States';
import { useI18n } from '../i18n';

type SignInForm = { email: string; password: string };
// The sign-in screen is the first thing loaded: plain rules here keep the form schema library out of it.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Staff sign-in; the address the staff member opened stays, so they land on it once signed in. */
export default function SignIn() {
  const { t } = useI18n();
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
        <Field label={t('signIn.email')} error={fieldMessage(errors.email?.message) || undefined}>
          <input
            type="email"
            autoComplete="username"
            autoFocus
            {...form.register('email', { required: 'required', pattern: { value: EMAIL_PATTERN, message: 'email' } })}
          />
        </Field>
        <Field label={t('signIn.password')} error={fieldMessage(errors.password?.message) || undefined}>
          <input type="password" autoComplete="current-password" {...form.register('password', { required: 'required' })} />
        </Field>
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          {isSubmitting ? t('signIn.signingIn') : t('signIn.submit')}
        </button>
        <LanguageSwitch long />
      </form>
    </main>
  );
}
