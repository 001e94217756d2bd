import { randomUUID } from 'node:crypto';
import { and, count, eq, ilike, inArray, isNotNull, lte, gt, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  discountBodySchema,
  discountListQuerySchema,
  discountProblems,
  discountUpdateSchema,
  enabledBodySchema,
  idSchema,
  lookupQuerySchema,
  versionQuerySchema,
  type AdminDiscount,
  type AdminDiscountListItem,
  type DiscountStatus,
  type NamedRef,
} from '../../../../contract/admin';
import { localize, type Language } from '../../../../lib/localize';
import type { Executor } from '../../../db/client';
import { catalogs, discountCodes, products } from '../../../db/schema';
import { shopCurrency } from '../../commerce/shop-settings';
import type { AppDeps } from '../../core/context';
import { fieldError, notFound } from '../../core/errors';
import { readBody, readParams, readQuery } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv, StaffPrincipal } from '../context';
import { likePattern, listOrder, pageOffset } from '../lists';
import { expectVersion, versionConflict } from '../versioned';
import { isUniqueViolation, refuseProblems, sellingMessage } from './selling-common';
import type { ListAnswer, SellingCurrency } from '../../../../contract/admin';

type DiscountRow = typeof discountCodes.$inferSelect;
const idParams = z.object({ id: idSchema });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The state a code is in, in the order checkout refuses it (src/lib/discount.ts). */
export function discountStatus(row: DiscountRow, now: Date): DiscountStatus {
  if (!row.enabled) return 'disabled';
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return 'usedUp';
  if (row.expiresAt !== null && now >= row.expiresAt) return 'expired';
  if (row.startsAt !== null && now < row.startsAt) return 'scheduled';
  return 'active';
}

function statusCondition(status: DiscountStatus, now: Date): SQL {
  const usedUp = and(isNotNull(discountCodes.usageLimit), sql`${discountCodes.usedCount} >= ${discountCodes.usageLimit}`)!;
  const notUsedUp = sql`not (${usedUp})`;
  const expired = and(isNotNull(discountCodes.expiresAt), lte(discountCodes.expiresAt, now))!;
  const scheduled = and(isNotNull(discountCodes.startsAt), gt(discountCodes.startsAt, now))!;
  const enabled = eq(discountCodes.enabled, true);
  switch (status) {
    case 'disabled':
      return eq(discountCodes.enabled, false);
    case 'usedUp':
      return and(enabled, usedUp)!;
    case 'expired':
      return and(enabled, notUsedUp, expired)!;
    case 'scheduled':
      return and(enabled, notUsedUp, sql`not (${expired})`, scheduled)!;
    case 'active':
      return and(enabled, notUsedUp, sql`not (${expired})`, sql`not (${scheduled})`)!;
  }
}

function toListItem(row: DiscountRow, now: Date): AdminDiscountListItem {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind === 'fixed' ? 'fixed' : 'percent',
    value: row.value,
    enabled: row.enabled,
    startsAt: iso(row.startsAt),
    expiresAt: iso(row.expiresAt),
    minOrderCents: row.minOrderCents,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    productIds: row.productIds,
    catalogIds: row.catalogIds,
    status: discountStatus(row, now),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

async function productRefs(db: Executor, ids: string[], lang: Language): Promise<NamedRef[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, ids));
  return rows.map((r) => ({ id: r.id, title: localize(r.title, lang) }));
}

async function catalogRefs(db: Executor, ids: string[], lang: Language): Promise<NamedRef[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: catalogs.id, title: catalogs.title }).from(catalogs).where(inArray(catalogs.id, ids));
  return rows.map((r) => ({ id: r.id, title: localize(r.title, lang) }));
}

async function toDetail(db: Executor, row: DiscountRow, now: Date, lang: Language): Promise<AdminDiscount> {
  const [productList, catalogList] = await Promise.all([productRefs(db, row.productIds, lang), catalogRefs(db, row.catalogIds, lang)]);
  return { ...toListItem(row, now), products: productList, catalogs: catalogList };
}

