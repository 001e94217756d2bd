import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { WebhookEvent } from '../../contract/admin';
import { centsToAmount } from '../../lib/money';
import { formatPrice } from '../../lib/format-price';
import { getTranslator } from '../../lib/i18n';
import type { Executor } from '../db/client';
import { integrationDeliveries, settings, variations, webhookEndpoints } from '../db/schema';
import { parseSettings } from '../../lib/settings';
import { LOW_STOCK_THRESHOLD } from '../api/admin/dashboard-routes';
import { loadTelegramConfig, telegramReady } from './telegram';

/** What an order's events tell a receiver. */
type OrderFacts = {
  id: string;
  number: number;
  status: string;
  paymentStatus: string;
  totalCents: number;
  currency: string;
  lang: string;
  customer: { name?: string | null; email?: string | null; phone?: string | null };
};

export const orderEventData = (order: OrderFacts, extra: Record<string, unknown> = {}) => ({
  id: order.id,
  number: order.number,
  status: order.status,
  paymentStatus: order.paymentStatus,
  totalCents: order.totalCents,
  currency: order.currency,
  lang: order.lang,
  customer: { name: order.customer.name ?? null, email: order.customer.email ?? null, phone: order.customer.phone ?? null },
  ...extra,
});

/** The shop's language, read in the event's own transaction. */
async function shopLanguageIn(executor: Executor): Promise<'en' | 'ru'> {
  const [row] = await executor.select({ value: settings.value }).from(settings).where(eq(settings.group, 'language'));
  return parseSettings(row ? { language: row.value } : {}).language.current;
}

/** The Telegram alert of an event, in the shop's language; null for events that send none. */
function alertText(event: WebhookEvent, data: Record<string, unknown>, lang: 'en' | 'ru'): string | null {
  const t = getTranslator(lang);
  if (event === 'order.created') {
    const customer = (data.customer ?? {}) as OrderFacts['customer'];
    return t('integrations.telegram.orderCreated', {
      number: String(data.number),
      total: formatPrice(centsToAmount(Number(data.totalCents)), { currency: String(data.currency) }),
      name: customer.name || '—',
      phone: customer.phone || '—',
      interpolation: { escapeValue: false },
    });
  }
  if (event === 'lead.created') {
    return t('integrations.telegram.leadCreated', {
      name: String(data.name ?? ''),
      phone: String(data.phone ?? ''),
      text: String(data.text ?? '').slice(0, 1000) || '—',
      interpolation: { escapeValue: false },
    });
  }
  return null;
}

/**
 * Records an event of the shop in the outbox, inside the transaction of the write that caused it (a rolled-back
 * order sends nothing): a delivery for each enabled endpoint taking the event, and the Telegram alert of a new order
 * or enquiry. It only inserts rows; the integration worker delivers them.
 */
export async function recordShopEvent(executor: Executor, event: WebhookEvent, data: Record<string, unknown>, now: Date): Promise<void> {
  const endpoints = await executor
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.enabled, true));
  const eventId = randomUUID();
  const payload = { id: eventId, type: event, createdAt: now.toISOString(), data };
  const rows: (typeof integrationDeliveries.$inferInsert)[] = endpoints
    .filter((endpoint) => endpoint.events.includes(event))
    .map((endpoint) => ({
      id: randomUUID(),
      channel: 'webhook',
      endpointId: endpoint.id,
      event,
      payload,
      nextAttemptAt: now,
      createdAt: now,
    }));
  if (event === 'order.created' || event === 'lead.created') {
    const telegram = await loadTelegramConfig(executor);
    const text = telegramReady(telegram) ? alertText(event, data, await shopLanguageIn(executor)) : null;
    if (text) rows.push({ id: randomUUID(), channel: 'telegram', event, payload: { text }, nextAttemptAt: now, createdAt: now });
  }
  if (rows.length > 0) await executor.insert(integrationDeliveries).values(rows);
}

/** A Telegram message queued by hand (the settings' "send test message"). */
export async function queueTelegramMessage(executor: Executor, text: string, now: Date): Promise<string> {
  const id = randomUUID();
  await executor
    .insert(integrationDeliveries)
    .values({ id, channel: 'telegram', event: 'test', payload: { text }, nextAttemptAt: now, createdAt: now });
  return id;
}

/**
 * After an order took stock (its variation rows locked by the same transaction): `stock.low` for each variation
 * that went from above the dashboard's low-stock line to at or below it, so one crossing sends one event.
 */
export async function recordLowStock(
  executor: Executor,
  taken: readonly { variationId: string; quantity: number }[],
  now: Date,
): Promise<void> {
  if (taken.length === 0) return;
  const low = await executor
    .select({ id: variations.id, productId: variations.productId, sku: variations.sku, stock: variations.stock })
    .from(variations)
    .where(
      and(
        inArray(
          variations.id,
          taken.map((line) => line.variationId),
        ),
        isNotNull(variations.stock),
        lte(variations.stock, LOW_STOCK_THRESHOLD),
      ),
    );
  for (const variation of low) {
    const quantity = taken.filter((line) => line.variationId === variation.id).reduce((sum, line) => sum + line.quantity, 0);
    if ((variation.stock ?? 0) + quantity > LOW_STOCK_THRESHOLD) {
      await recordShopEvent(
        executor,
        'stock.low',
        {
          variationId: variation.id,
          productId: variation.productId,
          sku: variation.sku,
          stock: variation.stock,
          threshold: LOW_STOCK_THRESHOLD,
        },
        now,
      );
    }
  }
}
