import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  apiTokenBody,
  deliveryListQuery,
  telegramSettingsBody,
  webhookEndpointBody,
  webhookEndpointUpdateBody,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenList,
  type IntegrationDelivery,
  type ListAnswer,
  type TelegramSettings,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEndpointList,
} from '../../../contract/admin';
import { getTranslator } from '../../../lib/i18n';
import type { Executor } from '../../db/client';
import { apiTokens, integrationDeliveries, settings, staffUsers, webhookEndpoints } from '../../db/schema';
import { addressProblem } from '../../integrations/address-guard';
import { queueTelegramMessage } from '../../integrations/outbox';
import { newWebhookSecret } from '../../integrations/signature';
import { loadTelegramConfig, TELEGRAM_ROW, telegramReady, type TelegramConfig } from '../../integrations/telegram';
import { shopLanguage } from '../../mail/templates';
import { fieldError, notFound } from '../core/errors';
import { readBody, readParams, readQuery } from '../core/validate';
import { newApiToken } from './api-tokens';
import { recordAudit } from './audit';
import type { AdminEnv } from './context';
import { iso, pageOffset } from './lists';
import { adminMessage } from './messages';
import { requireCapability } from './session';
import { confirmStepUp } from './step-up';
import { expectVersion, versionConflict } from './versioned';

const idParams = z.object({ id: z.string().max(100) });

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof integrationDeliveries.$inferSelect;

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
});

/** What the audit log keeps of an endpoint: never its secret. */
const endpointAudit = (row: EndpointRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  version: row.version,
});

const toDelivery = (row: DeliveryRow): IntegrationDelivery => ({
  id: row.id,
  event: row.event,
  status: row.status as IntegrationDelivery['status'],
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  durationMs: row.durationMs,
  responseExcerpt: row.responseExcerpt,
  lastError: row.lastError,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  deliveredAt: iso(row.deliveredAt),
  createdAt: row.createdAt.toISOString(),
});

const toToken = (row: typeof apiTokens.$inferSelect, staffName: string): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  prefix: row.prefix,
  staffName,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: iso(row.lastUsedAt),
  revokedAt: iso(row.revokedAt),
});

const toTelegram = (config: TelegramConfig): TelegramSettings => ({
  enabled: config.enabled,
  chatId: config.chatId,
  botTokenSet: config.botToken !== '',
  version: config.version,
});

/** The bot token never reaches the audit log: only whether one is set. */
const telegramAudit = (config: TelegramConfig) => ({ enabled: config.enabled, chatId: config.chatId, botTokenSet: config.botToken !== '' });

async function deliveryPage(
  db: Executor,
  where: ReturnType<typeof eq>,
  page: number,
  perPage: number,
): Promise<ListAnswer<IntegrationDelivery>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(integrationDeliveries)
      .where(where)
      .orderBy(desc(integrationDeliveries.createdAt), desc(integrationDeliveries.id))
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
    db.select({ n: count() }).from(integrationDeliveries).where(where),
  ]);
  return { items: rows.map(toDelivery), total: total?.n ?? 0, page, perPage };
}

/**
 * The owner's integrations (`integrations` capability): webhook endpoints with their delivery log and replay, API
 * tokens (made with the password asked again, shown once, revocable) and Telegram alerts. Every write is audited.
 */
