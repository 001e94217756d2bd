import { account as en } from '../../../locales/en.json';
import { account as ru } from '../../../locales/ru.json';
import { dictionaryTranslator, type TextKey } from '../../lib/dictionary';
import type { Language } from '../../lib/localize';

/** Texts of the account pages (spec 2.4 account layout, orders, reviews, settings, password reset): the `account` namespace. */
export type AccountTextKey = TextKey<typeof en>;

export function accountTexts(lang: Language) {
  return dictionaryTranslator({ en, ru }, lang);
}
