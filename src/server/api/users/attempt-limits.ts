import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginThrottle } from '../../db/schema';
import { ApiError, errorBody } from '../core/errors';

/** At most `limit` counted attempts per `windowMs` under one key, in the shared login_throttle table. */
export type AttemptLimit = { limit: number; windowMs: number };

const MINUTE_MS = 60_000;

export const SIGN_IN_LIMITS = {
  perAccount: { limit: 5, windowMs: 15 * MINUTE_MS },
  perAddress: { limit: 20, windowMs: 15 * MINUTE_MS },
} as const satisfies Record<string, AttemptLimit>;

export const accountKey = (email: string) => `account:${email}`;
export const addressKey = (address: string | undefined) => `ip:${address?.trim() || 'unknown'}`;
export const resetRequestKey = (userId: string) => `password-reset:${userId}`;

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

type Counted = { allowed: true } | { allowed: false; retryAt: Date };

/**
 * Counts one attempt under `key`, atomically, so parallel requests on any instance cannot slip past the limit.
 * A refused attempt is not counted. A window that is over (and no longer locked) starts afresh.
 */
export async function countAttempt(db: Executor, key: string, rule: AttemptLimit, now: Date): Promise<Counted> {
  const stale = sql`(${loginThrottle.windowStartedAt} <= ${timestamp(new Date(now.getTime() - rule.windowMs))}
    and (${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= ${timestamp(now)}))`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${stale} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${stale} then ${timestamp(now)} else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${stale} then null else ${loginThrottle.lockedUntil} end`,
      },
    })
    .returning();
  const locked = row!.lockedUntil !== null && row!.lockedUntil > now;
  if (row!.failures <= rule.limit && !locked) return { allowed: true };
  await uncountAttempt(db, key);
  const windowEnd = new Date(row!.windowStartedAt.getTime() + rule.windowMs);
  return { allowed: false, retryAt: locked ? row!.lockedUntil! : windowEnd };
}

/** Takes back an attempt counted by countAttempt (it turned out to be refused or successful). */
export async function uncountAttempt(db: Executor, key: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}

/** After a failed attempt: once the limit is reached, the key stays locked for a whole window from now. */
async function lockWhenLimitReached(db: Executor, key: string, rule: AttemptLimit, now: Date): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ lockedUntil: new Date(now.getTime() + rule.windowMs) })
    .where(and(
      eq(loginThrottle.key, key),
      gte(loginThrottle.failures, rule.limit),
      or(isNull(loginThrottle.lockedUntil), lte(loginThrottle.lockedUntil, now)),
    ));
}

export async function clearAttempts(db: Executor, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** 429 in the error shape, with Retry-After. */
function tooManyAttemptsResponse(retryAt: Date, now: Date): Response {
  const waitMs = Math.max(0, retryAt.getTime() - now.getTime());
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE_MS));
  const error = new ApiError(429, `Too many sign-in attempts, try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  return Response.json(errorBody(error), {
    status: 429,
    headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}

export type Counter = { key: string; rule: AttemptLimit; clearOnSuccess: boolean };

/** A password check in progress, already counted against every limit that applies to it. */
export type PasswordAttempt = { succeeded(): Promise<void>; failed(): Promise<void> };

/**
 * Counts a password check against each counter, in order, before the password is looked at.
 * When a counter is over its limit, nothing stays counted and the answer is the 429 response to send.
 */
export async function beginPasswordAttempt(db: Executor, counters: Counter[], now: Date): Promise<PasswordAttempt | Response> {
  const counted: Counter[] = [];
  for (const counter of counters) {
    const result = await countAttempt(db, counter.key, counter.rule, now);
    if (!result.allowed) {
      for (const earlier of counted) await uncountAttempt(db, earlier.key);
      return tooManyAttemptsResponse(result.retryAt, now);
    }
    counted.push(counter);
  }
  return {
    async succeeded() {
      for (const c of counters) await (c.clearOnSuccess ? clearAttempts(db, c.key) : uncountAttempt(db, c.key));
    },
    async failed() {
      for (const c of counters) await lockWhenLimitReached(db, c.key, c.rule, now);
    },
  };
}

/** The counters of a sign-in: the account's failures and the client address's failures. */
export function signInCounters(email: string, clientAddress: string | undefined): Counter[] {
  return [
    { key: accountKey(email), rule: SIGN_IN_LIMITS.perAccount, clearOnSuccess: true },
    { key: addressKey(clientAddress), rule: SIGN_IN_LIMITS.perAddress, clearOnSuccess: false },
  ];
}