export const integrationRoutes = new Hono<AdminEnv>()
  .use('/integrations/*', requireCapability('integrations'))
  .get('/integrations/webhooks', async (c) => {
    const rows = await c.var.deps.db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
    return c.json({ items: rows.map(toEndpoint) } satisfies WebhookEndpointList);
  })
  .post('/integrations/webhooks', async (c) => {
    const { deps, staff, lang } = c.var;
    const body = await readBody(c, webhookEndpointBody);
    const problem = await addressProblem(body.url, deps.config.webhooksAllowPrivate);
    if (problem) throw fieldError('url', adminMessage(`integrations.${problem}`, lang));
    const now = deps.now();
    const secret = newWebhookSecret();
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(webhookEndpoints)
        .values({ id: randomUUID(), ...body, secret, createdAt: now, updatedAt: now })
        .returning();
      await recordAudit(
        tx,
        staff,
        { action: 'webhook.create', entityType: 'webhook', entityId: created!.id, after: endpointAudit(created!) },
        now,
      );
      return created!;
    });
    return c.json({ endpoint: toEndpoint(row), secret } satisfies WebhookEndpointCreated, 201);
  })
  .put('/integrations/webhooks/:id', async (c) => {
    const { deps, staff, lang } = c.var;
    const { id } = readParams(c, idParams);
    const { version, ...body } = await readBody(c, webhookEndpointUpdateBody);
    const problem = await addressProblem(body.url, deps.config.webhooksAllowPrivate);
    if (problem) throw fieldError('url', adminMessage(`integrations.${problem}`, lang));
    const now = deps.now();
    const row = await deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      expectVersion(before, version, lang, 'integrations.endpointNotFound');
      const [updated] = await tx
        .update(webhookEndpoints)
        .set({ ...body, version: sql`${webhookEndpoints.version} + 1`, updatedAt: now })
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.version, version)))
        .returning();
      if (!updated) throw versionConflict(lang);
      await recordAudit(
        tx,
        staff,
        { action: 'webhook.update', entityType: 'webhook', entityId: id, before: endpointAudit(before!), after: endpointAudit(updated) },
        now,
      );
      return updated;
    });
    return c.json(toEndpoint(row));
  })
  .delete('/integrations/webhooks/:id', async (c) => {
    const { deps, staff, lang } = c.var;
    const { id } = readParams(c, idParams);
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      const [removed] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
      if (!removed) throw notFound(adminMessage('integrations.endpointNotFound', lang));
      await recordAudit(tx, staff, { action: 'webhook.delete', entityType: 'webhook', entityId: id, before: endpointAudit(removed) }, now);
    });
    return c.body(null, 204);
  })
  .get('/integrations/webhooks/:id/deliveries', async (c) => {
    const { deps, lang } = c.var;
    const { id } = readParams(c, idParams);
    const { page, perPage } = readQuery(c, deliveryListQuery);
    const [endpoint] = await deps.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!endpoint) throw notFound(adminMessage('integrations.endpointNotFound', lang));
    return c.json(await deliveryPage(deps.db, eq(integrationDeliveries.endpointId, id), page, perPage));
  })
  .post('/integrations/deliveries/:id/replay', async (c) => {
    const { deps, staff, lang } = c.var;
    const { id } = readParams(c, idParams);
    const now = deps.now();
    const copy = await deps.db.transaction(async (tx) => {
      const [original] = await tx.select().from(integrationDeliveries).where(eq(integrationDeliveries.id, id));
      if (!original) throw notFound(adminMessage('integrations.deliveryNotFound', lang));
      // a new delivery of the same event (the payload keeps the event's id, so a receiver can tell it is the same)
      const [created] = await tx
        .insert(integrationDeliveries)
        .values({
          id: randomUUID(),
          channel: original.channel,
          endpointId: original.endpointId,
          event: original.event,
          payload: original.payload,
          nextAttemptAt: now,
          createdAt: now,
        })
        .returning();
      await recordAudit(
        tx,
        staff,
        {
          action: 'webhook.replay',
          entityType: 'webhook',
          entityId: original.endpointId ?? original.channel,
          after: { replayOf: id, delivery: created!.id },
        },
        now,
      );
      return created!;
    });
    return c.json(toDelivery(copy), 201);
  })
  .get('/integrations/tokens', async (c) => {
    const rows = await c.var.deps.db
      .select({ token: apiTokens, staffName: staffUsers.name })
      .from(apiTokens)
      .innerJoin(staffUsers, eq(staffUsers.id, apiTokens.staffId))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
    return c.json({ items: rows.map((r) => toToken(r.token, r.staffName)) } satisfies ApiTokenList);
  })
  .post('/integrations/tokens', async (c) => {
    const { deps, staff } = c.var;
    const { currentPassword, ...body } = await readBody(c, apiTokenBody);
    await confirmStepUp(c, currentPassword);
    const now = deps.now();
    const { token, hash, prefix } = newApiToken();
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(apiTokens)
        .values({ id: randomUUID(), name: body.name, scopes: body.scopes, tokenHash: hash, prefix, staffId: staff.id, createdAt: now })
        .returning();
      await recordAudit(
        tx,
        staff,
        {
          action: 'apiToken.create',
          entityType: 'apiToken',
          entityId: created!.id,
          after: { name: body.name, scopes: body.scopes, prefix },
        },
        now,
      );
      return created!;
    });
    return c.json({ token, item: toToken(row, staff.name) } satisfies ApiTokenCreated, 201);
  })
  .post('/integrations/tokens/:id/revoke', async (c) => {
    const { deps, staff, lang } = c.var;
    const { id } = readParams(c, idParams);
    const now = deps.now();
    const row = await deps.db.transaction(async (tx) => {
      const [revoked] = await tx
        .update(apiTokens)
        .set({ revokedAt: now })
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
        .returning();
      if (!revoked) {
        const [existing] = await tx.select().from(apiTokens).where(eq(apiTokens.id, id));
        if (!existing) throw notFound(adminMessage('integrations.tokenNotFound', lang));
        return existing;
      }
      await recordAudit(
        tx,
        staff,
        { action: 'apiToken.revoke', entityType: 'apiToken', entityId: id, before: { name: revoked.name, prefix: revoked.prefix } },
        now,
      );
      return revoked;
    });
    const [maker] = await deps.db.select({ name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.id, row.staffId));
    return c.json(toToken(row, maker?.name ?? ''));
  })
  .get('/integrations/telegram', async (c) => c.json(toTelegram(await loadTelegramConfig(c.var.deps.db))))
  .put('/integrations/telegram', async (c) => {
    const { deps, staff, lang } = c.var;
    const body = await readBody(c, telegramSettingsBody);
    const now = deps.now();
    const saved = await deps.db.transaction(async (tx) => {
      const before = await loadTelegramConfig(tx, true);
      if (before.version !== body.version) throw versionConflict(lang);
      const next: TelegramConfig = {
        enabled: body.enabled,
        chatId: body.chatId,
        botToken: body.botToken ? body.botToken : before.botToken,
        version: before.version + 1,
      };
      if (next.enabled && (!next.botToken || !next.chatId)) {
        throw fieldError(next.botToken ? 'chatId' : 'botToken', adminMessage('integrations.telegramIncomplete', lang));
      }
      const value = { enabled: next.enabled, chatId: next.chatId, botToken: next.botToken };
      await tx
        .insert(settings)
        .values({ group: TELEGRAM_ROW, value, version: next.version, updatedAt: now })
        .onConflictDoUpdate({ target: settings.group, set: { value, version: next.version, updatedAt: now } });
      await recordAudit(
        tx,
        staff,
        {
          action: 'telegram.update',
          entityType: 'settings',
          entityId: TELEGRAM_ROW,
          before: telegramAudit(before),
          after: telegramAudit(next),
        },
        now,
      );
      return next;
    });
    return c.json(toTelegram(saved));
  })
  .post('/integrations/telegram/test', async (c) => {
    const { deps, staff, lang } = c.var;
    const now = deps.now();
    const config = await loadTelegramConfig(deps.db);
    if (!telegramReady(config)) throw fieldError('enabled', adminMessage('integrations.telegramIncomplete', lang));
    const text = getTranslator(await shopLanguage(deps))('integrations.telegram.test', {
      name: staff.name,
      interpolation: { escapeValue: false },
    });
    const id = await deps.db.transaction(async (tx) => {
      const queued = await queueTelegramMessage(tx, text, now);
      await recordAudit(
        tx,
        staff,
        { action: 'telegram.test', entityType: 'settings', entityId: TELEGRAM_ROW, after: { delivery: queued } },
        now,
      );
      return queued;
    });
    return c.json({ id }, 202);
  })
  .get('/integrations/telegram/deliveries', async (c) => {
    const { page, perPage } = readQuery(c, deliveryListQuery);
    return c.json(await deliveryPage(c.var.deps.db, eq(integrationDeliveries.channel, 'telegram'), page, perPage));
  });
