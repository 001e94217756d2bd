import { type SQL, and, eq, gte, isNull, like, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginThrottle } from '../../db/schema';
import { ApiError, errorBody } from '../core/errors';

/** At most `limit` counted attempts per `windowMs` under one key, in the shared login_throttle table. */
export type AttemptLimit = { limit: number; windowMs: number };

/**
 * Failures are free up to `freeFailures`; from then on each attempt must wait after the previous one, twice as
 * long each time from `firstDelayMs` up to `maxDelayMs`. The count is forgotten `forgetAfterMs` after the last
 * attempt. Unlike a lock-out this never shuts the key out for long, yet allows only a trickle of guesses.
 */
export type ProgressiveDelay = { freeFailures: number; firstDelayMs: number; maxDelayMs: number; forgetAfterMs: number };

const SECOND_MS = 1000;
const MINUTE_MS = 60_000;

/**
 * Why three counters: a stranger's wrong passwords must not shut the owner out, and no one address may shut anyone
 * out. So the steep delay is per account *and* address (it only slows whoever is guessing from there), the account
 * as a whole gets a gentle, short delay only after many failures from several addresses (a distributed attack),
 * and each address has a plain limit on failures over all accounts.
 */
export const SIGN_IN_LIMITS = {
  perAccountAndAddress: { freeFailures: 5, firstDelayMs: 30 * SECOND_MS, maxDelayMs: 15 * MINUTE_MS, forgetAfterMs: 60 * MINUTE_MS },
  perAccount: { freeFailures: 20, firstDelayMs: SECOND_MS, maxDelayMs: MINUTE_MS, forgetAfterMs: 15 * MINUTE_MS },
  perAddress: { limit: 20, windowMs: 15 * MINUTE_MS },
} as const satisfies Record<string, AttemptLimit | ProgressiveDelay>;

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

/**
 * Counts one attempt under a progressive delay, atomically: refused while the key must still wait, otherwise counted
 * as a failure at once (with the wait the next attempt will need), so attempts arriving together cannot all pass.
 */
async function countDelayedAttempt(db: Executor, key: string, rule: ProgressiveDelay, now: Date): Promise<Counted> {
  const forgotten = sql`${loginThrottle.windowStartedAt} <= ${timestamp(new Date(now.getTime() - rule.forgetAfterMs))}`;
  const failures = sql`(case when ${forgotten} then 1 else ${loginThrottle.failures} + 1 end)`;
  const nextAllowedAt = (count: SQL) => sql`case when ${count} < ${rule.freeFailures} then null else
    to_timestamp((${now.getTime()}::double precision
      + least(${rule.firstDelayMs}::double precision * power(2, ${count} - ${rule.freeFailures}), ${rule.maxDelayMs})) / 1000) end`;
  const first = rule.freeFailures <= 1 ? new Date(now.getTime() + rule.firstDelayMs) : null;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: first })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: { failures, windowStartedAt: now, lockedUntil: sql`${nextAllowedAt(failures)}` },
      setWhere: or(isNull(loginThrottle.lockedUntil), lte(loginThrottle.lockedUntil, now)),
    })
    .returning({ failures: loginThrottle.failures });
  if (row) return { allowed: true };
  const [current] = await db.select({ lockedUntil: loginThrottle.lockedUntil }).from(loginThrottle).where(eq(loginThrottle.key, key));
  return { allowed: false, retryAt: current?.lockedUntil ?? now };
}

/** After a failed attempt: once the limit is reached, the key stays locked for a whole window from now. */
async function lockWhenLimitReached(db: Executor, key: string, rule: AttemptLimit, now: Date): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ lockedUntil: new Date(now.getTime() + rule.windowMs) })
    .where(
      and(
        eq(loginThrottle.key, key),
        gte(loginThrottle.failures, rule.limit),
        or(isNull(loginThrottle.lockedUntil), lte(loginThrottle.lockedUntil, now)),
      ),
    );
}

export async function clearAttempts(db: Executor, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** 429 in the error shape, with Retry-After. */
function tooManyAttemptsResponse(retryAt: Date, now: Date): Response {
  const waitSeconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(waitSeconds / 60);
  const wait =
    waitSeconds < 60 ? `${waitSeconds} ${waitSeconds === 1 ? 'second' : 'seconds'}` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const error = new ApiError(429, `Too many sign-in attempts, try again in ${wait}`);
  return Response.json(errorBody(error), { status: 429, headers: { 'retry-after': String(waitSeconds) } });
}

/** One limit a password check counts against; progressive delays are always cleared by a success. */
export type Counter = { key: string; rule: AttemptLimit | ProgressiveDelay; clearOnSuccess: boolean };

const isDelay = (rule: Counter['rule']): rule is ProgressiveDelay => 'freeFailures' in rule;

/** A password check in progress, already counted against every limit that applies to it. */
export type PasswordAttempt = { succeeded(): Promise<void>; failed(): Promise<void> };

/** Takes back an attempt of a progressive delay: it was allowed, so the key was not waiting before it. */
async function uncountDelayedAttempt(db: Executor, key: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, lockedUntil: null })
    .where(eq(loginThrottle.key, key));
}

/**
 * Counts a password check against each counter, in order, before the password is looked at.
 * When a counter refuses, nothing stays counted and the answer is the 429 response to send.
 */
export async function beginPasswordAttempt(db: Executor, counters: Counter[], now: Date): Promise<PasswordAttempt | Response> {
  const counted: Counter[] = [];
  for (const counter of counters) {
    const result = isDelay(counter.rule)
      ? await countDelayedAttempt(db, counter.key, counter.rule, now)
      : await countAttempt(db, counter.key, counter.rule, now);
    if (!result.allowed) {
      for (const earlier of counted) {
        await (isDelay(earlier.rule) ? uncountDelayedAttempt(db, earlier.key) : uncountAttempt(db, earlier.key));
      }
      return tooManyAttemptsResponse(result.retryAt, now);
    }
    counted.push(counter);
  }
  return {
    async succeeded() {
      for (const c of counters) {
        await (c.clearOnSuccess || isDelay(c.rule) ? clearAttempts(db, c.key) : uncountAttempt(db, c.key));
      }
    },
    async failed() {
      // a progressive delay counted the failure when the attempt began
      for (const c of counters) if (!isDelay(c.rule)) await lockWhenLimitReached(db, c.key, c.rule, now);
    },
  };
}

/**
 * The counters of a sign-in: failures from the client address over all accounts, the account's failures from
 * everywhere, and the account's failures from this address. `kind` keeps staff and customer accounts apart.
 */
export function signInCounters(email: string, clientAddress: string | undefined, kind: 'account' | 'staff' = 'account'): Counter[] {
  const account = kind === 'account' ? accountKey(email) : `${kind}:${email}`;
  return [
    { key: addressKey(clientAddress), rule: SIGN_IN_LIMITS.perAddress, clearOnSuccess: false },
    { key: account, rule: SIGN_IN_LIMITS.perAccount, clearOnSuccess: true },
    { key: `${account}|${addressKey(clientAddress)}`, rule: SIGN_IN_LIMITS.perAccountAndAddress, clearOnSuccess: true },
  ];
}

/** Forgets an account's failures from everywhere (its password was just reset by the mailbox owner). */
export async function clearAccountAttempts(db: Executor, email: string): Promise<void> {
  const escaped = `${accountKey(email)}|`.replace(/[\\%_]/g, (char) => `\\${char}`);
  await db.delete(loginThrottle).where(or(eq(loginThrottle.key, accountKey(email)), like(loginThrottle.key, `${escaped}%`)));
}
