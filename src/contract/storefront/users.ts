/**
 * The storefront's account API (registration, sign-in, credentials, profile, password reset, own reviews): every
 * input the routes validate and the answers they send. Used by the Hono routes (src/server/api/users) to validate
 * and by the storefront's API client (src/lib/api-client) for its types.
 */
import { z } from 'zod';
import { isValidPhone } from '../../lib/phone-format';
import { isCommonPassword } from '../../lib/common-passwords';
import { DEFAULT_MESSAGES, birthDate, email, password } from '../../lib/validation';
import { imageAnswer } from './common';

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
      value.trim() === ''
        ? MESSAGES.notBlank
        : !passes(password)(value)
          ? MESSAGES.password
          : isCommonPassword(value)
            ? MESSAGES.commonPassword
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

// ---------------------------------------------------------------- sign-in and registration

/** POST /register */
export const registrationBody = z.object({
  email: emailField,
  password: newPasswordField,
  profile: z.object({ firstName: personNameField, lastName: personNameField }, { error: MESSAGES.notBlank }),
});
export type RegistrationInput = z.input<typeof registrationBody>;

/** POST /login_check */
export const signInBody = z.object({ username: emailField, password: givenPasswordField });
export type LoginInput = z.input<typeof signInBody>;

/** PUT /users: a new email and/or password, confirmed with the current password. */
export const credentialsChangeBody = z.object({
  email: emailField.optional(),
  password: newPasswordField.optional(),
  currentPassword: givenPasswordField,
});
export type UserChangeInput = z.input<typeof credentialsChangeBody>;

/** POST /register, /login_check, PUT /users: the account and a fresh token. */
export const signedInAnswer = z.strictObject({
  success: z.literal(true),
  token: z.string(),
  data: z.strictObject({ id: z.string(), email: z.string() }),
});
export type SignedInDto = z.infer<typeof signedInAnswer>;

/** GET /users (only ever the signed-in user) */
export const userAnswer = z.strictObject({ id: z.string(), email: z.string(), createdAt: z.string() });
export type UserDto = z.infer<typeof userAnswer>;

// ---------------------------------------------------------------- password reset

/** POST /reset_password_request */
export const passwordResetRequestBody = z.object({ email: emailField });
/** POST /reset_password_confirm/:token */
export const passwordResetConfirmBody = z.object({ password: newPasswordField });

// ---------------------------------------------------------------- profile

export const ADDRESS_FIELDS = ['country', 'region', 'locality', 'street', 'postalCode'] as const;

/** PUT /users/profile. A field left out keeps its value; null or an empty string clears an optional one. */
export function profileChangeBody(today: Date) {
  return z.object({
    firstName: personNameField.optional(),
    lastName: personNameField.optional(),
    phone: phoneField.optional(),
    birthDate: birthDateField(today).optional(),
    address: z
      .object({
        country: countryField.optional(),
        region: optionalText(200).optional(),
        locality: optionalText(200).optional(),
        street: optionalText(300).optional(),
        postalCode: optionalText(20).optional(),
      })
      .nullish(),
  });
}
export type ProfileChangeInput = z.input<ReturnType<typeof profileChangeBody>>;

/** GET and PUT /users/profile */
export const profileAnswer = z.strictObject({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  birthDate: z.string().nullable(),
  address: z.strictObject(
    Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, z.string().nullable()])) as Record<
      (typeof ADDRESS_FIELDS)[number],
      z.ZodNullable<z.ZodString>
    >,
  ),
});
export type ProfileDto = z.infer<typeof profileAnswer>;

// ---------------------------------------------------------------- own reviews

/** GET /users/reviews */
export const userReviewsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** One of the signed-in customer's reviews with its moderation state; `product` is null once the product is gone. */
export const userReviewAnswer = z.strictObject({
  id: z.string(),
  product: z.strictObject({ id: z.string(), slug: z.string(), title: z.string(), image: imageAnswer.nullable() }).nullable(),
  authorName: z.string(),
  rating: z.number(),
  text: z.string(),
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
});
export type UserReviewDto = z.infer<typeof userReviewAnswer>;
