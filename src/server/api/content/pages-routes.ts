import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { localize, type Language } from '../../../lib/localize';
import { pages } from '../../db/schema';
import type { AppDeps, AppEnv } from '../core/context';
import { notFound } from '../core/errors';
import { readParams, readQuery } from '../core/validate';
import { imageFromJson, imageJson, type ImageJson } from '../shared/images';
import { sectionsJson, toSectionDtos } from '../shared/sections';
import { authorOf } from './article-data';
import { pageListQuery, slugParams, type PageDto, type PageListQuery } from '../../../contract/storefront/content';
import { resolveSectionData } from './section-data';
import { headingsFor } from './seo';
import { loadShopSettings } from '../core/settings-store';
import { cacheTags } from '../../cache/invalidation';
import { tagPage } from '../../cache/page-tags';

type PageRow = typeof pages.$inferSelect;
/** A page row read with its visible sections and its preview image, in one query. */
type FoundPage = { page: PageRow; sections: Parameters<typeof toSectionDtos>[0]; previewImage: ImageJson | null };

const PAGE_NOT_FOUND = 'Page not found';

async function findPage(deps: AppDeps, where: SQL): Promise<FoundPage | null> {
  const [row] = await deps.db
    .select({
      page: pages,
      sections: sectionsJson('page', sql.raw('"pages"."id"')),
      previewImage: imageJson(sql.raw('"pages"."preview_image_id"')),
    })
    .from(pages)
    .where(and(eq(pages.enabled, true), where))
    .orderBy(asc(pages.publishedAt), asc(pages.id))
    .limit(1);
  if (row) tagPage([cacheTags.page(row.page.id)]);
  return row ?? null;
}

/**
 * The page with its visible sections. With `resolveWidgets` (the v2 calls) widget sections carry
 * their products, articles or tags in `data`; a category page's media list shows that category.
 */

async function toPageDto(
  deps: AppDeps,
  found: FoundPage,
  lang: Language,
  resolveWidgets: boolean,
  list: PageListQuery = { page: 1 },
): Promise<PageDto> {
  const { page } = found;
  const isCategory = page.type === 'category';
  const settings = await loadShopSettings(deps.db);
  const sections = toSectionDtos(found.sections, lang);
  const title = localize(page.title, lang);
  return {
    id: page.id,
    slug: page.slug,
    type: page.type,
    title,
    ...headingsFor(settings, isCategory ? 'category' : 'page', lang, title, page),
    noindex: page.noindex,
    nofollow: page.nofollow,
    previewImage: found.previewImage ? imageFromJson(found.previewImage, lang) : null,
    author: authorOf(page.authorName),
    publishedAt: page.publishedAt.toISOString(),
    updatedAt: page.updatedAt.toISOString(),
    sections: resolveWidgets
      ? await resolveSectionData(
          deps,
          sections,
          lang,
          isCategory
            ? { kind: 'category', categorySlug: page.slug, listPage: list.page, tagSlug: list.tag ?? null }
            : { kind: page.type === 'homepage' ? 'home' : 'page' },
        )
      : sections,
  };
}

function pageBySlug(resolveWidgets: boolean) {
  return async (c: Context<AppEnv>) => {
    const { slug } = readParams(c, slugParams);
    const deps = c.var.deps;
    const page = await findPage(deps, eq(pages.slug, slug.toLowerCase()));
    if (!page) throw notFound(PAGE_NOT_FOUND);
    return c.json(await toPageDto(deps, page, c.var.lang, resolveWidgets, readQuery(c, pageListQuery)));
  };
}

function homepage(resolveWidgets: boolean) {
  return async (c: Context<AppEnv>) => {
    const deps = c.var.deps;
    const page = await findPage(deps, eq(pages.type, 'homepage'));
    if (!page) throw notFound(PAGE_NOT_FOUND);
    return c.json(await toPageDto(deps, page, c.var.lang, resolveWidgets));
  };
}

export const pageRoutes = new Hono<AppEnv>()
  .get('/pages/v2/:slug', pageBySlug(true))
  .get('/pages/:slug', pageBySlug(false))
  .get('/homepage/v2', homepage(true))
  .get('/homepage/v2/', homepage(true))
  .get('/homepage', homepage(false))
  .get('/homepage/', homepage(false));
