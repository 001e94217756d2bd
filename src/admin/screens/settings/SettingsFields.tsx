import { useEffect, useId, useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { emptyValueOf, settingsFieldLabel, type SettingsField } from '../../../lib/settings-form';
import { countryName } from '../../../lib/countries';
import { fontHasCyrillic, SETTINGS_CODE_FIELDS, SETTINGS_SETUP_FIELDS, type SettingsGroup } from '../../../lib/settings';
import { hasCapability } from '../../../contract/admin';
import { useStaff } from '../../api/session';
import { Field } from '../../components/Field';
import { MediaPicker } from '../../components/MediaPicker';
import { useFieldMessage, useI18n } from '../../i18n';
import { FontSample } from './ThemePreview';

/**
 * One settings field, rendered from its description (src/lib/settings-form.ts) and bound to the form by its path:
 * strings, bilingual texts, numbers, switches, choices, images, colours, nested groups and lists, at any depth.
 */
type Props = { group: SettingsGroup; path: string[]; field: SettingsField };

/** The label of a field, as the builder names it too (src/lib/settings-form.ts). */
export function useFieldLabel() {
  const { t } = useI18n();
  return (group: SettingsGroup, path: string[]) => settingsFieldLabel(t, group, path);
}

const nameOf = (path: string[]) => path.join('.');

function useError(path: string[]) {
  const fieldMessage = useFieldMessage();
  const { formState, getFieldState } = useFormContext();
  void formState.errors; // subscribes to error changes
  const message = getFieldState(nameOf(path)).error?.message;
  return fieldMessage(message) || undefined;
}

export function SettingsFieldView({ group, path, field }: Props) {
  const label = useFieldLabel()(group, path);
  switch (field.kind) {
    case 'object':
      return (
        <fieldset className="settings-group">
          <legend>{label}</legend>
          <div className="settings-grid">
            {field.fields.map(([key, child]) => (
              <SettingsFieldView key={key} group={group} path={[...path, key]} field={child} />
            ))}
          </div>
        </fieldset>
      );
    case 'list':
      return <ListInput group={group} path={path} field={field} label={label} />;
    case 'text':
      return <BilingualInput path={path} label={label} />;
    case 'boolean':
      return <SwitchInput path={path} label={label} />;
    case 'choices':
      return <ChoicesInput path={path} label={label} options={field.options} />;
    case 'image':
      return <ImageInput path={path} label={label} />;
    case 'color':
      return <ColorInput path={path} label={label} />;
    case 'json':
      return <JsonInput path={path} label={label} />;
    default:
      return <PlainInput path={path} label={label} field={field} group={group} />;
  }
}

const isCodeField = (group: SettingsGroup, key: string) =>
  (SETTINGS_CODE_FIELDS[group] as readonly string[] | undefined)?.includes(key) ?? false;

const isSetupField = (group: SettingsGroup, key: string) =>
  (SETTINGS_SETUP_FIELDS[group] as readonly string[] | undefined)?.includes(key) ?? false;

function PlainInput({ path, label, field, group }: { path: string[]; label: string; field: SettingsField; group: SettingsGroup }) {
  const { t, lang } = useI18n();
  const staff = useStaff();
  const { field: control } = useController({ name: nameOf(path) });
  const error = useError(path);
  const value = control.value as unknown;
  if (field.kind === 'choice') {
    const isFont = group === 'styles' && path.at(-1)?.startsWith('fontFamily');
    const isCountry = group === 'common' && path.at(-1) === 'addressCountry';
    const optionText = (option: string) =>
      isCountry
        ? option
          ? `${countryName(option, lang)} (${option})`
          : t('settings.noCountry')
        : isFont && !fontHasCyrillic(option)
          ? t('settings.fontNoCyrillic', { family: option })
          : t(`settings.options.${option || 'inherit'}`, { defaultValue: option });
    const options = isCountry
      ? [...field.options].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : optionText(a).localeCompare(optionText(b), lang)))
      : field.options;
    return (
      <div>
        <Field label={label} error={error}>
          <select
            name={control.name}
            ref={control.ref}
            value={String(value ?? '')}
            onChange={(e) => control.onChange(e.target.value)}
            onBlur={control.onBlur}
          >
            {options.map((option) => (
              <option key={option} value={option}>
                {optionText(option)}
              </option>
            ))}
          </select>
        </Field>
        {isFont ? <FontSample family={String(value)} /> : null}
      </div>
    );
  }
  if (field.kind === 'number') {
    return (
      <Field label={label} error={error}>
        <input
          type="number"
          inputMode="numeric"
          name={control.name}
          ref={control.ref}
          min={field.min ?? undefined}
          max={field.max ?? undefined}
          step={field.integer ? 1 : 'any'}
          value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
          onChange={(e) => control.onChange(e.target.value === '' ? Number.NaN : e.target.valueAsNumber)}
          onBlur={control.onBlur}
        />
      </Field>
    );
  }
  if (field.kind === 'flagOrString') {
    // true, false or a keyword such as 'always'
    const text = typeof value === 'boolean' ? String(value) : String(value ?? '');
    return (
      <Field label={label} error={error}>
        <input
          name={control.name}
          ref={control.ref}
          value={text}
          onChange={(e) => control.onChange(e.target.value === 'true' ? true : e.target.value === 'false' ? false : e.target.value)}
          onBlur={control.onBlur}
        />
      </Field>
    );
  }
  const multiline = field.kind === 'string' && field.multiline;
  // code fields are the owner's (the API refuses a change by anyone else): shown, not editable
  const codeLocked = path.length === 1 && isCodeField(group, path[0]!) && !hasCapability(staff.role, 'edit_code');
  // the sender is the owner's too
  const senderLocked = path.length === 1 && isSetupField(group, path[0]!) && !hasCapability(staff.role, 'shop_setup');
  const locked = codeLocked || senderLocked;
  return (
    <Field
      label={label}
      error={error}
      hint={codeLocked ? t('settings.codeOwnerOnly') : senderLocked ? t('settings.senderOwnerOnly') : undefined}
    >
      {multiline ? (
        <textarea
          rows={5}
          name={control.name}
          ref={control.ref}
          value={String(value ?? '')}
          readOnly={locked}
          onChange={(e) => control.onChange(e.target.value)}
          onBlur={control.onBlur}
        />
      ) : (
        <input
          name={control.name}
          ref={control.ref}
          value={String(value ?? '')}
          readOnly={locked}
          onChange={(e) => control.onChange(e.target.value)}
          onBlur={control.onBlur}
        />
      )}
    </Field>
  );
}

