import { and, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { idSchema, leadListQuerySchema, leadPatchSchema, type AdminLead } from '../../../contract/admin';
import { localize, type Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { leadSearchText, leads, products, staffUsers, variations } from '../../db/schema';
import { notFound } from '../core/errors';
import { readBody, readParams, readQuery } from '../core/validate';
import { recordAudit } from './audit';
import type { AdminEnv } from './context';
import { boundedTotal, iso, likePattern, listOrder, pageOffset } from './lists';
import { adminMessage } from './messages';
import { expectVersion, versionConflict } from './versioned';
import type { ListAnswer } from '../../../contract/admin';

const idParams = z.object({ id: idSchema });

async function leadItems(
  db: Executor,
  where: SQL | undefined,
  lang: Language,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<AdminLead[]> {
  const rows = await db
    .select({
      lead: leads,
      productTitle: products.title,
      productSlug: products.slug,
      variationTitle: variations.title,
      variationSku: variations.sku,
      handledByName: staffUsers.name,
    })
    .from(leads)
    .leftJoin(products, eq(products.id, leads.productId))
    .leftJoin(variations, eq(variations.id, leads.variationId))
    .leftJoin(staffUsers, eq(staffUsers.id, leads.handledBy))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(({ lead: l, productTitle, productSlug, variationTitle, variationSku, handledByName }) => ({
    id: l.id,
    type: l.type,
    name: l.name,
    phone: l.phone,
    email: l.email,
    text: l.text,
    productId: l.productId,
    productTitle: productTitle ? localize(productTitle, lang) : null,
    productSlug: productSlug ?? null,
    variationId: l.variationId,
    variationTitle: (variationTitle ? localize(variationTitle, lang) : null) || variationSku || null,
    handledAt: iso(l.handledAt),
    handledByName: l.handledAt ? (handledByName ?? null) : null,
    createdAt: l.createdAt.toISOString(),
    version: l.version,
  }));
}

const leadAudit = (l: typeof leads.$inferSelect) => ({ handledAt: iso(l.handledAt), handledBy: l.handledBy, version: l.version });

export const leadRoutes = new Hono<AdminEnv>()
  .get('/leads', async (c) => {
    const query = readQuery(c, leadListQuerySchema);
    const { deps, lang } = c.var;
    const q = query.q ? likePattern(query.q) : null;
    const where = and(
      ...(query.handled === undefined ? [] : [query.handled ? isNotNull(leads.handledAt) : isNull(leads.handledAt)]),
      // through the trigram index of the four together
      ...(q ? [ilike(leadSearchText(leads.name, leads.phone, leads.email, leads.text), q)] : []),
    );
    const offset = pageOffset(query.page, query.perPage);
    const [items, counted] = await Promise.all([
      leadItems(deps.db, where, lang, listOrder(query.sort, { createdAt: leads.createdAt }, leads.id), query.perPage, offset),
      boundedTotal(deps.db, deps.db.select({ one: sql`1` }).from(leads).where(where).$dynamic(), offset),
    ]);
    return c.json({ items, ...counted, page: query.page, perPage: query.perPage } satisfies ListAnswer<AdminLead>);
  })
  .patch('/leads/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, leadPatchSchema);
    await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
      const before = expectVersion(row, body.version, lang, 'leadNotFound');
      const now = deps.now();
      const [after] = await tx
        .update(leads)
        .set({
          handledAt: body.handled ? (before.handledAt ?? now) : null,
          handledBy: body.handled ? (before.handledAt ? before.handledBy : staff.id) : null,
          version: sql`${leads.version} + 1`,
        })
        .where(and(eq(leads.id, id), eq(leads.version, body.version)))
        .returning();
      if (!after) throw versionConflict(lang);
      await recordAudit(
        tx,
        staff,
        { action: 'lead.update', entityType: 'lead', entityId: id, before: leadAudit(before), after: leadAudit(after) },
        now,
      );
    });
    const [item] = await leadItems(deps.db, eq(leads.id, id), lang, [], 1, 0);
    if (!item) throw notFound(adminMessage('leadNotFound', lang));
    return c.json(item);
  });
