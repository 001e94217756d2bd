import { getTranslator } from '../../../lib/i18n';
import type { Language } from '../../../lib/localize';

/** A back office API message in the staff member's or request's language (texts in locales/*.json, `adminApi`). */
export function adminMessage(key: string, lang: Language, params: Record<string, string | number> = {}): string {
  return getTranslator(lang)(`adminApi.${key}`, params);
}