type DiscountBody = z.infer<typeof discountBodySchema>;

/** Field errors for contradictions and for products or catalogs that do not exist. */
async function checkDiscount(db: Executor, body: DiscountBody, lang: Language): Promise<void> {
  refuseProblems(discountProblems(body), lang);
  if ((await productRefs(db, body.productIds, lang)).length !== body.productIds.length) {
    throw fieldError('productIds', sellingMessage('unknownProducts', lang));
  }
  if ((await catalogRefs(db, body.catalogIds, lang)).length !== body.catalogIds.length) {
    throw fieldError('catalogIds', sellingMessage('unknownCatalogs', lang));
  }
}

function columnsOf(body: DiscountBody) {
  return {
    code: body.code,
    kind: body.kind,
    value: body.value,
    enabled: body.enabled,
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    minOrderCents: body.minOrderCents,
    usageLimit: body.usageLimit,
    productIds: body.productIds,
    catalogIds: body.catalogIds,
  };
}

/** Codes are unique whatever their case (they are stored upper-case): a clash is a 400 on `code`. */
async function withUniqueCode<T>(lang: Language, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'discount_codes_code_idx')) throw fieldError('code', sellingMessage('codeTaken', lang));
    throw error;
  }
}

async function findCode(db: Executor, id: string, forUpdate = false): Promise<DiscountRow | undefined> {
  const query = db.select().from(discountCodes).where(eq(discountCodes.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * One audited change of a code: locks it, checks the version, applies `set` only when the version still
 * matches (bumping it), records before and after, all in one transaction.
 */
async function updateCode(
  deps: AppDeps,
  staff: StaffPrincipal,
  lang: Language,
  id: string,
  version: number,
  action: string,
  set: Partial<DiscountRow>,
) {
  return deps.db.transaction(async (tx) => {
    const before = expectVersion(await findCode(tx, id, true), version, lang, 'selling.discountNotFound');
    const [after] = await tx
      .update(discountCodes)
      .set({ ...set, version: sql`${discountCodes.version} + 1` })
      .where(and(eq(discountCodes.id, id), eq(discountCodes.version, version)))
      .returning();
    if (!after) throw versionConflict(lang);
    await recordAudit(tx, staff, { action, entityType: 'discount_code', entityId: id, before, after }, deps.now());
    return after;
  });
}

export const discountAdminRoutes = new Hono<AdminEnv>()
  .get('/discount-codes', async (c) => {
    const query = readQuery(c, discountListQuerySchema);
    const { db, now } = c.var.deps;
    const at = now();
    const conditions: SQL[] = [];
    if (query.q) conditions.push(ilike(discountCodes.code, likePattern(query.q)));
    if (query.status) conditions.push(statusCondition(query.status, at));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(discountCodes)
        .where(where)
        .orderBy(
          ...listOrder(
            query.sort,
            {
              code: discountCodes.code,
              createdAt: discountCodes.createdAt,
              usedCount: discountCodes.usedCount,
              expiresAt: discountCodes.expiresAt,
            },
            discountCodes.id,
          ),
        )
        .limit(query.perPage)
        .offset(pageOffset(query.page, query.perPage)),
      db.select({ n: count() }).from(discountCodes).where(where),
    ]);
    return c.json({
      items: rows.map((r) => toListItem(r, at)),
      total: total!.n,
      page: query.page,
      perPage: query.perPage,
    } satisfies ListAnswer<AdminDiscountListItem>);
  })
  .get('/discount-codes/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang } = c.var;
    const row = await findCode(deps.db, id);
    if (!row) throw notFound(sellingMessage('discountNotFound', lang));
    return c.json(await toDetail(deps.db, row, deps.now(), lang));
  })
  .post('/discount-codes', async (c) => {
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, discountBodySchema);
    await checkDiscount(deps.db, body, lang);
    const row = await withUniqueCode(lang, () =>
      deps.db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, body.code));
        if (existing) throw fieldError('code', sellingMessage('codeTaken', lang));
        const at = deps.now();
        const [created] = await tx
          .insert(discountCodes)
          .values({ id: randomUUID(), ...columnsOf(body), createdAt: at })
          .returning();
        await recordAudit(tx, staff, { action: 'discount.create', entityType: 'discount_code', entityId: created!.id, after: created }, at);
        return created!;
      }),
    );
    return c.json(await toDetail(deps.db, row, deps.now(), lang), 201);
  })
  .patch('/discount-codes/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, discountUpdateSchema);
    await checkDiscount(deps.db, body, lang);
    const row = await withUniqueCode(lang, async () => {
      const [clash] = await deps.db
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(and(eq(discountCodes.code, body.code), sql`${discountCodes.id} <> ${id}`));
      if (clash) throw fieldError('code', sellingMessage('codeTaken', lang));
      return updateCode(deps, staff, lang, id, body.version, 'discount.update', columnsOf(body));
    });
    return c.json(await toDetail(deps.db, row, deps.now(), lang));
  })
  .post('/discount-codes/:id/enabled', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, enabledBodySchema);
    const row = await updateCode(deps, staff, lang, id, body.version, body.enabled ? 'discount.enable' : 'discount.disable', {
      enabled: body.enabled,
    });
    return c.json(await toDetail(deps.db, row, deps.now(), lang));
  })
  .delete('/discount-codes/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { version } = readQuery(c, versionQuerySchema);
    const { deps, lang, staff } = c.var;
    await deps.db.transaction(async (tx) => {
      const before = expectVersion(await findCode(tx, id, true), version, lang, 'selling.discountNotFound');
      const deleted = await tx
        .delete(discountCodes)
        .where(and(eq(discountCodes.id, id), eq(discountCodes.version, version)))
        .returning({ id: discountCodes.id });
      if (deleted.length === 0) throw versionConflict(lang);
      await recordAudit(tx, staff, { action: 'discount.delete', entityType: 'discount_code', entityId: id, before }, deps.now());
    });
    return c.body(null, 204);
  })
  /** The shop's currency, for the amounts the selling screens show and take (minor units of it). */
  .get('/selling/currency', async (c) => c.json({ currency: await shopCurrency(c.var.deps.db) } satisfies SellingCurrency))
  /** Products and catalogs a code can be limited to: by title search, or by ids to show the chosen ones. */
  .get('/selling/products', async (c) => {
    const { q, ids } = readQuery(c, lookupQuerySchema);
    const { db } = c.var.deps;
    const lang = c.var.lang;
    const rows = await db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(lookupWhere(products, q, ids))
      .orderBy(products.slug)
      .limit(20);
    return c.json(rows.map((r) => ({ id: r.id, title: localize(r.title, lang) })) satisfies NamedRef[]);
  })
  .get('/selling/catalogs', async (c) => {
    const { q, ids } = readQuery(c, lookupQuerySchema);
    const { db } = c.var.deps;
    const lang = c.var.lang;
    const rows = await db
      .select({ id: catalogs.id, title: catalogs.title })
      .from(catalogs)
      .where(lookupWhere(catalogs, q, ids))
      .orderBy(catalogs.slug)
      .limit(20);
    return c.json(rows.map((r) => ({ id: r.id, title: localize(r.title, lang) })) satisfies NamedRef[]);
  });

function lookupWhere(table: typeof products | typeof catalogs, q: string | undefined, ids: string | undefined): SQL | undefined {
  if (ids) return inArray(table.id, ids.split(',').filter(Boolean).slice(0, 500));
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(ilike(sql`${table.title}->>'en'`, pattern), ilike(sql`${table.title}->>'ru'`, pattern), ilike(table.slug, pattern));
}
