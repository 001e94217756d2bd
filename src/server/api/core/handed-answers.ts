import type { Context } from 'hono';
import { deepFreeze } from '../../../lib/deep-freeze';
import { textWhenRead } from '../../http/html-text';

/**
 * Answers handed over in-process: a storefront page's own API calls (the server's page client) take the answer
 * object a route built instead of its JSON text, so an answer is neither serialised nor parsed again. The response
 * still carries the JSON, written only if something reads its body (a middleware, or a caller that does not ask
 * for the object), so every reader of the response sees what an HTTP client would.
 *
 * What a page takes is the route's own object, possibly one the server keeps between requests (settings, kept
 * search answers, section content): pages must not change it. Where answers are checked (everywhere but a
 * production server, and in the browser journeys, `SHOP_CHECK_ANSWERS=1`), each handed answer is frozen, so a
 * page that writes into one fails its tests, and must be what JSON would carry, so a page sees the same values an
 * HTTP client would (no dates, no undefined in lists, no Maps or class instances, finite numbers only).
 */

const handed = new WeakMap<Response, { answer: unknown }>();

const checking = process.env['NODE_ENV'] !== 'production' || process.env['SHOP_CHECK_ANSWERS'] === '1';

/** Where `value` differs from what its JSON would parse to (null when it does not). */
export function notJsonLike(value: unknown, path = '$'): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path} is ${value}`;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      if (value[index] === undefined) return `${path}[${index}] is undefined`;
      const problem = notJsonLike(value[index], `${path}[${index}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return `${path} is a ${value.constructor?.name ?? 'class instance'}`;
    for (const [key, item] of Object.entries(value)) {
      // JSON leaves an undefined property out: a page reads it as absent either way
      if (item === undefined) continue;
      const problem = notJsonLike(item, `${path}.${key}`);
      if (problem) return problem;
    }
    return null;
  }
  return `${path} is a ${typeof value}`;
}

/** Makes this request's `c.json` hand its answer over (the in-process page client's calls only). */
export function handAnswersOver(c: Context): void {
  const handOver = (object: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>): Response => {
    if (checking) {
      const problem = notJsonLike(object);
      if (problem) throw new Error(`The answer of ${c.req.method} ${c.req.path} is not JSON-like: ${problem}`);
      deepFreeze(object);
    }
    const response = c.body(
      textWhenRead(() => JSON.stringify(object)),
      arg as 200,
      { 'Content-Type': 'application/json', ...headers },
    );
    handed.set(response, { answer: object });
    return response;
  };
  c.json = handOver as unknown as Context['json'];
}

/** The answer object handed over with `response`, if it was. */
export function handedAnswer(response: Response): { answer: unknown } | undefined {
  return handed.get(response);
}
