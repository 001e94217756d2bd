import { z } from 'zod';
import { dateFilterSchema, idSchema, listAnswerSchema, listQuerySchema } from './common';

/** GET /audit (owner only) */
export const auditListQuerySchema = listQuerySchema(['createdAt'], '-createdAt').extend({
  staffId: idSchema.optional(),
  entityType: idSchema.optional(),
  entityId: idSchema.optional(),
  from: dateFilterSchema.optional(),
  to: dateFilterSchema.optional(),
});

export const auditEntrySchema = z.strictObject({
  id: z.string(),
  staffId: z.string().nullable(),
  staffName: z.string(),
  /** the staff member's e-mail, while they exist */
  staffEmail: z.string().nullable(),
  /** e.g. order.cancel, review.update, customer.update, session.sign-in, session.sign-in-failed */
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /** the record's name (a product's title, an order's number, a staff member's name and e-mail); null when unknown or deleted */
  entityName: z.string().nullable(),
  /** the record's page in the back office (under /admin), or null */
  entityPath: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** where the request came from (after TRUST_PROXY), and its User-Agent; null for scheduled work */
  clientAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = listAnswerSchema(auditEntrySchema);
