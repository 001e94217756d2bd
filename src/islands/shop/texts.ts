import { shop as en } from '../../../locales/en.json';
import { shop as ru } from '../../../locales/ru.json';
import { dictionaryTranslator, type TextKey, type TextValues } from '../../lib/dictionary';
import type { Language } from '../../lib/localize';

/**
 * Interface texts of the product page, cart, checkout and payment screens: the `shop` namespace of the
 * locales. Error messages that come from the API are shown as the server sends them (already in the
 * request's language).
 */
export type ShopTextKey = TextKey<typeof en>;

/** A translator of the shop texts: shopTexts(lang), or an island's slice of them (product/product-texts.ts). */
export type ShopTranslate = (key: ShopTextKey, values?: TextValues) => string;

/** Message keys of the validation rules (../../lib/validation) the shopping forms use. */
export type RuleMessageKey = Extract<ShopTextKey, `forms.errors.${string}`>;

export function isRuleMessageKey(key: string): key is RuleMessageKey {
  return key.startsWith('forms.errors.') && key.slice('forms.errors.'.length) in en.forms.errors;
}

export function shopText(lang: Language, key: ShopTextKey, values: TextValues = {}): string {
  return dictionaryTranslator({ en, ru }, lang)(key, values);
}

/** A translator bound to one language, for components that show many texts. */
export function shopTexts(lang: Language) {
  return dictionaryTranslator({ en, ru }, lang);
}
