import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  bulkActionSchema,
  commentListQuerySchema,
  idSchema,
  moderationPatchSchema,
  reviewListQuerySchema,
  type AdminComment,
  type AdminReview,
  type BulkAction,
  type ModerationStatus,
} from '../../../contract/admin';
import { localize, type Language } from '../../../lib/localize';
import { cacheTags, invalidate } from '../../cache/invalidation';
import type { Executor } from '../../db/client';
import { articles, comments, moderatedSearchText, pages, products, reviews } from '../../db/schema';
import { ApiError, notFound } from '../core/errors';
import { readBody, readParams, readQuery } from '../core/validate';
import { recordAudit } from './audit';
import type { AppDeps } from '../core/context';
import type { AdminEnv, StaffPrincipal } from './context';
import { boundedTotal, likePattern, listOrder, pageOffset } from './lists';
import { adminMessage } from './messages';
import { expectVersion, versionConflict } from './versioned';

const idParams = z.object({ id: idSchema });

type ReviewRow = typeof reviews.$inferSelect;
type CommentRow = typeof comments.$inferSelect;

const reviewAudit = (r: ReviewRow) => ({ status: r.status, text: r.text, reply: r.reply, version: r.version });
const commentAudit = (r: CommentRow) => ({ status: r.status, text: r.text, reply: r.reply, version: r.version });

