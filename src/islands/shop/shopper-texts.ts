import { shopper as en } from '../../../locales/en.json';
import { shopper as ru } from '../../../locales/ru.json';
import type { Language } from '../../lib/localize';

const TEXTS = { en, ru };
export type ShopperTextKey = keyof typeof en;

/** Shopping texts of the `shopper` namespace of locales/*.json, with `{{name}}` filled from `values`. */
export function shopperText(lang: Language, key: ShopperTextKey, values: Record<string, string | number> = {}): string {
  const template = TEXTS[lang]?.[key] ?? en[key];
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
