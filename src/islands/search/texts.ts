import type { Language } from '../../lib/localize';
import { translator } from '../forms/texts';

const SEARCH_TEXTS = {
  title: { en: 'Search', ru: 'Поиск' },
  label: { en: 'Search the shop', ru: 'Поиск по магазину' },
  placeholder: { en: 'Products, articles, pages…', ru: 'Товары, статьи, страницы…' },
  submit: { en: 'Search', ru: 'Найти' },
  prompt: { en: 'Type what you are looking for: a product, a material, a topic.', ru: 'Введите, что вы ищете: товар, материал или тему.' },
  found: { en: '{count} results for “{query}”', ru: 'Найдено по запросу «{query}»: {count}' },
  foundOne: { en: '1 result for “{query}”', ru: 'Найдено по запросу «{query}»: 1' },
  empty: { en: 'Nothing was found for “{query}”. Check the spelling or try other words.', ru: 'По запросу «{query}» ничего не найдено. Проверьте написание или попробуйте другие слова.' },
  failed: { en: 'The search is not available right now. Try again in a moment.', ru: 'Поиск сейчас недоступен. Попробуйте ещё раз чуть позже.' },
  page: { en: 'Page {page}', ru: 'Страница {page}' },
  pages: { en: 'Result pages', ru: 'Страницы результатов' },
  previous: { en: 'Previous', ru: 'Назад' },
  next: { en: 'Next', ru: 'Вперёд' },
  product: { en: 'Product', ru: 'Товар' },
  catalog: { en: 'Catalog', ru: 'Каталог' },
  article: { en: 'Article', ru: 'Статья' },
  pageType: { en: 'Page', ru: 'Страница' },
} as const;

export function searchTexts(lang: Language) {
  return translator(SEARCH_TEXTS, lang);
}
