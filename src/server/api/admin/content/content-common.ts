import { z } from 'zod';
import { idSchema } from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import { adminMessage } from '../messages';

/** A content message in the staff member's language (`adminApi.content.*`). */
export const contentMessage = (key: string, lang: Language, params: Record<string, string | number> = {}) =>
  adminMessage(`content.${key}`, lang, params);

export const idParams = z.object({ id: idSchema });

/** `{ en, ru }` of a stored localized column, blanks for what is missing. */
export const bothLanguages = (value: { en?: string | null; ru?: string | null } | null | undefined) => ({
  en: value?.en ?? '',
  ru: value?.ru ?? '',
});
