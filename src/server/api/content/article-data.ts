import { and, asc, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { localize, type Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { articles, articleTags, pages, tags } from '../../db/schema';
import { imageFromJson, imageJson } from '../shared/images';
import { cacheTags } from '../../cache/invalidation';
import { tagPage } from '../../cache/page-tags';
import type { ArticleSummary, CategoryRef, TagDto } from '../../../contract/storefront/content';

export type { ArticleSummary, CategoryRef, TagDto };

const summaryColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  excerpt: articles.excerpt,
  previewImageId: articles.previewImageId,
  authorName: articles.authorName,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  categoryId: articles.categoryId,
  categorySlug: pages.slug,
  categoryTitle: pages.title,
  /** the article's tags in display order and its preview image, read in the same query */
  tags: sql<
    Pick<typeof tags.$inferSelect, 'id' | 'slug' | 'title'>[]
  >`(select coalesce(json_agg(json_build_object('id', t.id, 'slug', t.slug, 'title', t.title)
      order by t.position, t.slug), '[]'::json)
    from ${articleTags} at join ${tags} t on t.id = at.tag_id where at.article_id = "articles"."id")`,
  previewImage: imageJson(sql.raw('"articles"."preview_image_id"')),
};

const newestFirst = [desc(articles.publishedAt), desc(articles.id)];

/** Articles readers may see: enabled, already published, in an enabled category page. */
export function publishedArticle(now: Date): SQL {
  return and(eq(articles.enabled, true), lte(articles.publishedAt, now), eq(pages.enabled, true), eq(pages.type, 'category'))!;
}

const activeCategory = and(eq(pages.enabled, true), eq(pages.type, 'category'))!;

export const authorOf = (name: string | null): { name: string } | null => (name ? { name } : null);

/** Enabled article categories (category pages) by id or slug. */
export async function findCategories(db: Executor, idsOrSlugs: string[], lang: Language): Promise<CategoryRef[]> {
  if (idsOrSlugs.length === 0) return [];
  const rows = await db
    .select({ id: pages.id, slug: pages.slug, title: pages.title })
    .from(pages)
    .where(
      and(
        activeCategory,
        or(
          inArray(pages.id, idsOrSlugs),
          inArray(
            pages.slug,
            idsOrSlugs.map((s) => s.toLowerCase()),
          ),
        ),
      ),
    );
  tagPage(rows.map((r) => cacheTags.page(r.id)));
  return rows.map((r) => ({ id: r.id, slug: r.slug, title: localize(r.title, lang) }));
}

export async function findCategory(db: Executor, slug: string, lang: Language): Promise<CategoryRef | null> {
  const [category] = await findCategories(db, [slug], lang);
  return category ?? null;
}

/** Every enabled category, oldest first. */
export async function allCategories(db: Executor, lang: Language): Promise<CategoryRef[]> {
  const rows = await db
    .select({ id: pages.id, slug: pages.slug, title: pages.title })
    .from(pages)
    .where(activeCategory)
    .orderBy(asc(pages.publishedAt), asc(pages.id));
  return rows.map((r) => ({ id: r.id, slug: r.slug, title: localize(r.title, lang) }));
}

export type ArticleSummaryRow = Awaited<ReturnType<typeof selectSummaryRows>>[number];

/** Published articles matching `where`, newest first. */
export function selectSummaryRows(db: Executor, now: Date, where?: SQL, page?: { offset: number; limit: number }) {
  const query = db
    .select(summaryColumns)
    .from(articles)
    .innerJoin(pages, eq(pages.id, articles.categoryId))
    .where(and(publishedArticle(now), where))
    .orderBy(...newestFirst);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** A published article by id or slug, with its own meta texts. */
export async function findPublishedArticle(db: Executor, idOrSlug: string, now: Date) {
  const [row] = await db
    .select({ ...summaryColumns, metaTitle: articles.metaTitle, metaDescription: articles.metaDescription })
    .from(articles)
    .innerJoin(pages, eq(pages.id, articles.categoryId))
    .where(and(publishedArticle(now), or(eq(articles.id, idOrSlug), eq(articles.slug, idOrSlug.toLowerCase()))))
    .limit(1);
  if (row) tagPage([cacheTags.article(row.id)]);
  return row ?? null;
}

/** A page of a category's published articles, optionally only those with any of `tagIds`, and their total. */
export async function listCategoryArticles(
  db: Executor,
  filter: { categoryId: string; tagIds: string[]; offset: number; limit: number },
  now: Date,
  lang: Language,
): Promise<{ items: ArticleSummary[]; total: number }> {
  const where = and(
    eq(articles.categoryId, filter.categoryId),
    filter.tagIds.length > 0
      ? inArray(articles.id, db.select({ id: articleTags.articleId }).from(articleTags).where(inArray(articleTags.tagId, filter.tagIds)))
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    selectSummaryRows(db, now, where, filter),
    db
      .select({ total: count() })
      .from(articles)
      .innerJoin(pages, eq(pages.id, articles.categoryId))
      .where(and(publishedArticle(now), where)),
  ]);
  return { items: toSummaries(rows, lang), total: Number(totalRow?.total ?? 0) };
}

/** The newest `limit` published articles of each category, in one query, grouped by category id. */
export async function newestArticlesByCategory(
  db: Executor,
  categoryIds: string[],
  limit: number,
  now: Date,
  lang: Language,
): Promise<Map<string, ArticleSummary[]>> {
  const byCategory = new Map<string, ArticleSummary[]>(categoryIds.map((id) => [id, []]));
  if (categoryIds.length === 0) return byCategory;
  const ranked = db
    .select({
      id: articles.id,
      rank: sql<number>`row_number() over (partition by ${articles.categoryId} order by ${articles.publishedAt} desc, ${articles.id} desc)`.as(
        'rank',
      ),
    })
    .from(articles)
    .innerJoin(pages, eq(pages.id, articles.categoryId))
    .where(and(publishedArticle(now), inArray(articles.categoryId, categoryIds)))
    .as('ranked');
  const rows = await selectSummaryRows(
    db,
    now,
    inArray(articles.id, db.select({ id: ranked.id }).from(ranked).where(lte(ranked.rank, limit))),
  );
  const summaries = toSummaries(rows, lang);
  rows.forEach((row, i) => byCategory.get(row.categoryId)?.push(summaries[i]!));
  return byCategory;
}

/** Published article counts per category. */
export async function countArticlesByCategory(db: Executor, categoryIds: string[], now: Date): Promise<Map<string, number>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .select({ categoryId: articles.categoryId, total: count() })
    .from(articles)
    .innerJoin(pages, eq(pages.id, articles.categoryId))
    .where(and(publishedArticle(now), inArray(articles.categoryId, categoryIds)))
    .groupBy(articles.categoryId);
  return new Map(rows.map((r) => [r.categoryId, Number(r.total)]));
}

