import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isLanguage } from '../../lib/localize';
import { useForm } from 'react-hook-form';
import type { InvitationAnswer, SessionAnswer } from '../../contract/admin';
import { AdminApiError, api } from '../api/client';
import { Field } from '../components/Field';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { errorText, LoadingState } from '../components/States';
import { useFieldMessage, useI18n } from '../i18n';

type AcceptForm = { name: string; password: string; repeat: string };
// Loaded without a session, like the sign-in screen: plain rules keep the form schema library out of it.
const MIN_PASSWORD = 12;

/**
 * /admin/invite?token=…: the page an invitation e-mail links to. Whoever has the link chooses their name and
 * password, and is signed in.
 */
export default function AcceptInvite({ token, onAccepted }: { token: string; onAccepted: () => void }) {
  const { t, setLang } = useI18n();
  const fieldMessage = useFieldMessage();
  const client = useQueryClient();
  // the link's language (the invitation e-mail's) for this visit; the switch still changes it
  useEffect(() => {
    const linked = new URLSearchParams(window.location.search).get('lang');
    if (isLanguage(linked)) setLang(linked, false);
  }, [setLang]);
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api.get<InvitationAnswer>('/invitation', { token }),
    retry: false,
    staleTime: Infinity,
  });
  const form = useForm<AcceptForm>({
    values: { name: invitation.data?.name ?? '', password: '', repeat: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { staff } = await api.post<SessionAnswer>('/invitation/accept', { token, name: values.name.trim(), password: values.password });
      client.setQueryData(['session'], staff);
      onAccepted();
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.errors.fields : {};
      if (fields.password) form.setError('password', { type: 'server', message: fieldMessage(fields.password[0]) });
      else if (fields.name) form.setError('name', { type: 'server', message: fields.name.join(' ') });
      else form.setError('root.server', { type: 'server', message: fields.token ? t('staff.invalidLink') : errorText(error, t) });
    }
  });
  const message = (value: string | undefined) => (value ? t(`validation.${value}`, { defaultValue: value }) : undefined);

  return (
    <main className="signin" id="admin-main">
      <div className="card signin-card">
        <h1>{t('staff.acceptTitle')}</h1>
        {invitation.isPending ? (
          <LoadingState />
        ) : invitation.isError ? (
          <>
            <p className="form-error" role="alert">
              {invitation.error instanceof AdminApiError && invitation.error.status === 404
                ? t('staff.invalidLink')
                : errorText(invitation.error, t)}
            </p>
            <a className="btn btn-block" href="/admin/">
              {t('staff.toSignIn')}
            </a>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <p className="muted">{t('staff.acceptIntro', { role: t(`roles.${invitation.data.role}`), email: invitation.data.email })}</p>
            {errors.root?.server ? (
              <p className="form-error" role="alert">
                {errors.root.server.message}
              </p>
            ) : null}
            <Field label={t('staff.name')} error={message(errors.name?.message)}>
              <input
                autoComplete="name"
                {...form.register('name', { required: 'required', validate: (v) => v.trim() !== '' || 'required' })}
              />
            </Field>
            <input type="email" autoComplete="username" value={invitation.data.email} readOnly hidden />
            <Field label={t('staff.password')} hint={t('staff.passwordHint')} error={message(errors.password?.message)}>
              <input
                type="password"
                autoComplete="new-password"
                {...form.register('password', {
                  required: 'required',
                  // spaces do not count, as on the server (staffPasswordLength)
                  validate: (v) => [...v.replace(/\s/gu, '')].length >= MIN_PASSWORD || t('validation.minLength', { count: MIN_PASSWORD }),
                })}
              />
            </Field>
            <Field label={t('staff.repeat')} error={message(errors.repeat?.message)}>
              <input
                type="password"
                autoComplete="new-password"
                {...form.register('repeat', { validate: (v, all) => v === all.password || 'mismatch' })}
              />
            </Field>
            <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
              {isSubmitting ? t('staff.accepting') : t('staff.accept')}
            </button>
          </form>
        )}
        <LanguageSwitch long />
      </div>
    </main>
  );
}
