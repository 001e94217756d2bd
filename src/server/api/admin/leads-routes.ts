import { and, asc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import {
  idSchema,
  leadListQuerySchema,
  leadPatchSchema,
  leadReplySchema,
  type AdminLead,
  type AdminLeadDetail,
} from '../../../contract/admin';
import { localize, type Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { leadReplies, leadSearchText, leads, products, staffUsers, variations } from '../../db/schema';
import { enqueueMail } from '../../mail/queue';
import { shopLanguage } from '../../mail/templates';
import { fieldError, notFound } from '../core/errors';
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

async function leadDetail(db: Executor, id: string, lang: Language): Promise<AdminLeadDetail> {
  const [[item], replies] = await Promise.all([
    leadItems(db, eq(leads.id, id), lang, [], 1, 0),
    db.select().from(leadReplies).where(eq(leadReplies.leadId, id)).orderBy(asc(leadReplies.createdAt), asc(leadReplies.id)),
  ]);
  if (!item) throw notFound(adminMessage('leadNotFound', lang));
  return {
    ...item,
    replies: replies.map((r) => ({
      id: r.id,
      staffName: r.staffName,
      to: r.to,
      subject: r.subject,
      text: r.text,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

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
  .get('/leads/:id', async (c) => {
    const { id } = readParams(c, idParams);
    return c.json(await leadDetail(c.var.deps.db, id, c.var.lang));
  })
  .post('/leads/:id/reply', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, leadReplySchema);
    const mailLang = body.lang ?? (await shopLanguage(deps));
    await deps.db.transaction(async (tx) => {
      const [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
      if (!lead) throw notFound(adminMessage('leadNotFound', lang));
      if (!lead.email) throw fieldError('text', adminMessage('replyNeedsEmail', lang));
      const now = deps.now();
      const replyId = randomUUID();
      await tx.insert(leadReplies).values({
        id: replyId,
        leadId: id,
        staffId: staff.id,
        staffName: staff.name,
        to: lead.email,
        subject: body.subject,
        text: body.text,
        createdAt: now,
      });
      // sent by the queue with the rest of the shop's mail; nothing is sent if this rolls back
      await enqueueMail(tx, [{ template: 'lead-reply', to: lead.email, lang: mailLang, data: { replyId } }], now);
      // an answered enquiry is handled
      if (!lead.handledAt)
        await tx
          .update(leads)
          .set({ handledAt: now, handledBy: staff.id, version: sql`${leads.version} + 1` })
          .where(eq(leads.id, id));
      await recordAudit(
        tx,
        staff,
        {
          action: 'lead.reply',
          entityType: 'lead',
          entityId: id,
          after: { replyId, to: lead.email, subject: body.subject, text: body.text },
        },
        now,
      );
    });
    return c.json(await leadDetail(deps.db, id, lang), 201);
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
