import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passwordChangeBodySchema } from '../../contract/admin';
import { api } from '../api/client';
import { useStaff } from '../api/session';
import { useWrite } from '../api/write';
import { useFieldMessage, useI18n } from '../i18n';

const accountFormSchema = passwordChangeBodySchema
  .extend({ repeatPassword: z.string() })
  .refine((values) => values.newPassword === values.repeatPassword, { path: ['repeatPassword'], message: 'mismatch' });
type AccountForm = z.infer<typeof accountFormSchema>;

/** The staff member's own account: who they are, and a new password (which signs out their other devices). */
export default function Account() {
  const { t } = useI18n();
  const staff = useStaff();
  const fieldMessage = useFieldMessage();
  const ids = { current: useId(), next: useId(), repeat: useId() };
  const form = useForm<AccountForm>({ resolver: zodResolver(accountFormSchema), defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' } });
  const write = useWrite<AccountForm, void, AccountForm>({
    mutationFn: ({ currentPassword, newPassword }) => api.post<void>('/session/password', { currentPassword, newPassword }),
    invalidate: [],
    success: t('account.changed'),
    setError: form.setError,
    onSuccess: () => form.reset(),
  });
  const { errors } = form.formState;
  const field = (name: keyof AccountForm, id: string, label: string, autoComplete: string, hint?: string) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? 'true' : undefined}
        aria-describedby={[hint ? `${id}-hint` : '', errors[name] ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        {...form.register(name)}
      />
      {hint ? (
        <p className="muted small" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {errors[name] ? (
        <p className="field-error" id={`${id}-error`}>
          {fieldMessage(errors[name]?.message)}
        </p>
      ) : null}
    </div>
  );
  return (
    <>
      <h1>{t('account.title')}</h1>
      <section className="card narrow" aria-labelledby="account-who">
        <h2 id="account-who">{staff.name}</h2>
        <p>
          {staff.email} · {t(`roles.${staff.role}`)}
        </p>
      </section>
      <section className="card narrow" aria-labelledby="account-password">
        <h2 id="account-password">{t('account.password')}</h2>
        <form noValidate onSubmit={form.handleSubmit((values) => write.mutate(values))}>
          {errors.root?.server ? (
            <p className="form-error" role="alert">
              {errors.root.server.message}
            </p>
          ) : null}
          {field('currentPassword', ids.current, t('account.current'), 'current-password')}
          {field('newPassword', ids.next, t('account.new'), 'new-password', t('account.newHint'))}
          {field('repeatPassword', ids.repeat, t('account.repeat'), 'new-password')}
          <button type="submit" className="btn btn-primary" disabled={write.isPending}>
            {write.isPending ? t('common.saving') : t('account.change')}
          </button>
        </form>
      </section>
    </>
  );
}
