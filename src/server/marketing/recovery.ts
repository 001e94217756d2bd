/**
 * Abandoned-checkout recovery: the checkouts a shopper gave an e-mail to (signed in, or typed with consent), the
 * reminders sent when they did not order, the links those carry (restore the cart, unsubscribe: each a token signed
 * for that one purpose) and the orders they brought back.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, gte, inArray, isNotNull, lte, or, type SQL } from 'drizzle-orm';
import { DEFAULT_RECOVERY_SETTINGS, recoverySettingsSchema, type RecoverySettings } from '../../contract/admin/recovery';
import type { Language } from '../../lib/localize';
import type { AppDeps } from '../api/core/context';
import { startPasses, type PassTimers } from '../background';
import type { Executor } from '../db/client';
import { checkoutRecoveries, customers, discountCodes, marketingUnsubscribes, orders, settings } from '../db/schema';
import { enqueueMail } from '../mail/queue';

/** The settings row of recovery; kept beside the shop's settings groups but never sent to the storefront. */
export const RECOVERY_SETTINGS_GROUP = 'checkoutRecovery';
const BATCH = 20;
const DAY_MS = 86_400_000;
/** A checkout idle longer than this gets no first reminder (recovery switched on later does not mail old carts). */
const FIRST_REMINDER_MAX_AGE_MS = 7 * DAY_MS;
const UNSUBSCRIBE_LINK_DAYS = 365;

type Row = typeof checkoutRecoveries.$inferSelect;
export type RecoveryLine = { variationId: string; quantity: number };

const normalEmail = (email: string) => email.trim().toLowerCase();
export const hashRecoveryKey = (key: string) => createHash('sha256').update(key).digest('base64url');

// ---------------------------------------------------------------- settings

export async function loadRecoverySettings(db: Executor): Promise<{ settings: RecoverySettings; version: number }> {
  const [row] = await db.select().from(settings).where(eq(settings.group, RECOVERY_SETTINGS_GROUP));
  if (!row) return { settings: DEFAULT_RECOVERY_SETTINGS, version: 0 };
  const parsed = recoverySettingsSchema.safeParse({ ...DEFAULT_RECOVERY_SETTINGS, ...row.value });
  return { settings: parsed.success ? parsed.data : DEFAULT_RECOVERY_SETTINGS, version: row.version };
}

// ---------------------------------------------------------------- signed links

export type RecoveryPurpose = 'restore' | 'unsubscribe';

/** The signing key of recovery links: derived from the server's token key, so it differs from every other use of it. */
const linkKey = (deps: AppDeps) => createHmac('sha256', deps.jwtKey).update('checkout-recovery-links').digest();

/** `<checkout id>.<purpose>.<expiry, seconds>.<HMAC of the three>`: good for its purpose and checkout only, until it expires. */
export function signRecoveryToken(deps: AppDeps, purpose: RecoveryPurpose, checkoutId: string, expiresAt: Date): string {
  const payload = `${checkoutId}.${purpose}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${createHmac('sha256', linkKey(deps)).update(payload).digest('base64url')}`;
}

