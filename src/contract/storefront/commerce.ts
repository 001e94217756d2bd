/**
 * The storefront's commerce API (cart, discount codes, delivery, orders, payment, enquiries): every input the
 * routes validate and the answers they send. Used by the Hono routes (src/server/api/commerce) to validate and
 * by the storefront's API client (src/lib/api-client) for its types.
 */
import { z } from 'zod';
import { isValidPhone, MAX_PHONE_LENGTH } from '../../lib/phone-format';
import { DEFAULT_MESSAGES, email } from '../../lib/validation';
import { productAnswer } from './catalog';
import { imageAnswer } from './common';

const BLANK = DEFAULT_MESSAGES['forms.errors.noEmpty'];
const INVALID_CHARACTERS = 'This value contains characters that are not allowed.';

// PostgreSQL text and jsonb cannot hold NUL; refusing it keeps such input a 400 instead of a database error.
const hasNoNul = (value: string) => !value.includes('\u0000');

/** Any client string that reaches a query or a row (ids, codes, tokens used in lookups). */
export function storableString(maxLength: number) {
  return z.string().max(maxLength).refine(hasNoNul, INVALID_CHARACTERS);
}

/** Text a customer must fill in: missing, null and blank all fail with the noEmpty message. */
export function requiredText(maxLength: number) {
  return (
    z
      // only the type's message: a schema's error function also answers the issues of its checks (too long…)
      .string({
        error: (issue) =>
          issue.code !== 'invalid_type'
            ? undefined
            : issue.input === undefined || issue.input === null
              ? BLANK
              : 'This value should be a string.',
      })
      .trim()
      .min(1, { error: BLANK, abort: true })
      .max(maxLength)
      .refine(hasNoNul, INVALID_CHARACTERS)
  );
}

/** Optional text: missing, null and blank all become null. */
export function optionalText(maxLength: number) {
  return z
    .string()
    .trim()
    .max(maxLength)
    .refine(hasNoNul, INVALID_CHARACTERS)
    .nullish()
    .transform((value) => value || null);
}

/** An id, number or code naming a stored row. */
export const ID_MAX_LENGTH = 100;

export const phoneField = requiredText(MAX_PHONE_LENGTH).refine(isValidPhone, DEFAULT_MESSAGES['forms.errors.phone']);

/** Optional, but validated when filled. */
export const optionalEmailField = optionalText(254).refine(
  (value) => value === null || email(value) === null,
  DEFAULT_MESSAGES['forms.errors.email'],
);

export const NAME_MAX_LENGTH = 100;

// ---------------------------------------------------------------- order lines

export const MAX_QUANTITY = 9999;
export const MAX_LINES = 200;

/** One requested line of a cart, discount check or order. Any price the client adds is ignored. */
export const lineInputSchema = z.object({
  variationId: requiredText(ID_MAX_LENGTH),
  quantity: z.int().min(1).max(MAX_QUANTITY),
});
export type LineInput = z.infer<typeof lineInputSchema>;

// ---------------------------------------------------------------- cart

/** PUT /cart. Client item ids are accepted but not trusted: an item keeps its stored id per variation. */
export const cartPutBody = z.array(lineInputSchema.extend({ id: z.string().max(ID_MAX_LENGTH).nullish() })).max(MAX_LINES);
export type CartLineInput = z.input<typeof cartPutBody>[number];

/** A line of the signed-in user's cart with its product. */
export const cartItemAnswer = z.strictObject({ id: z.string(), variationId: z.string(), quantity: z.number(), product: productAnswer });
export type CartItemDto = z.infer<typeof cartItemAnswer>;
/** GET and PUT /cart: the cart in stored order; items whose product is disabled or gone are left out. */
export const cartAnswer = z.strictObject({ items: z.array(cartItemAnswer) });
export type CartDto = z.infer<typeof cartAnswer>;

// ---------------------------------------------------------------- discount codes

/** POST /discount-code */
export const discountCheckBody = z.object({
  code: requiredText(64),
  items: z.array(lineInputSchema).min(1).max(MAX_LINES),
});
export type DiscountCheckInput = z.input<typeof discountCheckBody>;

