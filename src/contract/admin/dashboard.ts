import { z } from 'zod';

const periodSchema = z.strictObject({ orders: z.int(), revenueCents: z.int() });

/** The steps of a new shop's guided start, in the order the dashboard lists them. */
export const SETUP_STEPS = ['logoAndContacts', 'product', 'delivery', 'payment', 'homepage', 'testOrder'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/**
 * The guided start: each step done once the shop has it (a logo and a phone or e-mail, a product on sale, a
 * shipping zone or pickup point, an enabled payment method, a homepage section, an order); `dismissed` once the
 * owner put the list away.
 */
export const setupChecklistSchema = z.strictObject({
  dismissed: z.boolean(),
  steps: z.array(z.strictObject({ key: z.enum(SETUP_STEPS), done: z.boolean() })),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

/** PUT /setup-checklist (owner only): put the guided start away, or bring it back. */
export const setupChecklistBody = z.strictObject({ dismissed: z.boolean() });

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
  setup: setupChecklistSchema,
  lowStock: z.array(
    z.strictObject({ productId: z.string(), variationId: z.string(), title: z.string(), sku: z.string().nullable(), stock: z.int() }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