/** Tags of the given categories (by slug), in display order. */
export async function loadCategoryTags(db: Executor, categorySlugs: string[], lang: Language): Promise<Map<string, TagDto[]>> {
  const byCategory = new Map<string, TagDto[]>(categorySlugs.map((slug) => [slug, []]));
  if (categorySlugs.length === 0) return byCategory;
  const rows = await db.select().from(tags).where(inArray(tags.type, categorySlugs)).orderBy(asc(tags.position), asc(tags.slug));
  for (const row of rows) byCategory.get(row.type)?.push({ id: row.id, slug: row.slug, title: localize(row.title, lang) });
  return byCategory;
}

/** Article rows as summaries (their tags and preview images are read with them). */
export function toSummaries(rows: ArticleSummaryRow[], lang: Language): ArticleSummary[] {
  if (rows.length === 0) return [];
  tagPage([...rows.map((r) => cacheTags.article(r.id)), ...rows.map((r) => cacheTags.page(r.categoryId))]);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    url: `/${r.categorySlug}/${r.slug}`,
    title: localize(r.title, lang),
    excerpt: localize(r.excerpt, lang) ?? '',
    previewImage: r.previewImage ? imageFromJson(r.previewImage, lang) : null,
    author: authorOf(r.authorName),
    publishedAt: r.publishedAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    tags: r.tags.map((t) => ({ id: t.id, slug: t.slug, title: localize(t.title, lang) })),
    category: { slug: r.categorySlug, title: localize(r.categoryTitle, lang) },
  }));
}
