/**
 * Texts of the forms and modals (sign-in, account creation, password reset, lead, review and comment
 * forms, cookie and age questions): the `formTexts` namespace of the locales; and the translation of
 * rule and server messages (`forms.errors`).
 */
import { formTexts as textsEn, forms as formsEn } from '../../../locales/en.json';
import { formTexts as textsRu, forms as formsRu } from '../../../locales/ru.json';
import { dictionaryTranslator, type TextKey } from '../../lib/dictionary';
import { INTERNAL_ERROR, VALIDATION_FAILED } from '../../lib/form-engine';
import { readMessage } from '../../lib/issue-messages';
import { documentLanguage, type Language } from '../../lib/localize';
import { DEFAULT_MESSAGES } from '../../lib/validation';

/** The language of the page (`documentLanguage`), English when there is no page, for the texts of forms. */
export function pageLanguage(): Language {
  return documentLanguage() ?? 'en';
}

export function formTexts(lang: Language) {
  return dictionaryTranslator({ en: textsEn, ru: textsRu }, lang);
}

const ruleMessages = { en: formsEn.errors, ru: formsRu.errors };
type RuleMessageKey = TextKey<typeof formsEn.errors>;

/** The message key behind an English server message the storefront translates ('Validation Failed' → 'validation'). */
const KEY_OF_SERVER_TEXT: Record<string, string> = {
  ...Object.fromEntries(Object.entries(DEFAULT_MESSAGES).map(([key, text]) => [text, key.replace('forms.errors.', '')])),
  ...Object.fromEntries(Object.entries(formsEn.errors).flatMap(([key, text]) => (typeof text === 'string' ? [[text, key]] : []))),
  [VALIDATION_FAILED]: 'validation',
  [INTERNAL_ERROR]: 'internal',
};

/** Messages a shopper reads as what to do: a missing value names the field ('Enter a first name'), formats give an example. */
function whatToDo(key: string, field: string | undefined): string | null {
  if (key === 'noEmpty') return field && field in formsEn.errors.required ? `required.${field}` : 'required.other';
  if (key === 'email' || key === 'phone') return `formats.${key}`;
  return null;
}

/**
 * A rule's message key ('forms.errors.email', with its values: 'forms.errors.tooLong {"count":2000}') or a
 * server message, in the page language: the one mapping of the storefront's form messages. Given the field's
 * path, a missing value says what to enter there. Server messages the storefront knows are translated; others
 * (already in the request's language) stay as sent.
 */
export function translateMessage(message: string, lang: Language, path?: string): string {
  const { key: ruleKey, values } = readMessage(message);
  const key = ruleKey.startsWith('forms.errors.') ? ruleKey.slice('forms.errors.'.length) : KEY_OF_SERVER_TEXT[message];
  if (!key) return message;
  const shown = whatToDo(key, path?.split('.').at(-1)) ?? key;
  const translated = dictionaryTranslator(ruleMessages, lang)(shown as RuleMessageKey, values);
  return translated === shown ? message : translated;
}
