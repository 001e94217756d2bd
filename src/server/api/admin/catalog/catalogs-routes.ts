import { and, asc, count, eq, ilike, inArray, max, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  catalogBodySchema,
  catalogCandidatesQuerySchema,
  catalogListQuerySchema,
  catalogProductsBodySchema,
  catalogUpdateBodySchema,
  catalogVersionQuerySchema,
  idSchema,
  type CatalogDetail,
  type CatalogListItem,
  type CatalogProduct,
  type CatalogSort,
} from '../../../../contract/admin';
import { localize, type Language } from '../../../../lib/localize';
import { cacheTags, invalidate } from '../../../cache/invalidation';
import type { Executor } from '../../../db/client';
import { catalogProducts, catalogs, images, products, sections } from '../../../db/schema';
import { sanitizeRichText } from '../../content/sanitize';
import { ApiError, notFound } from '../../core/errors';
import { readBody, readParams, readQuery } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { likePattern, listOrder, pageOffset } from '../lists';
import { adminMessage } from '../messages';
import { redirectRenamedPath } from '../redirect-renamed';
import { expectVersion, versionConflict } from '../versioned';
import { slugify } from './product-store';
import { forgetBuilderTarget } from '../builder/forget-target';
import type { CatalogCandidates, CatalogProducts, ListAnswer } from '../../../../contract/admin';

const idParams = z.object({ id: idSchema });
export const catalogPath = (slug: string) => `/catalogs/${slug}`;

/** Past this many products a change is announced as `all` rather than one tag per product. */
const MAX_PRODUCT_TAGS = 500;
/** Tags of pages showing these products (their pages name their catalogs). */
export const productTags = (ids: Iterable<string>): string[] => {
  const unique = [...new Set(ids)];
  return unique.length > MAX_PRODUCT_TAGS ? [cacheTags.all] : unique.map(cacheTags.product);
};

type CatalogRow = typeof catalogs.$inferSelect;
const text = (value: { en?: string; ru?: string } | null | undefined) => ({ en: value?.en ?? '', ru: value?.ru ?? '' });
const sortOf = (value: string): CatalogSort => (value === 'custom' || value === 'price_asc' || value === 'price_desc' ? value : 'title');

const productsCount = sql<number>`(select count(*)::int from ${catalogProducts} where ${catalogProducts.catalogId} = ${catalogs.id})`;

const toListItem = (row: CatalogRow, n: number): CatalogListItem => ({
  id: row.id,
  slug: row.slug,
  title: text(row.title),
  enabled: row.enabled,
  sortCriteria: sortOf(row.sortCriteria),
  position: row.position,
  imageId: row.imageId,
  productsCount: Number(n),
  version: row.version,
});

