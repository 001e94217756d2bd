import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  MAX_JOB_ERRORS,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_IMPORT_JOB_MAX_BYTES,
  PRODUCT_IMPORT_JOB_MAX_ROWS,
  productImportBodySchema,
  productImportJobBodySchema,
  type ProductImportJobParams,
  type ProductImportAnswer,
  type ProductImportError,
} from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import { cacheTags, invalidate } from '../../../cache/invalidation';
import { adminJobs } from '../../../db/schema';
import { ApiError, errorBody } from '../../core/errors';
import { readBody } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { queueJob } from '../jobs/job-runner';
import { toJob } from '../jobs/jobs-routes';
import { adminMessage } from '../messages';
import { requireCapability } from '../session';
import { productTags } from './catalogs-routes';
import { importDrafts } from './product-import';
import { jobErrorOf, storeImportItems } from './product-import-job';
import { draftProducts, parseProductCsv, productCsvChunks } from './product-csv';

/** Most problems one answer lists; past it the file has bigger trouble than a list can help with. */
const MAX_REPORTED = 500;

/** Thrown inside the import's transaction to roll it back: on a dry run, or when a product was refused. */
class RolledBack extends Error {
  constructor(readonly outcome: { answer: ProductImportAnswer; errors: ProductImportError[] }) {
    super('rolled back');
  }
}

const refusal = (errors: ProductImportError[], lang: Language) => {
  const sorted = [...errors].sort((a, b) => a.row - b.row).slice(0, MAX_REPORTED);
  const fieldErrors: Record<string, string[]> = {};
  for (const e of sorted) (fieldErrors[`rows.${e.row}.${e.column ?? 'row'}`] ??= []).push(e.message);
  const message = adminMessage('catalogs.csv.refused', lang, { count: errors.length });
  return { ...errorBody(new ApiError(400, message, { errorPath: 'rows', fieldErrors })), message, rowErrors: sorted };
};

/** Reads the CSV and the dry-run flag from a JSON body (`{ csv, dryRun }`) or a multipart form (`file`, `dryRun`). */
async function readImport(c: Context<AdminEnv>, asJob = false): Promise<{ csv: string; dryRun: boolean; fileName?: string | undefined }> {
  const type = c.req.header('content-type') ?? '';
  if (/^multipart\/form-data\s*;/i.test(type)) {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get('file');
    const dryRun = form?.get('dryRun');
    if (!file || typeof file === 'string') {
      const message = adminMessage('catalogs.csv.noFile', c.var.lang);
      throw new ApiError(400, message, { errorPath: 'file', fieldErrors: { file: [message] } });
    }
    return { csv: await file.text(), dryRun: dryRun === 'true' || dryRun === '1', fileName: file.name.slice(0, 200) };
  }
  return asJob ? readBody(c, productImportJobBodySchema) : readBody(c, productImportBodySchema);
}

const tooLarge = (lang: Language, bytes: number) =>
  new ApiError(413, adminMessage('catalogs.csv.tooLarge', lang, { mb: bytes / 1024 / 1024 }));

