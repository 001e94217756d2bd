import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  hasCapability,
  idSchema,
  productBodySchema,
  productBulkBodySchema,
  productListQuerySchema,
  productUpdateBodySchema,
  productVersionQuerySchema,
  type ProductListFilter,
  type ProductListItem,
} from '../../../../contract/admin';
import { changeVariationPrice } from '../../../../lib/admin/bulk-price';
import { localize, type Language } from '../../../../lib/localize';
import type { VideoFieldValue } from '../../../../lib/video-field';
import { cacheTags, invalidate } from '../../../cache/invalidation';
import type { Executor } from '../../../db/client';
import { catalogProducts, catalogs, discountCodes, productSearchText, products, variations } from '../../../db/schema';
import { refreshListingFields } from '../../catalog/listing-fields';
import { shopCurrency } from '../../commerce/shop-settings';
import type { AppDeps } from '../../core/context';
import { ApiError } from '../../core/errors';
import { readBody, readParams, readQuery } from '../../core/validate';
import { recordShopEvent } from '../../../integrations/outbox';
import { recordAudit } from '../audit';
import type { AdminEnv, StaffPrincipal } from '../context';
import { boundedTotal, likePattern, listPageKeys } from '../lists';
import { adminMessage } from '../messages';
import { expectVersion, versionConflict } from '../versioned';
import { byId, copyBody, loadProductDetail, productAuditView, productCatalogIds, saveProduct } from './product-store';
import { forgetBuilderTarget } from '../builder/forget-target';
import { forgetVideoSources } from '../../../policy-sources';
import type { ListAnswer, ProductBulkAnswer, ProductChoices } from '../../../../contract/admin';

const idParams = z.object({ id: idSchema });

// table-qualified by hand: in a one-table select Drizzle leaves column names bare, which the subquery would take as its own
const variationsCount = sql<number>`(select count(*)::int from variations v where v.product_id = "products"."id")`;
const stockTotal = sql<
  number | null
>`(select case when bool_or(v.stock is null) then null else coalesce(sum(v.stock), 0)::int end from variations v where v.product_id = "products"."id")`;

/**
 * Conditions of the product list's filters (also the bulk jobs' "every product matching"). A search matches titles
 * and the address, or a variation's SKU: each through its trigram index, the two sets joined before the list reads them.
 */
export function productListFilters(query: ProductListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (query.enabled !== undefined) conditions.push(eq(products.enabled, query.enabled));
  if (query.catalogId) {
    conditions.push(
      sql`exists (select 1 from catalog_products cp where cp.product_id = "products"."id" and cp.catalog_id = ${query.catalogId})`,
    );
  }
  const q = query.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conditions.push(
      sql`"products"."id" in (select p.id from products p where ${productSearchText(sql`p.title`, sql`p.slug`)} ilike ${pattern} union select v.product_id from variations v where v.sku ilike ${pattern})`,
    );
  }
  return conditions;
}

/**
 * The ids of one page of the product list: read from the sort's index alone, so a deep page skips index entries,
 * not rows (the tests read its plan).
 */
export function productListPage(db: Executor, query: z.infer<typeof productListQuerySchema>) {
  return listPageKeys(db, {
    table: products,
    key: products.id,
    where: and(...productListFilters(query)),
    sort: query.sort,
    columns: { title: products.sortTitle, priceCents: products.priceCents, createdAt: products.createdAt, updatedAt: products.updatedAt },
    page: query.page,
    perPage: query.perPage,
  });
}

/** Tags of a product write: the product's pages and listings, and those of every catalog it was or is in. */
const productTags = (productId: string, catalogIds: readonly string[]) => [
  cacheTags.product(productId),
  ...catalogIds.map((id) => cacheTags.catalog(id)),
];

type Locked = typeof products.$inferSelect;

/**
 * Locks the products, then their variations, each in id order (the order orders take stock in); answers each
 * product's stock as the list shows it (every variation together, null when one is unlimited).
 */
