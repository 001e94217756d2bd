import { search as en } from '../../../locales/en.json';
import { search as ru } from '../../../locales/ru.json';
import { dictionaryTranslator } from '../../lib/dictionary';
import type { Language } from '../../lib/localize';

/** Texts of the search page: the `search` namespace of the locales. */
export function searchTexts(lang: Language) {
  return dictionaryTranslator({ en, ru }, lang);
}
