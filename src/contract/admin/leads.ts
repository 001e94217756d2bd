import { z } from 'zod';
import { booleanQuerySchema, listAnswerSchema, listQuerySchema, versionSchema } from './common';

/** GET /leads */
export const leadListQuerySchema = listQuerySchema(['createdAt'], '-createdAt').extend({
  handled: booleanQuerySchema.optional(),
  q: z.string().trim().max(200).optional(),
});

export const adminLeadSchema = z.strictObject({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  text: z.string().nullable(),
  productId: z.string().nullable(),
  productTitle: z.string().nullable(),
  productSlug: z.string().nullable(),
  variationId: z.string().nullable(),
  variationTitle: z.string().nullable(),
  handledAt: z.string().nullable(),
  handledByName: z.string().nullable(),
  createdAt: z.string(),
  version: z.int(),
});
export type AdminLead = z.infer<typeof adminLeadSchema>;
export const leadListSchema = listAnswerSchema(adminLeadSchema);

/** PATCH /leads/:id */
export const leadPatchSchema = z.object({ handled: z.boolean(), version: versionSchema });
