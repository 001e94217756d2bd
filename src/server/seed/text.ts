import { sanitizeRichText } from '../api/content/sanitize';
import type { LocalizedText } from '../db/schema';

/** Customer-facing text in both shop languages. */
export const t = (en: string, ru: string): LocalizedText => ({ en, ru });

/** Rich text in both languages, cleaned like any owner-written html. */
export const richText = (html: LocalizedText): LocalizedText => ({ en: sanitizeRichText(html.en), ru: sanitizeRichText(html.ru) });