export const productImportRoutes = new Hono<AdminEnv>()
  /**
   * The file checked (dry run) or imported as a job (the owner's, as other jobs over the whole catalog): its header is
   * checked at once (a wrong one is refused here, 400); its products are stored with the job, each with its cells'
   * problems, and done a batch at a time by the job worker, which reports problems by row.
   */
  .post(
    '/products/import-job',
    requireCapability('bulk_jobs'),
    bodyLimit({
      maxSize: PRODUCT_IMPORT_JOB_MAX_BYTES * 2 + 64 * 1024,
      onError: (c) => {
        throw tooLarge(c.var.lang, PRODUCT_IMPORT_JOB_MAX_BYTES);
      },
    }),
    async (c) => {
      const { deps, lang, staff } = c.var;
      const { csv, dryRun, fileName } = await readImport(c, true);
      if (Buffer.byteLength(csv) > PRODUCT_IMPORT_JOB_MAX_BYTES) throw tooLarge(lang, PRODUCT_IMPORT_JOB_MAX_BYTES);
      const parsed = parseProductCsv(csv, lang, PRODUCT_IMPORT_JOB_MAX_ROWS);
      if (parsed.errors.length) return c.json(refusal(parsed.errors, lang), 400);
      const { drafts, errors } = draftProducts(parsed, lang);
      const params: ProductImportJobParams = {
        dryRun,
        fileName: fileName ?? null,
        rows: parsed.rows.length,
        stockMode: parsed.columns.includes('stock_at_export') ? 'since-export' : 'absolute',
      };
      const id = await deps.db.transaction(async (tx) => {
        const now = deps.now();
        const jobId = await queueJob(tx, staff, { kind: 'products.import', params, total: drafts.length, lang }, now);
        const outside = await storeImportItems(tx, jobId, drafts, errors);
        if (outside.length)
          await tx
            .update(adminJobs)
            .set({ errors: outside.slice(0, MAX_JOB_ERRORS).map((e) => jobErrorOf(e, null)), failed: outside.length })
            .where(eq(adminJobs.id, jobId));
        return jobId;
      });
      const [row] = await deps.db.select().from(adminJobs).where(eq(adminJobs.id, id));
      return c.json(toJob(row!), 202);
    },
  )
  .get('/products/export.csv', async (c) => {
    // streamed as it is read, batch by batch (never held whole, never one long statement)
    const chunks = productCsvChunks(c.var.deps.db);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(new TextEncoder().encode(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    const day = c.var.deps.now().toISOString().slice(0, 10);
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="products-${day}.csv"`,
      'cache-control': 'no-store',
    });
  })
  .post(
    '/products/import',
    bodyLimit({
      maxSize: PRODUCT_CSV_MAX_BYTES * 2 + 64 * 1024,
      onError: (c) => {
        throw new ApiError(413, adminMessage('catalogs.csv.tooLarge', c.var.lang, { mb: PRODUCT_CSV_MAX_BYTES / 1024 / 1024 }));
      },
    }),
    async (c) => {
      const { deps, lang, staff } = c.var;
      const { csv, dryRun } = await readImport(c);
      if (new TextEncoder().encode(csv).length > PRODUCT_CSV_MAX_BYTES) {
        throw new ApiError(413, adminMessage('catalogs.csv.tooLarge', lang, { mb: PRODUCT_CSV_MAX_BYTES / 1024 / 1024 }));
      }
      const parsed = parseProductCsv(csv, lang);
      // a file whose header is wrong is not read further: its rows would only repeat the problem
      if (parsed.errors.length) return c.json(refusal(parsed.errors, lang), 400);
      const { drafts, errors: draftErrors } = draftProducts(parsed, lang);
      if (draftErrors.length) return c.json(refusal(draftErrors, lang), 400);
      const now = deps.now();
      let outcome: { answer: ProductImportAnswer; errors: ProductImportError[]; tags: Set<string> };
      try {
        outcome = await deps.db.transaction(async (tx) => {
          // with the export's stock column, a stock is a change from it; without, a count set as it is
          const stockMode = parsed.columns.includes('stock_at_export') ? 'since-export' : 'absolute';
          const result = await importDrafts(tx, drafts, staff, lang, now, { mode: 'file', dryRun, rows: parsed.rows.length, stockMode });
          if (result.errors.length || dryRun) throw new RolledBack(result);
          await recordAudit(
            tx,
            staff,
            {
              action: 'products.import',
              entityType: 'import',
              entityId: randomUUID(),
              after: {
                rows: parsed.rows.length,
                created: result.answer.created,
                updated: result.answer.updated,
                slugs: result.answer.products.map((p) => p.slug),
              },
            },
            now,
          );
          return result;
        });
      } catch (error) {
        if (!(error instanceof RolledBack)) throw error;
        if (error.outcome.errors.length) return c.json(refusal(error.outcome.errors, lang), 400);
        return c.json(error.outcome.answer);
      }
      const touched = [...outcome.tags];
      // only products changed: their catalogs' indexes are patched for them, not rebuilt
      await invalidate([
        ...touched.filter((tag) => !tag.startsWith('product:')),
        ...productTags(touched.filter((tag) => tag.startsWith('product:')).map((tag) => tag.slice('product:'.length))),
        cacheTags.productsOnly,
      ]);
      return c.json(outcome.answer);
    },
  );
