import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { productBodySchema, type ProductImportAnswer, type ProductImportError } from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import { cacheTags } from '../../../cache/invalidation';
import type { Executor } from '../../../db/client';
import { catalogs, products, variations } from '../../../db/schema';
import { ApiError, issueErrorMap } from '../../core/errors';
import { recordAudit } from '../audit';
import type { StaffPrincipal } from '../context';
import { adminMessage } from '../messages';
import { locate, productBodyOf, type ProductDraft } from './product-csv';
import { checkProduct, loadProductDetail, productAuditView, saveProduct, type StockMode } from './product-store';

/**
 * How a set of products is imported: `file` (one request, one transaction: any problem refuses them all, each product
 * audited) or `batch` (a job's batch: each product in its own savepoint, a refused one left as it is and reported
 * while the others are written, the job audited as a whole; a dry run checks without writing).
 */
type ImportMode = { mode: 'file' | 'batch'; dryRun: boolean; rows: number; stockMode: StockMode };

/** Checks and writes every product of the file inside `tx`; answers the outcome (errors are the caller's to act on). */
export async function importDrafts(
  tx: Executor,
  drafts: ProductDraft[],
  staff: Pick<StaffPrincipal, 'id' | 'name'>,
  lang: Language,
  now: Date,
  how: ImportMode,
) {
  const { dryRun, rows, stockMode } = how;
  const batch = how.mode === 'batch';
  /** the products refused (a batch goes on past them) */
  const refused = new Set<string>();
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
  const skuRefused = new Set(errors.map((e) => e.row));
  for (const draft of drafts) {
    if (draft.variations.some((v) => skuRefused.has(v.row))) refused.add(draft.slug);
    const unknown = (draft.catalogSlugs ?? []).filter((slug) => !catalogBySlug.has(slug));
    if (unknown.length) {
      errors.push({
        row: draft.firstRow,
        column: 'catalogs',
        message: adminMessage('catalogs.csv.unknownCatalogs', lang, { slugs: unknown.join(', ') }),
      });
      refused.add(draft.slug);
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
      refused.add(draft.slug);
      continue;
    }
    if (refused.has(draft.slug)) continue;
    if (batch) {
      try {
        if (dryRun) await checkProduct(tx, parsed.data, current, lang, stockMode);
        else {
          // a savepoint: a product refused half-way is rolled back alone
          const result = await tx.transaction((one) => saveProduct(one, parsed.data, current, lang, now, stockMode));
          tags.add(cacheTags.product(result.id));
          for (const id of result.catalogIds) tags.add(cacheTags.catalog(id));
        }
        if (current) answer.updated += 1;
        else answer.created += 1;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        refused.add(draft.slug);
        const fields = Object.entries(error.extra.fieldErrors ?? {});
        if (fields.length === 0) errors.push({ row: draft.firstRow, column: null, message: error.message });
        for (const [path, messages] of fields) for (const message of messages) errors.push({ ...locate(draft, path), message });
      }
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
  return { answer, errors, tags, refused: refused.size };
}
