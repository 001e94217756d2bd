/** Back office → Marketing → Checkout recovery: its settings, the abandoned checkouts and what the reminders brought back. */
import { z } from 'zod';
import { idSchema, listQuerySchema } from './common';

export const RECOVERY_STATUSES = ['open', 'ordered', 'emptied', 'unsubscribed'] as const;
export type RecoveryStatus = (typeof RECOVERY_STATUSES)[number];

/** The settings (off for a new shop); delays in minutes, the second counted from the first reminder (0: none). */
export const recoverySettingsSchema = z.object({
  enabled: z.boolean(),
  firstDelayMinutes: z.int().min(15).max(10_080),
  secondDelayMinutes: z.int().min(0).max(43_200),
  firstDiscountCodeId: idSchema.nullable(),
  secondDiscountCodeId: idSchema.nullable(),
  /** an order placed this many days after a reminder's link restored its cart counts as recovered */
  attributionDays: z.int().min(1).max(90),
  /** how long a reminder's cart link works */
  linkDays: z.int().min(1).max(60),
});
export type RecoverySettings = z.infer<typeof recoverySettingsSchema>;

export const DEFAULT_RECOVERY_SETTINGS: RecoverySettings = {
  enabled: false,
  firstDelayMinutes: 60,
  secondDelayMinutes: 1440,
  firstDiscountCodeId: null,
  secondDiscountCodeId: null,
  attributionDays: 7,
  linkDays: 14,
};

/** PUT /marketing/recovery/settings */
export const recoverySettingsBody = recoverySettingsSchema.extend({ version: z.int().min(0) });

/** GET /marketing/recovery/settings: the settings, their version, and the discount codes to choose from. */
export const recoverySettingsAnswer = z.strictObject({
  settings: z.strictObject(recoverySettingsSchema.shape),
  version: z.int(),
  discountCodes: z.array(z.strictObject({ id: z.string(), code: z.string(), active: z.boolean() })),
});
export type RecoverySettingsAnswer = z.infer<typeof recoverySettingsAnswer>;

/** GET /marketing/recovery/checkouts */
export const recoveryListQuerySchema = listQuerySchema(['startedAt'], '-startedAt').extend({
  status: z.enum(RECOVERY_STATUSES).optional(),
});

export const recoveryCheckoutItem = z.strictObject({
  id: z.string(),
  email: z.string(),
  status: z.enum(RECOVERY_STATUSES),
  lines: z.int(),
  startedAt: z.string(),
  remindersSent: z.int(),
  lastReminderAt: z.string().nullable(),
  restoredAt: z.string().nullable(),
  orderId: z.string().nullable(),
  recoveredCents: z.int().nullable(),
  currency: z.string().nullable(),
});
export type RecoveryCheckoutItem = z.infer<typeof recoveryCheckoutItem>;

/** GET /marketing/recovery/summary?days=30 */
export const recoverySummaryQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const recoverySummaryAnswer = z.strictObject({
  days: z.int(),
  checkouts: z.int(),
  remindersSent: z.int(),
  restored: z.int(),
  recoveredOrders: z.int(),
  recoveredCents: z.int(),
  currency: z.string(),
});
export type RecoverySummary = z.infer<typeof recoverySummaryAnswer>;
