import type { Context } from 'hono';
import type { z } from 'zod';
import { parseQueryString } from '../../../lib/query-string';
import { ApiError, validationError } from './errors';

/** PostgreSQL cannot store NUL characters in text; such input is refused before it reaches a query. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v));
  return false;
}

function refuseNul(value: unknown, where: 'body' | 'query' | 'params'): void {
  if (containsNul(value)) throw new ApiError(400, 'Invalid character in input', { errorPath: where });
}

export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  const text = await c.req.text();
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
