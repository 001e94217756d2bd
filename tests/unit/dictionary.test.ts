import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { dictionaryTranslator, type Dictionary } from '../../src/lib/dictionary';
import { getTranslator } from '../../src/lib/i18n';
import { accountTexts } from '../../src/islands/account/texts';
import { searchTexts } from '../../src/islands/search/texts';
import { shopText } from '../../src/islands/shop/texts';
import { commerceMessage } from '../../src/server/api/commerce/messages';

/** The namespaces the storefront's islands, sections and commerce messages read without i18next. */
const NAMESPACES = ['shop', 'shopper', 'forms', 'formTexts', 'account', 'search', 'sectionTexts', 'sectionLabels', 'commerce'] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function baseKeys(node: Dictionary, prefix = ''): string[] {
  return [
    ...new Set(
      Object.entries(node).flatMap(([key, value]) =>
        typeof value === 'string' ? [`${prefix}${key.replace(PLURAL_SUFFIX, '')}`] : baseKeys(value, `${prefix}${key}.`),
      ),
    ),
  ];
}

describe('dictionaries', () => {
  it('read every key of the storefront namespaces exactly as i18next does, in both languages and every plural form', () => {
    for (const namespace of NAMESPACES) {
      const dictionaries = { en: en[namespace] as Dictionary, ru: ru[namespace] as Dictionary };
      for (const lang of ['en', 'ru'] as const) {
        const t = dictionaryTranslator(dictionaries, lang);
        const i18n = getTranslator(lang);
        for (const key of baseKeys(dictionaries.en)) {
          for (const count of [0, 1, 2, 5, 21]) {
            const values = { count, query: 'linen', number: '1001', name: 'Ann', title: 'Shirt', index: 2, amount: '$5', min: 1, max: 9 };
            expect(t(key as never, values), `${lang} ${namespace}.${key} ${count}`).toBe(i18n(`${namespace}.${key}`, values));
          }
        }
      }
    }
  });

  it('chooses the plural form of the count, where the grammar needs one', () => {
    expect(searchTexts('en')('found', { count: 1, query: 'linen' })).toBe('1 result for “linen”');
    expect(searchTexts('en')('found', { count: 5, query: 'linen' })).toBe('5 results for “linen”');
    expect(searchTexts('ru')('found', { count: 5, query: 'лён' })).toBe('Найдено по запросу «лён»: 5');
    expect(accountTexts('en')('itemCount', { count: 1 })).toBe('1 item');
    expect(accountTexts('en')('itemCount', { count: 3 })).toBe('3 items');
    expect(shopText('en', 'reviewCount', { count: 1 })).toBe('1 review');
    expect(shopText('ru', 'reviewCount', { count: 22 })).toBe('Отзывов: 22');
  });

  it('falls back to English, then to the key, and leaves unknown placeholders as written', () => {
    const t = dictionaryTranslator({ en: { only: 'English {{what}}' }, ru: {} }, 'ru');
    expect(t('only' as never)).toBe('English {{what}}');
    expect(t('missing' as never)).toBe('missing');
    expect(commerceMessage('stock', 'ru', { count: 2 })).toBe('Доступно только 2 шт.');
  });
});