async function loadCatalog(db: Executor, id: string, lang: Language): Promise<CatalogDetail> {
  const [found] = await db.select({ row: catalogs, n: productsCount }).from(catalogs).where(eq(catalogs.id, id));
  if (!found) throw notFound(adminMessage('catalogs.notFound', lang));
  const { row, n } = found;
  return {
    ...toListItem(row, n),
    description: text(row.description),
    metaTitle: text(row.metaTitle),
    metaDescription: text(row.metaDescription),
    noindex: row.noindex,
    nofollow: row.nofollow,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What an audit entry keeps of a catalog. */
const auditView = (detail: CatalogDetail) => {
  const { createdAt: _c, updatedAt: _u, productsCount: _n, ...rest } = detail;
  return rest;
};

const slugTaken = (lang: Language) =>
  new ApiError(400, adminMessage('catalogs.slugTaken', lang), {
    errorPath: 'slug',
    fieldErrors: { slug: [adminMessage('catalogs.slugTaken', lang)] },
  });

/** `base`, else `base-2`, `base-3`… whichever no other catalog uses. */
async function freeCatalogSlug(tx: Executor, base: string): Promise<string> {
  const rows = await tx
    .select({ slug: catalogs.slug })
    .from(catalogs)
    .where(sql`(${catalogs.slug} = ${base} or ${catalogs.slug} like ${`${base}-%`})`);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Checks the references of a catalog body and settles its address: the one asked for (unique), or one made from the title. */
async function settleBody(tx: Executor, body: z.infer<typeof catalogBodySchema>, current: CatalogRow | null, lang: Language) {
  if (body.imageId) {
    const [image] = await tx.select({ id: images.id }).from(images).where(eq(images.id, body.imageId));
    if (!image)
      throw new ApiError(400, adminMessage('catalogs.unknownImage', lang), {
        errorPath: 'imageId',
        fieldErrors: { imageId: [adminMessage('catalogs.unknownImage', lang)] },
      });
  }
  let slug = body.slug;
  if (slug) {
    const [taken] = await tx
      .select({ id: catalogs.id })
      .from(catalogs)
      .where(and(eq(catalogs.slug, slug), current ? ne(catalogs.id, current.id) : undefined));
    if (taken) throw slugTaken(lang);
  } else if (current) {
    slug = current.slug;
  } else {
    const base = /[a-z0-9]/i.test(body.title.en.normalize('NFKD')) ? slugify(body.title.en) : 'catalog';
    slug = await freeCatalogSlug(tx, base);
  }
  const columns = {
    slug,
    title: body.title,
    description: { en: sanitizeRichText(body.description.en), ru: sanitizeRichText(body.description.ru) },
    metaTitle: body.metaTitle,
    metaDescription: body.metaDescription,
    imageId: body.imageId,
    sortCriteria: body.sortCriteria,
    enabled: body.enabled,
    noindex: body.noindex,
    nofollow: body.nofollow,
  };
  return columns;
}

const memberIds = async (tx: Executor, catalogId: string) =>
  (await tx.select({ id: catalogProducts.productId }).from(catalogProducts).where(eq(catalogProducts.catalogId, catalogId))).map(
    (r) => r.id,
  );

const toCatalogProduct = (
  row: { id: string; slug: string; title: { en: string; ru: string }; enabled: boolean; priceCents: number; imageIds: string[] },
  lang: Language,
): CatalogProduct => ({
  id: row.id,
  slug: row.slug,
  title: localize(row.title, lang),
  enabled: row.enabled,
  priceCents: row.priceCents,
  imageId: row.imageIds[0] ?? null,
});
const productColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  enabled: products.enabled,
  priceCents: products.priceCents,
  imageIds: products.imageIds,
};

export const catalogRoutes = new Hono<AdminEnv>()
  .get('/catalogs', async (c) => {
    const query = readQuery(c, catalogListQuerySchema);
    const db = c.var.deps.db;
    const q = query.q ? likePattern(query.q) : null;
    const where: SQL | undefined = and(
      ...(query.enabled === undefined ? [] : [eq(catalogs.enabled, query.enabled)]),
      ...(q
        ? [
            or(
              ilike(catalogs.slug, q),
              ilike(sql`coalesce(${catalogs.title}->>'en', '') || ' ' || coalesce(${catalogs.title}->>'ru', '')`, q),
            )!,
          ]
        : []),
    );
    const order = listOrder(
      query.sort,
      { position: catalogs.position, title: sql`lower(${catalogs.title}->>'en')`, createdAt: catalogs.createdAt, productsCount },
      catalogs.id,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ row: catalogs, n: productsCount })
        .from(catalogs)
        .where(where)
        .orderBy(...order)
        .limit(query.perPage)
        .offset(pageOffset(query.page, query.perPage)),
      db.select({ n: count() }).from(catalogs).where(where),
    ]);
    return c.json({
      items: rows.map(({ row, n }) => toListItem(row, n)),
      total: total!.n,
      page: query.page,
      perPage: query.perPage,
    } satisfies ListAnswer<CatalogListItem>);
  })
  .get('/catalogs/:id', async (c) => {
    const { id } = readParams(c, idParams);
    return c.json(await loadCatalog(c.var.deps.db, id, c.var.lang));
  })
  .post('/catalogs', async (c) => {
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, catalogBodySchema);
    const id = crypto.randomUUID();
    const detail = await deps.db.transaction(async (tx) => {
      const columns = await settleBody(tx, body, null, lang);
      const [last] = await tx.select({ n: max(catalogs.position) }).from(catalogs);
      const now = deps.now();
      await tx.insert(catalogs).values({ id, ...columns, position: body.position ?? (last?.n ?? -1) + 1, createdAt: now, updatedAt: now });
      const created = await loadCatalog(tx, id, lang);
      await recordAudit(tx, staff, { action: 'catalog.create', entityType: 'catalog', entityId: id, after: auditView(created) }, now);
      return created;
    });
    await invalidate([cacheTags.catalog(id)]);
    return c.json(detail, 201);
  })
  .patch('/catalogs/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, catalogUpdateBodySchema);
    const { detail, tags } = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(catalogs).where(eq(catalogs.id, id)).for('update');
      const current = expectVersion(row, body.version, lang, 'catalogs.notFound');
      const before = await loadCatalog(tx, id, lang);
      const columns = await settleBody(tx, body, current, lang);
      const now = deps.now();
      const [updated] = await tx
        .update(catalogs)
        .set({
          ...columns,
          ...(body.position === undefined ? {} : { position: body.position }),
          version: sql`${catalogs.version} + 1`,
          updatedAt: now,
        })
        .where(and(eq(catalogs.id, id), eq(catalogs.version, body.version)))
        .returning();
      if (!updated) throw versionConflict(lang);
      const renamed = current.slug !== updated.slug;
      if (renamed) await redirectRenamedPath(tx, catalogPath(current.slug), catalogPath(updated.slug), now);
      const after = await loadCatalog(tx, id, lang);
      await recordAudit(
        tx,
        staff,
        { action: 'catalog.update', entityType: 'catalog', entityId: id, before: auditView(before), after: auditView(after) },
        now,
      );
      // product pages name their catalogs (title, address) when the catalog is on
      const shown = renamed || current.enabled !== updated.enabled || JSON.stringify(current.title) !== JSON.stringify(updated.title);
      const tags = [
        cacheTags.catalog(id),
        ...(renamed ? [cacheTags.redirects] : []),
        ...(shown ? productTags(await memberIds(tx, id)) : []),
      ];
      return { detail: after, tags };
    });
    await invalidate(tags);
    return c.json(detail);
  })
  .delete('/catalogs/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const { version } = readQuery(c, catalogVersionQuerySchema);
    const tags = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(catalogs).where(eq(catalogs.id, id)).for('update');
      expectVersion(row, version, lang, 'catalogs.notFound');
      const before = await loadCatalog(tx, id, lang);
      const members = await memberIds(tx, id);
      await tx.delete(sections).where(and(eq(sections.ownerType, 'catalog'), eq(sections.ownerId, id)));
      const [deleted] = await tx
        .delete(catalogs)
        .where(and(eq(catalogs.id, id), eq(catalogs.version, version)))
        .returning({ id: catalogs.id });
      if (deleted) await forgetBuilderTarget(tx, `catalog:${id}`);
      if (!deleted) throw versionConflict(lang);
      await recordAudit(
        tx,
        staff,
        { action: 'catalog.delete', entityType: 'catalog', entityId: id, before: { ...auditView(before), productIds: members } },
        deps.now(),
      );
      return [cacheTags.catalog(id), ...productTags(members)];
    });
    await invalidate(tags);
    return c.body(null, 204);
  })
  .get('/catalogs/:id/products', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang } = c.var;
    const [catalog] = await deps.db.select({ version: catalogs.version }).from(catalogs).where(eq(catalogs.id, id));
    if (!catalog) throw notFound(adminMessage('catalogs.notFound', lang));
    const rows = await deps.db
      .select(productColumns)
      .from(catalogProducts)
      .innerJoin(products, eq(products.id, catalogProducts.productId))
      .where(eq(catalogProducts.catalogId, id))
      // the storefront's custom order: position, then id
      .orderBy(asc(catalogProducts.position), asc(products.id));
    return c.json({ items: rows.map((row) => toCatalogProduct(row, lang)), version: catalog.version } satisfies CatalogProducts);
  })
  .get('/catalogs/:id/candidates', async (c) => {
    const { id } = readParams(c, idParams);
    const { q } = readQuery(c, catalogCandidatesQuerySchema);
    const { deps, lang } = c.var;
    const pattern = likePattern(q);
    const rows = await deps.db
      .select(productColumns)
      .from(products)
      .where(
        and(
          notInArray(
            products.id,
            deps.db.select({ id: catalogProducts.productId }).from(catalogProducts).where(eq(catalogProducts.catalogId, id)),
          ),
          q
            ? or(
                ilike(products.slug, pattern),
                ilike(sql`coalesce(${products.title}->>'en', '') || ' ' || coalesce(${products.title}->>'ru', '')`, pattern),
              )
            : undefined,
        ),
      )
      .orderBy(asc(products.sortTitle), asc(products.id))
      .limit(20);
    return c.json({ items: rows.map((row) => toCatalogProduct(row, lang)) } satisfies CatalogCandidates);
  })
  .put('/catalogs/:id/products', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, catalogProductsBodySchema);
    const { tags, version } = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(catalogs).where(eq(catalogs.id, id)).for('update');
      expectVersion(row, body.version, lang, 'catalogs.notFound');
      const found = body.productIds.length
        ? await tx.select({ id: products.id }).from(products).where(inArray(products.id, body.productIds))
        : [];
      if (found.length !== body.productIds.length) {
        const known = new Set(found.map((r) => r.id));
        const fieldErrors = Object.fromEntries(
          body.productIds.flatMap((pid, i) =>
            known.has(pid) ? [] : [[`productIds.${i}`, [adminMessage('catalogs.unknownProduct', lang)]]],
          ),
        );
        throw new ApiError(400, adminMessage('catalogs.unknownProduct', lang), { errorPath: Object.keys(fieldErrors)[0]!, fieldErrors });
      }
      const before = await tx
        .select({ id: catalogProducts.productId, position: catalogProducts.position })
        .from(catalogProducts)
        .where(eq(catalogProducts.catalogId, id))
        .orderBy(asc(catalogProducts.position), asc(catalogProducts.productId));
      const beforeIds = before.map((r) => r.id);
      const kept = new Set(body.productIds);
      const removed = beforeIds.filter((pid) => !kept.has(pid));
      const added = body.productIds.filter((pid) => !beforeIds.includes(pid));
      if (removed.length)
        await tx.delete(catalogProducts).where(and(eq(catalogProducts.catalogId, id), inArray(catalogProducts.productId, removed)));
      // positions in chunks: one statement per few thousand links keeps the parameter count bounded
      for (let start = 0; start < body.productIds.length; start += 2000) {
        const chunk = body.productIds.slice(start, start + 2000).map((productId, i) => ({ catalogId: id, productId, position: start + i }));
        await tx
          .insert(catalogProducts)
          .values(chunk)
          .onConflictDoUpdate({
            target: [catalogProducts.catalogId, catalogProducts.productId],
            set: { position: sql.raw('excluded.position') },
          });
      }
      const now = deps.now();
      const [updated] = await tx
        .update(catalogs)
        .set({ version: sql`${catalogs.version} + 1`, updatedAt: now })
        .where(and(eq(catalogs.id, id), eq(catalogs.version, body.version)))
        .returning({ version: catalogs.version });
      if (!updated) throw versionConflict(lang);
      await recordAudit(
        tx,
        staff,
        {
          action: 'catalog.products',
          entityType: 'catalog',
          entityId: id,
          before: { productIds: beforeIds, version: body.version },
          after: { productIds: body.productIds, added, removed, version: updated.version },
        },
        now,
      );
      return { tags: [cacheTags.catalog(id), ...productTags([...added, ...removed])], version: updated.version };
    });
    await invalidate(tags);
    const rows = body.productIds.length
      ? await deps.db.select(productColumns).from(products).where(inArray(products.id, body.productIds))
      : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return c.json({
      items: body.productIds.flatMap((pid) => (byId.has(pid) ? [toCatalogProduct(byId.get(pid)!, lang)] : [])),
      version,
    } satisfies CatalogProducts);
  });
