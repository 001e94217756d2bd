import { and, eq, inArray } from 'drizzle-orm';
import type { Language } from '../../../lib/localize';
import { lineTotalCents } from '../../../lib/order-totals';
import { effectivePriceCents } from '../../../lib/pricing';
import type { Executor } from '../../db/client';
import { catalogProducts, products, variations } from '../../db/schema';
import { ApiError } from '../core/errors';
import { MAX_QUANTITY, type LineInput } from '../../../contract/storefront/commerce';
import { commerceMessage } from './messages';

/** A line after merging duplicates; `index` is where the variation first appeared in the request. */
export type MergedLine = LineInput & { index: number };

export type VariationRow = typeof variations.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

export type ResolvedLine = MergedLine & {
  variation: VariationRow;
  product: ProductRow;
  unitPriceCents: number;
  unitFullPriceCents: number;
  totalCents: number;
};

/** Sums the quantities of repeated variations, keeping the first position of each. */
export function mergeLines(items: LineInput[]): MergedLine[] {
  const byVariation = new Map<string, MergedLine>();
  items.forEach((item, index) => {
    const seen = byVariation.get(item.variationId);
    if (seen) seen.quantity += item.quantity;
    else byVariation.set(item.variationId, { ...item, index });
  });
  return [...byVariation.values()];
}

/**
 * Merges the requested lines and loads each variation with its product, priced from the database.
 * Unknown variations, variations of disabled products, merged quantities above the maximum (the shop's
 * per-line cap when given) and, for an order (`orderable`), "price on request" variations (price 0) are
 * answered with a 400 on `{fieldPrefix}{index}.variationId` / `.quantity`.
 */
export async function resolveLines(
  db: Executor,
  items: LineInput[],
  fieldPrefix: string,
  lang: Language,
  options: { maxQuantity?: number; orderable?: boolean } = {},
): Promise<ResolvedLine[]> {
  const merged = mergeLines(items);
  const maxQuantity = Math.min(options.maxQuantity ?? MAX_QUANTITY, MAX_QUANTITY);
  const fieldErrors: Record<string, string[]> = {};
  for (const line of merged) {
    if (line.quantity > maxQuantity) {
      fieldErrors[`${fieldPrefix}${line.index}.quantity`] = [commerceMessage('quantityTooLarge', lang, { max: maxQuantity })];
    }
  }
  const rows = merged.length
    ? await db
        .select({ variation: variations, product: products })
        .from(variations)
        .innerJoin(products, eq(products.id, variations.productId))
        .where(
          and(
            inArray(
              variations.id,
              merged.map((l) => l.variationId),
            ),
            eq(products.enabled, true),
          ),
        )
    : [];
  const rowByVariation = new Map(rows.map((r) => [r.variation.id, r]));
  const resolved: ResolvedLine[] = [];
  for (const line of merged) {
    const row = rowByVariation.get(line.variationId);
    if (!row) {
      fieldErrors[`${fieldPrefix}${line.index}.variationId`] = [commerceMessage('productUnavailable', lang)];
      continue;
    }
    const unitPriceCents = effectivePriceCents(row.variation.fullPriceCents, row.variation.discountPriceCents);
    if (options.orderable && unitPriceCents <= 0) {
      fieldErrors[`${fieldPrefix}${line.index}.variationId`] = [commerceMessage('priceOnRequest', lang)];
      continue;
    }
    resolved.push({
      ...line,
      ...row,
      unitPriceCents,
      unitFullPriceCents: row.variation.fullPriceCents,
      totalCents: lineTotalCents({ unitPriceCents, quantity: line.quantity }),
    });
  }
  const failedPaths = Object.keys(fieldErrors);
  if (failedPaths.length > 0) {
    const firstPath = failedPaths[0]!;
    throw new ApiError(400, fieldErrors[firstPath]![0]!, { errorPath: firstPath, fieldErrors });
  }
  return resolved;
}

/** Catalog ids per product, for discount codes restricted to catalogs. */
export async function loadCatalogIds(db: Executor, productIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (productIds.length === 0) return map;
  const rows = await db
    .select({ productId: catalogProducts.productId, catalogId: catalogProducts.catalogId })
    .from(catalogProducts)
    .where(inArray(catalogProducts.productId, [...new Set(productIds)]));
  for (const row of rows) map.set(row.productId, [...(map.get(row.productId) ?? []), row.catalogId]);
  return map;
}
