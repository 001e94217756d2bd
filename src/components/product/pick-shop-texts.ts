/** Server side: the slice of the locales' `shop` namespace an island of the product page shows (see product-texts.ts). */
import { shop as en } from '../../../locales/en.json';
import { shop as ru } from '../../../locales/ru.json';
import type { ShopTextSlice } from '../../islands/product/product-texts';
import type { Dictionary } from '../../lib/dictionary';
import type { Language } from '../../lib/localize';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The texts under `keys` in `lang` (a key names a text, its plural forms, or a whole group such as
 * `forms`), English filling any the language lacks.
 */
export function pickShopTexts(lang: Language, keys: readonly string[]): ShopTextSlice {
  // the key lists are constants of the components: a slice is picked once per list and language, not per product card
  const byLanguage = picked.get(keys) ?? new Map<Language, ShopTextSlice>();
  picked.set(keys, byLanguage);
  let slice = byLanguage.get(lang);
  if (!slice) byLanguage.set(lang, (slice = Object.freeze(pick(lang, keys))));
  return slice;
}

const picked = new WeakMap<readonly string[], Map<Language, ShopTextSlice>>();

function pick(lang: Language, keys: readonly string[]): ShopTextSlice {
  const wanted = new Set(keys);
  const slice: Record<string, string | Dictionary> = {};
  for (const source of [en as Dictionary, (lang === 'ru' ? ru : en) as Dictionary]) {
    for (const [key, value] of Object.entries(source)) {
      if (wanted.has(key) || wanted.has(key.replace(PLURAL, ''))) slice[key] = value;
    }
  }
  return slice;
}
