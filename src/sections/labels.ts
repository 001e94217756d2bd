import { sectionLabels as en } from '../../locales/en.json';
import { sectionLabels as ru } from '../../locales/ru.json';
import { dictionaryTranslator, type TextKey, type TextValues } from '../lib/dictionary';
import type { Language } from '../lib/localize';

/** Interface texts of the section components (controls, landmarks): the `sectionLabels` namespace of the locales. */
export type LabelKey = TextKey<typeof en>;

export function label(lang: Language, key: LabelKey, values: TextValues = {}): string {
  return dictionaryTranslator({ en, ru }, lang)(key, values);
}
