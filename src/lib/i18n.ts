import i18next, { type i18n as I18n } from 'i18next';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { isLanguage, type Language } from './localize';

const instances = new Map<Language, I18n>();

/**
 * One i18next instance per language, created once. A missing key falls back to English,
 * then to the key itself; an unknown language logs a warning and uses English.
 */
export function getTranslator(lang: string): I18n['t'] {
  let language: Language = 'en';
  if (isLanguage(lang)) language = lang;
  else console.warn(`Missing locale "${lang}", using English`);
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: language,
      fallbackLng: 'en',
      resources: { en: { translation: en }, ru: { translation: ru } },
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(language, instance);
  }
  return instance.t.bind(instance);
}
