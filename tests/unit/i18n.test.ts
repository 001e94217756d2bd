import { commerceMessage } from '../../src/server/api/commerce/messages';
import { describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { getTranslator } from '../../src/lib/i18n';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('translations', () => {
  it('translates into both languages with interpolation', () => {
    expect(getTranslator('en')('product.addToCart.stockError', { count: 3 })).toBe('Only 3 items are available');
    expect(getTranslator('ru')('breadcrumbs.home')).toBe('Главная');
  });

  it('says how many pieces are left with the language plural forms', () => {
    const en = getTranslator('en');
    const ru = getTranslator('ru');
    expect(en('product.addToCart.stockError', { count: 1 })).toBe('Only 1 item is available');
    expect(en('product.addToCart.stockError', { count: 0 })).toBe('Only 0 items are available');
    expect(ru('product.addToCart.stockError', { count: 1 })).toBe('Доступна только 1 шт.');
    expect(ru('product.addToCart.stockError', { count: 5 })).toBe('Доступно только 5 шт.');
    // the order placement's refusal says it the same way
    expect(commerceMessage('stock', 'en', { count: 1 })).toBe('Only 1 item is available');
    expect(commerceMessage('stock', 'en', { count: 2 })).toBe('Only 2 items are available');
  });

  it('falls back to English, then to the key', () => {
    const t = getTranslator('ru');
    expect(t('no.such.key')).toBe('no.such.key');
    expect(getTranslator('en')('errorPage.title.404')).toBe('Page not found');
  });

  it('uses English for an unknown language and warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(getTranslator('de')('breadcrumbs.home')).toBe('Home');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
  const baseKeys = (obj: object) => [...new Set(keys(obj).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
  const pluralForms = (obj: object, base: string) =>
    keys(obj)
      .filter((key) => key.replace(PLURAL_SUFFIX, '') === base && PLURAL_SUFFIX.test(key))
      .map((key) => PLURAL_SUFFIX.exec(key)![1])
      .sort();

  it('has the same keys in English and Russian (plural forms aside)', () => {
    expect(baseKeys(ru)).toEqual(baseKeys(en));
  });

  it('gives each plural text every form its language needs', () => {
    const plurals = [
      ...new Set(
        keys(en)
          .filter((key) => PLURAL_SUFFIX.test(key))
          .map((key) => key.replace(PLURAL_SUFFIX, '')),
      ),
    ];
    for (const base of plurals) {
      expect(pluralForms(en, base), base).toEqual(expect.arrayContaining(['one', 'other']));
      expect(pluralForms(ru, base), base).toEqual(expect.arrayContaining(['few', 'many', 'one', 'other']));
    }
  });
});
