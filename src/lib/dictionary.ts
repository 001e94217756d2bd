import type { Language } from './localize';

/**
 * Reading one namespace of `locales/{en,ru}.json` the way i18next reads it (tests/unit/dictionary.test.ts
 * checks every key against i18next): nested keys by dots, `{{name}}` placeholders, plural forms chosen
 * by `count` with the language's rules (`key_one`, `key_few`, `key_many`, `key_other`), missing texts
 * falling back to English, then to the key. Islands import only the namespaces they show (named JSON
 * imports are tree-shaken), without shipping i18next itself.
 */

export type Dictionary = { readonly [key: string]: string | Dictionary };

const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type PluralForm = (typeof PLURAL_FORMS)[number];

/** The keys of a namespace: dotted paths to its texts, plural forms named once by their base key. */
export type TextKey<D> = {
  [K in keyof D & string]: D[K] extends string ? (K extends `${infer Base}_${PluralForm}` ? Base : K) : `${K}.${TextKey<D[K]>}`;
}[keyof D & string];

export type TextValues = Record<string, string | number>;

function lookup(dictionary: Dictionary | undefined, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralForm(lang: Language, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(count);
}

function template(dictionary: Dictionary | undefined, lang: Language, key: string, count: unknown): string | undefined {
  if (typeof count === 'number') {
    const plural = lookup(dictionary, `${key}_${pluralForm(lang, count)}`) ?? lookup(dictionary, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(dictionary, key);
}

/** Fills `{{name}}` placeholders; unknown ones stay as written. */
export const interpolate = (text: string, values: TextValues): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));

/** A translator of one namespace, bound to one language. */
export function dictionaryTranslator<D extends Dictionary>(namespace: Record<Language, D>, lang: Language) {
  return (key: TextKey<D>, values: TextValues = {}): string => {
    const text = template(namespace[lang], lang, key, values['count']) ?? template(namespace.en, 'en', key, values['count']) ?? key;
    return interpolate(text, values);
  };
}
