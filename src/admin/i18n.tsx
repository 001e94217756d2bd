import i18next, { type TFunction } from 'i18next';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { admin as adminEn } from '../../locales/en.json';
import { admin as adminRu } from '../../locales/ru.json';
import { isLanguage, type Language } from '../lib/localize';
import { setRequestLanguage } from './api/client';

/**
 * The back office's texts: the `admin` part of the shop's locale files (only that part is bundled), in the
 * language the staff member chose. The choice is remembered in this browser and follows the staff
 * member's account language on sign-in.
 */
const STORAGE_KEY = 'shop-admin-lang';

const instance = i18next.createInstance();
void instance.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: adminEn }, ru: { translation: adminRu } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function browserLanguage(): Language {
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

type I18nValue = { lang: Language; t: TFunction; setLang: (lang: Language, remember?: boolean) => void };
const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Language>(() => storedLanguage() ?? browserLanguage());
  const setLang = useCallback((next: Language, remember = true) => {
    if (remember) {
      try {
        localStorage.setItem(STORAGE_KEY, next);
      } catch {
        // private mode: the choice lasts for this visit
      }
    }
    setLangState(next);
  }, []);
  const value = useMemo<I18nValue>(() => {
    document.documentElement.lang = lang;
    setRequestLanguage(lang);
    return { lang, t: instance.getFixedT(lang), setLang };
  }, [lang, setLang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

export function useT(): TFunction {
  return useI18n().t;
}

/** Messages of form rules ('required', 'email'…) and the contract's English ones, in the reader's language. */
const CONTRACT_MESSAGES: Record<string, string> = {
  'This value should not be blank.': 'required',
  'This value is not valid.': 'invalid',
};
export function useFieldMessage(): (message: string | undefined) => string {
  const t = useT();
  return (message) => {
    if (!message) return '';
    const minLength = /^Use at least (\d+) characters/.exec(message);
    if (minLength) return t('validation.minLength', { count: Number(minLength[1]) });
    const key = CONTRACT_MESSAGES[message] ?? message;
    return t(`validation.${key}`, { defaultValue: message });
  };
}
