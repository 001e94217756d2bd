import { eq, inArray } from 'drizzle-orm';
import { localize, type Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { articles, catalogs, comments, customers, discountCodes, leads, orders, products, reviews, staffUsers } from '../../db/schema';

/** What the audit log shows for a record instead of its id: a name, and the back office page of the record. */
export type AuditRecordName = { name: string; path: string | null };

type Resolver = (db: Executor, ids: string[], lang: Language) => Promise<[id: string, name: AuditRecordName][]>;

const enc = encodeURIComponent;

/** One query per kind of record on the page (never one per entry). */
const RESOLVERS: Record<string, Resolver> = {
  staff: async (db, ids) =>
    (
      await db
        .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
        .from(staffUsers)
        .where(inArray(staffUsers.id, ids))
    ).map((r) => [r.id, { name: r.name && r.name !== r.email ? `${r.name} (${r.email})` : r.email, path: '/staff' }]),
  product: async (db, ids, lang) =>
    (await db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, ids))).map((r) => [
      r.id,
      { name: localize(r.title, lang), path: `/products/${enc(r.id)}` },
    ]),
  catalog: async (db, ids, lang) =>
    (await db.select({ id: catalogs.id, title: catalogs.title }).from(catalogs).where(inArray(catalogs.id, ids))).map((r) => [
      r.id,
      { name: localize(r.title, lang), path: `/catalogs/${enc(r.id)}` },
    ]),
  article: async (db, ids, lang) =>
    (await db.select({ id: articles.id, title: articles.title }).from(articles).where(inArray(articles.id, ids))).map((r) => [
      r.id,
      { name: localize(r.title, lang), path: `/articles/${enc(r.id)}` },
    ]),
  order: async (db, ids) =>
    (await db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, ids))).map((r) => [
      r.id,
      { name: `№${r.number}`, path: `/orders/${enc(r.id)}` },
    ]),
  lead: async (db, ids) =>
    (await db.select({ id: leads.id, name: leads.name }).from(leads).where(inArray(leads.id, ids))).map((r) => [
      r.id,
      { name: r.name, path: `/leads/${enc(r.id)}` },
    ]),
  customer: async (db, ids) =>
    (
      await db
        .select({ id: customers.id, name: customers.name, lastName: customers.lastName, email: customers.email })
        .from(customers)
        .where(inArray(customers.id, ids))
    ).map((r) => [r.id, { name: [r.name, r.lastName].filter(Boolean).join(' ') || r.email || r.id, path: `/customers/${enc(r.id)}` }]),
  review: async (db, ids, lang) =>
    (
      await db
        .select({ id: reviews.id, author: reviews.authorName, product: products.title })
        .from(reviews)
        .leftJoin(products, eq(products.id, reviews.productId))
        .where(inArray(reviews.id, ids))
    ).map((r) => [r.id, { name: r.product ? `${r.author} · ${localize(r.product, lang)}` : r.author, path: '/moderation/reviews' }]),
  comment: async (db, ids) =>
    (await db.select({ id: comments.id, author: comments.authorName }).from(comments).where(inArray(comments.id, ids))).map((r) => [
      r.id,
      { name: r.author, path: '/moderation/comments' },
    ]),
  discount_code: async (db, ids) =>
    (await db.select({ id: discountCodes.id, code: discountCodes.code }).from(discountCodes).where(inArray(discountCodes.id, ids))).map(
      (r) => [r.id, { name: r.code, path: `/discounts/${enc(r.id)}` }],
    ),
};

/**
 * The names of the records a page of audit entries is about, keyed `type:id`: one query per kind of record named on
 * the page. A record since deleted has no name (the entry still shows its id).
 */
export async function auditRecordNames(
  db: Executor,
  entries: readonly { entityType: string; entityId: string }[],
  lang: Language,
): Promise<Map<string, AuditRecordName>> {
  const idsByType = new Map<string, Set<string>>();
  for (const entry of entries) {
    if (!RESOLVERS[entry.entityType]) continue;
    const ids = idsByType.get(entry.entityType) ?? new Set<string>();
    ids.add(entry.entityId);
    idsByType.set(entry.entityType, ids);
  }
  const resolved = await Promise.all(
    [...idsByType].map(async ([type, ids]) =>
      (await RESOLVERS[type]!(db, [...ids], lang)).map(([id, name]) => [`${type}:${id}`, name] as const),
    ),
  );
  return new Map(resolved.flat());
}
