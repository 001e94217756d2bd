import { z } from 'zod';
import { languageSchema, staffRoleSchema } from './common';

export const staffSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  lang: languageSchema,
});
export type Staff = z.infer<typeof staffSchema>;

/** POST /session */
export const signInBodySchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'This value should not be blank.').max(254),
  password: z.string().min(1, 'This value should not be blank.').max(200),
});

/** POST /session and GET /session */
export const sessionAnswerSchema = z.strictObject({ staff: staffSchema });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

export const STAFF_PASSWORD_MIN_LENGTH = 12;

/** The characters of a password that count towards its length: spaces and other whitespace do not. */
export const staffPasswordLength = (password: string) => [...password.replace(/\s/gu, '')].length;

/**
 * A new staff password: at least STAFF_PASSWORD_MIN_LENGTH characters besides whitespace, at most 200. The server
 * also refuses the most common passwords, as for customers (`isCommonPassword`; the list stays out of the back
 * office's bundle).
 */
export const staffPasswordSchema = z
  .string()
  .max(200)
  .refine(
    (password) => staffPasswordLength(password) >= STAFF_PASSWORD_MIN_LENGTH,
    `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`,
  );

/** POST /session/password: 204; every other session of the staff member is revoked. */
export const passwordChangeBodySchema = z.object({
  currentPassword: z.string().min(1, 'This value should not be blank.').max(200),
  newPassword: staffPasswordSchema,
});
