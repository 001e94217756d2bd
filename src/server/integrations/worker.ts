import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../api/core/context';
import { startPasses, type PassTimers } from '../background';
import { integrationDeliveries, webhookEndpoints } from '../db/schema';
import { addressProblem } from './address-guard';
import { SIGNATURE_HEADER, signatureOf } from './signature';
import { loadTelegramConfig, sendMessageUrl, telegramReady } from './telegram';

/** After this many attempts a delivery is given up (status failed). */
export const MAX_DELIVERY_ATTEMPTS = 8;
/** A receiver that has not answered after this long counts as failed (and is tried again). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A claimed delivery is due again after this long, so one claimed by an instance that died is not lost. */
export const DELIVERY_CLAIM_MS = 2 * 60_000;
const BASE_DELAY_MS = 60_000;
const MAX_DELAY_MS = 12 * 60 * 60_000;
const EXCERPT_CHARS = 500;
const BATCH = 10;
export const INTEGRATIONS_POLL_MS = 2000;

/** Delay before the next attempt after `attempts` failed ones: 1 min, 3 min, 9 min, … at most 12 h. */
export function deliveryRetryDelayMs(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 3 ** Math.max(0, attempts - 1));
}

type DeliveryRow = typeof integrationDeliveries.$inferSelect;
type Attempt = { ok: boolean; responseStatus: number | null; responseExcerpt: string | null; error: string | null };

/**
 * Claims due deliveries: `for update skip locked` lets every instance claim at once without taking the same rows,
 * and the claim pushes them ahead, so each attempt is made by one instance only.
 */
async function claimDue(deps: AppDeps, now: Date): Promise<DeliveryRow[]> {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: integrationDeliveries.id })
      .from(integrationDeliveries)
      .where(and(eq(integrationDeliveries.status, 'pending'), lte(integrationDeliveries.nextAttemptAt, now)))
      .orderBy(asc(integrationDeliveries.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(integrationDeliveries)
      .set({ attempts: sql`${integrationDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + DELIVERY_CLAIM_MS) })
      .where(
        inArray(
          integrationDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

async function post(url: string, headers: Record<string, string>, body: string, hide: string | null): Promise<Attempt> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Shop-Webhooks/1', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    const text = (await response.text().catch(() => '')).slice(0, EXCERPT_CHARS);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, responseStatus: response.status, responseExcerpt: text, error: ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    const message = `${error instanceof Error ? error.message : String(error)}${cause}`;
    return { ok: false, responseStatus: null, responseExcerpt: null, error: hide ? message.replaceAll(hide, '***') : message };
  }
}

const refused = (error: string): Attempt => ({ ok: false, responseStatus: null, responseExcerpt: null, error });

async function attemptWebhook(deps: AppDeps, row: DeliveryRow, now: Date): Promise<Attempt> {
  const [endpoint] = row.endpointId ? await deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.endpointId)) : [];
  if (!endpoint?.enabled) return refused('the endpoint is switched off');
  // checked again on every attempt: the name may point elsewhere by now
  const problem = await addressProblem(endpoint.url, deps.config.webhooksAllowPrivate);
  if (problem) return refused(`address refused (${problem})`);
  const body = JSON.stringify(row.payload);
  const timestamp = Math.floor(now.getTime() / 1000);
  return post(
    endpoint.url,
    { [SIGNATURE_HEADER]: signatureOf(endpoint.secret, timestamp, body), 'Shop-Event': row.event, 'Shop-Delivery': row.id },
    body,
    null,
  );
}

async function attemptTelegram(deps: AppDeps, row: DeliveryRow): Promise<Attempt> {
  const config = await loadTelegramConfig(deps.db);
  if (!telegramReady(config)) return refused('Telegram alerts are switched off');
  const body = JSON.stringify({ chat_id: config.chatId, text: row.payload.text, disable_web_page_preview: true });
  return post(sendMessageUrl(deps.config.telegramApiUrl, config.botToken), {}, body, config.botToken);
}

export type IntegrationPassResult = { delivered: number; retried: number; failed: number };

async function settle(deps: AppDeps, row: DeliveryRow, now: Date, result: IntegrationPassResult): Promise<void> {
  const started = performance.now();
  const attempt = row.channel === 'webhook' ? await attemptWebhook(deps, row, now) : await attemptTelegram(deps, row);
  const durationMs = Math.round(performance.now() - started);
  const givingUp = !attempt.ok && row.attempts >= MAX_DELIVERY_ATTEMPTS;
  const status = attempt.ok ? 'delivered' : givingUp ? 'failed' : 'pending';
  await deps.db
    .update(integrationDeliveries)
    .set({
      status,
      responseStatus: attempt.responseStatus,
      responseExcerpt: attempt.responseExcerpt,
      durationMs,
      lastError: attempt.error,
      ...(attempt.ok ? { deliveredAt: now } : {}),
      ...(status === 'pending' ? { nextAttemptAt: new Date(now.getTime() + deliveryRetryDelayMs(row.attempts)) } : {}),
    })
    .where(and(eq(integrationDeliveries.id, row.id), eq(integrationDeliveries.status, 'pending')));
  if (attempt.ok) result.delivered += 1;
  else if (givingUp) {
    result.failed += 1;
    deps.logger.error(
      { deliveryId: row.id, channel: row.channel, event: row.event, attempts: row.attempts },
      'integration delivery given up',
    );
  } else result.retried += 1;
}

/** One pass: makes one attempt at every due delivery; failures are tried again later and given up after the last. */
export async function deliverDueIntegrations(deps: AppDeps, now: Date = deps.now()): Promise<IntegrationPassResult> {
  const result: IntegrationPassResult = { delivered: 0, retried: 0, failed: 0 };
  for (;;) {
    const rows = await claimDue(deps, now);
    if (rows.length === 0) return result;
    await Promise.all(rows.map((row) => settle(deps, row, now, result)));
  }
}

export type IntegrationWorker = { run: () => Promise<IntegrationPassResult>; stop: () => Promise<void> };

/** The in-process worker every instance runs (INTEGRATIONS_WORKER=false keeps an instance out). */
export function startIntegrationWorker(deps: AppDeps, timers: PassTimers): IntegrationWorker {
  return startPasses({
    pass: () => deliverDueIntegrations(deps),
    fallback: { delivered: 0, retried: 0, failed: 0 },
    onError: (err) => deps.logger.warn({ err }, 'integrations pass failed; retrying on the next pass'),
    timers,
    intervalMs: INTEGRATIONS_POLL_MS,
  });
}
