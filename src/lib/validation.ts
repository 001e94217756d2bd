/**
 * Form field rules of spec 5. Each rule returns a message key (translated by the storefront) or null when
 * the value passes. Format rules (email, phone, birthDate, password) pass empty values: a field is required
 * only when noEmpty is combined with them.
 */
import { isValidPhone } from './phone-format';

export const DEFAULT_MESSAGES = {
  'forms.errors.noEmpty': 'This value should not be blank.',
  'forms.errors.email': 'incorrect email format',
  'forms.errors.phone': 'incorrect phone number format',
  'forms.errors.birthDate': 'The date of birth cannot be later than yesterday.',
  'forms.errors.password': 'The password must be at least 6 characters long.',
  'forms.errors.login': 'The username or password you entered is incorrect',
  'forms.errors.registration': 'A user with this email already exists',
  'forms.errors.commonPassword': 'This password is one of the most common ones, choose another',
} as const;

export type MessageKey = keyof typeof DEFAULT_MESSAGES;
export type Rule = (value: unknown) => MessageKey | null;

export const PASSWORD_MIN_LENGTH = 6;

const EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@[A-Za-z0-9_.-]+\.[A-Za-z]{2,8}$/;
const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Fails for missing, blank (whitespace only), false (unticked box) and empty lists. */
export const noEmpty: Rule = (value) => (isEmpty(value) ? 'forms.errors.noEmpty' : null);

export const email: Rule = (value) => {
  if (isEmpty(value)) return null;
  return typeof value === 'string' && EMAIL_PATTERN.test(value) ? null : 'forms.errors.email';
};

export const phone: Rule = (value) => {
  if (isEmpty(value)) return null;
  return typeof value === 'string' && isValidPhone(value) ? null : 'forms.errors.phone';
};

export const password: Rule = (value) => {
  if (isEmpty(value)) return null;
  return typeof value === 'string' && [...value].length >= PASSWORD_MIN_LENGTH ? null : 'forms.errors.password';
};

/** Calendar date (YYYY-MM-DD) of a Date in the runtime's time zone. */
function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A real calendar date as YYYY-MM-DD, or null. */
function toIsoDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : localIsoDate(value);
  if (typeof value !== 'string') return null;
  const match = ISO_DATE_PATTERN.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(year, month - 1, day);
  const exists = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return exists ? localIsoDate(date) : null;
}

/** A date (YYYY-MM-DD or Date) no later than yesterday, seen from `today`'s calendar day. */
export function birthDate(value: unknown, today: Date = new Date()): MessageKey | null {
  if (isEmpty(value)) return null;
  const date = toIsoDate(value);
  if (!date) return 'forms.errors.birthDate';
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  return date <= localIsoDate(yesterday) ? null : 'forms.errors.birthDate';
}

/** The first failing rule's message key, or null. */
export function validateValue(value: unknown, rules: readonly Rule[]): MessageKey | null {
  for (const rule of rules) {
    const key = rule(value);
    if (key) return key;
  }
  return null;
}

/** Digits of a phone number, for tel: links. */
export function phoneDigits(phoneNumber: string | null | undefined): string {
  return (phoneNumber ?? '').replace(/\D/g, '');
}

/** Label of a required field. */
export function requiredLabel(label: string): string {
  return `${label} *`;
}
