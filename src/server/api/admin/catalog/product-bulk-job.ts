import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ProductBulkChange, ProductListFilter } from '../../../../contract/admin';
import { cacheTags } from '../../../cache/invalidation';
import type { Executor } from '../../../db/client';
import { builderDrafts, builderRevisions, catalogProducts, catalogs, discountCodes, products, variations } from '../../../db/schema';
import { refreshListingFields } from '../../catalog/listing-fields';
import type { JobKind, JobRow } from '../jobs/job-runner';
import { productTags } from './catalogs-routes';
import { productListFilters } from './products-routes';

/** What a products.bulk job stores: the list's filters and the change. */
export type ProductBulkParams = { filter: ProductListFilter; change: ProductBulkChange };
const paramsOf = (job: JobRow) => job.params as unknown as ProductBulkParams;

const ids = (keys: string[]) =>
  sql`(${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )})`;

/** The variations' prices after a change, in SQL, as `changeVariationPrice` (src/lib/admin/bulk-price.ts) computes them. */
async function changePrices(tx: Executor, keys: string[], price: Extract<ProductBulkChange, { action: 'price' }>['price']) {
  if (price.mode === 'set') {
    const cents = Math.max(1, Math.round(price.cents));
    await tx.execute(sql`
      update variations set full_price_cents = ${cents},
        discount_price_cents = case when discount_price_cents < ${cents} then discount_price_cents else null end
      where product_id in ${ids(keys)}`);
    return;
  }
  const factor = sql`(100 + ${price.percent}::numeric) / 100`;
  const changed = (column: string) => sql`greatest(1, round(${sql.raw(column)}::numeric * ${factor}))::int`;
  await tx.execute(sql`
    update variations set full_price_cents = ${changed('full_price_cents')},
      discount_price_cents = case when discount_price_cents is null then null
        else least(${changed('full_price_cents')}, ${changed('discount_price_cents')}) end
    where product_id in ${ids(keys)}`);
}

/** Deletes the batch's products as one product's delete does: orders keep their copies; references to them go. */
async function deleteProducts(tx: Executor, keys: string[], now: Date): Promise<string[]> {
  const targets = keys.map((key) => `product:${key}`);
  await tx.delete(builderDrafts).where(inArray(builderDrafts.target, targets));
  await tx.delete(builderRevisions).where(inArray(builderRevisions.target, targets));
  await tx.delete(products).where(inArray(products.id, keys));
  const gone = sql`${JSON.stringify(keys)}::jsonb`;
  const relating = await tx
    .update(products)
    .set({
      relatedProductIds: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements_text(${products.relatedProductIds}) e where not (${gone} ? e))`,
      version: sql`${products.version} + 1`,
      updatedAt: now,
    })
    .where(sql`${products.relatedProductIds} ?| array(select jsonb_array_elements_text(${gone}))`)
    .returning({ id: products.id });
  const remaining = (column: typeof discountCodes.productIds) =>
    sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements_text(${column}) e where not (${gone} ? e))`;
  await tx
    .update(discountCodes)
    .set({
      productIds: remaining(discountCodes.productIds),
      // a code limited to these products alone is switched off rather than widened to every product
      enabled: sql`case when ${remaining(discountCodes.productIds)} = '[]'::jsonb and ${discountCodes.catalogIds} = '[]'::jsonb then false else ${discountCodes.enabled} end`,
      version: sql`${discountCodes.version} + 1`,
    })
    .where(sql`${discountCodes.productIds} ?| array(select jsonb_array_elements_text(${gone}))`);
  return relating.map((r) => cacheTags.product(r.id));
}

/**
 * products.bulk: one change over every product the list's filters matched, in batches by product id (the cursor is
 * the last id done). Each batch locks its products, then their variations, in id order (as orders and saves do).
 */
export const productBulkJob: JobKind = {
  // each batch is a handful of set-based statements: per-batch costs (finding the batch, the job's row, the pages
  // dropped) are paid once per 2,000 products rather than per 250
  batchSize: 2000,
  async next(tx, job, size) {
    const { filter } = paramsOf(job);
    const after = typeof job.cursor === 'string' ? job.cursor : null;
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(...productListFilters(filter), after === null ? undefined : gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(size);
    return { keys: rows.map((r) => r.id), cursor: rows.at(-1)?.id ?? after };
  },
  async apply(tx, job, keys, now) {
    const { change } = paramsOf(job);
    const locked = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, keys))
      .orderBy(asc(products.id))
      .for('update');
    const present = locked.map((r) => r.id);
    if (present.length === 0) return { tags: [] };
    const links = await tx
      .select({ catalogId: catalogProducts.catalogId })
      .from(catalogProducts)
      .where(inArray(catalogProducts.productId, present));
    const catalogIds = new Set(links.map((l) => l.catalogId));
    const extra: string[] = [];
    if (change.action === 'price' || change.action === 'stock') {
      await tx
        .select({ id: variations.id })
        .from(variations)
        .where(inArray(variations.productId, present))
        .orderBy(asc(variations.id))
        .for('update');
    }
    if (change.action === 'delete') {
      extra.push(...(await deleteProducts(tx, present, now)));
    } else {
      if (change.action === 'price') await changePrices(tx, present, change.price);
      if (change.action === 'stock') await tx.update(variations).set({ stock: change.stock }).where(inArray(variations.productId, present));
      if (change.action === 'catalogAdd' || change.action === 'catalogRemove') {
        catalogIds.add(change.catalogId);
        if (change.action === 'catalogAdd') {
          await tx.execute(sql`
            insert into catalog_products (catalog_id, product_id, position)
            select ${change.catalogId}, p.id,
              (select coalesce(max(position), -1) from catalog_products where catalog_id = ${change.catalogId}) + row_number() over (order by p.id)
            from products p where p.id in ${ids(present)}
            on conflict do nothing`);
        } else {
          await tx
            .delete(catalogProducts)
            .where(and(eq(catalogProducts.catalogId, change.catalogId), inArray(catalogProducts.productId, present)));
        }
        // the catalog's product list changed: an open catalog editor cannot save an older list over it
        await tx
          .update(catalogs)
          .set({ version: sql`${catalogs.version} + 1` })
          .where(eq(catalogs.id, change.catalogId));
      }
      // a price change moves the versions on with the listing prices: each product row is written once per batch
      if (change.action === 'price') await refreshListingFields(tx, present, { bumpVersion: true });
      else
        await tx
          .update(products)
          .set({
            ...(change.action === 'enable' || change.action === 'disable' ? { enabled: change.action === 'enable' } : {}),
            version: sql`${products.version} + 1`,
            updatedAt: now,
          })
          .where(inArray(products.id, present));
    }
    return {
      tags: [
        ...productTags(present),
        ...extra,
        ...[...catalogIds].map(cacheTags.catalog),
        // a change of stock alone keeps catalog listings and facets; other changes patch the catalogs' indexes
        change.action === 'stock' ? cacheTags.stockOnly : cacheTags.productsOnly,
      ],
    };
  },
};
