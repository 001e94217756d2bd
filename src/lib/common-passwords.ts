import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common passwords (ranked by how often they appear in leaks) are refused. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Set<string> | undefined;

/** Whether a new password is among the most common ones (compared in lower case, ignoring surrounding spaces). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}
