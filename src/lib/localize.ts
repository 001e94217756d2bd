export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ru';
}

/** The cookie keeping the visitor's language choice. */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The language of a request, the one rule of the server side: the visitor's explicit choice (a `lang`
 * query, or the `X-Shop-Language` header the API client sends), else the `lang` cookie, else the shop's
 * language setting. Undefined when only the shop's setting could tell (`requested`, for callers that load
 * the settings afterwards).
 */
export function requestedLanguage(choice: {
  explicit?: string | null | undefined;
  cookie?: string | null | undefined;
}): Language | undefined {
  if (isLanguage(choice.explicit)) return choice.explicit;
  return isLanguage(choice.cookie) ? choice.cookie : undefined;
}

/** The `lang` cookie in a Cookie header. */
export function cookieLanguage(cookieHeader: string | null | undefined): Language | undefined {
  const value = /(?:^|;\s*)lang=(en|ru)\b/.exec(cookieHeader ?? '')?.[1];
  return isLanguage(value) ? value : undefined;
}

/**
 * The language of the page in the browser, as its layout wrote it on <html lang>: the one rule of the
 * browser side. Undefined on the server (no document) or for a value that is not a shop language.
 */
export function documentLanguage(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): Language | undefined {
  const lang = doc?.documentElement.lang;
  return isLanguage(lang) ? lang : undefined;
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