export const discountCheckAnswer = z.strictObject({ id: z.string(), code: z.string(), price: z.number(), totalPrice: z.number() });
export type DiscountCheckDto = z.infer<typeof discountCheckAnswer>;

// ---------------------------------------------------------------- delivery

export const addressSchema = z.object({
  country: requiredText(64),
  region: optionalText(120),
  locality: requiredText(120),
  street: requiredText(250),
  postalCode: optionalText(20),
});

export const deliveryInputSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('pickup'), locationId: requiredText(ID_MAX_LENGTH) }),
  z.object({
    method: z.literal('shipping'),
    zoneId: requiredText(ID_MAX_LENGTH),
    rateId: requiredText(ID_MAX_LENGTH),
    address: addressSchema,
  }),
]);
export type DeliveryInput = z.infer<typeof deliveryInputSchema>;

/** GET /configs/payments-available-methods-by-location */
export const paymentMethodsByLocationQuery = z.object({ code: storableString(ID_MAX_LENGTH).optional() });

export const shippingRateAnswer = z.strictObject({
  id: z.string(),
  title: z.string(),
  kind: z.string(),
  price: z.number(),
  minOrderAmount: z.number().nullable(),
  maxOrderAmount: z.number().nullable(),
  minWeight: z.number().nullable(),
  maxWeight: z.number().nullable(),
  speed: z.string().nullable(),
});
export type ShippingRateDto = z.infer<typeof shippingRateAnswer>;

/** GET /shipping-zones. `countries` holds country codes (`US`) and regions (`US-CA`); `regionNames` names each region entry in the request's language. */
export const shippingZoneAnswer = z.strictObject({
  id: z.string(),
  title: z.string(),
  countries: z.array(z.string()),
  regionNames: z.record(z.string(), z.string()),
  rates: z.array(shippingRateAnswer),
});
export type ShippingZoneDto = z.infer<typeof shippingZoneAnswer>;

/** GET /locations */
export const pickupLocationAnswer = z.strictObject({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  address: z.string(),
  workTime: z.string(),
});
export type PickupLocationDto = z.infer<typeof pickupLocationAnswer>;

/** GET /configs/payments-available-methods(-by-location): payment methods keyed by method code. */
export const paymentMethodsAnswer = z.record(
  z.string(),
  z.strictObject({ methodName: z.string().optional(), kind: z.string().optional(), description: z.string().optional() }),
);
export type PaymentMethodsDto = z.infer<typeof paymentMethodsAnswer>;

// ---------------------------------------------------------------- orders

export const contactSchema = z.object({
  name: requiredText(NAME_MAX_LENGTH),
  lastName: optionalText(NAME_MAX_LENGTH),
  phone: phoneField,
});

/** POST /orders */
export const placeOrderBody = z.object({
  items: z.array(lineInputSchema).min(1).max(MAX_LINES),
  discountCodeId: optionalText(ID_MAX_LENGTH),
  customer: contactSchema.extend({ email: optionalEmailField }),
  receiver: contactSchema.nullish().transform((r) => r ?? null),
  delivery: deliveryInputSchema,
  paymentMethod: requiredText(64),
  comment: optionalText(2000),
  agreement: z.literal(true, { error: BLANK }),
  /** the browser's checkout-recovery key (src/contract/storefront/recovery.ts), when it has one */
  recoveryKey: optionalText(100),
});
export type PlaceOrderInput = z.input<typeof placeOrderBody>;

/** GET /orders/:numberOrId */
export const orderParams = z.object({ numberOrId: storableString(ID_MAX_LENGTH) });
export const orderQuery = z.object({ token: z.string().max(200).optional() });

