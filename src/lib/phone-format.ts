/**
 * Phone rule of spec 5 (optional plus, digits, optional bracketed digits, digit groups separated by
 * hyphens or spaces), safe to run on untrusted input on the server.
 *
 * It accepts the same numbers as `phone` in ./validation.ts, but that pattern nests `(?:[ -]?\d+)*`,
 * which backtracks exponentially on a long run of digits followed by a stray character; here only
 * the first group may follow without a separator, and the length is capped before matching.
 */
const PHONE_PATTERN = /^\+?\d+(?:[ -]?\(\d+\))?(?:[ -]?\d+)?(?:[ -]\d+)*$/;

export const MAX_PHONE_LENGTH = 32;

export function isValidPhone(value: string): boolean {
  return value.length <= MAX_PHONE_LENGTH && PHONE_PATTERN.test(value);
}
