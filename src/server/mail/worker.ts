import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../api/core/context';
import { startPasses } from '../background';
import { queueBackInStockAlerts } from '../back-in-stock-alerts';
import { mailQueue } from '../db/schema';
import { MAIL_CLAIM_MS, MAX_MAIL_ATTEMPTS, retryDelayMs } from './backoff';
import { isLanguage } from '../../lib/localize';
import { shopSender } from './sender';
import { renderQueuedMail } from './templates';

export type MailWorkerTimers = {
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

const nodeTimers: MailWorkerTimers = {
  setInterval: (run, ms) => setInterval(run, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export const MAIL_POLL_MS = 2000;
const BATCH = 20;

type MailRow = typeof mailQueue.$inferSelect;

/**
 * Claims due mail for this worker: `for update skip locked` lets every instance claim at once without taking the
 * same rows, and the claim pushes the rows' due time ahead, so a worker that dies mid-send leaves them due again.
 */
async function claimDue(deps: AppDeps, now: Date): Promise<MailRow[]> {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, now)))
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailQueue)
      .set({ attempts: sql`${mailQueue.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + MAIL_CLAIM_MS) })
      .where(
        inArray(
          mailQueue.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** A secret a mail carries (an invitation's token) is dropped once the mail is sent or given up. */
function withoutSecret(row: MailRow): { data?: Record<string, unknown> } {
  if (!('secretToken' in row.data)) return {};
  const { secretToken: _dropped, ...data } = row.data;
  return { data };
}

export type DeliveryResult = { sent: number; retried: number; failed: number };

/** What a mail left `sending` by a worker that stopped mid-send is marked with. */
export const INTERRUPTED_MAIL_ERROR = 'interrupted while sending; not sent again (it may have been delivered)';

/**
 * The mail's Message-ID, the same on every attempt: `<queue row id@the shop's host>`. Mail clients and many servers
 * treat two messages with one Message-ID as one, so a copy sent again by hand is recognised as the same mail.
 */
export const messageIdOf = (deps: AppDeps, mailId: string) => `<${mailId}@${new URL(deps.config.publicUrl).hostname}>`;

/**
 * A mail a worker marked `sending` and never settled (the instance died between handing it to the mail server and
 * recording the result) is not sent again: the server may have accepted it. Once its claim has run out it is marked
 * failed and logged, for a person to check.
 */
async function settleInterrupted(deps: AppDeps, now: Date): Promise<number> {
  const interrupted = await deps.db
    .update(mailQueue)
    .set({ status: 'failed', lastError: INTERRUPTED_MAIL_ERROR })
    .where(and(eq(mailQueue.status, 'sending'), lte(mailQueue.nextAttemptAt, now)))
    .returning({ id: mailQueue.id, template: mailQueue.template });
  for (const mail of interrupted)
    deps.logger.error({ mailId: mail.id, template: mail.template }, 'mail interrupted while sending; not sent again');
  return interrupted.length;
}

/**
 * One pass: sends every due mail at most once; failures are retried later with backoff and given up after
 * MAX_MAIL_ATTEMPTS. Each mail is marked `sending` (committed) before it is handed to the mail server and `sent`
 * after, so a worker dying in between never leads to a second copy (see settleInterrupted).
 */
export async function deliverDueMail(deps: AppDeps, now: Date = deps.now()): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
  result.failed += await settleInterrupted(deps, now);
  for (;;) {
    const rows = await claimDue(deps, now);
    if (rows.length === 0) return result;
    for (const row of rows) {
      try {
        const rendered = await renderQueuedMail(deps, row);
        if (rendered) {
          const [marked] = await deps.db
            .update(mailQueue)
            .set({ status: 'sending' })
            .where(and(eq(mailQueue.id, row.id), eq(mailQueue.status, 'pending')))
            .returning({ id: mailQueue.id });
          // settled meanwhile by another worker whose claim this one outlived: nothing to send
          if (!marked) continue;
          const sender = await shopSender(deps, isLanguage(row.lang) ? row.lang : 'en');
          await deps.mailer.send({ to: row.to, ...rendered, ...sender, messageId: messageIdOf(deps, row.id) });
        }
        await deps.db
          .update(mailQueue)
          .set({ status: 'sent', sentAt: now, lastError: null, ...withoutSecret(row) })
          .where(eq(mailQueue.id, row.id));
        result.sent += 1;
      } catch (error) {
        // the mail server refused it, or could not be reached: nothing was accepted, so it is tried again
        const message = error instanceof Error ? error.message : String(error);
        const givingUp = row.attempts >= MAX_MAIL_ATTEMPTS;
        await deps.db
          .update(mailQueue)
          .set(
            givingUp
              ? { status: 'failed', lastError: message, ...withoutSecret(row) }
              : { status: 'pending', lastError: message, nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)) },
          )
          .where(eq(mailQueue.id, row.id));
        deps.logger[givingUp ? 'error' : 'warn'](
          { err: error, mailId: row.id, template: row.template, attempts: row.attempts },
          givingUp ? 'mail given up' : 'mail failed; will retry',
        );
        if (givingUp) result.failed += 1;
        else result.retried += 1;
      }
    }
  }
}

export type MailWorker = {
  /** One pass now (passes never overlap within an instance). */
  run: () => Promise<DeliveryResult>;
  /** Stops the timer and waits for a pass under way. */
  stop: () => Promise<void>;
};

/** Queues the back-in-stock alerts now due; a failure is logged and leaves them for the next pass. */
async function queueAlertsSafely(deps: AppDeps): Promise<void> {
  try {
    await queueBackInStockAlerts(deps);
  } catch (err) {
    deps.logger.warn({ err }, 'back-in-stock alerts pass failed; retrying on the next pass');
  }
}

/** The in-process worker every instance runs: a pass every MAIL_POLL_MS (the due back-in-stock alerts first). */
export function startMailWorker(deps: AppDeps, timers: MailWorkerTimers = nodeTimers, intervalMs = MAIL_POLL_MS): MailWorker {
  return startPasses({
    pass: async () => {
      await queueAlertsSafely(deps);
      return deliverDueMail(deps);
    },
    fallback: { sent: 0, retried: 0, failed: 0 },
    onError: (err) => deps.logger.warn({ err }, 'mail queue pass failed; retrying on the next pass'),
    timers,
    intervalMs,
  });
}