async function lockVariations(tx: Executor, productIds: string[]): Promise<Map<string, number | null>> {
  await tx.select({ id: products.id }).from(products).where(inArray(products.id, productIds)).orderBy(asc(products.id)).for('update');
  const rows = await tx
    .select({ productId: variations.productId, stock: variations.stock })
    .from(variations)
    .where(inArray(variations.productId, productIds))
    .orderBy(asc(variations.id))
    .for('update');
  const counts = new Map<string, number | null>();
  for (const row of rows) {
    const sum = counts.has(row.productId) ? counts.get(row.productId)! : 0;
    counts.set(row.productId, sum === null || row.stock === null ? null : sum + row.stock);
  }
  return counts;
}

/** The 409 of a bulk stock change over products whose stock moved since the list was loaded, with each one's figure now. */
function bulkStockMoved(moved: { index: number; name: string; current: number | null; seen: number | null }[], lang: Language) {
  const figure = (stock: number | null) => (stock === null ? adminMessage('products.unlimitedStock', lang) : String(stock));
  const fieldErrors: Record<string, string[]> = {};
  for (const m of moved.sort((a, b) => a.index - b.index)) {
    fieldErrors[`items.${m.index}.stockSeen`] = [
      adminMessage('products.bulkStockMoved', lang, { name: m.name, current: figure(m.current), seen: figure(m.seen) }),
    ];
  }
  return new ApiError(409, adminMessage('products.stockConflict', lang), { errorPath: Object.keys(fieldErrors)[0]!, fieldErrors });
}

async function lockProduct(tx: Executor, id: string, version: number, lang: Language): Promise<Locked> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  return expectVersion(row, version, lang, 'products.notFound');
}

/** Deletes a product (orders keep their own copies of its lines; carts lose its variations with it). */
async function deleteProduct(tx: Executor, staff: StaffPrincipal, row: Locked, lang: Language, now: Date): Promise<string[]> {
  const before = await loadProductDetail(tx, row.id, lang);
  const catalogIds = await productCatalogIds(tx, row.id);
  await tx.delete(products).where(and(eq(products.id, row.id), eq(products.version, row.version)));
  await forgetBuilderTarget(tx, `product:${row.id}`);
  // other products stop naming it as related (their version moves on, so an open editor reloads)
  const relating = await tx
    .update(products)
    .set({
      relatedProductIds: sql`${products.relatedProductIds} - ${row.id}::text`,
      version: sql`${products.version} + 1`,
      updatedAt: now,
    })
    .where(sql`${products.relatedProductIds} ? ${row.id}::text`)
    .returning({ id: products.id });
  // discount codes limited to it forget it; one limited to it alone is switched off rather than widened to every product
  await tx
    .update(discountCodes)
    .set({
      productIds: sql`${discountCodes.productIds} - ${row.id}::text`,
      enabled: sql`case when ${discountCodes.productIds} - ${row.id}::text = '[]'::jsonb and ${discountCodes.catalogIds} = '[]'::jsonb then false else ${discountCodes.enabled} end`,
      version: sql`${discountCodes.version} + 1`,
    })
    .where(sql`${discountCodes.productIds} ? ${row.id}::text`);
  await recordAudit(
    tx,
    staff,
    { action: 'product.delete', entityType: 'product', entityId: row.id, before: productAuditView(before) },
    now,
  );
  await recordShopEvent(tx, 'product.changed', { id: row.id, change: 'delete' }, now);
  return [...productTags(row.id, catalogIds), ...relating.map((r) => cacheTags.product(r.id))];
}

/** Runs one audited product write in a transaction, then invalidates what it changed. */
async function inTransaction<T>(deps: AppDeps, write: (tx: Executor, now: Date) => Promise<{ result: T; tags: string[] }>): Promise<T> {
  const { result, tags } = await deps.db.transaction(async (tx) => write(tx, deps.now()));
  forgetVideoSources(deps.db);
  // only products changed: their catalogs' indexes are patched for them, not rebuilt
  await invalidate([...tags, cacheTags.productsOnly]);
  return result;
}

const sameVideo = (a: VideoFieldValue | null, b: VideoFieldValue | null) =>
  a === b ||
  (a !== null && b !== null && a.source === b.source && a.video === b.video && a.mode === b.mode && a.previewImage === b.previewImage);

/** A video of a service runs that service's player script on the product page: only staff who decide on scripts set one. */
function mayChangeVideo(staff: StaffPrincipal, lang: Language): void {
  if (hasCapability(staff.role, 'edit_code')) return;
  const message = adminMessage('products.videoForbidden', lang);
  throw new ApiError(403, message, { errorPath: 'video', fieldErrors: { video: [message] } });
}

