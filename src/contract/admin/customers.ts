import { z } from 'zod';
import { booleanQuerySchema, listAnswerSchema, listQuerySchema, moderationStatusSchema, versionSchema } from './common';

export const CUSTOMER_TAG_MAX = 40;
export const CUSTOMER_TAGS_MAX = 20;

/** GET /customers */
export const customerListQuerySchema = listQuerySchema(['createdAt', 'email', 'ordersCount', 'totalSpentCents'], '-createdAt').extend({
  /** name, e-mail or phone */
  q: z.string().trim().max(200).optional(),
  disabled: booleanQuerySchema.optional(),
  /** with an account (true) or guests only (false) */
  registered: booleanQuerySchema.optional(),
  /** customers carrying this tag */
  tag: z.string().trim().min(1).max(CUSTOMER_TAG_MAX).optional(),
  /** total spent at least / at most, in minor units */
  minSpent: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 53 - 1)
    .optional(),
  maxSpent: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 53 - 1)
    .optional(),
});

export const customerListItemSchema = z.strictObject({
  id: z.string(),
  /** null for a guest who gave only a phone */
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  ordersCount: z.int(),
  /** totals of the orders not canceled, less what was refunded on them (minor units of `currency`) */
  totalSpentCents: z.int(),
  currency: z.string(),
  tags: z.array(z.string()),
  /** has a storefront account (else a guest buyer) */
  registered: z.boolean(),
  /** the account is disabled (a guest never is) */
  disabled: z.boolean(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;
export const customerListSchema = listAnswerSchema(customerListItemSchema);

export const customerDetailSchema = customerListItemSchema.extend({
  birthDate: z.string().nullable(),
  address: z.strictObject({
    country: z.string().optional(),
    region: z.string().optional(),
    locality: z.string().optional(),
    street: z.string().optional(),
    postalCode: z.string().optional(),
  }),
  /** latest 50 */
  orders: z.array(
    z.strictObject({
      id: z.string(),
      number: z.int(),
      createdAt: z.string(),
      status: z.string(),
      paymentStatus: z.string(),
      totalCents: z.int(),
      currency: z.string(),
    }),
  ),
  reviews: z.array(
    z.strictObject({
      id: z.string(),
      productId: z.string(),
      productTitle: z.string(),
      rating: z.int(),
      text: z.string(),
      status: moderationStatusSchema,
      createdAt: z.string(),
    }),
  ),
  /** staff's notes, never shown to the customer */
  note: z.string(),
  version: z.int(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

const tagSchema = z
  .string()
  .trim()
  .min(1)
  .max(CUSTOMER_TAG_MAX)
  .refine((v) => !/[\u0000,]/.test(v), 'A tag cannot hold a comma');

/** PATCH /customers/:id: disable or enable the account, the notes and tags; at least one of them */
export const customerPatchSchema = z
  .object({
    disabled: z.boolean().optional(),
    note: z
      .string()
      .max(5000)
      .refine((v) => !v.includes('\u0000'), 'This value contains an invalid character.')
      .optional(),
    tags: z.array(tagSchema).max(CUSTOMER_TAGS_MAX).optional(),
    version: versionSchema,
  })
  .refine((b) => b.disabled !== undefined || b.note !== undefined || b.tags !== undefined, {
    message: 'Nothing to change',
    path: ['disabled'],
  });

/** GET /customers/tags: every tag in use, for the filter */
export const customerTagsSchema = z.array(z.string());
