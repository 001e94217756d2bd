import { shop as en } from '../../../locales/en.json';
import { shop as ru } from '../../../locales/ru.json';
import { dictionaryTranslator, type TextKey, type TextValues } from '../../lib/dictionary';
import type { Language } from '../../lib/localize';

/**
 * Interface texts of the product page, cart, checkout and payment screens: the `shop` namespace of the
 * locales. Error messages that come from the API are shown as the server sends them (already in the
 * request's language).
 */
export type ShopTextKey = TextKey<typeof en>;

/** The text of each delivery speed a rate can have (the product page's delivery details and the checkout). */
export const DELIVERY_SPEEDS: Record<string, ShopTextKey> = {
  '1_day': 'speed_1_day',
  '2_days': 'speed_2_days',
  '3_days': 'speed_3_days',
  '5_days': 'speed_5_days',
  '1_week': 'speed_1_week',
  '2_weeks': 'speed_2_weeks',
  '1_month': 'speed_1_month',
};

/** A translator of the shop texts: shopTexts(lang), or an island's slice of them (product/product-texts.ts). */
export type ShopTranslate = (key: ShopTextKey, values?: TextValues) => string;

export function shopText(lang: Language, key: ShopTextKey, values: TextValues = {}): string {
  return dictionaryTranslator({ en, ru }, lang)(key, values);
}

/** A translator bound to one language, for components that show many texts. */
export function shopTexts(lang: Language) {
  return dictionaryTranslator({ en, ru }, lang);
}
