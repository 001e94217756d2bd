import type { z, ZodError } from 'zod';
import { forms as formsEn } from '../../../../locales/en.json';
import { forms as formsRu } from '../../../../locales/ru.json';
import { dictionaryTranslator, type TextKey } from '../../../lib/dictionary';
import { issueMessageKey, readMessage } from '../../../lib/issue-messages';
import type { Language } from '../../../lib/localize';

/** Symfony-style form errors: a list for the form and `children` per field, nested like the payload. */
export type FormErrors = { errors: string[]; children: Record<string, FormErrors> };

/** The error body every failing API call answers with (spec sections 7 and 8). */
export type ApiErrorBody = {
  success: false;
  status: number;
  message: string;
  errorCode?: number;
  errorPath?: string;
  errors: FormErrors;
  detail: { message: string };
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: {
      errorCode?: number;
      errorPath?: string;
      fieldErrors?: Record<string, string[]>;
      /** headers the answer carries, e.g. Retry-After of a 429 */
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new ApiError(404, message);
export const unauthorized = (message = 'Authentication required') => new ApiError(401, message);
export const forbidden = (message = 'Access denied') => new ApiError(403, message);

/** A 400 with messages on named fields; `path` uses dots for nesting (`profile.firstName`). */
export function fieldError(path: string, message: string, status = 400): ApiError {
  return new ApiError(status, message, { errorPath: path, fieldErrors: { [path]: [message] } });
}

/** 400 naming several fields, each with its messages; the first field's first message is the error's own. */
export function fieldErrorsOf(entries: readonly (readonly [path: string, message: string])[]): ApiError {
  const fieldErrors: Record<string, string[]> = {};
  for (const [path, message] of entries) (fieldErrors[path] ??= []).push(message);
  const [firstPath, firstMessage] = entries[0]!;
  return new ApiError(400, firstMessage, { errorPath: firstPath, fieldErrors });
}

export function emptyFormErrors(): FormErrors {
  return { errors: [], children: {} };
}

export function addFieldError(root: FormErrors, path: (string | number)[], message: string): void {
  if (path.length === 0) {
    root.errors.push(message);
    return;
  }
  let node = root;
  for (const segment of path) {
    const key = String(segment);
    node.children[key] ??= emptyFormErrors();
    node = node.children[key];
  }
  node.errors.push(message);
}

export function errorBody(error: ApiError): ApiErrorBody {
  const errors = emptyFormErrors();
  for (const [path, messages] of Object.entries(error.extra.fieldErrors ?? {})) {
    for (const m of messages) addFieldError(errors, path.split('.'), m);
  }
  if (!error.extra.fieldErrors) errors.errors.push(error.message);
  return {
    success: false,
    status: error.status,
    message: error.message,
    ...(error.extra.errorCode !== undefined ? { errorCode: error.extra.errorCode } : {}),
    ...(error.extra.errorPath !== undefined ? { errorPath: error.extra.errorPath } : {}),
    errors,
    detail: { message: error.message },
  };
}

type IssueMessageKey = TextKey<typeof formsEn.errors>;
const issueMessages = { en: formsEn.errors, ru: formsRu.errors };
const errorMaps = new Map<Language, z.core.$ZodErrorMap>();

/**
 * A parse's error map giving zod's default issues their message in `lang` (the form engine's mapping, with plural
 * forms); a message a schema declares itself (`.max(10, '…')`, a refinement's) wins over it, as zod asks a schema's
 * own message first.
 */
export function issueErrorMap(lang: Language): z.core.$ZodErrorMap {
  let map = errorMaps.get(lang);
  if (!map) {
    const translate = dictionaryTranslator(issueMessages, lang);
    map = (issue) => {
      const { key, values } = readMessage(issueMessageKey(issue, issue.input));
      return translate(key.replace('forms.errors.', '') as IssueMessageKey, values);
    };
    errorMaps.set(lang, map);
  }
  return map;
}

/**
 * A 400 with a message per field of a failed parse. `prefix` is where the parsed value sits in the request (the
 * messages name the field's full path); a key an object does not declare gets its message on that key's path.
 */
export function validationError(zodError: ZodError, where: 'body' | 'query' | 'params', prefix: readonly string[] = []): ApiError {
  const fieldErrors: Record<string, string[]> = {};
  const paths: string[] = [];
  const add = (segments: readonly PropertyKey[], message: string) => {
    const path = [...prefix, ...segments.map(String)].join('.') || where;
    paths.push(path);
    (fieldErrors[path] ??= []).push(message);
  };
  for (const issue of zodError.issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) add([...issue.path, key], issue.message);
    else add(issue.path, issue.message);
  }
  return new ApiError(400, 'Validation Failed', { errorPath: paths[0] ?? where, fieldErrors });
}
