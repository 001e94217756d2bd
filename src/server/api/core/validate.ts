import type { Context } from 'hono';
import type { z } from 'zod';
import { parseQueryString } from '../../../lib/query-string';
import { ApiError, validationError } from './errors';

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
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(result.error, 'body');
  return result.data;
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(parseQueryString(new URL(c.req.url).search));
  if (!result.success) throw validationError(result.error, 'query');
  return result.data;
}

export function readParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.param());
  if (!result.success) throw validationError(result.error, 'params');
  return result.data;
}
