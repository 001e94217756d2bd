import { randomUUID } from 'node:crypto';
import { queueShopNoticeSafely } from '../../mail/notices';
import { and, asc, count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { getTranslator } from '../../../lib/i18n';
import type { Language } from '../../../lib/localize';
import { comments } from '../../db/schema';
import type { AppDeps, AppEnv } from '../core/context';
import { fieldError, forbidden, notFound } from '../core/errors';
import { clientAddress, enforceRateLimit } from '../core/rate-limit';
import { readBody, readParams, readQuery } from '../core/validate';
import { loadSections } from '../shared/sections';
import {
  allCategories,
  findCategories,
  findCategory,
  findPublishedArticle,
  listCategoryArticles,
  loadCategoryTags,
  newestArticlesByCategory,
  toSummaries,
  type CategoryRef,
} from './article-data';
import {
  articleCommentsQuery,
  articleListQuery,
  commentBody,
  groupedArticlesQuery,
  slugParams,
  typeParams,
} from '../../../contract/storefront/content';
import type { PendingModerationDto } from '../../../contract/storefront/common';
import type { ArticleDto, CommentDto, GroupedArticlesDto } from '../../../contract/storefront/content';
import { resolveSectionData } from './section-data';
import { headingsFor } from './seo';
import { loadShopSettings } from '../core/settings-store';

export type { CommentDto };

const ARTICLE_NOT_FOUND = 'Article not found';
const CATEGORY_NOT_FOUND = 'Category not found';

const findArticle = (deps: AppDeps, idOrSlug: string) => findPublishedArticle(deps.db, idOrSlug, deps.now());

/** The categories asked for by id or slug, in the order asked, each once. */
function inRequestOrder(requested: string[], found: CategoryRef[]): CategoryRef[] {
  const byKey = new Map(found.flatMap((category) => [[category.id, category] as const, [category.slug, category] as const]));
  const ordered = new Map<string, CategoryRef>();
  for (const k of requested) {
    const category = byKey.get(k) ?? byKey.get(k.toLowerCase());
    if (category && !ordered.has(category.id)) ordered.set(category.id, category);
  }
  return [...ordered.values()];
}

async function requireCategory(deps: AppDeps, slug: string, lang: Language) {
  const category = await findCategory(deps.db, slug, lang);
  if (!category) throw notFound(CATEGORY_NOT_FOUND);
  return category;
}

export const articleRoutes = new Hono<AppEnv>()
  .get('/articles/grouped', async (c) => {
    const deps = c.var.deps;
    const lang = c.var.lang;
    const { categoryIds, limit } = readQuery(c, groupedArticlesQuery);
    const categories = categoryIds
      ? inRequestOrder(categoryIds, await findCategories(deps.db, categoryIds, lang))
      : await allCategories(deps.db, lang);
    const byCategory = await newestArticlesByCategory(
      deps.db,
      categories.map((cat) => cat.id),
      limit,
      deps.now(),
      lang,
    );
    return c.json(categories.map((category) => ({ category, items: byCategory.get(category.id) ?? [] })) satisfies GroupedArticlesDto);
  })
  .post('/articles/comments', async (c) => {
    const deps = c.var.deps;
    const lang = c.var.lang;
    await enforceRateLimit(c, 'comment', clientAddress(c));
    const body = await readBody(c, commentBody);
    const settings = await loadShopSettings(deps.db);
    if (!settings.media.pageStyle.showComments) throw forbidden('Comments are disabled');
    const article = await findArticle(deps, body.article);
    if (!article) throw fieldError('article', ARTICLE_NOT_FOUND, 404);
    if (body.parentId) {
      const [parent] = await deps.db
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.id, body.parentId), eq(comments.articleId, article.id), eq(comments.status, 'approved')));
      if (!parent) throw fieldError('parentId', 'The comment you reply to does not exist.');
    }
    const id = randomUUID();
    await deps.db.insert(comments).values({
      id,
      articleId: article.id,
      parentId: body.parentId,
      userId: c.var.user?.id ?? null,
      authorName: body.name,
      email: body.email,
      text: body.text,
      status: 'pending',
      createdAt: deps.now(),
    });
    await queueShopNoticeSafely(deps, 'comment-created', { commentId: id });
    return c.json(
      { success: true, status: 'pending', id, message: getTranslator(lang)('formTexts.commentPending') } satisfies PendingModerationDto,
      201,
    );
  })
  .get('/articles/:type/list', async (c) => {
    const deps = c.var.deps;
    const lang = c.var.lang;
    const { type } = readParams(c, typeParams);
    const query = readQuery(c, articleListQuery);
    const category = await requireCategory(deps, type, lang);
    return c.json(await listCategoryArticles(deps.db, { categoryId: category.id, ...query }, deps.now(), lang));
  })
  .get('/articles/:slug/comments', async (c) => {
    const deps = c.var.deps;
    const { slug } = readParams(c, slugParams);
    const { offset, limit } = readQuery(c, articleCommentsQuery);
    const article = await findArticle(deps, slug);
    if (!article) throw notFound(ARTICLE_NOT_FOUND);
    const rows = await deps.db
      .select({
        id: comments.id,
        authorName: comments.authorName,
        text: comments.text,
        createdAt: comments.createdAt,
        parentId: comments.parentId,
        reply: comments.reply,
      })
      .from(comments)
      .where(and(eq(comments.articleId, article.id), eq(comments.status, 'approved')))
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .offset(offset)
      .limit(limit);
    return c.json(rows.map(({ reply, ...r }): CommentDto => ({ ...r, createdAt: r.createdAt.toISOString(), ...(reply ? { reply } : {}) })));
  })
  .get('/articles/:slug', async (c) => {
    const deps = c.var.deps;
    const lang = c.var.lang;
    const { slug } = readParams(c, slugParams);
    const row = await findArticle(deps, slug);
    if (!row) throw notFound(ARTICLE_NOT_FOUND);
    const summaries = toSummaries([row], lang);
    const [settings, sections, [commentTotal]] = await Promise.all([
      loadShopSettings(deps.db),
      loadSections(deps.db, 'article', row.id, lang),
      deps.db
        .select({ total: count() })
        .from(comments)
        .where(and(eq(comments.articleId, row.id), eq(comments.status, 'approved'))),
    ]);
    const summary = summaries[0]!;
    const article: ArticleDto = {
      ...summary,
      ...headingsFor(settings, 'article', lang, summary.title, row),
      sections: await resolveSectionData(deps, sections, lang, { kind: 'article', articleId: row.id }),
      commentCount: Number(commentTotal?.total ?? 0),
    };
    return c.json(article);
  })
  .get('/tags/:type/list', async (c) => {
    const deps = c.var.deps;
    const lang = c.var.lang;
    const { type } = readParams(c, typeParams);
    const category = await requireCategory(deps, type, lang);
    return c.json((await loadCategoryTags(deps.db, [category.slug], lang)).get(category.slug) ?? []);
  });