const orderReference = storableString(ID_MAX_LENGTH);
/** GET /orders/batch */
export const orderBatchQuery = z.object({
  ids: z
    .union([orderReference, z.array(orderReference).max(100)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
});
/** GET /users/orders */
export const userOrdersQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /order-states */
export const orderStateAnswer = z.strictObject({ code: z.string(), title: z.string(), color: z.string().nullable() });
export type OrderStateDto = z.infer<typeof orderStateAnswer>;

const storedText = z.string().nullable().optional();
/** A delivery address as the order stored it (fields the customer left empty are null or absent). */
const orderAddressAnswer = z.strictObject({
  country: storedText,
  region: storedText,
  locality: storedText,
  street: storedText,
  postalCode: storedText,
});
const orderContactAnswer = z.strictObject({ name: z.string(), phone: z.string(), email: storedText, lastName: storedText });

/** A line of a placed order: what was bought as it was when ordered (the product may have changed or gone since). */
export const orderItemAnswer = z.strictObject({
  id: z.string(),
  productId: z.string().nullable(),
  variationId: z.string().nullable(),
  productSlug: z.string().nullable(),
  title: z.string(),
  variationTitle: z.string().nullable(),
  optionsText: z.string().nullable(),
  sku: z.string().nullable(),
  image: imageAnswer.nullable(),
  quantity: z.number(),
  price: z.number(),
  fullPrice: z.number(),
  totalPrice: z.number(),
  /** units the customer may still ask to return (0 outside the shop's return window) */
  returnableQuantity: z.int(),
  /** the percent the line was taxed at, and its tax (after its share of the order discount) */
  taxRate: z.number(),
  taxPrice: z.number(),
});

export const PAYMENT_KINDS = ['online', 'cash'] as const;

/** GET /orders/:numberOrId, /orders/batch, /users/orders: a placed order. */
/** What left the shop for an order, with its tracking */
export const orderShipmentAnswer = z.strictObject({
  carrier: z.string(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
  items: z.array(z.strictObject({ title: z.string(), quantity: z.int() })),
});

export const orderAnswer = z.strictObject({
  id: z.string(),
  number: z.number(),
  status: z.string(),
  paymentStatus: z.string(),
  /** payment method code */
  method: z.string(),
  methodName: z.string(),
  paymentKind: z.enum(PAYMENT_KINDS),
  currency: z.string(),
  totalPrice: z.number(),
  itemsPrice: z.number(),
  discountPrice: z.number(),
  /** the order's tax: part of the prices when `taxIncluded`, else added to the total */
  taxPrice: z.number(),
  taxIncluded: z.boolean(),
  deliveryInformation: z.strictObject({
    method: z.string(),
    title: z.string().nullable(),
    price: z.number(),
    priceByManager: z.boolean(),
    /** false while a "price by manager" delivery waits for the manager's price (online payment waits too) */
    priceSet: z.boolean(),
    locationId: z.string().nullable(),
    /** where a pickup order is collected and when (the point as it is now); null for shipping or a removed point */
    pickupPoint: z.strictObject({ title: z.string(), address: z.string(), workTime: z.string() }).nullable(),
    zoneId: z.string().nullable(),
    rateId: z.string().nullable(),
    address: orderAddressAnswer.nullable(),
  }),
  customer: orderContactAnswer,
  receiver: orderContactAnswer.nullable(),
  comment: z.string().nullable(),
  items: z.array(orderItemAnswer),
  /** the shipments sent so far, oldest first */
  shipments: z.array(orderShipmentAnswer),
  /** what is left to pay after the shop changed a paid order (paid through POST /payment/initialize); 0 when nothing */
  amountDue: z.number(),
  /** until when the customer may open a return (POST /orders/:numberOrId/returns), or null when they cannot */
  returnableUntil: z.string().nullable(),
  /** returns opened so far, oldest first: requested, received, refunded or rejected */
  returns: z.array(
    z.strictObject({
      status: z.string(),
      reason: z.string(),
      createdAt: z.string(),
      items: z.array(z.strictObject({ title: z.string(), quantity: z.int() })),
    }),
  ),
  createdAt: z.string(),
});
export type OrderDto = z.infer<typeof orderAnswer>;

/** POST /orders: the placed order and the secret that lets a guest read and pay it later. */
export const placedOrderAnswer = z.strictObject({ ...orderAnswer.shape, secretToken: z.string() });
export type PlacedOrderDto = z.infer<typeof placedOrderAnswer>;

// ---------------------------------------------------------------- payment

/** POST /orders/:numberOrId/returns: the customer asks to return some units of their order's lines, with the reason */
export const customerReturnBody = z.object({
  token: z.string().max(200).optional(),
  lines: z
    .array(z.object({ itemId: requiredText(ID_MAX_LENGTH), quantity: z.int().min(1).max(100_000) }))
    .min(1, { error: BLANK })
    .max(200),
  reason: requiredText(500),
});
export type CustomerReturnInput = z.input<typeof customerReturnBody>;

/** POST /payment/initialize */
export const paymentInitBody = z.object({
  order: z.union([z.int().positive(), requiredText(ID_MAX_LENGTH)]),
  token: z.string().max(200).optional(),
});
export type PaymentInitInput = z.input<typeof paymentInitBody>;

export const paymentInitAnswer = z.strictObject({ url: z.string() });
export type PaymentInitDto = z.infer<typeof paymentInitAnswer>;

// ---------------------------------------------------------------- enquiries

const LEAD_TEXT_MAX_LENGTH = 5000;

/** POST /leads */
export const leadBody = z.object({
  type: z.literal('enquiry').default('enquiry'),
  /** null or absent: an enquiry about no product; any other value must name an enabled product */
  product: storableString(ID_MAX_LENGTH).nullish(),
  /** the product's variation the visitor had chosen, when the form sends it */
  variation: storableString(ID_MAX_LENGTH).nullish(),
  name: requiredText(NAME_MAX_LENGTH),
  phone: phoneField,
  email: optionalEmailField,
  text: optionalText(LEAD_TEXT_MAX_LENGTH),
});
export type LeadInput = z.input<typeof leadBody>;

/** A record was created (POST /leads). */
export const createdAnswer = z.strictObject({ success: z.literal(true), id: z.string() });
export type CreatedDto = z.infer<typeof createdAnswer>;

// ---------------------------------------------------------------- back-in-stock alerts and wishlists

/** POST /back-in-stock: a guest gives an e-mail (confirmed by a link); a signed-in shopper's own is used. */
export const backInStockBody = z.object({
  variation: requiredText(ID_MAX_LENGTH),
  email: optionalEmailField,
});
export type BackInStockInput = z.input<typeof backInStockBody>;

/** `confirmed`: alerts will be sent; otherwise a confirmation mail is on its way. */
export const backInStockAnswer = z.strictObject({ success: z.literal(true), confirmed: z.boolean() });
export type BackInStockDto = z.infer<typeof backInStockAnswer>;

/** POST /back-in-stock/confirm and /back-in-stock/unsubscribe: the e-mailed link's subscription and signature. */
export const backInStockLinkBody = z.object({
  id: requiredText(ID_MAX_LENGTH),
  token: requiredText(200),
});
export type BackInStockLinkInput = z.input<typeof backInStockLinkBody>;

/** What a confirmation or unsubscribe link was about. */
export const backInStockLinkAnswer = z.strictObject({
  success: z.literal(true),
  product: z.strictObject({ title: z.string(), slug: z.string() }),
});
export type BackInStockLinkDto = z.infer<typeof backInStockLinkAnswer>;

export const WISHLIST_MAX_ITEMS = 200;

/** POST /wishlist/merge: a guest's list kept in the browser, added to the account's on sign-in. */
export const wishlistMergeBody = z.object({
  productIds: z.array(storableString(ID_MAX_LENGTH)).max(WISHLIST_MAX_ITEMS),
});

export const wishlistParams = z.object({ productId: storableString(ID_MAX_LENGTH) });

/** GET /wishlist: the products, newest first, with their current prices and stock. */
export const wishlistAnswer = z.strictObject({ items: z.array(productAnswer) });
export type WishlistDto = z.infer<typeof wishlistAnswer>;
