import type { Context } from 'hono';
import type { z } from 'zod';
import { isLanguage, type Language } from '../../../lib/localize';
import { parseQueryString } from '../../../lib/query-string';
import { ApiError, issueErrorMap, validationError } from './errors';

/** Deeper JSON than any request of the API needs; deeper bodies are refused before parsing. */
export const MAX_JSON_DEPTH = 32;

/**
 * PostgreSQL cannot store NUL characters, nor lone UTF-16 surrogates in jsonb: true when a string
 * holds either.
 */
function hasInvalidCharacter(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/** The path of the first string or key holding an invalid character, or null. Depth is bounded by the caller. */
function pathOfInvalidCharacter(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return hasInvalidCharacter(value) ? path : null;
  if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      if (hasInvalidCharacter(key)) return path;
      const found = pathOfInvalidCharacter(entry, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Refuses input with characters the database cannot store before it reaches a query, as a validation error on that field. */
function refuseInvalidCharacters(value: unknown, where: 'body' | 'query' | 'params'): void {
  const path = pathOfInvalidCharacter(value);
  if (!path) return;
  const field = path.join('.') || where;
  throw new ApiError(400, 'Validation Failed', {
    errorPath: field,
    fieldErrors: { [field]: ['This value contains an invalid character.'] },
  });
}

/** The request's language (the API's middleware sets it; English before it has). */
function requestLanguage(c: Context): Language {
  const lang: unknown = c.var.lang;
  return isLanguage(lang) ? lang : 'en';
}

/**
 * `value` checked against `schema`, or a 400 naming each failing field: zod's default messages in `lang` (the form
 * engine's wording), a schema's own messages as it declares them. `prefix`: where the value sits in the request.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  lang: Language,
  where: 'body' | 'query' | 'params',
  prefix: readonly string[] = [],
): z.infer<S> {
  const result = schema.safeParse(value, { error: issueErrorMap(lang) });
  if (!result.success) throw validationError(result.error, where, prefix);
  return result.data;
}

/** How deeply arrays and objects nest in a JSON text (brackets inside strings do not count). */
export function jsonNestingDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i += 1;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth -= 1;
  }
  return deepest;
}

/** Parses a JSON request body: empty is `{}`; malformed or too deeply nested JSON is a 400. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new ApiError(400, 'The JSON body is nested too deeply', { errorPath: 'body' });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'Malformed JSON body', { errorPath: 'body' });
  }
}

/** application/json, or a JSON-based type such as application/merge-patch+json; any charset. */
const isJsonType = (contentType: string | undefined) => /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType?.trim() ?? '');

/**
 * The JSON body checked against `schema`. A body of any other type is refused with 415 before it is parsed: a
 * cross-site HTML form can post text/plain or form data without the browser asking first, but never JSON.
 */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const json = isJsonType(c.req.header('content-type'));
  const text = await c.req.text();
  if (!json && text !== '') throw new ApiError(415, 'The request body must be JSON (Content-Type: application/json)');
  const raw = parseJsonBody(text);
  refuseInvalidCharacters(raw, 'body');
  return parseInput(schema, raw, requestLanguage(c), 'body');
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const query = parseQueryString(new URL(c.req.url).search);
  refuseInvalidCharacters(query, 'query');
  return parseInput(schema, query, requestLanguage(c), 'query');
}

export function readParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const params = c.req.param();
  refuseInvalidCharacters(params, 'params');
  return parseInput(schema, params, requestLanguage(c), 'params');
}
