import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { JobError, ProductImportError, ProductImportJobParams } from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import { cacheTags } from '../../../cache/invalidation';
import type { Executor } from '../../../db/client';
import { adminJobItems } from '../../../db/schema';
import type { JobKind, JobRow } from '../jobs/job-runner';
import { productTags } from './catalogs-routes';
import { importDrafts } from './product-import';
import type { ProductDraft } from './product-csv';

const paramsOf = (job: JobRow) => job.params as unknown as ProductImportJobParams;
const ITEMS_PER_INSERT = 500;

/** A problem of the file as a job reports it: its row, the product's address, the column. */
export const jobErrorOf = (error: ProductImportError, slug: string | null): JobError => ({
  row: error.row,
  ref: slug,
  column: error.column,
  message: error.message,
});

/** Stores the file's products for the job, each with the problems its cells have (the job reports and skips those). */
export async function storeImportItems(tx: Executor, jobId: string, drafts: ProductDraft[], errors: ProductImportError[]) {
  const productOfRow = new Map<number, ProductDraft>();
  for (const draft of drafts) for (const variation of draft.variations) productOfRow.set(variation.row, draft);
  const errorsOf = new Map<string, ProductImportError[]>();
  const outside: ProductImportError[] = [];
  for (const error of errors) {
    const draft = productOfRow.get(error.row);
    if (draft) errorsOf.set(draft.slug, [...(errorsOf.get(draft.slug) ?? []), error]);
    else outside.push(error);
  }
  for (let at = 0; at < drafts.length; at += ITEMS_PER_INSERT) {
    await tx.insert(adminJobItems).values(
      drafts.slice(at, at + ITEMS_PER_INSERT).map((draft) => ({
        jobId,
        row: draft.firstRow,
        slug: draft.slug,
        draft: draft as unknown as Record<string, unknown>,
        errors: errorsOf.get(draft.slug) ?? [],
      })),
    );
  }
  // rows that belong to no product (no address, or not an address) are reported with the file
  return outside;
}

/**
 * products.import: the products of an uploaded file (stored in admin_job_items when it was uploaded), in the file's
 * order, a batch of products at a time. A product whose cells or body are refused is left as it is and reported by
 * row while the batch's others are written; a dry run checks each product without writing. The cursor is the row the
 * last product done starts on.
 */
export const productImportJob: JobKind = {
  async next(tx, job, size) {
    const after = typeof job.cursor === 'number' ? job.cursor : 0;
    const rows = await tx
      .select({ row: adminJobItems.row })
      .from(adminJobItems)
      .where(and(eq(adminJobItems.jobId, job.id), gt(adminJobItems.row, after)))
      .orderBy(asc(adminJobItems.row))
      .limit(size);
    return { keys: rows.map((r) => String(r.row)), cursor: rows.at(-1)?.row ?? after };
  },
  async apply(tx, job, keys, now) {
    const params = paramsOf(job);
    const items = await tx
      .select()
      .from(adminJobItems)
      .where(and(eq(adminJobItems.jobId, job.id), inArray(adminJobItems.row, keys.map(Number))))
      .orderBy(asc(adminJobItems.row));
    const errors: JobError[] = [];
    const drafts: ProductDraft[] = [];
    for (const item of items) {
      if (item.errors.length) errors.push(...item.errors.map((e) => jobErrorOf(e, item.slug)));
      else drafts.push(item.draft as unknown as ProductDraft);
    }
    const staff = { id: job.staffId as string, name: job.staffName };
    const outcome = await importDrafts(tx, drafts, staff, job.lang as Language, now, {
      mode: 'batch',
      dryRun: params.dryRun,
      rows: params.rows,
      stockMode: params.stockMode,
    });
    const slugOfRow = new Map(drafts.flatMap((d) => d.variations.map((v) => [v.row, d.slug] as const)));
    errors.push(...outcome.errors.map((e) => jobErrorOf(e, slugOfRow.get(e.row) ?? null)));
    const touched = [...outcome.tags];
    return {
      tags: touched.length
        ? [
            ...touched.filter((tag) => !tag.startsWith('product:')),
            ...productTags(touched.filter((tag) => tag.startsWith('product:')).map((tag) => tag.slice('product:'.length))),
            cacheTags.productsOnly,
          ]
        : [],
      errors: errors.sort((a, b) => (a.row ?? 0) - (b.row ?? 0)),
      failed: items.length - drafts.length + outcome.refused,
      counts: { created: outcome.answer.created, updated: outcome.answer.updated },
    };
  },
  rowOf: (_job, key) => Number(key),
};
