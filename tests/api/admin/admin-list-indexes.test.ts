import { and, asc, desc, eq, ilike, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../../src/server/db/client';
import {
  articleSearchText,
  articleSortTitle,
  articles,
  auditLog,
  customers,
  images,
  leadSearchText,
  leads,
  mediaSearchText,
  moderatedSearchText,
  reviews,
  variations,
} from '../../../src/server/db/schema';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

/**
 * The plan of a list's query as its route builds it (the same schema expressions), with sequential scans priced out
 * and sorts too (a search: with bitmap scans only), so it shows which index serves it on a table of any size.
 */
async function planOf(db: Executor, query: SQLWrapper, search = false): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (search) {
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
    } else await tx.execute(sql`set local enable_sort = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

describe.each(databaseKinds)('the other back office lists read their indexes (%s)', (kind) => {
  let app: TestApp;
  let db: Executor;

  beforeAll(async () => {
    app = await createTestApp(kind);
    db = app.deps.db;
  });
  afterAll(async () => {
    await app.close();
  });

  const ordered = async (query: SQLWrapper, index: string) => {
    const plan = await planOf(db, query);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/\bSort\b/);
    expect(plan).not.toContain('Seq Scan');
  };
  const searched = async (query: SQLWrapper, index: string) => {
    const plan = await planOf(db, query, true);
    expect(plan).toContain(index);
    expect(plan).not.toContain('Seq Scan');
  };
  const deep = { limit: 25, offset: 500 };

  it('the audit log: newest first, and filtered by staff, by kind of record and by record, each in its index order', async () => {
    const page = (where?: SQL) =>
      db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(deep.limit)
        .offset(deep.offset);
    await ordered(page(), 'audit_log_created_idx');
    await ordered(page(eq(auditLog.staffId, 'someone')), 'audit_log_staff_idx');
    await ordered(page(eq(auditLog.entityType, 'product')), 'audit_log_entity_type_idx');
    await ordered(page(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, 'p1'))), 'audit_log_entity_idx');
  });

  it('media: newest first and searched by name, alt text and title', async () => {
    await ordered(
      db.select({ id: images.id }).from(images).orderBy(desc(images.createdAt), desc(images.id)).limit(25).offset(500),
      'images_created_idx',
    );
    await searched(
      db
        .select({ id: images.id })
        .from(images)
        .where(ilike(mediaSearchText(images.name, images.alt, images.title), '%linen%')),
      'images_search_idx',
    );
  });

  it.each([
    ['publishedAt', 'articles_published_idx'],
    ['updatedAt', 'articles_updated_idx'],
    ['title', 'articles_title_sort_idx'],
  ] as const)('articles sorted by %s walk %s', async (sort, index) => {
    const column = sort === 'title' ? articleSortTitle(articles.title) : sort === 'publishedAt' ? articles.publishedAt : articles.updatedAt;
    await ordered(db.select({ id: articles.id }).from(articles).orderBy(asc(column), asc(articles.id)).limit(25).offset(500), index);
  });

  it('articles, reviews and leads are searched through their trigram indexes', async () => {
    await searched(
      db
        .select({ id: articles.id })
        .from(articles)
        .where(ilike(articleSearchText(articles.title, articles.slug, articles.authorName), '%spring%')),
      'articles_admin_search_idx',
    );
    await searched(
      db
        .select({ id: reviews.id })
        .from(reviews)
        .where(ilike(moderatedSearchText(reviews.authorName, reviews.email, reviews.text), '%great%')),
      'reviews_search_idx',
    );
    await searched(
      db
        .select({ id: leads.id })
        .from(leads)
        .where(ilike(leadSearchText(leads.name, leads.phone, leads.email, leads.text), '%call me%')),
      'leads_search_idx',
    );
    await searched(
      db.select({ id: customers.id }).from(customers).where(sql`${customers.tags} @> array['wholesale']::text[]`),
      'customers_tags_idx',
    );
  });

  it('reviews sorted by rating, and the dashboard low stock lowest first, read their indexes in order', async () => {
    await ordered(
      db.select({ id: reviews.id }).from(reviews).orderBy(desc(reviews.rating), desc(reviews.id)).limit(25).offset(500),
      'reviews_rating_idx',
    );
    await ordered(
      db
        .select({ id: variations.id })
        .from(variations)
        .where(and(isNotNull(variations.stock), sql`${variations.stock} <= 5`))
        .orderBy(asc(variations.stock), asc(variations.id))
        .limit(20),
      'variations_low_stock_idx',
    );
  });
});
