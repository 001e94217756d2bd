import i18next from 'i18next';
import { admin as adminEn } from '../../locales/en.json';
import { admin as adminRu } from '../../locales/ru.json';

/** The back office's texts, as src/admin/i18n.tsx loads them. */
export function adminI18n() {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: adminEn }, ru: { translation: adminRu } },
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}
