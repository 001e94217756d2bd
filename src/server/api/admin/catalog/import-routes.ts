import { randomUUID } from 'node:crypto';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  PRODUCT_CSV_MAX_BYTES,
  productBodySchema,
  productImportBodySchema,
  type ProductImportAnswer,
  type ProductImportError,
} from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import { cacheTags, invalidate } from '../../../cache/invalidation';
import type { Executor } from '../../../db/client';
import { catalogs, products, variations } from '../../../db/schema';
import { ApiError, errorBody, issueErrorMap } from '../../core/errors';
import { readBody } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv, StaffPrincipal } from '../context';
import { adminMessage } from '../messages';
import { productTags } from './catalogs-routes';
import { draftProducts, locate, parseProductCsv, productBodyOf, productCsvChunks, type ProductDraft } from './product-csv';
import { loadProductDetail, productAuditView, saveProduct, type StockMode } from './product-store';

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
async function readImport(c: Context<AdminEnv>): Promise<{ csv: string; dryRun: boolean }> {
  const type = c.req.header('content-type') ?? '';
  if (/^multipart\/form-data\s*;/i.test(type)) {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get('file');
    const dryRun = form?.get('dryRun');
    if (!file || typeof file === 'string') {
      const message = adminMessage('catalogs.csv.noFile', c.var.lang);
      throw new ApiError(400, message, { errorPath: 'file', fieldErrors: { file: [message] } });
    }
    return { csv: await file.text(), dryRun: dryRun === 'true' || dryRun === '1' };
  }
  return readBody(c, productImportBodySchema);
}

/** Checks and writes every product of the file inside `tx`; answers the outcome (errors are the caller's to act on). */
async function importDrafts(
  tx: Executor,
  drafts: ProductDraft[],
  staff: StaffPrincipal,
  lang: Language,
  now: Date,
  dryRun: boolean,
  rows: number,
  stockMode: StockMode,
) {
  const errors: ProductImportError[] = [];
  const tags = new Set<string>();
  const answer: ProductImportAnswer = { dryRun, rows, created: 0, updated: 0, products: [] };
  const slugs = drafts.map((d) => d.slug);
  const catalogSlugs = [...new Set(drafts.flatMap((d) => d.catalogSlugs ?? []))];
  const [existingRows, catalogRows] = await Promise.all([
    slugs.length
      ? tx
          .select({ id: products.id, slug: products.slug, version: products.version })
          .from(products)
          .where(inArray(products.slug, slugs))
          .for('update')
      : [],
    catalogSlugs.length
      ? tx.select({ id: catalogs.id, slug: catalogs.slug }).from(catalogs).where(inArray(catalogs.slug, catalogSlugs))
      : [],
  ]);
  const existingBySlug = new Map(existingRows.map((r) => [r.slug, r]));
  const catalogBySlug = new Map(catalogRows.map((r) => [r.slug, r.id]));
  // a SKU of a product the file does not name stays that product's
  const skus = drafts.flatMap((d) => d.variations.flatMap((v) => (v.sku ? [{ sku: v.sku, row: v.row }] : [])));
  if (skus.length) {
    const fileIds = existingRows.map((r) => r.id);
    const elsewhere = await tx
      .select({ sku: variations.sku, slug: products.slug })
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(
        and(
          inArray(
            variations.sku,
            skus.map((s) => s.sku),
          ),
          fileIds.length ? notInArray(variations.productId, fileIds) : undefined,
        ),
      );
    const owner = new Map(elsewhere.map((r) => [r.sku, r.slug]));
    for (const { sku, row } of skus) {
      if (owner.has(sku))
        errors.push({ row, column: 'sku', message: adminMessage('catalogs.csv.skuElsewhere', lang, { slug: owner.get(sku)! }) });
    }
  }
  for (const draft of drafts) {
    const unknown = (draft.catalogSlugs ?? []).filter((slug) => !catalogBySlug.has(slug));
    if (unknown.length) {
      errors.push({
        row: draft.firstRow,
        column: 'catalogs',
        message: adminMessage('catalogs.csv.unknownCatalogs', lang, { slugs: unknown.join(', ') }),
      });
      continue;
    }
    const current = existingBySlug.get(draft.slug) ?? null;
    const before = current ? await loadProductDetail(tx, current.id, lang) : null;
    const parsed = productBodySchema.safeParse(
      productBodyOf(
        draft,
        before,
        draft.catalogSlugs?.map((slug) => catalogBySlug.get(slug)!),
      ),
      {
        error: issueErrorMap(lang),
      },
    );
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ ...locate(draft, issue.path.map(String).join('.')), message: issue.message });
      continue;
    }
    if (errors.length) continue; // the file is refused anyway: the rest is only checked
    try {
      const result = await saveProduct(tx, parsed.data, current, lang, now, stockMode);
      const after = await loadProductDetail(tx, result.id, lang);
      await recordAudit(
        tx,
        staff,
        {
          action: current ? 'product.import.update' : 'product.import.create',
          entityType: 'product',
          entityId: result.id,
          before: productAuditView(before),
          after: productAuditView(after),
        },
        now,
      );
      tags.add(cacheTags.product(result.id));
      for (const id of result.catalogIds) tags.add(cacheTags.catalog(id));
      answer.products.push({ slug: draft.slug, action: current ? 'update' : 'create', variations: draft.variations.length });
      if (current) answer.updated += 1;
      else answer.created += 1;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = Object.entries(error.extra.fieldErrors ?? {});
      if (fields.length === 0) errors.push({ row: draft.firstRow, column: null, message: error.message });
      for (const [path, messages] of fields) for (const message of messages) errors.push({ ...locate(draft, path), message });
    }
  }
  return { answer, errors, tags };
}

export const productImportRoutes = new Hono<AdminEnv>()
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
          const result = await importDrafts(tx, drafts, staff, lang, now, dryRun, parsed.rows.length, stockMode);
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
