import { z } from 'zod';
import { isValidPhone } from '../../../lib/phone-format';
import { isCommonPassword } from '../../auth/common-passwords';
import { DEFAULT_MESSAGES, birthDate, email, password } from '../../../lib/validation';

/** Messages of the account forms: the storefront's spec 5 wording, plus the account-specific answers. */
export const MESSAGES = {
  notBlank: DEFAULT_MESSAGES['forms.errors.noEmpty'],
  email: DEFAULT_MESSAGES['forms.errors.email'],
  password: DEFAULT_MESSAGES['forms.errors.password'],
  phone: DEFAULT_MESSAGES['forms.errors.phone'],
  emailTaken: DEFAULT_MESSAGES['forms.errors.registration'],
  badCredentials: DEFAULT_MESSAGES['forms.errors.login'],
  birthDate: 'Birth date must be before today',
  country: 'Country must be a 2-letter code',
  tooLong: 'This value is too long.',
  wrongCurrentPassword: 'The current password is incorrect',
  accountDisabled: 'This account is disabled; contact the shop',
  nothingToChange: 'Give a new email or a new password',
  resetLinkInvalid: 'This password reset link is invalid or has expired',
  commonPassword: DEFAULT_MESSAGES['forms.errors.commonPassword'],
} as const;

/** Long enough for any passphrase, short enough that nobody can make hashing expensive. */
export const PASSWORD_MAX_LENGTH = 4096;
const EMAIL_MAX_LENGTH = 254;

const passes = (rule: (value: unknown) => string | null) => (value: unknown) => rule(value) === null;

export function requiredText(maxLength: number) {
  return z.string({ error: MESSAGES.notBlank }).trim().min(1, MESSAGES.notBlank).max(maxLength, MESSAGES.tooLong);
}

/** Optional text: missing, null and blank all become null. */
export function optionalText(maxLength: number) {
  return z
    .string()
    .trim()
    .max(maxLength, MESSAGES.tooLong)
    .nullish()
    .transform((value) => value || null);
}

/** An e-mail address as accounts store it: trimmed and lower-cased. */
export const emailField = requiredText(EMAIL_MAX_LENGTH)
  .refine(passes(email), MESSAGES.email)
  .transform((value) => value.toLowerCase());

/** A new password: the spec's rule (at least 6 characters), not only spaces, and not one of the most common ones. */
export const newPasswordField = z
  .string({ error: MESSAGES.notBlank })
  .max(PASSWORD_MAX_LENGTH, MESSAGES.tooLong)
  .superRefine((value, ctx) => {
    // one message at a time, the first rule that fails
    const message =
      value.trim() === '' ? MESSAGES.notBlank
      : !passes(password)(value) ? MESSAGES.password
      : isCommonPassword(value) ? MESSAGES.commonPassword
      : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** A password to check against the stored one: only its presence and the length cap matter. */
export const givenPasswordField = z
  .string({ error: MESSAGES.notBlank })
  .min(1, MESSAGES.notBlank)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.tooLong);

export const personNameField = requiredText(100);

export const phoneField = optionalText(32).refine((value) => value === null || isValidPhone(value), MESSAGES.phone);

export const countryField = optionalText(64)
  .transform((value) => value?.toUpperCase() ?? null)
  .refine((value) => value === null || /^[A-Z]{2}$/.test(value), MESSAGES.country);

/** Optional YYYY-MM-DD date no later than the day before `today`. */
export const birthDateField = (today: Date) =>
  optionalText(32).refine((value) => value === null || birthDate(value, today) === null, MESSAGES.birthDate);
