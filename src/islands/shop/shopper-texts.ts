import { shopper as en } from '../../../locales/en.json';
import { shopper as ru } from '../../../locales/ru.json';
import { dictionaryTranslator, type TextKey, type TextValues } from '../../lib/dictionary';
import type { Language } from '../../lib/localize';

export type ShopperTextKey = TextKey<typeof en>;

/** Shopping texts of the `shopper` namespace of locales/*.json, with `{{name}}` filled from `values`. */
export function shopperText(lang: Language, key: ShopperTextKey, values: TextValues = {}): string {
  return dictionaryTranslator({ en, ru }, lang)(key, values);
}
