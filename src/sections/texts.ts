import { sectionTexts as en } from '../../locales/en.json';
import { sectionTexts as ru } from '../../locales/ru.json';
import { dictionaryTranslator, type TextKey, type TextValues } from '../lib/dictionary';
import type { Language } from '../lib/localize';

/** Interface texts of the slider, video, gallery, contacts, form, product and media sections: the `sectionTexts` namespace. */
export type SectionTextKey = TextKey<typeof en>;

export function sectionText(lang: Language, key: SectionTextKey, values: TextValues = {}): string {
  return dictionaryTranslator({ en, ru }, lang)(key, values);
}
