/**
 * Texts of the forms and modals (sign-in, account creation, password reset, lead, review and comment
 * forms, cookie and age questions) in both shop languages, and the translation of rule and server
 * messages. `{name}` placeholders are filled from `values`.
 */
import { forms as formsEn } from '../../../locales/en.json';
import { forms as formsRu } from '../../../locales/ru.json';
import { INTERNAL_ERROR, VALIDATION_FAILED } from '../../lib/form-engine';
import { isLanguage, type Language } from '../../lib/localize';
import { DEFAULT_MESSAGES } from '../../lib/validation';

type Texts = Record<string, Record<Language, string>>;

/** A translator over a text table, bound to one language. */
export function translator<T extends Texts>(texts: T, lang: Language) {
  return (key: keyof T & string, values: Record<string, string | number> = {}): string => {
    const template = texts[key]?.[lang] ?? texts[key]?.en ?? key;
    return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
  };
}

/** The language of the page (the `lang` attribute the layout writes), for code running in the browser. */
export function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLanguage(lang) ? lang : 'en';
}

const FORM_TEXTS = {
  // fields
  email: { en: 'E-mail', ru: 'E-mail' },
  password: { en: 'Password', ru: 'Пароль' },
  newPassword: { en: 'New password', ru: 'Новый пароль' },
  repeatPassword: { en: 'Repeat the password', ru: 'Повторите пароль' },
  currentPassword: { en: 'Current password', ru: 'Текущий пароль' },
  passwordHint: { en: 'At least 6 characters. A few unrelated words are easy to remember and hard to guess.', ru: 'Не менее 6 символов. Несколько не связанных слов легко запомнить и трудно подобрать.' },
  showPassword: { en: 'Show password', ru: 'Показать пароль' },
  hidePassword: { en: 'Hide password', ru: 'Скрыть пароль' },
  firstName: { en: 'First name', ru: 'Имя' },
  lastName: { en: 'Last name', ru: 'Фамилия' },
  name: { en: 'Your name', ru: 'Ваше имя' },
  phone: { en: 'Phone', ru: 'Телефон' },
  comment: { en: 'Comment', ru: 'Комментарий' },
  birthDate: { en: 'Date of birth', ru: 'Дата рождения' },
  sending: { en: 'Sending…', ru: 'Отправка…' },
  close: { en: 'Close', ru: 'Закрыть' },
  // phone input
  country: { en: 'Country', ru: 'Страна' },
  chooseCountry: { en: 'Choose the country of the number', ru: 'Выберите страну номера' },
  searchCountry: { en: 'Country, code or +prefix', ru: 'Страна, код или +код' },
  noCountry: { en: 'No country matches', ru: 'Страна не найдена' },
  phoneExample: { en: 'For example {example}', ru: 'Например, {example}' },
  phoneValid: { en: 'Valid number', ru: 'Номер указан верно' },
  // sign-in
  signInTitle: { en: 'Sign in', ru: 'Вход' },
  signIn: { en: 'Sign in', ru: 'Войти' },
  forgotPassword: { en: 'Forgot your password?', ru: 'Забыли пароль?' },
  noAccount: { en: 'New here?', ru: 'Впервые у нас?' },
  createAccountLink: { en: 'Create an account', ru: 'Зарегистрироваться' },
  // create account
  createTitle: { en: 'Create an account', ru: 'Регистрация' },
  createAccount: { en: 'Create account', ru: 'Зарегистрироваться' },
  haveAccount: { en: 'Already have an account?', ru: 'Уже есть учётная запись?' },
  createdTitle: { en: 'Welcome!', ru: 'Добро пожаловать!' },
  createdText: { en: 'Your account is ready and you are signed in.', ru: 'Учётная запись создана, вы вошли на сайт.' },
  goToAccount: { en: 'Go to your account', ru: 'Перейти в личный кабинет' },
  // reset
  resetTitle: { en: 'Reset your password', ru: 'Восстановление пароля' },
  resetIntro: { en: 'Enter the e-mail of your account and we will send you a link to choose a new password.', ru: 'Укажите e-mail учётной записи, и мы пришлём ссылку для выбора нового пароля.' },
  sendLink: { en: 'Send the link', ru: 'Отправить ссылку' },
  resetSent: { en: 'If an account is registered to {email}, a link to choose a new password is on its way. It works once, for one hour.', ru: 'Если на адрес {email} зарегистрирована учётная запись, на него отправлена ссылка для выбора нового пароля. Она действует один раз в течение часа.' },
  backToSignIn: { en: 'Back to sign-in', ru: 'Вернуться ко входу' },
  // delete
  deleteTitle: { en: 'Delete your account?', ru: 'Удалить учётную запись?' },
  deleteText: { en: 'Your profile, address and saved cart are deleted for good. Orders you placed stay with the shop for its records.', ru: 'Профиль, адрес и сохранённая корзина будут удалены безвозвратно. Оформленные заказы останутся в учёте магазина.' },
  deleteConfirm: { en: 'Delete my account', ru: 'Удалить учётную запись' },
  // lead form
  leadTitle: { en: 'Send an enquiry', ru: 'Оставить заявку' },
  leadSend: { en: 'Send', ru: 'Отправить' },
  leadSentTitle: { en: 'Thank you!', ru: 'Спасибо!' },
  leadSentText: { en: 'Your enquiry has been sent. We will get back to you shortly.', ru: 'Заявка отправлена. Мы скоро свяжемся с вами.' },
  priceOnRequest: { en: 'Price on request', ru: 'Цена по запросу' },
  from: { en: 'from', ru: 'от' },
  // reviews and comments
  rating: { en: 'Rating', ru: 'Оценка' },
  stars: { en: '{count} of 5', ru: '{count} из 5' },
  reviewText: { en: 'Your review', ru: 'Ваш отзыв' },
  sendReview: { en: 'Send review', ru: 'Отправить отзыв' },
  reviewSent: { en: 'Thank you! Your review will appear after moderation.', ru: 'Спасибо! Ваш отзыв появится после модерации.' },
  commentText: { en: 'Your comment', ru: 'Ваш комментарий' },
  sendComment: { en: 'Send comment', ru: 'Отправить комментарий' },
  commentSent: { en: 'Thank you! Your comment will appear after moderation.', ru: 'Спасибо! Ваш комментарий появится после модерации.' },
  moderationNote: { en: 'Published after moderation.', ru: 'Публикуется после проверки модератором.' },
  writeAnother: { en: 'Write another', ru: 'Написать ещё' },
  // consent
  cookieTitle: { en: 'This website uses cookies', ru: 'Этот сайт использует файлы cookie' },
  accept: { en: 'Accept', ru: 'Принять' },
  ageTitle: { en: 'Are you 18 years of age or older?', ru: 'Вам уже исполнилось 18 лет?' },
  yes: { en: 'Yes', ru: 'Да' },
  no: { en: 'No', ru: 'Нет' },
} as const satisfies Texts;

