import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { FormProvider, useForm, type FieldValues, type Path } from 'react-hook-form';
import { hasCapability, SETTINGS_GROUP_CAPABILITY, type SettingsGroupAnswer } from '../../../contract/admin';
import { useStaff } from '../../api/session';
import type { SettingsGroup } from '../../../lib/settings';
import { settingsGroupFields, strictSettingsSchema, type SettingsField } from '../../../lib/settings-form';
import { request } from '../../api/client';
import { useWrite } from '../../api/write';
import { UnsavedChanges } from '../../components/UnsavedChanges';
import { useI18n } from '../../i18n';
import { SettingsFieldView } from './SettingsFields';
import { ThemePreview } from './ThemePreview';
import { isRecord } from '../../../lib/is-record';

/** A stored value as the form edits it: every text in both languages, every colour a string ('' for the default). */
function toForm(field: SettingsField, value: unknown): unknown {
  switch (field.kind) {
    case 'text':
      if (typeof value === 'string') return { en: value, ru: value };
      return isRecord(value) ? { en: String(value.en ?? ''), ru: String(value.ru ?? '') } : { en: '', ru: '' };
    case 'color':
      return typeof value === 'string' ? value : '';
    case 'list':
      return Array.isArray(value) ? value.map((item) => toForm(field.item, item)) : [];
    case 'object': {
      // only the keys the schema declares: the API refuses any other
      const source = isRecord(value) ? value : {};
      return Object.fromEntries(field.fields.map(([key, child]) => [key, toForm(child, source[key])]));
    }
    default:
      return value;
  }
}

/** The form's value as the API takes it: colours left empty are dropped (the theme's default applies). */
function fromForm(field: SettingsField, value: unknown): unknown {
  if (field.kind === 'list') return Array.isArray(value) ? value.map((item) => fromForm(field.item, item)) : value;
  if (field.kind !== 'object' || !isRecord(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of field.fields) {
    const converted = fromForm(child, value[key]);
    if (child.kind === 'color' && (converted === '' || converted === undefined)) delete result[key];
    else result[key] = converted;
  }
  return result;
}

/**
 * The form of one settings group, generated from the settings schema. Used by the settings screen, and by the
 * site builder for the header, footer and theme groups.
 */
export function SettingsGroupForm({ answer, onSaved }: { answer: SettingsGroupAnswer; onSaved?: (saved: SettingsGroupAnswer) => void }) {
  const { t } = useI18n();
  const group: SettingsGroup = answer.group;
  const fields = settingsGroupFields(group);
  const form = useForm<FieldValues>({
    defaultValues: toForm(fields, answer.value) as FieldValues,
    resolver: zodResolver(strictSettingsSchema(group) as unknown as z.ZodType<FieldValues, FieldValues>),
    mode: 'onTouched',
  });
  const write = useWrite<Record<string, unknown>, SettingsGroupAnswer>({
    mutationFn: (value) => request<SettingsGroupAnswer>('PUT', `/settings/${group}`, { body: { value, version: answer.version } }),
    invalidate: [['settings']],
    success: t('settings.saved'),
    // the API names fields under `value.`; the form's fields are the value's own
    setError: (name, error) => form.setError(String(name).replace(/^value\./, '') as Path<FieldValues>, error),
    ...(onSaved ? { onSuccess: onSaved } : {}),
  });
  const { errors, isDirty } = form.formState;
  // a group that needs a capability the staff member lacks is shown, not edited (the API refuses it too)
  const capability = SETTINGS_GROUP_CAPABILITY[group];
  const { role } = useStaff();
  const readOnly = !!capability && !hasCapability(role, capability);
  const preview = group === 'styles';
  const formId = `settings-${group}`;
  return (
    <FormProvider {...form}>
      <UnsavedChanges dirty={isDirty} saving={write.isPending} onDiscard={() => form.reset()} form={formId} />
      <div className={preview ? 'settings-layout has-preview' : 'settings-layout'}>
        <form
          id={formId}
          noValidate
          onSubmit={form.handleSubmit((values) => write.mutate(fromForm(fields, values) as Record<string, unknown>))}
          aria-label={t(`settings.groups.${group}.title`)}
        >
          {errors.root?.server ? (
            <p className="form-error" role="alert">
              {errors.root.server.message}
            </p>
          ) : null}
          {readOnly ? (
            <p className="muted" role="note">
              {t(`settings.groupNotAllowed.${group}`)}
            </p>
          ) : null}
          <fieldset className="settings-grid" disabled={readOnly}>
            {fields.fields.map(([key, field]) => (
              <SettingsFieldView key={key} group={group} path={[key]} field={field} />
            ))}
          </fieldset>
          {readOnly ? null : (
            <div className="settings-save">
              <button type="submit" className="btn btn-primary own-save" disabled={write.isPending}>
                {write.isPending ? t('common.saving') : t('settings.save')}
              </button>
            </div>
          )}
        </form>
        {preview ? <ThemePreview /> : null}
      </div>
    </FormProvider>
  );
}
