import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passwordChangeBodySchema } from '../../contract/admin';
import { api } from '../api/client';
import { useStaff } from '../api/session';
import { useWrite } from '../api/write';
import { Field } from '../components/Field';
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
  const form = useForm<AccountForm>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
  });
  const write = useWrite<AccountForm, void, AccountForm>({
    mutationFn: ({ currentPassword, newPassword }) => api.post<void>('/session/password', { currentPassword, newPassword }),
    invalidate: [],
    success: t('account.changed'),
    setError: form.setError,
    onSuccess: () => form.reset(),
  });
  const { errors } = form.formState;
  const field = (name: keyof AccountForm, label: string, autoComplete: string, hint?: string) => (
    <Field label={label} hint={hint} error={fieldMessage(errors[name]?.message) || undefined}>
      <input type="password" autoComplete={autoComplete} {...form.register(name)} />
    </Field>
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
          {field('currentPassword', t('account.current'), 'current-password')}
          {field('newPassword', t('account.new'), 'new-password', t('account.newHint'))}
          {field('repeatPassword', t('account.repeat'), 'new-password')}
          <button type="submit" className="btn btn-primary" disabled={write.isPending}>
            {write.isPending ? t('common.saving') : t('account.change')}
          </button>
        </form>
      </section>
    </>
  );
}
