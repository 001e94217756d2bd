import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { lt, sql } from 'drizzle-orm';
import { getTranslator } from '../../../lib/i18n';
import type { Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { rateLimits } from '../../db/schema';
import type { AppDeps, AppEnv } from './context';
import { ApiError } from './errors';
import { decide, windowStartOf, type RateDecision, type RateLimitName, type RateRule } from './rate-limit-rules';

/**
 * Request limits whose counters live in the database (table rate_limits), so every instance sharing it
 * counts together. One atomic upsert per key and fixed window; rows of finished windows are deleted now and then.
 *
 * In a route: `await enforceRateLimit(c, 'lead', clientAddress(c))` throws a 429 (spec error shape,
 * Retry-After header) when the client is over the limit. Outside Hono: `consumeRateLimit` + `tooManyRequests`.
 */

export { readRateLimitSettings, type RateLimitName, type RateRule } from './rate-limit-rules';

/** The client address set by the server for every API request (src/server/client-address.ts). */
export function clientAddress(c: { req: { header: (name: string) => string | undefined } }): string {
  return c.req.header('x-shop-client-ip')?.trim() || 'unknown';
}

/** A phone (its digits) or e-mail (lower case) as a rate-limit subject, so spelling variants count together. */
export function contactKey(kind: 'phone' | 'email', value: string | null | undefined): string | null {
  const normalized = kind === 'phone' ? (value ?? '').replace(/\D/g, '') : (value ?? '').trim().toLowerCase();
  return normalized ? `${kind}:${normalized}` : null;
}

/** Subjects (addresses, phones, e-mails) are stored hashed: the table holds no personal data. */
function rateKey(name: string, subject: string): string {
  return `${name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
}

const CLEANUP_INTERVAL_MS = 60_000;
const lastCleanup = new WeakMap<object, number>();

async function deleteFinishedWindows(db: Executor, now: Date): Promise<void> {
  const last = lastCleanup.get(db) ?? 0;
  if (now.getTime() - last < CLEANUP_INTERVAL_MS && now.getTime() >= last) return;
  lastCleanup.set(db, now.getTime());
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now));
}

/** Counts one request under `name` for `subject` and says whether it is within `rule`. */
export async function consumeRateLimit(db: Executor, name: string, subject: string, rule: RateRule, now: Date): Promise<RateDecision> {
  const windowStart = windowStartOf(now, rule);
  const expiresAt = new Date(windowStart.getTime() + rule.windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: rateKey(name, subject), windowStart, hits: 1, expiresAt })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + 1` } })
    .returning({ hits: rateLimits.hits });
  await deleteFinishedWindows(db, now);
  return decide(row!.hits, windowStart, rule, now);
}

/** The 429 answer: spec error shape, a message in the request's language, and Retry-After in seconds. */
export function tooManyRequests(retryAfterSeconds: number, lang: Language): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new ApiError(429, getTranslator(lang)('forms.errors.tooManyRequests', { count: minutes }), {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * Counts one request of `name` for each subject (e.g. the client address, then the customer's phone) and throws
 * the 429 when any of them is over its limit. Missing subjects are skipped; limits switched off count nothing.
 */
export async function checkRateLimit(
  deps: AppDeps,
  lang: Language,
  name: RateLimitName,
  subjects: readonly (string | null | undefined)[],
): Promise<void> {
  const settings = deps.config.rateLimits;
  if (!settings.enabled) return;
  const rule = settings.rules[name];
  const now = deps.now();
  for (const subject of subjects) {
    if (!subject) continue;
    const decision = await consumeRateLimit(deps.db, name, subject, rule, now);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds, lang);
  }
}

/** `checkRateLimit` for a Hono route: `await enforceRateLimit(c, 'lead', clientAddress(c))`. */
export function enforceRateLimit(c: Context<AppEnv>, name: RateLimitName, ...subjects: (string | null | undefined)[]): Promise<void> {
  return checkRateLimit(c.var.deps, c.var.lang, name, subjects);
}
