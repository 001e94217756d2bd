import { z } from 'zod';
import { isValidPhone, MAX_PHONE_LENGTH } from '../../../lib/phone-format';
import { DEFAULT_MESSAGES, email } from '../../../lib/validation';

const BLANK = DEFAULT_MESSAGES['forms.errors.noEmpty'];
const INVALID_CHARACTERS = 'This value contains characters that are not allowed.';

// PostgreSQL text and jsonb cannot hold NUL; refusing it keeps such input a 400 instead of a database error.
const hasNoNul = (value: string) => !value.includes('\u0000');

/** Any client string that reaches a query or a row (ids, codes, tokens used in lookups). */
export function storableString(maxLength: number) {
  return z.string().max(maxLength).refine(hasNoNul, INVALID_CHARACTERS);
}

/** Text a customer must fill in: missing, null and blank all fail with the noEmpty message. */
export function requiredText(maxLength: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? BLANK : 'This value should be a string.') })
    .trim()
    .min(1, { error: BLANK, abort: true })
    .max(maxLength)
    .refine(hasNoNul, INVALID_CHARACTERS);
}

/** Optional text: missing, null and blank all become null. */
export function optionalText(maxLength: number) {
  return z
    .string()
    .trim()
    .max(maxLength)
    .refine(hasNoNul, INVALID_CHARACTERS)
    .nullish()
    .transform((value) => value || null);
}

/** An id, number or code naming a stored row. */
export const ID_MAX_LENGTH = 100;

export const phoneField = requiredText(MAX_PHONE_LENGTH).refine(isValidPhone, DEFAULT_MESSAGES['forms.errors.phone']);

/** Optional, but validated when filled. */
export const optionalEmailField = optionalText(254).refine(
  (value) => value === null || email(value) === null,
  DEFAULT_MESSAGES['forms.errors.email'],
);

export const NAME_MAX_LENGTH = 100;
