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

export const leadReplyEntrySchema = z.strictObject({
  id: z.string(),
  staffName: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

/** GET /leads/:id: the enquiry with its history (the replies e-mailed from the back office, oldest first). */
export const adminLeadDetailSchema = adminLeadSchema.extend({ replies: z.array(leadReplyEntrySchema) });
export type AdminLeadDetail = z.infer<typeof adminLeadDetailSchema>;

/**
 * POST /leads/:id/reply: e-mails the reply to the enquiry's address (through the mail queue, in `lang`, else the
 * shop's language), records it on the enquiry and marks the enquiry handled.
 */
export const leadReplySchema = z.object({
  subject: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(10_000),
  lang: z.enum(['en', 'ru']).optional(),
});
