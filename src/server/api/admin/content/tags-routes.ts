import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { contentVersionQuerySchema, tagCreateSchema, tagUpdateSchema, type AdminTag } from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import { cacheTags, invalidate } from '../../../cache/invalidation';
import type { Executor } from '../../../db/client';
import { articleTags, pages, tags } from '../../../db/schema';
import { fieldError, notFound } from '../../core/errors';
import { readBody, readParams, readQuery } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { isUniqueViolation } from '../selling/selling-common';
import { expectVersion, versionConflict } from '../versioned';
import { bothLanguages, contentMessage, idParams } from './content-common';

/*
 * Tags belong to an article category (`tags.type` holds the category's slug). A tag shows on its category's page
 * and on the articles carrying it, so a write drops those pages: page:{category} and article:{id} of each.
 */

async function categoryById(db: Executor, id: string, lang: Language) {
  const [category] = await db
    .select({ id: pages.id, slug: pages.slug })
    .from(pages)
    .where(and(eq(pages.id, id), eq(pages.type, 'category')));
  if (!category) throw notFound(contentMessage('categoryNotFound', lang));
  return category;
}

async function categoryOfTag(db: Executor, slug: string): Promise<string | null> {
  const [category] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.type, 'category')));
  return category?.id ?? null;
}

async function taggedArticles(db: Executor, tagId: string): Promise<string[]> {
  return (await db.select({ id: articleTags.articleId }).from(articleTags).where(eq(articleTags.tagId, tagId))).map((r) => r.id);
}

async function loadTags(db: Executor, categorySlug: string): Promise<AdminTag[]> {
  const rows = await db
    .select({ tag: tags, articleCount: sql<number>`(select count(*)::int from ${articleTags} where ${articleTags.tagId} = ${tags.id})` })
    .from(tags)
    .where(eq(tags.type, categorySlug))
    .orderBy(asc(tags.position), asc(tags.slug));
  return rows.map(({ tag, articleCount }) => ({
    id: tag.id,
    slug: tag.slug,
    title: bothLanguages(tag.title),
    position: tag.position,
    articleCount: Number(articleCount),
    version: tag.version,
  }));
}

function slugTaken(error: unknown, lang: Language): never {
  if (isUniqueViolation(error, 'tags_type_slug_idx')) throw fieldError('slug', contentMessage('tagSlugTaken', lang));
  throw error;
}

async function refuseTakenSlug(tx: Executor, type: string, slug: string, exceptId: string | null, lang: Language) {
  const [taken] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.type, type), eq(tags.slug, slug)));
  if (taken && taken.id !== exceptId) throw fieldError('slug', contentMessage('tagSlugTaken', lang));
}

const tagInvalidation = (categoryId: string | null, articleIds: string[]) => [
  ...(categoryId ? [cacheTags.page(categoryId)] : []),
  ...articleIds.map(cacheTags.article),
];

export const tagRoutes = new Hono<AdminEnv>()
  .get('/article-categories/:id/tags', async (c) => {
    const { id } = readParams(c, idParams);
    const category = await categoryById(c.var.deps.db, id, c.var.lang);
    return c.json(await loadTags(c.var.deps.db, category.slug));
  })
  .post('/article-categories/:id/tags', async (c) => {
    const { id: categoryId } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const category = await categoryById(deps.db, categoryId, lang);
    const input = await readBody(c, tagCreateSchema);
    const id = randomUUID();
    await deps.db
      .transaction(async (tx) => {
        await refuseTakenSlug(tx, category.slug, input.slug, null, lang);
        const [{ n }] = (await tx.select({ n: count() }).from(tags).where(eq(tags.type, category.slug))) as [{ n: number }];
        const [after] = await tx
          .insert(tags)
          .values({ id, type: category.slug, slug: input.slug, title: input.title, position: Number(n) })
          .returning();
        await recordAudit(tx, staff, { action: 'tag.create', entityType: 'tag', entityId: id, after }, deps.now());
      })
      .catch((error: unknown) => slugTaken(error, lang));
    await invalidate(tagInvalidation(category.id, []));
    const created = (await loadTags(deps.db, category.slug)).find((t) => t.id === id);
    return c.json(created, 201);
  })
  .patch('/tags/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const input = await readBody(c, tagUpdateSchema);
    const type = await deps.db
      .transaction(async (tx) => {
        const [row] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
        const before = expectVersion(row, input.version, lang, 'content.tagNotFound');
        await refuseTakenSlug(tx, before.type, input.slug, id, lang);
        const [after] = await tx
          .update(tags)
          .set({ slug: input.slug, title: input.title, version: sql`${tags.version} + 1` })
          .where(and(eq(tags.id, id), eq(tags.version, input.version)))
          .returning();
        if (!after) throw versionConflict(lang);
        await recordAudit(tx, staff, { action: 'tag.update', entityType: 'tag', entityId: id, before, after }, deps.now());
        return before.type;
      })
      .catch((error: unknown) => slugTaken(error, lang));
    await invalidate(tagInvalidation(await categoryOfTag(deps.db, type), await taggedArticles(deps.db, id)));
    return c.json((await loadTags(deps.db, type)).find((t) => t.id === id));
  })
  .delete('/tags/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { version } = readQuery(c, contentVersionQuerySchema);
    const { deps, lang, staff } = c.var;
    const { type, articleIds } = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
      const before = expectVersion(row, version, lang, 'content.tagNotFound');
      const tagged = await taggedArticles(tx, id);
      const deleted = await tx
        .delete(tags)
        .where(and(eq(tags.id, id), eq(tags.version, version)))
        .returning({ id: tags.id });
      if (deleted.length === 0) throw versionConflict(lang);
      await recordAudit(
        tx,
        staff,
        { action: 'tag.delete', entityType: 'tag', entityId: id, before: { ...before, articleIds: tagged } },
        deps.now(),
      );
      return { type: before.type, articleIds: tagged };
    });
    await invalidate(tagInvalidation(await categoryOfTag(deps.db, type), articleIds));
    return c.body(null, 204);
  });
