import type { FormField } from './types';
import { isRecord } from '../../../lib/is-record';
import type { SettingsGroup } from '../../../lib/settings';
import { settingsGroupFields, type SettingsField } from '../../../lib/settings-form';

/**
 * The form of a settings group (header, footer, theme), generated from the group's value: a settings group
 * has no section definition, so each value's shape picks its control — `{ en, ru }` a text in both
 * languages, `#rrggbb` a colour, an image key an image, numbers, flags, and one-language texts.
 */
const isBilingual = (value: unknown) => isRecord(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => key === 'en' || key === 'ru');
const IMAGE_KEY = /image|logo|picture|icon|favicon/i;
const COLOUR = /^#[\da-f]{3,8}$/i;

/** "menuOptions.fontSize" → "Menu options › font size". */
export function humanPath(path: string): string {
  const words = path.split('.').map((part) => part.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
  const text = words.join(' › ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function settingsFields(value: Record<string, unknown>, prefix = ''): FormField[] {
  return Object.entries(value).flatMap(([key, entry]): FormField[] => {
    const path = prefix ? `${prefix}.${key}` : key;
    const label = { en: humanPath(path), ru: humanPath(path) };
    if (isBilingual(entry)) return [{ path, kind: 'text', label }];
    if (typeof entry === 'boolean') return [{ path, kind: 'toggle', label }];
    if (typeof entry === 'number') return [{ path, kind: 'number', label }];
    if (typeof entry === 'string') {
      if (COLOUR.test(entry) || /colou?r/i.test(key)) return [{ path, kind: 'colour', label }];
      if (IMAGE_KEY.test(key)) return [{ path, kind: 'image', label }];
      return [{ path, kind: 'plain', label }];
    }
    if (Array.isArray(entry)) return entry.every((item) => typeof item === 'string') ? [{ path, kind: 'plain', label }] : [];
    if (entry === null && IMAGE_KEY.test(key)) return [{ path, kind: 'image', label }];
    if (isRecord(entry)) return settingsFields(entry, path);
    return [];
  });
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
export function declaredSettingsValue(group: string, value: Record<string, unknown>, fallback: Record<string, unknown>): Record<string, unknown> {
  return declared(settingsGroupFields(group as SettingsGroup), value, fallback) as Record<string, unknown>;
}

/** A field error the API answered for a settings draft (`content.value.menuColumns`), named as the form shows the field. */
export function settingsErrorList(fields: Record<string, string[]>): { path: string; label: string; messages: string[] }[] {
  const prefix = 'content.value.';
  return Object.entries(fields)
    .filter(([path]) => path.startsWith(prefix))
    .map(([path, messages]) => ({ path: path.slice(prefix.length), label: humanPath(path.slice(prefix.length)), messages }));
}
