import type { FormField } from './types';
import { isRecord } from '../../../lib/is-record';

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
