import { commerce as en } from '../../../../locales/en.json';
import { commerce as ru } from '../../../../locales/ru.json';
import { dictionaryTranslator, type TextKey, type TextValues } from '../../../lib/dictionary';
import type { Language } from '../../../lib/localize';

/** Customer-facing commerce errors in the request language: the `commerce` namespace of the locales. */
export type CommerceMessage = TextKey<typeof en>;

export function commerceMessage(key: CommerceMessage, lang: Language, params: TextValues = {}): string {
  return dictionaryTranslator({ en, ru }, lang)(key, params);
}
