/**
 * The one mapping of a schema issue (a zod issue, read without importing zod) to a localized message key of
 * `forms.errors` with its placeholder values: used by the browser's form engine (./form-engine, `schemaRules`) and by
 * the API's validation errors (src/server/api/core), so both say the same thing in the same words and languages.
 */
import { isRecord } from './is-record';
import { noEmpty } from './validation';

/**
 * What the mapping reads of an issue: its `code` and, for sizes and formats, `origin`, `maximum`, `minimum`,
 * `inclusive` and `format`.
 */
export type SchemaIssue = {
  readonly code?: string;
  readonly origin?: string;
  readonly maximum?: unknown;
  readonly minimum?: unknown;
  readonly inclusive?: boolean;
  readonly format?: string;
};

type MessageValues = Record<string, string | number>;

/** Message keys take their placeholders' values in one string ('forms.errors.tooLong {"count":2000}'). */
const messageWithValues = (key: string, values: MessageValues): string => `${key} ${JSON.stringify(values)}`;

/** The key (or plain text) of a message and the values of its placeholders. */
export function readMessage(message: string): { key: string; values: MessageValues } {
  const match = /^(forms\.errors\.\w+) (\{.*\})$/.exec(message);
  if (!match) return { key: message, values: {} };
  try {
    const values: unknown = JSON.parse(match[2] as string);
    if (isRecord(values)) return { key: match[1] as string, values: values as MessageValues };
  } catch {
    // not a message with values: plain text that happens to look like one
  }
  return { key: message, values: {} };
}

const INVALID_VALUE_KEY = 'forms.errors.invalid';

const size = (bound: unknown): number | null => (typeof bound === 'number' || typeof bound === 'bigint' ? Number(bound) : null);

/**
 * The message of one of zod's default issues, as a key of `forms.errors` with its values (too long and too short
 * with plural forms, number bounds, formats, a missing value), so no text of zod's (English only) reaches anyone.
 * `value` is the value the issue is about (a missing one is 'should not be blank').
 */
export function issueMessageKey(issue: SchemaIssue, value: unknown): string {
  const { origin, inclusive = true } = issue;
  const items = origin === 'array' || origin === 'set';
  const number = origin === 'number' || origin === 'int' || origin === 'bigint';
  if (issue.code === 'too_big') {
    const max = size(issue.maximum);
    if (max !== null && (origin === 'string' || items)) {
      const count = inclusive ? max : max - 1;
      return messageWithValues(origin === 'string' ? 'forms.errors.tooLong' : 'forms.errors.tooManyItems', { count });
    }
    if (max !== null && number) return messageWithValues(inclusive ? 'forms.errors.numberTooBig' : 'forms.errors.numberLessThan', { max });
  }
  if (issue.code === 'too_small') {
    const min = size(issue.minimum);
    if (min !== null && (origin === 'string' || items)) {
      const count = inclusive ? min : min + 1;
      return messageWithValues(origin === 'string' ? 'forms.errors.tooShort' : 'forms.errors.tooFewItems', { count });
    }
    if (min !== null && number)
      return messageWithValues(inclusive ? 'forms.errors.numberTooSmall' : 'forms.errors.numberGreaterThan', { min });
  }
  if (issue.code === 'invalid_format') return issue.format === 'email' ? 'forms.errors.email' : 'forms.errors.invalidFormat';
  if (issue.code === 'invalid_type') return noEmpty(value) ?? INVALID_VALUE_KEY;
  if (issue.code === 'unrecognized_keys') return 'forms.errors.unexpectedField';
  return INVALID_VALUE_KEY;
}

/**
 * A schema's `error` for its type issue only (`z.string({ error: typeMessage(BLANK) })`): a plain message given
 * there would also answer every issue of the schema's checks without a message of their own (a too long value
 * would be 'should not be blank'), which then keep the default, localized message.
 */
export const typeMessage =
  (message: string) =>
  (issue: { readonly code?: string }): string | undefined =>
    issue.code === 'invalid_type' ? message : undefined;
