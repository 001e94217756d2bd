import type { Context } from 'hono';
import type { z } from 'zod';
import { parseQueryString } from '../../../lib/query-string';
import { ApiError, validationError } from './errors';

/** PostgreSQL cannot store NUL characters in text: the path of the first value holding one, or null. */
function pathOfNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      if (key.includes('\u0000')) return path;
      const found = pathOfNul(entry, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Refuses input with NUL characters before it reaches a query, as a validation error on that field. */
function refuseNul(value: unknown, where: 'body' | 'query' | 'params'): void {
  const path = pathOfNul(value);
  if (!path) return;
  const field = path.join('.') || where;
  throw new ApiError(400, 'Validation Failed', {
    errorPath: field,
    fieldErrors: { [field]: ['This value contains an invalid character.'] },
  });
}

/** application/json, or a JSON-based type such as application/merge-patch+json; any charset. */
const isJsonType = (contentType: string | undefined) => /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType?.trim() ?? '');

/**
 * The JSON body checked against `schema`. A body of any other type is refused with 415 before it is parsed: a
 * cross-site HTML form can post text/plain or form data without the browser asking first, but never JSON.
 */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  const json = isJsonType(c.req.header('content-type'));
  const text = await c.req.text();
  if (!json && text !== '') throw new ApiError(415, 'The request body must be JSON (Content-Type: application/json)');
  if (text.trim() === '') raw = {};
  else {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'Malformed JSON body', { errorPath: 'body' });
    }
  }
  refuseNul(raw, 'body');
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(result.error, 'body');
  return result.data;
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const query = parseQueryString(new URL(c.req.url).search);
  refuseNul(query, 'query');
  const result = schema.safeParse(query);
  if (!result.success) throw validationError(result.error, 'query');
  return result.data;
}

export function readParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const params = c.req.param();
  refuseNul(params, 'params');
  const result = schema.safeParse(params);
  if (!result.success) throw validationError(result.error, 'params');
  return result.data;
}