async function reviewItems(
  db: Executor,
  where: SQL | undefined,
  lang: Language,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<AdminReview[]> {
  const rows = await db
    .select({ review: reviews, productTitle: products.title, productSlug: products.slug })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(({ review: r, productTitle, productSlug }) => ({
    id: r.id,
    productId: r.productId,
    productTitle: localize(productTitle, lang),
    productSlug,
    authorName: r.authorName,
    email: r.email,
    rating: r.rating,
    text: r.text,
    reply: r.reply,
    status: r.status as ModerationStatus,
    createdAt: r.createdAt.toISOString(),
    version: r.version,
  }));
}

async function commentItems(
  db: Executor,
  where: SQL | undefined,
  lang: Language,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<AdminComment[]> {
  const rows = await db
    .select({ comment: comments, articleTitle: articles.title, articleSlug: articles.slug, categorySlug: pages.slug })
    .from(comments)
    .innerJoin(articles, eq(articles.id, comments.articleId))
    .innerJoin(pages, eq(pages.id, articles.categoryId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(({ comment: r, articleTitle, articleSlug, categorySlug }) => ({
    id: r.id,
    articleId: r.articleId,
    articleTitle: localize(articleTitle, lang),
    articleSlug,
    categorySlug,
    authorName: r.authorName,
    email: r.email,
    text: r.text,
    reply: r.reply,
    status: r.status as ModerationStatus,
    createdAt: r.createdAt.toISOString(),
    version: r.version,
  }));
}

type Patch = z.infer<typeof moderationPatchSchema>;

function patchValues(patch: Patch, lang: Language) {
  const set: { status?: string; text?: string; reply?: string | null } = {};
  if (patch.status !== undefined) set.status = patch.status;
  if (patch.text !== undefined) set.text = patch.text;
  if (patch.reply !== undefined) set.reply = patch.reply;
  if (Object.keys(set).length === 0) throw new ApiError(400, adminMessage('nothingToChange', lang));
  return set;
}

/** Whether the storefront shows something different after the change (it only shows approved entries). */
const storefrontChanged = (before: { status: string }, after: { status: string }) =>
  before.status === 'approved' || after.status === 'approved';

type Moderated = {
  table: typeof reviews | typeof comments;
  entityType: 'review' | 'comment';
  missing: 'reviewNotFound' | 'commentNotFound';
};

/** One audited edit of a review or comment, refused with 409 when the client's version is stale. */
async function patchModerated<T extends { id: string; status: string; version: number }>(
  deps: AppDeps,
  staff: StaffPrincipal,
  lang: Language,
  target: Moderated & { audit: (row: T) => unknown },
  id: string,
  body: Patch,
): Promise<{ before: T; after: T }> {
  const set = patchValues(body, lang);
  const table = target.table;
  return deps.db.transaction(async (tx) => {
    const [row] = (await tx.select().from(table).where(eq(table.id, id)).for('update')) as T[];
    const before = expectVersion(row, body.version, lang, target.missing);
    const [after] = (await tx
      .update(table)
      .set({ ...set, version: sql`${table.version} + 1` })
      .where(and(eq(table.id, id), eq(table.version, body.version)))
      .returning()) as T[];
    if (!after) throw versionConflict(lang);
    await recordAudit(
      tx,
      staff,
      {
        action: `${target.entityType}.update`,
        entityType: target.entityType,
        entityId: id,
        before: target.audit(before),
        after: target.audit(after),
      },
      deps.now(),
    );
    return { before, after };
  });
}

const BULK_STATUS: Record<Exclude<BulkAction['action'], 'delete'>, ModerationStatus> = { approve: 'approved', reject: 'rejected' };

async function bulkModerate<T extends { id: string; status: string; version: number }>(
  tx: Executor,
  staff: StaffPrincipal,
  body: BulkAction,
  options: {
    table: typeof reviews | typeof comments;
    entityType: 'review' | 'comment';
    audit: (row: T) => unknown;
    now: Date;
  },
): Promise<T[]> {
  const table = options.table;
  const rows = (await tx.select().from(table).where(inArray(table.id, body.ids)).for('update')) as T[];
  for (const row of rows) {
    if (body.action === 'delete') {
      await tx.delete(table).where(eq(table.id, row.id));
      await recordAudit(
        tx,
        staff,
        { action: `${options.entityType}.delete`, entityType: options.entityType, entityId: row.id, before: options.audit(row) },
        options.now,
      );
      continue;
    }
    const status = BULK_STATUS[body.action];
    if (row.status === status) continue;
    const [updated] = (await tx
      .update(table)
      .set({ status, version: sql`${table.version} + 1` })
      .where(eq(table.id, row.id))
      .returning()) as T[];
    await recordAudit(
      tx,
      staff,
      {
        action: `${options.entityType}.${body.action}`,
        entityType: options.entityType,
        entityId: row.id,
        before: options.audit(row),
        after: options.audit(updated!),
      },
      options.now,
    );
  }
  return rows;
}

export const moderationRoutes = new Hono<AdminEnv>()
  .get('/reviews', async (c) => {
    const query = readQuery(c, reviewListQuerySchema);
    const { deps, lang } = c.var;
    const where = and(
      ...(query.status ? [eq(reviews.status, query.status)] : []),
      ...(query.productId ? [eq(reviews.productId, query.productId)] : []),
      ...(query.id ? [eq(reviews.id, query.id)] : []),
      // through the trigram index of the author, e-mail and text together
      ...(query.q ? [ilike(moderatedSearchText(reviews.authorName, reviews.email, reviews.text), likePattern(query.q))] : []),
    );
    const order = listOrder(query.sort, { createdAt: reviews.createdAt, rating: reviews.rating }, reviews.id);
    const offset = pageOffset(query.page, query.perPage);
    const [items, counted] = await Promise.all([
      reviewItems(deps.db, where, lang, order, query.perPage, offset),
      // every review has its product (deleted with it), so the count needs no join
      boundedTotal(deps.db, deps.db.select({ one: sql`1` }).from(reviews).where(where).$dynamic(), offset),
    ]);
    return c.json({ items, ...counted, page: query.page, perPage: query.perPage });
  })
  .patch('/reviews/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, moderationPatchSchema);
    const { before, after } = await patchModerated<ReviewRow>(
      deps,
      staff,
      lang,
      { table: reviews, entityType: 'review', missing: 'reviewNotFound', audit: reviewAudit },
      id,
      body,
    );
    if (storefrontChanged(before, after)) await invalidate([cacheTags.product(after.productId)]);
    const [item] = await reviewItems(deps.db, eq(reviews.id, id), lang, [], 1, 0);
    if (!item) throw notFound(adminMessage('reviewNotFound', lang));
    return c.json(item);
  })
  .post('/reviews/bulk', async (c) => {
    const { deps, staff } = c.var;
    const body = await readBody(c, bulkActionSchema);
    const rows = await deps.db.transaction((tx) =>
      bulkModerate<ReviewRow>(tx, staff, body, { table: reviews, entityType: 'review', audit: reviewAudit, now: deps.now() }),
    );
    await invalidate([...new Set(rows.map((r) => cacheTags.product(r.productId)))]);
    return c.json({ updated: rows.filter((r) => body.action === 'delete' || r.status !== BULK_STATUS[body.action]).length });
  })
  .get('/comments', async (c) => {
    const query = readQuery(c, commentListQuerySchema);
    const { deps, lang } = c.var;
    const where = and(
      ...(query.status ? [eq(comments.status, query.status)] : []),
      ...(query.articleId ? [eq(comments.articleId, query.articleId)] : []),
      ...(query.id ? [eq(comments.id, query.id)] : []),
      // through the trigram index of the author, e-mail and text together
      ...(query.q ? [ilike(moderatedSearchText(comments.authorName, comments.email, comments.text), likePattern(query.q))] : []),
    );
    const order = listOrder(query.sort, { createdAt: comments.createdAt }, comments.id);
    const offset = pageOffset(query.page, query.perPage);
    const [items, counted] = await Promise.all([
      commentItems(deps.db, where, lang, order, query.perPage, offset),
      // every comment has its article and every article its category (deleted with them), so the count needs no join
      boundedTotal(deps.db, deps.db.select({ one: sql`1` }).from(comments).where(where).$dynamic(), offset),
    ]);
    return c.json({ items, ...counted, page: query.page, perPage: query.perPage });
  })
  .patch('/comments/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, moderationPatchSchema);
    const { before, after } = await patchModerated<CommentRow>(
      deps,
      staff,
      lang,
      { table: comments, entityType: 'comment', missing: 'commentNotFound', audit: commentAudit },
      id,
      body,
    );
    if (storefrontChanged(before, after)) await invalidate([cacheTags.article(after.articleId)]);
    const [item] = await commentItems(deps.db, eq(comments.id, id), lang, [], 1, 0);
    if (!item) throw notFound(adminMessage('commentNotFound', lang));
    return c.json(item);
  })
  .post('/comments/bulk', async (c) => {
    const { deps, staff } = c.var;
    const body = await readBody(c, bulkActionSchema);
    const rows = await deps.db.transaction((tx) =>
      bulkModerate<CommentRow>(tx, staff, body, { table: comments, entityType: 'comment', audit: commentAudit, now: deps.now() }),
    );
    await invalidate([...new Set(rows.map((r) => cacheTags.article(r.articleId)))]);
    return c.json({ updated: rows.filter((r) => body.action === 'delete' || r.status !== BULK_STATUS[body.action]).length });
  });