export const productRoutes = new Hono<AdminEnv>()
  .get('/product-choices', async (c) => {
    const db = c.var.deps.db;
    const [rows, currency] = await Promise.all([
      db
        .select({ id: catalogs.id, title: catalogs.title, enabled: catalogs.enabled })
        .from(catalogs)
        .orderBy(asc(catalogs.position), asc(catalogs.slug)),
      shopCurrency(db),
    ]);
    return c.json({
      catalogs: rows.map((r) => ({ id: r.id, title: localize(r.title, c.var.lang), enabled: r.enabled })),
      currency,
    } satisfies ProductChoices);
  })
  .get('/products', async (c) => {
    const query = readQuery(c, productListQuerySchema);
    const { deps, lang } = c.var;
    const db = deps.db;
    const { where, order, offset, keys } = productListPage(db, query);
    const page = keys.as('page');
    const [rows, counted] = await Promise.all([
      db
        .select({ product: products, variationsCount, stockTotal })
        .from(page)
        .innerJoin(products, eq(products.id, page.key))
        .orderBy(...order),
      boundedTotal(db, db.select({ one: sql`1` }).from(products).where(where).$dynamic(), offset),
    ]);
    const links = rows.length
      ? await db
          .select({ productId: catalogProducts.productId, id: catalogs.id, title: catalogs.title })
          .from(catalogProducts)
          .innerJoin(catalogs, eq(catalogs.id, catalogProducts.catalogId))
          .where(
            inArray(
              catalogProducts.productId,
              rows.map((r) => r.product.id),
            ),
          )
          .orderBy(asc(catalogs.position), asc(catalogs.slug))
      : [];
    const items: ProductListItem[] = rows.map(({ product: p, variationsCount: n, stockTotal: stock }) => ({
      id: p.id,
      slug: p.slug,
      title: localize(p.title, lang),
      enabled: p.enabled,
      priceCents: p.priceCents,
      priceFullCents: p.priceFullCents,
      imageId: p.imageIds[0] ?? null,
      catalogs: links.filter((l) => l.productId === p.id).map((l) => ({ id: l.id, title: localize(l.title, lang) })),
      variationsCount: Number(n),
      stock: stock === null ? null : Number(stock),
      version: p.version,
      updatedAt: p.updatedAt.toISOString(),
    }));
    return c.json({ items, ...counted, page: query.page, perPage: query.perPage } satisfies ListAnswer<ProductListItem>);
  })
  .post('/products', async (c) => {
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, productBodySchema);
    if (body.video) mayChangeVideo(staff, lang);
    const id = await inTransaction(deps, async (tx, now) => {
      const written = await saveProduct(tx, body, null, lang, now);
      const after = await loadProductDetail(tx, written.id, lang);
      await recordAudit(
        tx,
        staff,
        { action: 'product.create', entityType: 'product', entityId: written.id, after: productAuditView(after) },
        now,
      );
      await recordShopEvent(tx, 'product.changed', { id: written.id, change: 'create' }, now);
      return { result: written.id, tags: productTags(written.id, written.catalogIds) };
    });
    return c.json(await loadProductDetail(deps.db, id, lang), 201);
  })
  .post('/products/bulk', async (c) => {
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, productBulkBodySchema);
    const updated = await inTransaction(deps, async (tx, now) => {
      const tags: string[] = [];
      const items: { id: string; version: number; stockSeen?: number | null }[] = [...body.items].sort((a, b) => byId(a.id, b.id));
      // every lock in one order (products, then their variations, each by id) so that bulk edits, product saves and
      // orders taking stock never wait on each other in a cycle
      const stockCounts =
        body.action === 'price' || body.action === 'stock'
          ? await lockVariations(
              tx,
              items.map((i) => i.id),
            )
          : new Map<string, number | null>();
      const moved: { index: number; name: string; current: number | null; seen: number | null }[] = [];
      for (const item of items) {
        const row = await lockProduct(tx, item.id, item.version, lang);
        if (body.action === 'delete') {
          tags.push(...(await deleteProduct(tx, staff, row, lang, now)));
          continue;
        }
        const before = await loadProductDetail(tx, row.id, lang);
        if (body.action === 'price') {
          for (const variation of before.variations) {
            const next = changeVariationPrice(variation, body.price);
            await tx.update(variations).set(next).where(eq(variations.id, variation.id));
          }
        } else if (body.action === 'stock') {
          // the stock the list showed must still be the stock: a sale since would otherwise be undone
          const current = stockCounts.get(row.id) ?? null;
          if (current !== (item.stockSeen ?? null)) {
            moved.push({
              index: body.items.findIndex((i) => i.id === row.id),
              name: localize(row.title, lang),
              current,
              seen: item.stockSeen ?? null,
            });
            continue;
          }
          await tx.update(variations).set({ stock: body.stock }).where(eq(variations.productId, row.id));
        }
        const [bumped] = await tx
          .update(products)
          .set({
            ...(body.action === 'enable' || body.action === 'disable' ? { enabled: body.action === 'enable' } : {}),
            version: sql`${products.version} + 1`,
            updatedAt: now,
          })
          .where(and(eq(products.id, row.id), eq(products.version, item.version)))
          .returning({ id: products.id });
        if (!bumped) throw versionConflict(lang);
        if (body.action === 'price') await refreshListingFields(tx, [row.id]);
        const after = await loadProductDetail(tx, row.id, lang);
        await recordAudit(
          tx,
          staff,
          {
            action: `product.${body.action}`,
            entityType: 'product',
            entityId: row.id,
            before: productAuditView(before),
            after: productAuditView(after),
          },
          now,
        );
        await recordShopEvent(tx, 'product.changed', { id: row.id, change: body.action }, now);
        tags.push(...productTags(row.id, before.catalogIds));
      }
      if (moved.length) throw bulkStockMoved(moved, lang);
      // a change of stock alone keeps catalog listings and facets (they do not depend on stock)
      if (body.action === 'stock') tags.push(cacheTags.stockOnly);
      return { result: body.items.length, tags };
    });
    return c.json({ updated } satisfies ProductBulkAnswer);
  })
  .get('/products/:id', async (c) => {
    const { id } = readParams(c, idParams);
    return c.json(await loadProductDetail(c.var.deps.db, id, c.var.lang));
  })
  .put('/products/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, productUpdateBodySchema);
    await inTransaction(deps, async (tx, now) => {
      const row = await lockProduct(tx, id, body.version, lang);
      const before = await loadProductDetail(tx, id, lang);
      if (body.video !== undefined && !sameVideo(body.video, before.video)) mayChangeVideo(staff, lang);
      const written = await saveProduct(tx, body, row, lang, now);
      const after = await loadProductDetail(tx, id, lang);
      await recordAudit(
        tx,
        staff,
        { action: 'product.update', entityType: 'product', entityId: id, before: productAuditView(before), after: productAuditView(after) },
        now,
      );
      await recordShopEvent(tx, 'product.changed', { id, change: 'update' }, now);
      return { result: null, tags: [...productTags(id, written.catalogIds), ...(written.renamed ? [cacheTags.redirects] : [])] };
    });
    return c.json(await loadProductDetail(deps.db, id, lang));
  })
  .post('/products/:id/duplicate', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const copyId = await inTransaction(deps, async (tx, now) => {
      const source = await loadProductDetail(tx, id, lang);
      const written = await saveProduct(tx, copyBody(source), null, lang, now);
      const after = await loadProductDetail(tx, written.id, lang);
      await recordAudit(
        tx,
        staff,
        {
          action: 'product.duplicate',
          entityType: 'product',
          entityId: written.id,
          before: { sourceId: id },
          after: productAuditView(after),
        },
        now,
      );
      await recordShopEvent(tx, 'product.changed', { id: written.id, change: 'duplicate' }, now);
      return { result: written.id, tags: productTags(written.id, written.catalogIds) };
    });
    return c.json(await loadProductDetail(deps.db, copyId, lang), 201);
  })
  .delete('/products/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { version } = readQuery(c, productVersionQuerySchema);
    const { deps, lang, staff } = c.var;
    await inTransaction(deps, async (tx, now) => {
      const row = await lockProduct(tx, id, version, lang);
      return { result: null, tags: await deleteProduct(tx, staff, row, lang, now) };
    });
    return c.body(null, 204);
  });
