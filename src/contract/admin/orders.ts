import { z } from 'zod';
import { CARRIER_CODES } from '../../lib/shipments';
import {
  booleanQuerySchema,
  dateFilterSchema,
  idSchema,
  listAnswerSchema,
  listQuerySchema,
  optionalTextSchema,
  requiredTextSchema,
  versionSchema,
} from './common';
import { deliveryInputSchema } from '../storefront/commerce';

/** An order's payment states (src/lib/payment-rules.ts ORDER_PAYMENT_STATUSES). */
export const PAYMENT_STATUSES = ['new', 'pending', 'authorized', 'completed', 'failed', 'canceled', 'refunded'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** GET /orders */
export const orderListQuerySchema = listQuerySchema(['createdAt', 'number', 'totalCents', 'status'], '-createdAt').extend({
  status: idSchema.optional(),
  paymentStatus: paymentStatusSchema.optional(),
  deliveryMethod: z.enum(['pickup', 'shipping']).optional(),
  from: dateFilterSchema.optional(),
  to: dateFilterSchema.optional(),
  /** order number, customer name, phone or e-mail */
  q: z.string().trim().max(200).optional(),
  /** online-payment orders not paid and not canceled (the dashboard's unpaid count) */
  unpaid: booleanQuerySchema.optional(),
  /** "price by manager" deliveries still without their price (the dashboard's awaiting count) */
  awaitingPrice: booleanQuerySchema.optional(),
});

export const orderListItemSchema = z.strictObject({
  id: z.string(),
  number: z.int(),
  createdAt: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  deliveryMethod: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string().nullable(),
  totalCents: z.int(),
  currency: z.string(),
  deliveryPriceByManager: z.boolean(),
  /** false while a "price by manager" delivery still waits for its price */
  deliveryPriceSet: z.boolean(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;
export const orderListSchema = listAnswerSchema(orderListItemSchema);

const contactSchema = z.strictObject({
  name: z.string(),
  lastName: z.string().nullable().optional(),
  phone: z.string(),
  email: z.string().nullable().optional(),
});

const addressSchema = z.strictObject({
  country: z.string().optional(),
  region: z.string().optional(),
  locality: z.string().optional(),
  street: z.string().optional(),
  postalCode: z.string().optional(),
});

export const orderNoteSchema = z.strictObject({ id: z.string(), text: z.string(), staffName: z.string(), createdAt: z.string() });
export type OrderNote = z.infer<typeof orderNoteSchema>;

export const orderDetailSchema = z.strictObject({
  id: z.string(),
  number: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  /** the language the customer ordered in (their e-mails use it) */
  lang: z.string(),
  currency: z.string(),
  /** the signed-in customer who placed it, or null for a guest */
  userId: z.string().nullable(),
  /** the buyer's customer record (guest or registered) */
  customerId: z.string().nullable(),
  customer: contactSchema,
  receiver: contactSchema.nullable(),
  address: addressSchema.nullable(),
  items: z.array(
    z.strictObject({
      id: z.string(),
      productId: z.string().nullable(),
      variationId: z.string().nullable(),
      productSlug: z.string().nullable(),
      title: z.string(),
      variationTitle: z.string().nullable(),
      optionsText: z.string().nullable(),
      sku: z.string().nullable(),
      quantity: z.int(),
      unitPriceCents: z.int(),
      totalCents: z.int(),
      /** what the customer paid for the line: its total less its share of the order discount, with a tax added on top */
      paidCents: z.int(),
      /** the percent the line was taxed at and its tax (after its share of the discount) */
      taxRate: z.number(),
      taxCents: z.int(),
      /** units refunded (refunds not failed) */
      refundedQuantity: z.int(),
      /** units a refund returned to stock */
      returnedQuantity: z.int(),
      /** units sent in shipments */
      shippedQuantity: z.int(),
    }),
  ),
  returns: z.array(
    z.strictObject({
      id: z.string(),
      /** requested, received, refunded or rejected */
      status: z.string(),
      lines: z.array(z.strictObject({ itemId: z.string(), title: z.string(), quantity: z.int() })),
      reason: z.string(),
      /** customer or staff */
      openedBy: z.string(),
      staffName: z.string().nullable(),
      restock: z.boolean(),
      refundCents: z.int(),
      receivedAt: z.string().nullable(),
      createdAt: z.string(),
      version: z.int(),
    }),
  ),
  /** the order's invoice once issued (POST /orders/:id/invoice), printed at GET /orders/:id/invoice */
  invoice: z.strictObject({ number: z.int(), issuedAt: z.string() }).nullable(),
  /** unfulfilled, partial or fulfilled */
  fulfilment: z.enum(['unfulfilled', 'partial', 'fulfilled']),
  shipments: z.array(
    z.strictObject({
      id: z.string(),
      carrier: z.string(),
      trackingNumber: z.string().nullable(),
      trackingUrl: z.string().nullable(),
      lines: z.array(z.strictObject({ itemId: z.string(), title: z.string(), quantity: z.int() })),
      staffName: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  delivery: z.strictObject({
    method: z.string(),
    title: z.string().nullable(),
    location: z.strictObject({ id: z.string(), title: z.string(), address: z.string().nullable() }).nullable(),
    zone: z.strictObject({ id: z.string(), title: z.string() }).nullable(),
    rate: z.strictObject({ id: z.string(), title: z.string(), kind: z.string() }).nullable(),
    priceCents: z.int(),
    byManager: z.boolean(),
    priceSet: z.boolean(),
  }),
  payment: z.strictObject({
    method: z.strictObject({ code: z.string(), title: z.string(), kind: z.string() }),
    status: z.string(),
    transactions: z.array(
      z.strictObject({
        id: z.string(),
        provider: z.string(),
        /** the payment's id at the provider */
        providerPaymentId: z.string().nullable(),
        /** the payment in the provider's dashboard */
        dashboardUrl: z.string().nullable(),
        status: z.string(),
        amountCents: z.int(),
        capturedCents: z.int(),
        refundedCents: z.int(),
        /** what may still be refunded */
        refundableCents: z.int(),
        currency: z.string(),
        /** why the manager must look at it: canceledOrder, paidTwice, externalRefund */
        attention: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    refunds: z.array(
      z.strictObject({
        id: z.string(),
        transactionId: z.string(),
        providerRefundId: z.string().nullable(),
        status: z.string(),
        amountCents: z.int(),
        currency: z.string(),
        lines: z.array(z.strictObject({ itemId: z.string(), title: z.string(), quantity: z.int() })),
        restock: z.boolean(),
        reason: z.string().nullable(),
        staffName: z.string().nullable(),
        failure: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
  discount: z.strictObject({ code: z.string().nullable(), cents: z.int() }),
  /** `taxCents`: the order's tax, part of the prices when `taxIncluded`, else in the total */
  totals: z.strictObject({
    itemsCents: z.int(),
    discountCents: z.int(),
    deliveryCents: z.int(),
    totalCents: z.int(),
    taxCents: z.int(),
    taxIncluded: z.boolean(),
  }),
  comment: z.string().nullable(),
  notes: z.array(orderNoteSchema),
  history: z.array(
    z.strictObject({ kind: z.string(), from: z.string().nullable(), to: z.string(), note: z.string().nullable(), createdAt: z.string() }),
  ),
  /**
   * The order's hold on stock: when it went back to the shop (null: the order holds it), and for an order paid on
   * receipt not confirmed yet, when it goes back unless the order is moved on (confirmed) first
   */
  reservation: z.strictObject({ releasedAt: z.string().nullable(), expiresAt: z.string().nullable() }),
  version: z.int(),
  /** statuses POST /orders/:id/status accepts now (canceling goes through POST /orders/:id/cancel) */
  allowedStatuses: z.array(z.string()),
  canCancel: z.boolean(),
  /** why the order can no longer be edited (POST /orders/:id/edit), or null while it can */
  editBlock: z.enum(['canceled', 'shipped', 'returned', 'authorized']).nullable(),
  /** what the customer still has to pay after an edit raised the total of a paid order (the pay link asks it) */
  amountDueCents: z.int(),
  /** the customer's page of the order (with its secret token): where they see it and pay */
  customerUrl: z.string(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderStateSchema = z.strictObject({ code: z.string(), title: z.string(), color: z.string().nullable() });
/** GET /order-states */
export const orderStatesSchema = z.array(orderStateSchema);
export type OrderState = z.infer<typeof orderStateSchema>;

/** POST /orders/:id/status */
export const orderStatusBodySchema = z.object({ status: idSchema, version: versionSchema });

/** The most a delivery price may be: 10 million in major units. */
export const MAX_DELIVERY_PRICE_CENTS = 1_000_000_000;

/** POST /orders/:id/delivery-price */
export const deliveryPriceBodySchema = z.object({
  priceCents: z.int('Enter the price in minor units (cents), a whole number').min(0).max(MAX_DELIVERY_PRICE_CENTS),
  version: versionSchema,
});

/** POST /orders/:id/cancel; `refund` also refunds what was paid and releases what is held, in the same step */
export const orderCancelBodySchema = z.object({
  reason: optionalTextSchema(500),
  version: versionSchema,
  refund: z.boolean().default(false),
});

const MAX_REFUND_CENTS = 2_147_483_647;

/** POST /orders/:id/refunds: by amount (minor units) or by lines, from one payment (default: the order's payment). */
export const orderRefundBodySchema = z
  .object({
    version: versionSchema,
    transactionId: idSchema.nullish(),
    amountCents: z.int('Enter the amount in minor units (cents), a whole number').min(1).max(MAX_REFUND_CENTS).nullish(),
    lines: z
      .array(z.object({ itemId: idSchema, quantity: z.int().min(1).max(1_000_000) }))
      .max(500)
      .nullish(),
    /** return the refunded lines' items to stock */
    restock: z.boolean().default(false),
    reason: optionalTextSchema(500),
  })
  .refine((body) => (body.amountCents ? 1 : 0) + (body.lines?.length ? 1 : 0) === 1, {
    message: 'Refund either an amount or lines',
    path: ['amountCents'],
  });
export type OrderRefundInput = z.input<typeof orderRefundBodySchema>;

/** POST /orders/:id/payments/:transactionId/capture and …/cancel */
export const paymentActionBodySchema = z.object({ version: versionSchema });

/** POST /orders/:id/shipments: lines sent (none named: everything still to send), the carrier and tracking */
export const orderShipmentBodySchema = z.object({
  version: versionSchema,
  lines: z
    .array(z.object({ itemId: idSchema, quantity: z.int().min(1).max(1_000_000) }))
    .max(500)
    .nullish(),
  carrier: z.enum(CARRIER_CODES).default('other'),
  trackingNumber: optionalTextSchema(100),
  trackingUrl: optionalTextSchema(1000).refine((v) => v === null || /^https?:\/\/\S+$/i.test(v), 'Enter an address starting with https://'),
  /** e-mail the customer the tracking (when they gave an e-mail) */
  notify: z.boolean().default(true),
});
export type OrderShipmentInput = z.input<typeof orderShipmentBodySchema>;

const returnLinesSchema = z
  .array(z.object({ itemId: idSchema, quantity: z.int().min(1).max(1_000_000) }))
  .min(1)
  .max(500);

/**
 * POST /orders/:id/edit: the order's lines as they should be (a line kept by its `itemId`, a new one by its
 * `variationId`; a line left out is removed), and optionally a new delivery (method, location or zone, rate and
 * address); without one the order keeps its delivery, priced again for the new lines. Only before anything ships.
 */
export const orderEditBodySchema = z.object({
  version: versionSchema,
  lines: z
    .array(
      z
        .object({ itemId: idSchema.nullish(), variationId: idSchema.nullish(), quantity: z.int().min(1).max(1_000_000) })
        .refine((line) => !!line.itemId !== !!line.variationId, {
          message: 'Name either the order line or the variation',
          path: ['itemId'],
        }),
    )
    .min(1)
    .max(200),
  delivery: deliveryInputSchema.nullish(),
  /** why, for the order's history */
  reason: optionalTextSchema(500),
});
export type OrderEditInput = z.input<typeof orderEditBodySchema>;

/** POST /orders/:id/returns: a manager opens a return of some lines, with the reason */
export const orderReturnBodySchema = z.object({ version: versionSchema, lines: returnLinesSchema, reason: requiredTextSchema(500) });
export type OrderReturnInput = z.input<typeof orderReturnBodySchema>;

/**
 * POST /orders/:id/returns/:returnId/receive: the items are back; `restock` puts them back in stock, `refund` refunds what
 * was paid for them through the payment's provider (`version` is the order's)
 */
export const returnReceiveBodySchema = z.object({ version: versionSchema, restock: z.boolean(), refund: z.boolean() });
export type ReturnReceiveInput = z.input<typeof returnReceiveBodySchema>;

/** POST /orders/:id/returns/:returnId/reject */
export const returnRejectBodySchema = z.object({ version: versionSchema, note: optionalTextSchema(500) });

/** POST /orders/:id/notes */
export const orderNoteBodySchema = z.object({ text: requiredTextSchema(5000) });

/** GET /orders/:id/packing-slip answers an HTML page; `prices=false` leaves prices out. */
export const packingSlipQuerySchema = z.object({ prices: z.enum(['true', 'false']).default('true') });
