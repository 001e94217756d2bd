import { randomUUID } from 'node:crypto';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  articleCreateSchema,
  articleListQuerySchema,
  articleUpdateSchema,
  contentVersionQuerySchema,
  type ArticleDetail,
  type ArticleListItem,
} from '../../../../contract/admin';
import { localize, type Language } from '../../../../lib/localize';
import { cacheTags, invalidate } from '../../../cache/invalidation';
import type { Executor } from '../../../db/client';
import { articleSearchText, articleSortTitle, articles, articleTags, images, pages, sections, tags } from '../../../db/schema';
import { sanitizeRichText } from '../../content/sanitize';
import { fieldError, notFound } from '../../core/errors';
import { readBody, readParams, readQuery } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { boundedTotal, likePattern, listOrder, pageOffset } from '../lists';
import { isUniqueViolation } from '../selling/selling-common';
import { expectVersion, versionConflict } from '../versioned';
import { bothLanguages, contentMessage, idParams } from './content-common';
import { forgetBuilderTarget } from '../builder/forget-target';
import type { ArticleCategory, ListAnswer } from '../../../../contract/admin';

/** The section type an article's text is written to (the builder edits the rest of its sections). */
export const ARTICLE_BODY_SECTION = 'SectionTextBlockBase';

type ArticleInput = ReturnType<typeof articleCreateSchema.parse>;
type Body = { en: string; ru: string };

const listRows = (db: Executor) =>
  db
    .select({ article: articles, categoryTitle: pages.title, categorySlug: pages.slug })
    .from(articles)
    .innerJoin(pages, eq(pages.id, articles.categoryId));

/** The first text section of an article: where its body lives. */
async function bodySection(db: Executor, articleId: string) {
  const [row] = await db
    .select()
    .from(sections)
    .where(and(eq(sections.ownerType, 'article'), eq(sections.ownerId, articleId), eq(sections.type, ARTICLE_BODY_SECTION)))
    .orderBy(asc(sections.position), asc(sections.id))
    .limit(1);
  return row;
}

function bodyOf(section: Awaited<ReturnType<typeof bodySection>>): Body {
  const content = section?.options.content as { html?: unknown } | undefined;
  const html = content?.html;
  if (typeof html === 'string') return { en: html, ru: '' };
  return bothLanguages(html as Body | undefined);
}

export async function loadArticle(db: Executor, id: string, lang: Language): Promise<ArticleDetail> {
  const [row] = await listRows(db).where(eq(articles.id, id));
  if (!row) throw notFound(contentMessage('articleNotFound', lang));
  const { article: a } = row;
  const [tagRows, section] = await Promise.all([
    db.select({ tagId: articleTags.tagId }).from(articleTags).where(eq(articleTags.articleId, id)),
    bodySection(db, id),
  ]);
  return {
    id: a.id,
    slug: a.slug,
    categoryId: a.categoryId,
    title: bothLanguages(a.title),
    excerpt: bothLanguages(a.excerpt),
    metaTitle: bothLanguages(a.metaTitle),
    metaDescription: bothLanguages(a.metaDescription),
    authorName: a.authorName,
    previewImageId: a.previewImageId,
    publishedAt: a.publishedAt.toISOString(),
    enabled: a.enabled,
    tagIds: tagRows.map((t) => t.tagId).sort(),
    body: bodyOf(section),
    bodySectionId: section?.id ?? null,
    path: `/${row.categorySlug}/${a.slug}`,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    version: a.version,
  };
}

/** Refuses a category that is not an article category, tags of another category and a missing image; answers the category. */
async function checkCategoryAndTags(tx: Executor, input: ArticleInput, lang: Language) {
  const [category] = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.id, input.categoryId), eq(pages.type, 'category')));
  if (!category) throw fieldError('categoryId', contentMessage('categoryNotFound', lang));
  if (input.previewImageId) {
    const [image] = await tx.select({ id: images.id }).from(images).where(eq(images.id, input.previewImageId));
    if (!image) throw fieldError('previewImageId', contentMessage('imageNotFound', lang));
  }
  const tagIds = [...new Set(input.tagIds)];
  if (tagIds.length > 0) {
    const found = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(inArray(tags.id, tagIds), eq(tags.type, category.slug)));
    if (found.length !== tagIds.length) throw fieldError('tagIds', contentMessage('tagNotInCategory', lang));
  }
  return { category, tagIds };
}

