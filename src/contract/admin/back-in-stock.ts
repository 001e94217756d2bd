import { z } from 'zod';
import { idSchema, listAnswerSchema, listQuerySchema } from './common';

/** Where a back-in-stock subscription stands (Marketing → Back-in-stock). */
export const BACK_IN_STOCK_STATUSES = ['waiting', 'unconfirmed', 'sent', 'unsubscribed'] as const;
export type BackInStockStatus = (typeof BACK_IN_STOCK_STATUSES)[number];

/** GET /marketing/back-in-stock: subscriptions, newest first, or the alerts sent, latest first. */
export const backInStockListQuerySchema = listQuerySchema(['createdAt', 'notifiedAt'], '-createdAt').extend({
  status: z.enum(BACK_IN_STOCK_STATUSES).optional(),
  productId: idSchema.optional(),
});

export const backInStockRowSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  lang: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  productSlug: z.string(),
  variationId: z.string(),
  variationTitle: z.string().nullable(),
  /** the variation's stock now (null: unlimited) */
  stock: z.int().nullable(),
  status: z.enum(BACK_IN_STOCK_STATUSES),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  notifiedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type BackInStockRow = z.infer<typeof backInStockRowSchema>;
export const backInStockListSchema = listAnswerSchema(backInStockRowSchema);

/** GET /marketing/back-in-stock/variations: the variations shoppers wait for, most awaited first, with counts. */
export const backInStockVariationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});

export const backInStockVariationSchema = z.strictObject({
  productId: z.string(),
  productTitle: z.string(),
  variationId: z.string(),
  variationTitle: z.string().nullable(),
  stock: z.int().nullable(),
  waiting: z.int(),
  unconfirmed: z.int(),
  sent: z.int(),
  unsubscribed: z.int(),
});
export const backInStockVariationsSchema = z.strictObject({
  items: z.array(backInStockVariationSchema),
  page: z.int(),
  perPage: z.int(),
  hasMore: z.boolean(),
  /** every subscription of the shop by status */
  totals: z.strictObject({ waiting: z.int(), unconfirmed: z.int(), sent: z.int(), unsubscribed: z.int() }),
});
export type BackInStockVariations = z.infer<typeof backInStockVariationsSchema>;