/** The checkout a token names, when it is signed by this shop, made for `purpose` and not expired; else null. */
export function verifyRecoveryToken(deps: AppDeps, token: string, purpose: RecoveryPurpose, now: Date): string | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [checkoutId, tokenPurpose, expires, signature] = parts as [string, string, string, string];
  const expected = createHmac('sha256', linkKey(deps)).update(`${checkoutId}.${tokenPurpose}.${expires}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (tokenPurpose !== purpose || !/^\d+$/.test(expires) || Number(expires) * 1000 <= now.getTime()) return null;
  return checkoutId;
}

export function recoveryLinks(deps: AppDeps, checkoutId: string, lang: Language, linkExpiresAt: Date) {
  const base = deps.config.publicUrl;
  const restore = signRecoveryToken(deps, 'restore', checkoutId, linkExpiresAt);
  const unsubscribe = signRecoveryToken(
    deps,
    'unsubscribe',
    checkoutId,
    new Date(linkExpiresAt.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS),
  );
  return {
    restore: `${base}/cart/restore?token=${encodeURIComponent(restore)}&lang=${lang}`,
    unsubscribe: `${base}/unsubscribe?token=${encodeURIComponent(unsubscribe)}&lang=${lang}`,
  };
}

// ---------------------------------------------------------------- the storefront's reports

async function isUnsubscribed(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: marketingUnsubscribes.email })
    .from(marketingUnsubscribes)
    .where(eq(marketingUnsubscribes.email, email));
  return !!row;
}

/**
 * The checkout's cart as it is now, and the shopper's e-mail when the contacts step gives it. A guest's e-mail is
 * kept only with their consent (unticking it forgets the checkout); a signed-in shopper's account e-mail needs none.
 * One open checkout per e-mail: a new browser's checkout takes over the one the address already has. An emptied cart
 * closes the checkout for good (until the contacts step starts it again).
 */
export async function reportCheckout(
  deps: AppDeps,
  input: { key: string; items: RecoveryLine[]; contact?: { email: string | null; consent: boolean } | undefined },
  shopper: { userId: string | null; accountEmail: string | null; lang: Language },
): Promise<boolean> {
  const { settings: config } = await loadRecoverySettings(deps.db);
  if (!config.enabled) return false;
  const now = deps.now();
  const keyHash = hashRecoveryKey(input.key);
  const given = input.contact;
  const contactEmail = given?.email && (given.consent || shopper.userId) ? normalEmail(given.email) : null;
  const email = contactEmail ?? (shopper.accountEmail ? normalEmail(shopper.accountEmail) : null);
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(checkoutRecoveries).where(eq(checkoutRecoveries.keyHash, keyHash)).for('update');
    // consent withdrawn: the shop forgets what it was told
    if (given && !given.consent && !shopper.userId) {
      if (existing?.status === 'open' || existing?.status === 'emptied')
        await tx.delete(checkoutRecoveries).where(eq(checkoutRecoveries.id, existing.id));
      return false;
    }
    if (existing && (existing.status === 'ordered' || existing.status === 'unsubscribed')) return false;
    if (existing && !given) {
      if (existing.status !== 'open') return false;
      if (input.items.length === 0) {
        await tx
          .update(checkoutRecoveries)
          .set({ status: 'emptied', items: [], closedAt: now })
          .where(eq(checkoutRecoveries.id, existing.id));
        return false;
      }
      await tx.update(checkoutRecoveries).set({ items: input.items, activeAt: now }).where(eq(checkoutRecoveries.id, existing.id));
      return true;
    }
    if (!email || input.items.length === 0) {
      if (existing?.status === 'open')
        await tx
          .update(checkoutRecoveries)
          .set({ status: 'emptied', items: [], closedAt: now })
          .where(eq(checkoutRecoveries.id, existing.id));
      return false;
    }
    if (await isUnsubscribed(tx, email)) return false;
    const fresh = { status: 'open', startedAt: now, remindersSent: 0, firstReminderAt: null, secondReminderAt: null, closedAt: null };
    const values = { email, userId: shopper.userId, lang: shopper.lang, items: input.items, activeAt: now };
    if (existing) {
      await tx
        .update(checkoutRecoveries)
        .set({ ...values, ...(existing.status === 'emptied' || existing.email !== email ? fresh : {}) })
        .where(eq(checkoutRecoveries.id, existing.id));
      return true;
    }
    const [other] = await tx
      .select({ id: checkoutRecoveries.id })
      .from(checkoutRecoveries)
      .where(and(eq(checkoutRecoveries.email, email), eq(checkoutRecoveries.status, 'open')))
      .limit(1)
      .for('update');
    if (other) {
      await tx
        .update(checkoutRecoveries)
        .set({ ...values, keyHash })
        .where(eq(checkoutRecoveries.id, other.id));
      return true;
    }
    await tx.insert(checkoutRecoveries).values({ id: randomUUID(), keyHash, ...values, ...fresh });
    return true;
  });
}

/**
 * A reminder's cart link: the cart's lines and a new key for this browser (the checkout follows the shopper to the
 * device they opened the link on). Null for a token that is not a valid restore link.
 */
export async function restoreCheckout(deps: AppDeps, token: string): Promise<{ key: string; items: RecoveryLine[] } | null> {
  const now = deps.now();
  const id = verifyRecoveryToken(deps, token, 'restore', now);
  if (!id) return null;
  const key = randomBytes(24).toString('base64url');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(checkoutRecoveries).where(eq(checkoutRecoveries.id, id)).for('update');
    if (!row) return null;
    if (row.status !== 'ordered' && row.status !== 'unsubscribed')
      await tx
        .update(checkoutRecoveries)
        .set({ keyHash: hashRecoveryKey(key), restoredAt: now, status: 'open', closedAt: null })
        .where(eq(checkoutRecoveries.id, id));
    return { key, items: row.items };
  });
}

/** Whom an unsubscribe link is for (partly hidden) and whether they already are; null for an invalid link. */
export async function unsubscribeTarget(deps: AppDeps, token: string): Promise<{ email: string; unsubscribed: boolean } | null> {
  const id = verifyRecoveryToken(deps, token, 'unsubscribe', deps.now());
  if (!id) return null;
  const [row] = await deps.db.select({ email: checkoutRecoveries.email }).from(checkoutRecoveries).where(eq(checkoutRecoveries.id, id));
  if (!row) return null;
  return { email: maskEmail(row.email), unsubscribed: await isUnsubscribed(deps.db, row.email) };
}

export const maskEmail = (email: string) =>
  email.replace(
    /^(.)(.*)(@.*)$/,
    (_, first: string, rest: string, domain: string) => `${first}${'•'.repeat(Math.min(rest.length, 6))}${domain}`,
  );

/** Unsubscribes the link's address from every marketing mail; its open checkouts are closed. False for an invalid link. */
export async function unsubscribe(deps: AppDeps, token: string): Promise<boolean> {
  const now = deps.now();
  const id = verifyRecoveryToken(deps, token, 'unsubscribe', now);
  if (!id) return false;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ email: checkoutRecoveries.email }).from(checkoutRecoveries).where(eq(checkoutRecoveries.id, id));
    if (!row) return false;
    await tx.insert(marketingUnsubscribes).values({ email: row.email, createdAt: now }).onConflictDoNothing();
    await tx
      .update(checkoutRecoveries)
      .set({ status: 'unsubscribed', closedAt: now })
      .where(and(eq(checkoutRecoveries.email, row.email), inArray(checkoutRecoveries.status, ['open', 'emptied'])));
    return true;
  });
}

// ---------------------------------------------------------------- orders

/**
 * Inside the order's transaction: the shopper's checkouts (this browser's, and every open one of the same e-mail or
 * account) are closed as ordered. The order is recovered revenue when this browser's checkout was restored from a
 * reminder's link within the attribution window.
 */
export async function closeCheckoutsOnOrder(
  tx: Executor,
  order: { id: string; totalCents: number; currency: string; email: string | null; userId: string | null; recoveryKey: string | null },
  now: Date,
): Promise<void> {
  const mine = order.recoveryKey ? eq(checkoutRecoveries.keyHash, hashRecoveryKey(order.recoveryKey)) : undefined;
  const sameShopper = [
    ...(order.email ? [eq(checkoutRecoveries.email, normalEmail(order.email))] : []),
    ...(order.userId ? [eq(checkoutRecoveries.userId, order.userId)] : []),
  ];
  const open = sameShopper.length ? and(inArray(checkoutRecoveries.status, ['open', 'emptied']), or(...sameShopper)) : undefined;
  const which = mine && open ? or(mine, open) : (mine ?? open);
  if (!which) return;
  const rows = await tx.select().from(checkoutRecoveries).where(which).for('update');
  if (rows.length === 0) return;
  const { settings: config } = await loadRecoverySettings(tx);
  for (const row of rows) {
    if (row.status === 'ordered' || row.status === 'unsubscribed') continue;
    const fromLink =
      !!order.recoveryKey &&
      row.keyHash === hashRecoveryKey(order.recoveryKey) &&
      row.remindersSent > 0 &&
      row.restoredAt !== null &&
      now.getTime() - row.restoredAt.getTime() <= config.attributionDays * DAY_MS;
    await tx
      .update(checkoutRecoveries)
      .set({
        status: 'ordered',
        orderId: order.id,
        closedAt: now,
        ...(fromLink ? { recoveredCents: order.totalCents, currency: order.currency } : {}),
      })
      .where(eq(checkoutRecoveries.id, row.id));
  }
}

// ---------------------------------------------------------------- reminders

/** An order of this shopper placed since the checkout started (by their account, or their customer record's e-mail). */
async function orderSince(tx: Executor, row: Row): Promise<string | null> {
  const byCustomer = tx.select({ id: customers.id }).from(customers).where(eq(customers.email, row.email));
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        or(inArray(orders.customerId, byCustomer), ...(row.userId ? [eq(orders.userId, row.userId)] : [])),
        gte(orders.createdAt, row.startedAt),
      ),
    )
    .limit(1);
  return order?.id ?? null;
}

/** The code of a discount chosen for a reminder, when it can still be used. */
async function usableCode(tx: Executor, id: string | null, now: Date): Promise<string | null> {
  if (!id) return null;
  const [code] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!code?.enabled) return null;
  if ((code.startsAt && code.startsAt > now) || (code.expiresAt && code.expiresAt <= now)) return null;
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) return null;
  return code.code;
}

export type RecoveryPassResult = { queued: number; closed: number };

/**
 * One pass: every checkout due for its first or second reminder is claimed with `for update skip locked` (so
 * instances never take the same one), checked once more (ordered since it started, unsubscribed, emptied: closed
 * instead) and its reminder queued in the same transaction that counts it as sent. A reminder is therefore queued
 * exactly once, whichever instance claims it and whatever restarts in between; the mail queue sends it at most once.
 */
export async function runRecoveryPass(deps: AppDeps, now: Date = deps.now()): Promise<RecoveryPassResult> {
  const result: RecoveryPassResult = { queued: 0, closed: 0 };
  const { settings: config } = await loadRecoverySettings(deps.db);
  if (!config.enabled) return result;
  const minute = deps.config.recoveryMinuteMs;
  const stages: { stage: 1 | 2; due: SQL; order: SQL }[] = [
    {
      stage: 1,
      due: and(
        eq(checkoutRecoveries.status, 'open'),
        eq(checkoutRecoveries.remindersSent, 0),
        lte(checkoutRecoveries.activeAt, new Date(now.getTime() - config.firstDelayMinutes * minute)),
        gt(checkoutRecoveries.activeAt, new Date(now.getTime() - FIRST_REMINDER_MAX_AGE_MS)),
      )!,
      order: asc(checkoutRecoveries.activeAt),
    },
    ...(config.secondDelayMinutes > 0
      ? [
          {
            stage: 2 as const,
            due: and(
              eq(checkoutRecoveries.status, 'open'),
              eq(checkoutRecoveries.remindersSent, 1),
              isNotNull(checkoutRecoveries.firstReminderAt),
              lte(checkoutRecoveries.firstReminderAt, new Date(now.getTime() - config.secondDelayMinutes * minute)),
            )!,
            order: asc(checkoutRecoveries.firstReminderAt),
          },
        ]
      : []),
  ];
  for (const { stage, due, order } of stages) {
    for (;;) {
      const claimed = await deps.db.transaction(async (tx) => {
        const rows = await tx.select().from(checkoutRecoveries).where(due).orderBy(order).limit(BATCH).for('update', { skipLocked: true });
        for (const row of rows) {
          const close = (status: string, extra: Partial<Row> = {}) =>
            tx
              .update(checkoutRecoveries)
              .set({ status, closedAt: now, ...extra })
              .where(eq(checkoutRecoveries.id, row.id));
          if (row.items.length === 0) {
            await close('emptied');
            result.closed += 1;
            continue;
          }
          if (await isUnsubscribed(tx, row.email)) {
            await close('unsubscribed');
            result.closed += 1;
            continue;
          }
          const ordered = await orderSince(tx, row);
          if (ordered) {
            await close('ordered', { orderId: ordered });
            result.closed += 1;
            continue;
          }
          const discountCode = await usableCode(tx, stage === 1 ? config.firstDiscountCodeId : config.secondDiscountCodeId, now);
          await enqueueMail(
            tx,
            [
              {
                template: stage === 1 ? 'checkout-reminder' : 'checkout-reminder-second',
                to: row.email,
                lang: row.lang === 'ru' ? 'ru' : 'en',
                data: { checkoutId: row.id, discountCode, linkExpiresAt: new Date(now.getTime() + config.linkDays * DAY_MS).toISOString() },
              },
            ],
            now,
          );
          await tx
            .update(checkoutRecoveries)
            .set(stage === 1 ? { remindersSent: 1, firstReminderAt: now } : { remindersSent: 2, secondReminderAt: now })
            .where(eq(checkoutRecoveries.id, row.id));
          result.queued += 1;
        }
        return rows.length;
      });
      if (claimed < BATCH) break;
    }
  }
  return result;
}

/** Every instance that sends mail runs the pass once a minute (RECOVERY_MINUTE_MS). */
export function startRecoveryWorker(deps: AppDeps, timers: PassTimers, intervalMs = deps.config.recoveryMinuteMs) {
  return startPasses({
    pass: () => runRecoveryPass(deps),
    fallback: { queued: 0, closed: 0 },
    onError: (err) => deps.logger.warn({ err }, 'checkout reminders pass failed; retrying on the next pass'),
    timers,
    intervalMs,
  });
}

/** The checkout a reminder is about, for its mail. */
export async function reminderCheckout(db: Executor, id: string): Promise<Row | null> {
  const [row] = await db.select().from(checkoutRecoveries).where(eq(checkoutRecoveries.id, id));
  return row ?? null;
}

/** A reminder goes out only while its checkout is still open (an order or unsubscribe since it was queued stops it). */
export const stillReminding = (row: Row) => row.status === 'open' && row.items.length > 0;

/** Orders counted as recovered since `from`. */
export const recoveredSince = (from: Date) => and(isNotNull(checkoutRecoveries.recoveredCents), gte(checkoutRecoveries.closedAt, from));
