import { z } from 'zod';

/** How a report groups its days: by day, by ISO week (from Monday) or by calendar month, of the shop's time zone. */
export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The longest range one report reads (a little over two years), so the previous period is at most as long. */
export const REPORT_MAX_DAYS = 800;

const DATE_MESSAGE = 'This value is not a valid date.';
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, DATE_MESSAGE);

/**
 * GET /reports?from=YYYY-MM-DD&to=YYYY-MM-DD&by=day|week|month: both days included (days of the shop's report
 * time zone); without them the last 30 days up to today. `to` may not be before `from`, nor the range longer than REPORT_MAX_DAYS.
 */
export const reportQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  by: z.enum(REPORT_GROUPINGS).default('day'),
});

const pointSchema = z.strictObject({
  /** the first day of the day, week or month (YYYY-MM-DD) */
  start: z.string(),
  orders: z.int(),
  revenueCents: z.int(),
  refundsCents: z.int(),
  netRevenueCents: z.int(),
  averageOrderCents: z.int(),
  itemsSold: z.int(),
  newCustomers: z.int(),
  returningCustomers: z.int(),
  /** carts of signed-in shoppers that went from empty to holding items (guests' carts live in their browsers) */
  cartsStarted: z.int(),
  /** orders placed by signed-in shoppers: over cartsStarted, the conversion from cart to order */
  cartOrders: z.int(),
});
export type ReportPoint = z.infer<typeof pointSchema>;

const totalsSchema = pointSchema.omit({ start: true });
export type ReportTotals = z.infer<typeof totalsSchema>;

const rankedSchema = z.strictObject({
  /** a product, catalog or discount code id, or the delivery method (`pickup`, `shipping`) and its title */
  key: z.string(),
  title: z.string(),
  orders: z.int(),
  /** items sold (products and catalogs); 0 for codes and delivery methods */
  quantity: z.int(),
  /** the lines' totals (products and catalogs), the orders' totals (codes and delivery methods) */
  revenueCents: z.int(),
  /** the discount given (codes), else 0 */
  discountCents: z.int(),
});
export type ReportRanked = z.infer<typeof rankedSchema>;

const periodSchema = z.strictObject({ from: z.string(), to: z.string() });

/**
 * GET /reports. Counted orders: every order not canceled, on the day it was placed in the shop's report time zone, in the shop's currency.
 * Revenue is their totals (items − discount + delivery); refunds are the succeeded refunds of those orders, counted on
 * the order's day; net revenue is revenue − refunds; the average order is revenue / orders, rounded. Items sold are
 * the counted orders' quantities. A customer is new in a period when their first counted order falls in it, else
 * returning. `previous` is the period of the same number of days just before, its points matched by position.
 */
export const reportSchema = z.strictObject({
  currency: z.string(),
  /** the IANA time zone whose days are counted */
  timeZone: z.string(),
  by: z.enum(REPORT_GROUPINGS),
  period: periodSchema,
  previousPeriod: periodSchema,
  points: z.array(pointSchema),
  previousPoints: z.array(pointSchema),
  totals: totalsSchema,
  previousTotals: totalsSchema,
  top: z.strictObject({
    products: z.array(rankedSchema),
    catalogs: z.array(rankedSchema),
    discountCodes: z.array(rankedSchema),
    deliveryMethods: z.array(rankedSchema),
  }),
});
export type Report = z.infer<typeof reportSchema>;
