import type { Language } from '../lib/localize';

/** Interface texts of the section components (controls, landmarks), in both shop languages. */
const LABELS = {
  previous: { en: 'Previous', ru: 'Назад' },
  next: { en: 'Next', ru: 'Вперёд' },
  slide: { en: 'Slide', ru: 'Слайд' },
  slides: { en: 'Slides', ru: 'Слайды' },
  close: { en: 'Close', ru: 'Закрыть' },
  openImage: { en: 'Open image', ru: 'Открыть изображение' },
  sendEnquiry: { en: 'Send enquiry', ru: 'Оставить заявку' },
  rating: { en: 'Rating: {value} of 5', ru: 'Оценка: {value} из 5' },
} as const satisfies Record<string, Record<Language, string>>;

export type LabelKey = keyof typeof LABELS;

export function label(lang: Language, key: LabelKey, values: Record<string, string | number> = {}): string {
  const template: string = LABELS[key][lang] ?? LABELS[key].en;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
