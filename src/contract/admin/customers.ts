import { z } from 'zod';
import { booleanQuerySchema, listAnswerSchema, listQuerySchema, moderationStatusSchema, versionSchema } from './common';

/** GET /customers */
export const customerListQuerySchema = listQuerySchema(['createdAt', 'email', 'ordersCount'], '-createdAt').extend({
  /** name, e-mail or phone */
  q: z.string().trim().max(200).optional(),
  disabled: booleanQuerySchema.optional(),
});

export const customerListItemSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  ordersCount: z.int(),
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
  version: z.int(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** PATCH /customers/:id */
export const customerPatchSchema = z.object({ disabled: z.boolean(), version: versionSchema });
