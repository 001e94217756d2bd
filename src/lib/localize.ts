export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ru';
}

function isLocalizedText(value: object): value is { en?: string; ru?: string } {
  const keys = Object.keys(value);
  return (
    keys.length > 0 &&
    keys.every((k) => k === 'en' || k === 'ru') &&
    keys.every((k) => {
      const v = (value as Record<string, unknown>)[k];
      return typeof v === 'string' || v === null;
    })
  );
}

/**
 * Replaces every `{ en, ru }` object inside `value` by the text of `lang`,
 * falling back to English and then to the other language.
 */
export function localize<T>(value: T, lang: Language): Localized<T> {
  return walk(value, lang) as Localized<T>;
}

function walk(value: unknown, lang: Language): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => walk(v, lang));
  if (value instanceof Date) return value;
  if (isLocalizedText(value)) return value[lang] || value.en || value.ru || '';
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = walk(v, lang);
  return out;
}

export type Localized<T> = T extends { en: string; ru: string }
  ? string
  : T extends Date
    ? T
    : T extends (infer U)[]
      ? Localized<U>[]
      : T extends object
        ? { [K in keyof T]: Localized<T[K]> }
        : T;
