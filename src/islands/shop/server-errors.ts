import type { ApiClientError } from '../../lib/api-client';
import { isRecord } from '../../lib/is-record';

type ErrorTree = { errors?: unknown; children?: unknown };

const firstMessage = (errors: unknown): string | null =>
  Array.isArray(errors) && typeof errors[0] === 'string' && errors[0] !== '' ? errors[0] : null;

function collect(tree: ErrorTree, path: string, into: Record<string, string>): void {
  const message = firstMessage(tree.errors);
  if (message && path !== '') into[path] ??= message;
  if (!isRecord(tree.children)) return;
  for (const [key, child] of Object.entries(tree.children)) {
    if (isRecord(child)) collect(child, path === '' ? key : `${path}.${key}`, into);
  }
}

/**
 * The API's field errors (spec 7/8: `errors.children` per field, and `errorPath`) as one message per
 * dotted path, e.g. { 'customer.phone': 'incorrect phone number format', 'items.0.quantity': '…' }.
 */
export function fieldErrorsOf(error: ApiClientError | null | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  const body = error?.data;
  if (!isRecord(body)) return fields;
  if (isRecord(body.errors)) collect(body.errors, '', fields);
  if (typeof body.errorPath === 'string' && body.errorPath !== '' && !(body.errorPath in fields)) {
    fields[body.errorPath] = error?.message ?? '';
  }
  return fields;
}
