import type { Language } from '../lib/localize';

/**
 * Interface texts of the slider, video, gallery, contacts, form, product and media sections, in
 * both shop languages. `{name}` placeholders are filled from `values`.
 */
const TEXTS = {
  // slider and video
  slideOf: { en: 'Slide {index} of {count}', ru: 'Слайд {index} из {count}' },
  pause: { en: 'Pause the slideshow', ru: 'Остановить слайдшоу' },
  play: { en: 'Play the slideshow', ru: 'Запустить слайдшоу' },
  playVideo: { en: 'Play video', ru: 'Смотреть видео' },
  videoTitle: { en: 'Video', ru: 'Видео' },
  loading: { en: 'Loading', ru: 'Загрузка' },
  // galleries
  gallery: { en: 'Gallery', ru: 'Галерея' },
  // contacts
  phone: { en: 'Phone', ru: 'Телефон' },
  whatsapp: { en: 'WhatsApp', ru: 'WhatsApp' },
  telegram: { en: 'Telegram', ru: 'Telegram' },
  email: { en: 'E-mail', ru: 'E-mail' },
  address: { en: 'Address', ru: 'Адрес' },
  workTime: { en: 'Opening hours', ru: 'Время работы' },
  showOnMap: { en: 'Show on the map', ru: 'Показать на карте' },
  opensInNewTab: { en: '(opens in a new tab)', ru: '(откроется в новой вкладке)' },
  // lead form
  name: { en: 'Name', ru: 'Имя' },
  comment: { en: 'Comment', ru: 'Комментарий' },
  send: { en: 'Send', ru: 'Отправить' },
  formSent: { en: 'Thank you! Your request has been sent.', ru: 'Спасибо! Ваша заявка отправлена.' },
  formSentText: { en: 'We will contact you shortly.', ru: 'Мы скоро свяжемся с вами.' },
  // products
  products: { en: 'Products', ru: 'Товары' },
  filters: { en: 'Filters', ru: 'Фильтры' },
  price: { en: 'Price', ru: 'Цена' },
  priceMin: { en: 'From', ru: 'От' },
  priceMax: { en: 'To', ru: 'До' },
  apply: { en: 'Show products', ru: 'Показать товары' },
  resetFilters: { en: 'Reset filters', ru: 'Сбросить фильтры' },
  sortBy: { en: 'Sort by', ru: 'Сортировка' },
  pagination: { en: 'Pages', ru: 'Страницы' },
  previousPage: { en: 'Previous page', ru: 'Предыдущая страница' },
  nextPage: { en: 'Next page', ru: 'Следующая страница' },
  pageNumber: { en: 'Page {page}', ru: 'Страница {page}' },
  // media
  articles: { en: 'Articles', ru: 'Статьи' },
  allTags: { en: 'All', ru: 'Все' },
  tags: { en: 'Tags', ru: 'Теги' },
  noArticles: { en: 'No articles yet', ru: 'Статей пока нет' },
  contents: { en: 'Contents', ru: 'Содержание' },
  comments: { en: 'Comments', ru: 'Комментарии' },
  commentsAfterModeration: {
    en: 'Comments appear after moderation.',
    ru: 'Комментарии появляются после проверки модератором.',
  },
  replyTo: { en: 'Reply to {name}', ru: 'Ответ {name}' },
  shopReply: { en: "The shop's reply", ru: 'Ответ магазина' },
} as const satisfies Record<string, Record<Language, string>>;

export type TextKey = keyof typeof TEXTS;

export function sectionText(lang: Language, key: TextKey, values: Record<string, string | number> = {}): string {
  const template: string = TEXTS[key][lang] ?? TEXTS[key].en;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
