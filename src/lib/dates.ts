/**
 * Date display of spec 9, in the page's language: 'Mon D, YYYY' ('Mar 5, 2026') and 'Mon D, YYYY at time'
 * ('Mar 5, 2026 at 14:05'); Russian uses the day-first form with the genitive month name ('5 марта 2026',
 * '5 марта 2026 в 14:05'). No numeric 'D.M.YYYY': an English reader takes 5.3 for May 3.
 * Times are 24-hour HH:MM. Pass `timeZone` (IANA name) so server and browser render the same text;
 * without it the runtime's zone is used. Invalid dates give ''.
 */
import type { Language } from './localize';

export type DateInput = Date | string | number;
export type DateFormatOptions = { timeZone?: string };

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const RU_MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

type DateParts = { year: number; month: number; day: number; hour: number; minute: number };

const PART_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
};

/** One formatter per time zone: making one costs far more than formatting with it. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { ...PART_OPTIONS, timeZone });
    } catch {
      console.warn(`Unknown time zone "${timeZone}", using the local one`);
      format = new Intl.DateTimeFormat('en-US', PART_OPTIONS);
    }
    formats.set(key, format);
  }
  return format;
}

function dateParts(input: DateInput, timeZone: string | undefined): DateParts | null {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return null;
  const format = formatIn(timeZone);
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

export function formatDateShort(input: DateInput, lang: Language = 'en', options: DateFormatOptions = {}): string {
  const p = dateParts(input, options.timeZone);
  if (!p) return '';
  return lang === 'ru' ? `${p.day} ${RU_MONTHS[p.month - 1]} ${p.year}` : `${EN_MONTHS[p.month - 1]} ${p.day}, ${p.year}`;
}

export function formatDateTime(input: DateInput, lang: Language = 'en', options: DateFormatOptions = {}): string {
  const p = dateParts(input, options.timeZone);
  if (!p) return '';
  const time = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  return `${formatDateShort(input, lang, options)} ${lang === 'ru' ? 'в' : 'at'} ${time}`;
}
