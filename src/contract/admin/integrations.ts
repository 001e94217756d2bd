import { z } from 'zod';
import { listAnswerSchema, requiredTextSchema, stepUpPasswordSchema, versionSchema } from './common';

/** The back office's Integrations screen (/integrations): webhooks, API tokens and Telegram alerts, the owner's. */

/** The events a webhook endpoint may take. */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.paid',
  'order.canceled',
  'order.refunded',
  'product.changed',
  'stock.low',
  'lead.created',
  'review.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What an API token may do: each scope opens the back office routes of one area, for reading or for writing too. */
export const API_TOKEN_SCOPES = [
  'orders:read',
  'orders:write',
  'products:read',
  'products:write',
  'customers:read',
  'customers:write',
  'leads:read',
  'reviews:read',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

const endpointFields = {
  url: z.string().trim().min(1).max(2000),
  description: z.string().trim().max(200).default(''),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
  enabled: z.boolean().default(true),
};

/** POST /integrations/webhooks */
export const webhookEndpointBody = z.object(endpointFields);

/** PUT /integrations/webhooks/:id: the endpoint's fields and the version they were based on */
export const webhookEndpointUpdateBody = z.object({ ...endpointFields, version: versionSchema });

export const webhookEndpointSchema = z.strictObject({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  version: z.int(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.strictObject({ items: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** The answer of a new endpoint: its signing secret, shown this once. */
export const webhookEndpointCreatedSchema = z.strictObject({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const integrationDeliverySchema = z.strictObject({
  id: z.string(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.int(),
  responseStatus: z.int().nullable(),
  durationMs: z.int().nullable(),
  responseExcerpt: z.string().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type IntegrationDelivery = z.infer<typeof integrationDeliverySchema>;
export const integrationDeliveryListSchema = listAnswerSchema(integrationDeliverySchema);

export const deliveryListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});

/** POST /integrations/tokens: a new token; asks for the owner's password again */
export const apiTokenBody = z.object({
  name: requiredTextSchema(100),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)).min(1).max(API_TOKEN_SCOPES.length),
  currentPassword: stepUpPasswordSchema,
});

export const apiTokenSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  prefix: z.string(),
  staffName: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.strictObject({ items: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** The answer of a new token: the token itself, shown this once (only its SHA-256 is kept). */
export const apiTokenCreatedSchema = z.strictObject({ token: z.string(), item: apiTokenSchema });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/** The Telegram alerts as the back office sees them: the bot token never comes back, only whether one is saved. */
export const telegramSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  chatId: z.string(),
  botTokenSet: z.boolean(),
  /** 0: never saved */
  version: z.int(),
});
export type TelegramSettings = z.infer<typeof telegramSettingsSchema>;

/** PUT /integrations/telegram: an empty or missing bot token keeps the saved one */
export const telegramSettingsBody = z.object({
  enabled: z.boolean(),
  chatId: z
    .string()
    .trim()
    .max(64)
    .regex(/^(-?\d+|@[A-Za-z0-9_]{5,64})?$/),
  botToken: z
    .string()
    .trim()
    .max(200)
    .regex(/^(\d+:[A-Za-z0-9_-]+)?$/)
    .optional(),
  version: z.int().min(0),
});
