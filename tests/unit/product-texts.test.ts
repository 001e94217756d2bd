import { describe, expect, it } from 'vitest';
import { pickShopTexts } from '../../src/components/product/pick-shop-texts';
import { BUY_BOX_TEXT_KEYS, REVIEWS_TEXT_KEYS, sliceTranslator } from '../../src/islands/product/product-texts';
import { missingNotice } from '../../src/islands/product/buy-box-markup';
import { shopText, shopTexts } from '../../src/islands/shop/texts';
import type { OptionDto } from '../../src/lib/api-client';
import { productDto, variationDto } from './fixtures/products';

describe('the product islands’ text slices', () => {
  it('read exactly as the whole dictionaries, plural forms and nested rule messages included', () => {
    for (const lang of ['en', 'ru'] as const) {
      const buy = sliceTranslator(pickShopTexts(lang, BUY_BOX_TEXT_KEYS), lang);
      for (const count of [1, 3, 5, 21]) {
        expect(buy('reviewCount', { count })).toBe(shopText(lang, 'reviewCount', { count }));
        expect(buy('ratingLink', { count, value: 4.5 })).toBe(shopText(lang, 'ratingLink', { count, value: 4.5 }));
      }
      expect(buy('addToCart')).toBe(shopText(lang, 'addToCart'));
      const reviews = sliceTranslator(pickShopTexts(lang, REVIEWS_TEXT_KEYS), lang);
      expect(reviews('forms.errors.noEmpty')).toBe(shopText(lang, 'forms.errors.noEmpty'));
      expect(reviews('writeReview')).toBe(shopText(lang, 'writeReview'));
    }
  });

  it('hold only the texts asked for, in one language', () => {
    const slice = pickShopTexts('ru', ['addToCart', 'reviewCount']);
    expect(Object.keys(slice).sort()).toEqual(['addToCart', 'reviewCount_few', 'reviewCount_many', 'reviewCount_one', 'reviewCount_other']);
    expect(slice['addToCart']).toBe('В корзину');
  });
});

describe('the notice of a value that makes no variation with the chosen ones', () => {
  const option = (id: string, title: string, values: string[]): OptionDto => ({
    id,
    title,
    type: 'string',
    view: 'select',
    unit: '',
    values: values.map((value) => ({ id: value, title: value, value: null })),
  });
  const shirt = productDto('shirt', {
    options: [option('colour', 'Цвет', ['Белый', 'Чёрный']), option('size', 'Размер', ['S', 'M'])],
    variations: [variationDto('white-s', { productOptionValueIds: ['Белый', 'S'] })],
  });

  it('names each chosen value with its option in Russian, so no noun has to change its form', () => {
    expect(missingNotice(shirt, { colour: 'Белый', size: 'S' }, 'colour', 'Чёрный', shopTexts('ru'))).toBe(
      'Такого сочетания нет: Цвет «Чёрный» и Размер «S». Выберите другое значение или сначала измените остальные параметры.',
    );
    expect(missingNotice(shirt, { colour: 'Белый', size: 'S' }, 'colour', 'Чёрный', shopTexts('en'))).toBe(
      'Цвет Чёрный is not available with S. Choose another Цвет or change the other options first.',
    );
  });
});
