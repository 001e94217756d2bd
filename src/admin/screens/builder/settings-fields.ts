import type { FormField } from './types';
import { isRecord } from '../../../lib/is-record';
import { fontHasCyrillic, type SettingsGroup } from '../../../lib/settings';
import { settingsFieldLabel, settingsGroupFields, type SettingsField, type SettingsLabelLookup } from '../../../lib/settings-form';

/**
 * The form of a settings group (header, footer, styles, themes), made from the group's field descriptors
 * (src/lib/settings-form.ts, the ones the settings screens render and the API checks with): a choice is a select
 * of its options, a number carries its bounds, a text is both languages, a nested group's fields are flattened
 * with dotted paths, and every field is named as the settings screens name it.
 */

/** "menuOptions.fontSize" → "Menu options › font size": the label of a field no locale names. */
export function humanPath(path: string): string {
  const words = path.split('.').map((part) =>
    part
      .replace(/_/g, ' ')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase(),
  );
  const text = words.join(' › ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A settings field's label (path inside the group) in `lng` (else the reader's), with `humanPath` as the last fallback. */
export function settingsLabel(t: SettingsLabelLookup, group: string, path: string, lng?: string): string {
  return settingsFieldLabel(t, group, path.split('.'), {
    fallback: humanPath(path.replace(/\.\d+(?=\.|$)/g, '')),
    ...(lng ? { lng } : {}),
  });
}

function formFields(t: SettingsLabelLookup, group: string, field: SettingsField, path: string, relative: string): FormField[] {
  const label = { en: settingsLabel(t, group, path, 'en'), ru: settingsLabel(t, group, path, 'ru') };
  const own = { path: relative, label };
  const isFont = (group === 'styles' && path.startsWith('fontFamily')) || path === 'fonts';
  const optionLabel = (value: string, lng: 'en' | 'ru') =>
    isFont && !fontHasCyrillic(value)
      ? t('settings.fontNoCyrillic', { lng, defaultValue: value, family: value } as { defaultValue: string; lng: string })
      : t(`settings.options.${value || 'inherit'}`, { lng, defaultValue: value });
  const options = (values: readonly string[]) =>
    values.map((value) => ({ value, label: { en: optionLabel(value, 'en'), ru: optionLabel(value, 'ru') } }));
  switch (field.kind) {
    case 'object':
      return field.fields.flatMap(([key, child]) =>
        formFields(t, group, child, path ? `${path}.${key}` : key, relative ? `${relative}.${key}` : key),
      );
    case 'text':
      return [{ ...own, kind: 'text' }];
    case 'string':
      return [{ ...own, kind: 'plain', multiline: field.multiline }];
    case 'number':
      return [
        { ...own, kind: 'number', ...(field.min !== null ? { min: field.min } : {}), ...(field.max !== null ? { max: field.max } : {}) },
      ];
    case 'boolean':
      return [{ ...own, kind: 'toggle' }];
    case 'choice':
      return [{ ...own, kind: 'select', choices: options(field.options), required: true }];
    case 'choices':
      return [{ ...own, kind: 'choices', choices: options(field.options) }];
    case 'image':
      return [{ ...own, kind: 'image' }];
    case 'color':
      return [{ ...own, kind: 'colour' }];
    // true, false or a keyword: a one-language text, as the settings screen shows it
    case 'flagOrString':
      return [{ ...own, kind: 'plain' }];
    case 'json':
      return [{ ...own, kind: 'json' }];
    case 'list':
      // a list of plain values: a comma text; of groups: the builder's list with each entry's fields
      if (field.item.kind === 'object') return [{ ...own, kind: 'list', fields: formFields(t, group, field.item, `${path}.0`, '') }];
      return [{ ...own, kind: 'plain' }];
  }
}

/** The builder form of a settings group, from its descriptors; labels looked up with `t` in both languages. */
export function settingsFields(group: SettingsGroup, t: SettingsLabelLookup): FormField[] {
  return formFields(t, group, settingsGroupFields(group), '', '');
}

function declared(field: SettingsField, value: unknown, fallback: unknown): unknown {
  if (field.kind === 'list') return Array.isArray(value) ? value.map((item) => declared(field.item, item, undefined)) : value;
  if (field.kind === 'text' && isRecord(value)) return { en: value['en'], ru: value['ru'] };
  if (field.kind !== 'object' || !isRecord(value)) return value;
  const backup = isRecord(fallback) ? fallback : {};
  return Object.fromEntries(
    field.fields.flatMap(([key, child]): [string, unknown][] => {
      if (key in value) return [[key, declared(child, value[key], backup[key])]];
      return key in backup ? [[key, backup[key]]] : [];
    }),
  );
}

/**
 * A settings group's value with only the keys the group's schema declares, at every depth (the API refuses any
 * other): a draft saved before the check may hold old keys. A declared key it lacks is taken from `fallback` (the
 * published value, which the API answers complete).
 */
export function declaredSettingsValue(
  group: string,
  value: Record<string, unknown>,
  fallback: Record<string, unknown>,
): Record<string, unknown> {
  return declared(settingsGroupFields(group as SettingsGroup), value, fallback) as Record<string, unknown>;
}

/**
 * A field error the API answered for a settings draft (`content.value.menuColumns`), named as the form shows the
 * field (`label`; without it, by its path).
 */
export function settingsErrorList(
  fields: Record<string, string[]>,
  label: (path: string) => string = humanPath,
): { path: string; label: string; messages: string[] }[] {
  const prefix = 'content.value.';
  return Object.entries(fields)
    .filter(([path]) => path.startsWith(prefix))
    .map(([path, messages]) => ({ path: path.slice(prefix.length), label: label(path.slice(prefix.length)), messages }));
}