function BilingualInput({ path, label }: { path: string[]; label: string }) {
  const { t } = useI18n();
  return (
    <fieldset className="settings-group settings-bilingual">
      <legend>{label}</legend>
      <LanguageText path={[...path, 'en']} label={`${label} (${t('settings.english')})`} lang="en" />
      <LanguageText path={[...path, 'ru']} label={`${label} (${t('settings.russian')})`} lang="ru" />
    </fieldset>
  );
}

function LanguageText({ path, label, lang }: { path: string[]; label: string; lang: string }) {
  const { field } = useController({ name: nameOf(path) });
  const error = useError(path);
  return (
    <Field label={label} error={error}>
      <input
        lang={lang}
        name={field.name}
        ref={field.ref}
        value={String(field.value ?? '')}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
      />
    </Field>
  );
}

function SwitchInput({ path, label }: { path: string[]; label: string }) {
  const { field } = useController({ name: nameOf(path) });
  const error = useError(path);
  return (
    <div className="field settings-switch">
      <label>
        <input
          type="checkbox"
          name={field.name}
          ref={field.ref}
          checked={field.value === true}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
        />{' '}
        {label}
      </label>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

function ChoicesInput({ path, label, options }: { path: string[]; label: string; options: readonly string[] }) {
  const { field } = useController({ name: nameOf(path) });
  const error = useError(path);
  const chosen = Array.isArray(field.value) ? (field.value as string[]) : [];
  return (
    <fieldset className="settings-group">
      <legend>{label}</legend>
      <div className="settings-choices">
        {options.map((option) => (
          <label key={option}>
            <input
              type="checkbox"
              checked={chosen.includes(option)}
              onChange={(e) =>
                field.onChange(
                  e.target.checked ? options.filter((o) => o === option || chosen.includes(o)) : chosen.filter((o) => o !== option),
                )
              }
            />{' '}
            {option}
          </label>
        ))}
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

function ImageInput({ path, label }: { path: string[]; label: string }) {
  const { field } = useController({ name: nameOf(path) });
  const error = useError(path);
  const value = typeof field.value === 'string' && field.value ? [field.value] : [];
  return (
    <div className="field">
      <MediaPicker label={label} value={value} onChange={(ids) => field.onChange(ids[0] ?? null)} />
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

const HEX6 = /^#[0-9a-f]{6}$/i;

function ColorInput({ path, label }: { path: string[]; label: string }) {
  const { t } = useI18n();
  const id = useId();
  const { field } = useController({ name: nameOf(path) });
  const error = useError(path);
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <span className="settings-color">
        <input
          type="color"
          aria-label={t('settings.colorPick', { name: label })}
          value={HEX6.test(value) ? value : '#000000'}
          onChange={(e) => field.onChange(e.target.value)}
        />
        <input
          id={id}
          name={field.name}
          ref={field.ref}
          value={value}
          placeholder={t('settings.colorDefault')}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        />
      </span>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function JsonInput({ path, label }: { path: string[]; label: string }) {
  const { t } = useI18n();
  const { field } = useController({ name: nameOf(path) });
  const stored = JSON.stringify(field.value ?? {}, null, 2);
  const [text, setText] = useState(stored);
  const [invalid, setInvalid] = useState(false);
  // a reset (after saving or reloading) shows the new value
  useEffect(() => {
    setText(stored);
    setInvalid(false);
  }, [stored]);
  const error = useError(path);
  return (
    <Field label={`${label} — ${t('settings.json')}`} error={invalid ? t('settings.jsonInvalid') : error}>
      <textarea
        rows={3}
        className="settings-json"
        spellCheck={false}
        name={field.name}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          try {
            const parsed: unknown = JSON.parse(text || '{}');
            if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
            setInvalid(false);
            field.onChange(parsed);
          } catch {
            setInvalid(true);
          }
          field.onBlur();
        }}
      />
    </Field>
  );
}

function ListInput({ group, path, field, label }: Props & { field: Extract<SettingsField, { kind: 'list' }>; label: string }) {
  const { t } = useI18n();
  const { setValue, getValues } = useFormContext();
  const name = nameOf(path);
  const items = (useWatch({ name }) as unknown[] | undefined) ?? [];
  const error = useError(path);
  const update = (next: unknown[]) => setValue(name, next, { shouldDirty: true });
  return (
    <fieldset className="settings-group settings-list">
      <legend>{label}</legend>
      {items.length === 0 ? <p className="muted small">{t('settings.emptyList')}</p> : null}
      <ol className="plain-list">
        {items.map((_, index) => (
          <li key={index} className="settings-list-item">
            <SettingsFieldView group={group} path={[...path, String(index)]} field={field.item} />
            <button
              type="button"
              className="btn btn-small btn-ghost"
              aria-label={t('settings.removeItem', { number: index + 1 })}
              onClick={() => update((getValues(name) as unknown[]).filter((__, i) => i !== index))}
            >
              {t('settings.remove')}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => update([...((getValues(name) as unknown[]) ?? []), emptyValueOf(field.item)])}
      >
        {t('settings.add')}: {label}
      </button>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}
