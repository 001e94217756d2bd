/** Shapes of the back office's jobs: bulk work run in batches by a worker, with progress the screens poll. */
import { z } from 'zod';
import { idSchema } from './common';
import { priceChangeSchema, productListFilterSchema, stockSchema } from './products';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** One problem of a job: the row of its file (imports) or the record (bulk edits) and what went wrong. */
export const jobErrorSchema = z.strictObject({
  row: z.int().nullable(),
  ref: z.string().nullable(),
  /** the file's column at fault (imports), when one is */
  column: z.string().nullable().optional(),
  message: z.string(),
});
export type JobError = z.infer<typeof jobErrorSchema>;

export const jobSchema = z.strictObject({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  /** what the job does, in the staff member's words (e.g. the action and its filter) */
  params: z.record(z.string(), z.unknown()),
  total: z.int(),
  processed: z.int(),
  failed: z.int(),
  errors: z.array(jobErrorSchema),
  result: z.record(z.string(), z.unknown()).nullable(),
  cancelRequested: z.boolean(),
  staffName: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;
export const jobListSchema = z.strictObject({ items: z.array(jobSchema) });
export type JobList = z.infer<typeof jobListSchema>;

/** Most problems a job keeps (the count goes on past it). */
export const MAX_JOB_ERRORS = 200;

/** POST /products/bulk-job: one action over every product the list's filters match, run as a job. */
export const productBulkJobBodySchema = z.object({
  filter: productListFilterSchema.default({}),
  change: z.discriminatedUnion('action', [
    z.object({ action: z.enum(['enable', 'disable', 'delete']) }),
    z.object({ action: z.literal('price'), price: priceChangeSchema }),
    z.object({ action: z.literal('stock'), stock: stockSchema }),
    z.object({ action: z.enum(['catalogAdd', 'catalogRemove']), catalogId: idSchema }),
  ]),
});
export type ProductBulkJobBody = z.input<typeof productBulkJobBodySchema>;
export type ProductBulkChange = z.infer<typeof productBulkJobBodySchema>['change'];
