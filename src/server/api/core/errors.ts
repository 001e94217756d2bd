import type { ZodError } from 'zod';

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

export function validationError(zodError: ZodError, where: 'body' | 'query' | 'params'): ApiError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of zodError.issues) {
    const path = issue.path.map(String).join('.') || where;
    (fieldErrors[path] ??= []).push(issue.message);
  }
  const first = zodError.issues[0];
  return new ApiError(400, 'Validation Failed', {
    errorPath: first ? first.path.map(String).join('.') || where : where,
    fieldErrors,
  });
}