/** An article row as the audit log keeps it (without its search vector). */
const auditable = ({ searchVector: _search, ...row }: typeof articles.$inferSelect) => row;

const sanitizedBody = (body: Body): Body => ({ en: sanitizeRichText(body.en), ru: sanitizeRichText(body.ru) });

/** Writes the article's text into its text section, adding one after its other sections when it has none. */
async function writeBody(tx: Executor, articleId: string, body: Body): Promise<void> {
  const existing = await bodySection(tx, articleId);
  if (existing) {
    const content = (existing.options.content ?? {}) as Record<string, unknown>;
    await tx
      .update(sections)
      .set({ options: { ...existing.options, content: { ...content, html: body } } })
      .where(eq(sections.id, existing.id));
    return;
  }
  if (!body.en && !body.ru) return;
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${sections.position}), -1)` })
    .from(sections)
    .where(and(eq(sections.ownerType, 'article'), eq(sections.ownerId, articleId)));
  await tx.insert(sections).values({
    id: randomUUID(),
    ownerType: 'article',
    ownerId: articleId,
    type: ARTICLE_BODY_SECTION,
    position: Number(last?.position ?? -1) + 1,
    options: { content: { html: body } },
  });
}

async function setTags(tx: Executor, articleId: string, tagIds: string[]): Promise<void> {
  await tx.delete(articleTags).where(eq(articleTags.articleId, articleId));
  if (tagIds.length > 0) await tx.insert(articleTags).values(tagIds.map((tagId) => ({ articleId, tagId })));
}

const columnsOf = (input: ArticleInput) => ({
  slug: input.slug,
  categoryId: input.categoryId,
  title: input.title,
  excerpt: input.excerpt,
  metaTitle: input.metaTitle,
  metaDescription: input.metaDescription,
  authorName: input.authorName,
  previewImageId: input.previewImageId,
  publishedAt: new Date(input.publishedAt),
  enabled: input.enabled,
});

/** A taken slug as a field error, whether found before writing or by the unique index. */
async function refuseTakenSlug(tx: Executor, slug: string, exceptId: string | null, lang: Language): Promise<void> {
  const [taken] = await tx.select({ id: articles.id }).from(articles).where(eq(articles.slug, slug));
  if (taken && taken.id !== exceptId) throw fieldError('slug', contentMessage('slugTaken', lang));
}
function slugRace(error: unknown, lang: Language): never {
  if (isUniqueViolation(error, 'articles_slug_idx')) throw fieldError('slug', contentMessage('slugTaken', lang));
  throw error;
}

export const articleRoutes = new Hono<AdminEnv>()
  .get('/article-categories', async (c) => {
    const rows = await c.var.deps.db
      .select({ id: pages.id, slug: pages.slug, title: pages.title })
      .from(pages)
      .where(eq(pages.type, 'category'))
      .orderBy(asc(pages.publishedAt), asc(pages.id));
    return c.json(rows.map((r) => ({ ...r, title: localize(r.title, c.var.lang) || r.slug })) satisfies ArticleCategory[]);
  })
  .get('/articles', async (c) => {
    const query = readQuery(c, articleListQuerySchema);
    const { db } = c.var.deps;
    const q = query.q ? likePattern(query.q) : null;
    const where = and(
      ...(query.categoryId ? [eq(articles.categoryId, query.categoryId)] : []),
      ...(q
        ? [
            // through the trigram index of the titles, address and author together
            ilike(articleSearchText(articles.title, articles.slug, articles.authorName), q),
          ]
        : []),
    );
    const order = listOrder(
      query.sort,
      { publishedAt: articles.publishedAt, updatedAt: articles.updatedAt, title: articleSortTitle(articles.title) },
      articles.id,
    );
    const offset = pageOffset(query.page, query.perPage);
    const [rows, counted] = await Promise.all([
      listRows(db)
        .where(where)
        .orderBy(...order)
        .limit(query.perPage)
        .offset(offset),
      boundedTotal(db, db.select({ one: sql`1` }).from(articles).where(where).$dynamic(), offset),
    ]);
    const lang = c.var.lang;
    const items = rows.map(
      ({ article: a, categoryTitle, categorySlug }): ArticleListItem => ({
        id: a.id,
        slug: a.slug,
        title: localize(a.title, lang) || a.slug,
        categoryId: a.categoryId,
        categoryTitle: localize(categoryTitle, lang) || categorySlug,
        categorySlug,
        authorName: a.authorName,
        publishedAt: a.publishedAt.toISOString(),
        updatedAt: a.updatedAt.toISOString(),
        enabled: a.enabled,
        version: a.version,
      }),
    );
    return c.json({ items, ...counted, page: query.page, perPage: query.perPage } satisfies ListAnswer<ArticleListItem>);
  })
  .get('/articles/:id', async (c) => {
    const { id } = readParams(c, idParams);
    return c.json(await loadArticle(c.var.deps.db, id, c.var.lang));
  })
  .post('/articles', async (c) => {
    const { deps, lang, staff } = c.var;
    const input = await readBody(c, articleCreateSchema);
    const id = randomUUID();
    const body = sanitizedBody(input.body);
    await deps.db
      .transaction(async (tx) => {
        const { tagIds } = await checkCategoryAndTags(tx, input, lang);
        await refuseTakenSlug(tx, input.slug, null, lang);
        const now = deps.now();
        const [after] = await tx
          .insert(articles)
          .values({ id, ...columnsOf(input), createdAt: now, updatedAt: now })
          .returning();
        await setTags(tx, id, tagIds);
        await writeBody(tx, id, body);
        await recordAudit(
          tx,
          staff,
          { action: 'article.create', entityType: 'article', entityId: id, after: { ...auditable(after!), tagIds, body } },
          now,
        );
      })
      .catch((error: unknown) => slugRace(error, lang));
    await invalidate([cacheTags.article(id), cacheTags.page(input.categoryId)]);
    return c.json(await loadArticle(deps.db, id, lang), 201);
  })
  .put('/articles/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const input = await readBody(c, articleUpdateSchema);
    const body = sanitizedBody(input.body);
    const beforeDetail = await loadArticle(deps.db, id, lang);
    const previousCategory = await deps.db
      .transaction(async (tx) => {
        const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
        const before = expectVersion(row, input.version, lang, 'content.articleNotFound');
        const { tagIds } = await checkCategoryAndTags(tx, input, lang);
        await refuseTakenSlug(tx, input.slug, id, lang);
        const now = deps.now();
        const [after] = await tx
          .update(articles)
          .set({ ...columnsOf(input), version: sql`${articles.version} + 1`, updatedAt: now })
          .where(and(eq(articles.id, id), eq(articles.version, input.version)))
          .returning();
        if (!after) throw versionConflict(lang);
        await setTags(tx, id, tagIds);
        await writeBody(tx, id, body);
        await recordAudit(
          tx,
          staff,
          {
            action: 'article.update',
            entityType: 'article',
            entityId: id,
            before: { ...auditable(before), tagIds: beforeDetail.tagIds, body: beforeDetail.body },
            after: { ...auditable(after), tagIds, body },
          },
          now,
        );
        return before.categoryId;
      })
      .catch((error: unknown) => slugRace(error, lang));
    await invalidate([cacheTags.article(id), cacheTags.page(input.categoryId), cacheTags.page(previousCategory)]);
    return c.json(await loadArticle(deps.db, id, lang));
  })
  .delete('/articles/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { version } = readQuery(c, contentVersionQuerySchema);
    const { deps, lang, staff } = c.var;
    const categoryId = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
      const before = expectVersion(row, version, lang, 'content.articleNotFound');
      const deleted = await tx
        .delete(articles)
        .where(and(eq(articles.id, id), eq(articles.version, version)))
        .returning({ id: articles.id });
      if (deleted.length) await forgetBuilderTarget(tx, `article:${id}`);
      if (deleted.length === 0) throw versionConflict(lang);
      await tx.delete(sections).where(and(eq(sections.ownerType, 'article'), eq(sections.ownerId, id)));
      await recordAudit(
        tx,
        staff,
        { action: 'article.delete', entityType: 'article', entityId: id, before: auditable(before) },
        deps.now(),
      );
      return before.categoryId;
    });
    await invalidate([cacheTags.article(id), cacheTags.page(categoryId)]);
    return c.body(null, 204);
  });
