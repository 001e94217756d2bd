import { useForm } from 'react-hook-form';
import type { AdminPaymentMethod, AdminPaymentProvider, ProviderField } from '../../../contract/admin';
import { api } from '../../api/client';
import { useWrite } from '../../api/write';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { useFieldMessage, useI18n } from '../../i18n';
import { DialogFormActions } from './selling-ui';

/** `currentPassword`: the owner's password again (step-up), as every credential change asks for it */
type SettingsForm = { settings: Record<string, string | boolean>; clear: Record<string, boolean>; currentPassword: string };

/** A field's value as the form holds it: lists one entry per line, numbers and choices as text. */
function formValue(field: ProviderField, value: unknown): string | boolean {
  if (field.kind === 'boolean') return value === true;
  if (field.kind === 'secret') return '';
  if (Array.isArray(value)) return value.join('\n');
  return value === undefined || value === null ? '' : String(value);
}

/** And back as the provider's schema reads it. */
function apiValue(field: ProviderField, value: string | boolean): unknown {
  if (field.kind === 'boolean') return value === true;
  if (field.kind === 'list')
    return String(value)
      .split('\n')
      .map((v) => v.trim())
      .filter(Boolean);
  if (field.kind === 'number' || (field.kind === 'select' && typeof field.choices?.[0] === 'number')) return Number(value);
  return value;
}

/**
 * A payment method's provider settings, as a form made from the provider's settings schema: credentials (secret
 * fields are write-only: left empty they keep the saved value), test mode, two-stage capture and the provider's
 * own options. Where the provider must send notifications is shown to copy into its dashboard.
 */
export function PaymentSettingsDialog({
  method,
  provider,
  onClose,
}: {
  method: AdminPaymentMethod;
  provider: AdminPaymentProvider;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const message = useFieldMessage();
  const form = useForm<SettingsForm>({
    defaultValues: {
      settings: Object.fromEntries(provider.fields.map((f) => [f.name, formValue(f, method.settings[f.name] ?? f.default)])),
      clear: {},
      currentPassword: '',
    },
  });
  const save = useWrite<SettingsForm, unknown, SettingsForm>({
    mutationFn: (values) =>
      api.put(`/payment-methods/${encodeURIComponent(method.code)}/settings`, {
        version: method.version,
        settings: Object.fromEntries(provider.fields.map((f) => [f.name, apiValue(f, values.settings[f.name] ?? '')])),
        clearSecrets: Object.entries(values.clear)
          .filter(([, on]) => on)
          .map(([name]) => name),
        currentPassword: values.currentPassword,
      }),
    invalidate: [['payment-methods']],
    success: t('selling.payments.settingsSaved'),
    setError: form.setError,
    onSuccess: onClose,
  });
  const errors = form.formState.errors;
  const label = (name: string) => t(`selling.payments.fields.${name}`, { defaultValue: name });
  const hint = (name: string) => t(`selling.payments.hints.${name}`, { defaultValue: '' }) || undefined;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('selling.payments.settingsTitle', { method: method.title.en, provider: provider.title.en })}
      wide
    >
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        {errors.root?.server ? (
          <p className="form-error" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        {method.notificationUrl && provider.code !== 'sandbox' ? (
          <div className="field">
            <p>{t('selling.payments.notificationUrl')}</p>
            <code className="copyable">{method.notificationUrl}</code>
          </div>
        ) : null}
        {provider.fields.map((field) => {
          const error = message(errors.settings?.[field.name]?.message);
          if (field.kind === 'boolean') {
            return (
              <label key={field.name} className="selling-check">
                <input type="checkbox" {...form.register(`settings.${field.name}`)} /> {label(field.name)}
                {error ? <span className="field-error"> {error}</span> : null}
              </label>
            );
          }
          if (field.kind === 'secret') {
            const saved = method.secretsSet.includes(field.name);
            return (
              <div key={field.name}>
                <Field label={label(field.name)} hint={saved ? t('selling.payments.secretSaved') : hint(field.name)} error={error}>
                  <input
                    type="password"
                    autoComplete="new-password"
                    placeholder={saved ? '••••••••' : ''}
                    {...form.register(`settings.${field.name}`)}
                  />
                </Field>
                {saved ? (
                  <label className="selling-check">
                    <input type="checkbox" {...form.register(`clear.${field.name}`)} /> {t('selling.payments.clearSecret')}
                  </label>
                ) : null}
              </div>
            );
          }
          if (field.kind === 'select') {
            return (
              <Field key={field.name} label={label(field.name)} hint={hint(field.name)} error={error}>
                <select {...form.register(`settings.${field.name}`)}>
                  {(field.choices ?? []).map((choice) => (
                    <option key={String(choice)} value={String(choice)}>
                      {t(`selling.payments.choices.${field.name}.${choice}`, { defaultValue: String(choice) })}
                    </option>
                  ))}
                </select>
              </Field>
            );
          }
          return (
            <Field key={field.name} label={label(field.name)} hint={hint(field.name)} error={error}>
              {field.kind === 'list' ? (
                <textarea rows={4} {...form.register(`settings.${field.name}`)} />
              ) : (
                <input
                  autoComplete="off"
                  inputMode={field.kind === 'number' ? 'numeric' : undefined}
                  {...form.register(`settings.${field.name}`)}
                />
              )}
            </Field>
          );
        })}
        <Field label={t('stepUp.password')} hint={t('stepUp.text')} error={message(errors.currentPassword?.message) || undefined}>
          <input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </Field>
        <DialogFormActions onBack={onClose} busy={save.isPending} />
      </form>
    </Dialog>
  );
}