export type FormTextKey = keyof typeof FORM_TEXTS;

export function formTexts(lang: Language) {
  return translator(FORM_TEXTS, lang);
}

const RULE_MESSAGES: Record<Language, Record<string, string>> = { en: formsEn.errors, ru: formsRu.errors };
const EXTRA_MESSAGES: Texts = {
  passwordMismatch: { en: 'The passwords do not match', ru: 'Пароли не совпадают' },
  rating: { en: 'Choose a rating from 1 to 5', ru: 'Выберите оценку от 1 до 5' },
};

/** The message key behind an English server message the storefront translates ('Validation Failed' → 'validation'). */
const KEY_OF_SERVER_TEXT: Record<string, string> = {
  ...Object.fromEntries(Object.entries(DEFAULT_MESSAGES).map(([key, text]) => [text, key.replace('forms.errors.', '')])),
  ...Object.fromEntries(Object.entries(formsEn.errors).map(([key, text]) => [text, key])),
  [VALIDATION_FAILED]: 'validation',
  [INTERNAL_ERROR]: 'internal',
};

/**
 * A rule's message key ('forms.errors.email') or a server message, in the page language. Server
 * messages the storefront knows are translated; others (already in the request's language) stay as sent.
 */
export function translateMessage(message: string, lang: Language): string {
  const key = message.startsWith('forms.errors.') ? message.slice('forms.errors.'.length) : KEY_OF_SERVER_TEXT[message];
  if (!key) return message;
  return RULE_MESSAGES[lang][key] ?? EXTRA_MESSAGES[key]?.[lang] ?? RULE_MESSAGES.en[key] ?? EXTRA_MESSAGES[key]?.en ?? message;
}
