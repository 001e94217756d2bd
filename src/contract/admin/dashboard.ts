import { z } from 'zod';

const periodSchema = z.strictObject({ orders: z.int(), revenueCents: z.int() });

/** GET /dashboard. Revenue counts orders that are not canceled, in the shop's currency. */
export const dashboardSchema = z.strictObject({
  today: periodSchema,
  /** the last 7 days including today */
  week: periodSchema,
  currency: z.string(),
  /** online-payment orders not paid and not canceled */
  unpaidOrders: z.int(),
  awaitingDeliveryPrice: z.int(),
  pendingReviews: z.int(),
  pendingComments: z.int(),
  /** leads not handled yet */
  newLeads: z.int(),
  lowStock: z.array(
    z.strictObject({ productId: z.string(), variationId: z.string(), title: z.string(), sku: z.string().nullable(), stock: z.int() }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
