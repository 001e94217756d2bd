import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { localize, type Language } from '../../../lib/localize';
import type { DataNeed, PageScope } from '../../../sections/data-needs';
import { findDefinition } from '../../../sections/definitions';
import type { Executor } from '../../db/client';
import { catalogProducts, catalogs, comments, pages, products, tags } from '../../db/schema';
import { cacheTags } from '../../cache/invalidation';
import { tagPage } from '../../cache/page-tags';
import { loadProducts, type ProductDto } from '../catalog/product-dto';
import type { AppDeps } from '../core/context';
import type { SectionDto } from '../shared/sections';
import {
  countArticlesByCategory,
  listCategoryArticles,
  newestArticlesByCategory,
  type ArticleSummary,
  type CategoryRef,
  type TagDto,
} from './article-data';
import type { CommentDto } from './articles-routes';
import { loadShopSettings } from '../core/settings-store';

/**
 * The one resolver of section data (spec 3.4 widget types), for every page kind and the preview: each
 * section's definition declares what it needs (`data` of `src/sections/Section*.schema.ts`); the needs
 * of all sections of a page are gathered and loaded together in a fixed number of queries (two rounds:
 * keys first, then the records), whatever the number of sections.
 */

/**
 * A catalog page's listing of a section that needs one: the section with the page of products as its items and the
 * paging data as its data (the contract's ProductListSectionDto), or null when it lists nothing.
 */
export type ListingLoader<L> = (section: SectionDto) => Promise<L> | null;

export type ResolveScope<L> = PageScope & {
  /** a catalog page: loads its product list */
  listing?: ListingLoader<L>;
};

/** The most comments an article page shows. */
const MAX_COMMENTS = 100;

const inList = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The keys the page's needs ask for first, all in one query: the product ids of the widgets' catalogs (in catalog
 * order, at most `limit` each), the enabled article categories named (by id or slug) and those categories' tags.
 */
async function loadNeedKeys(
  db: Executor,
  catalogSlugs: string[],
  limit: number,
  categorySlugs: string[],
  lang: Language,
): Promise<{ productIdsByCatalog: Map<string, string[]>; categories: CategoryRef[]; tagsByCategory: Map<string, TagDto[]> }> {
  const productIdsByCatalog = new Map<string, string[]>(catalogSlugs.map((slug) => [slug, []]));
  const tagsByCategory = new Map<string, TagDto[]>(categorySlugs.map((slug) => [slug, []]));
  if (catalogSlugs.length === 0 && categorySlugs.length === 0) return { productIdsByCatalog, categories: [], tagsByCategory };
  const none = sql`'[]'::json`;
  const lowered = categorySlugs.map((slug) => slug.toLowerCase());
  const [row] = await db
    .select({
      catalogProducts: catalogSlugs.length
        ? // each catalog's first products through its (catalog_id, position) index: a whole catalog is never read
          sql<
            [string, string][]
          >`(select coalesce(json_agg(json_build_array(c.slug, x.product_id) order by c.slug, x.position, x.product_id), '[]'::json)
            from ${catalogs} c cross join lateral (
              select cp.product_id, cp.position from ${catalogProducts} cp join ${products} p on p.id = cp.product_id
              where cp.catalog_id = c.id and p.enabled order by cp.position, cp.product_id limit ${limit}) x
            where c.slug in (${inList(catalogSlugs)}) and c.enabled)`
        : none,
      categories: categorySlugs.length
        ? sql<
            { id: string; slug: string; title: { en: string; ru: string } }[]
          >`(select coalesce(json_agg(json_build_object('id', g.id, 'slug', g.slug, 'title', g.title)), '[]'::json)
            from ${pages} g where g.enabled and g.type = 'category' and (g.id in (${inList(categorySlugs)}) or g.slug in (${inList(lowered)})))`
        : none,
      tags: categorySlugs.length
        ? sql<
            { id: string; slug: string; type: string; title: { en: string; ru: string } }[]
          >`(select coalesce(json_agg(json_build_object('id', t.id, 'slug', t.slug, 'type', t.type, 'title', t.title)
            order by t.position, t.slug), '[]'::json) from ${tags} t where t.type in (${inList(categorySlugs)}))`
        : none,
    })
    .from(sql`(select 1) as one`);
  for (const [slug, productId] of (row?.catalogProducts ?? []) as [string, string][]) productIdsByCatalog.get(slug)?.push(productId);
  const categoryRows = (row?.categories ?? []) as { id: string; slug: string; title: { en: string; ru: string } }[];
  tagPage(categoryRows.map((r) => cacheTags.page(r.id)));
  for (const tag of (row?.tags ?? []) as { id: string; slug: string; type: string; title: { en: string; ru: string } }[]) {
    tagsByCategory.get(tag.type)?.push({ id: tag.id, slug: tag.slug, title: localize(tag.title, lang) });
  }
  return {
    productIdsByCatalog,
    categories: categoryRows.map((r) => ({ id: r.id, slug: r.slug, title: localize(r.title, lang) })),
    tagsByCategory,
  };
}

async function approvedComments(db: Executor, articleIds: string[]): Promise<Map<string, CommentDto[]>> {
  const byArticle = new Map<string, CommentDto[]>(articleIds.map((id) => [id, []]));
  if (articleIds.length === 0) return byArticle;
  const rows = await db
    .select({
      articleId: comments.articleId,
      id: comments.id,
      authorName: comments.authorName,
      text: comments.text,
      createdAt: comments.createdAt,
      parentId: comments.parentId,
      reply: comments.reply,
    })
    .from(comments)
    .where(and(inArray(comments.articleId, articleIds), eq(comments.status, 'approved')))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  for (const { articleId, createdAt, reply, ...comment } of rows) {
    const list = byArticle.get(articleId);
    if (list && list.length < MAX_COMMENTS) list.push({ ...comment, createdAt: createdAt.toISOString(), ...(reply ? { reply } : {}) });
  }
  return byArticle;
}

const uniqueKeys = (values: string[]) => [...new Set(values.filter(Boolean))];
const maxLimitOf = (needs: { limit: number }[]) => Math.max(0, ...needs.map((n) => n.limit));
type NeedOf<K extends DataNeed['kind']> = Extract<DataNeed, { kind: K }>;
const ofKind = <K extends DataNeed['kind']>(needs: (DataNeed | null)[], kind: K) => needs.filter((n): n is NeedOf<K> => n?.kind === kind);

/** Fills `data` (and a catalog listing's `items`) of the sections that declare a data need. */
export async function resolveSectionData<L extends object = never>(
  deps: AppDeps,
  sections: SectionDto[],
  lang: Language,
  scope: ResolveScope<L>,
): Promise<(SectionDto | L)[]> {
  const { db } = deps;
  const now = deps.now();
  const settings = await loadShopSettings(db);
  const needContext = { scope, mediaPageSize: settings.media.itemsPerPage };
  const needs = sections.map((section) => findDefinition(section.type)?.data?.need(section, needContext) ?? null);
  if (needs.every((need) => need === null)) return sections;

  const catalogNeeds = ofKind(needs, 'catalogProducts');
  const articleNeeds = ofKind(needs, 'articles');
  // A category page lists its media lists at the page and tag it was asked for; every other list starts at its newest.
  const pagedList = (need: NeedOf<'articles'>) => need.withTotal && scope.kind === 'category';
  const categorySlugs = uniqueKeys([...articleNeeds, ...ofKind(needs, 'categoryTags')].map((n) => n.categorySlug));
  const showComments = settings.media.pageStyle.showComments !== false;
  const commentedArticles = showComments ? uniqueKeys(ofKind(needs, 'articleComments').map((n) => n.articleId)) : [];

  const [{ productIdsByCatalog, categories, tagsByCategory }, commentsByArticle] = await Promise.all([
    loadNeedKeys(db, uniqueKeys(catalogNeeds.map((n) => n.catalogSlug)), maxLimitOf(catalogNeeds), categorySlugs, lang),
    approvedComments(db, commentedArticles),
  ]);
  const catalogProductIdsOf = (need: NeedOf<'catalogProducts'>) => (productIdsByCatalog.get(need.catalogSlug) ?? []).slice(0, need.limit);
  const categoryIdBySlug = new Map(categories.map((c) => [c.slug, c.id]));
  const categoryIdsOf = (list: { categorySlug: string }[]) => uniqueKeys(list.flatMap((n) => categoryIdBySlug.get(n.categorySlug) ?? []));
  const requestedTag = (categorySlug: string): TagDto | null =>
    (scope.tagSlug && (tagsByCategory.get(categorySlug) ?? []).find((tag) => tag.slug === scope.tagSlug)) || null;
  const listPage = Math.max(1, scope.listPage ?? 1);

  const newestNeeds = articleNeeds.filter((n) => !pagedList(n));
  const pagedNeeds = articleNeeds.filter(pagedList);
  const productIds = [...ofKind(needs, 'productsByIds').flatMap((n) => n.productIds), ...catalogNeeds.flatMap(catalogProductIdsOf)];
  const [productList, articlesByCategory, totals, pagedLists, listings] = await Promise.all([
    loadProducts(db, uniqueKeys(productIds), lang),
    newestArticlesByCategory(db, categoryIdsOf(newestNeeds), maxLimitOf(newestNeeds), now, lang),
    countArticlesByCategory(db, categoryIdsOf(newestNeeds.filter((n) => n.withTotal)), now),
    Promise.all(
      pagedNeeds.map((need) => {
        const categoryId = categoryIdBySlug.get(need.categorySlug);
        const tag = requestedTag(need.categorySlug);
        return categoryId
          ? listCategoryArticles(
              db,
              { categoryId, tagIds: tag ? [tag.id] : [], offset: (listPage - 1) * need.limit, limit: need.limit },
              now,
              lang,
            )
          : { items: [], total: 0 };
      }),
    ),
    Promise.all(sections.map((section, i) => (needs[i]?.kind === 'catalogListing' && scope.listing ? scope.listing(section) : null))),
  ]);
  const productById = new Map(productList.map((p) => [p.id, p]));
  const productsFor = (ids: string[]): ProductDto[] => ids.flatMap((id) => productById.get(id) ?? []);

  const dataOf = (need: DataNeed): Record<string, unknown> | null => {
    switch (need.kind) {
      case 'catalogProducts':
        return { products: productsFor(catalogProductIdsOf(need)) };
      case 'productsByIds':
        return { products: productsFor(need.productIds) };
      case 'articles': {
        if (pagedList(need)) {
          const list = pagedLists[pagedNeeds.indexOf(need)]!;
          return {
            articles: list.items,
            total: list.total,
            limit: need.limit,
            page: listPage,
            tag: requestedTag(need.categorySlug)?.slug ?? null,
          };
        }
        const categoryId = categoryIdBySlug.get(need.categorySlug);
        const articles: ArticleSummary[] = categoryId ? (articlesByCategory.get(categoryId) ?? []).slice(0, need.limit) : [];
        if (!need.withTotal) return { articles };
        return { articles, total: categoryId ? (totals.get(categoryId) ?? 0) : 0, limit: need.limit };
      }
      case 'categoryTags':
        return { tags: categoryIdBySlug.has(need.categorySlug) ? (tagsByCategory.get(need.categorySlug) ?? []) : [] };
      case 'articleComments':
        return { comments: commentsByArticle.get(need.articleId) ?? [], article: need.articleId };
      case 'catalogListing':
        // the listing loader answers the whole section (below)
        return null;
    }
  };
  return sections.map((section, i) => {
    const listing = listings[i];
    if (listing) return listing;
    const need = needs[i];
    const data = need ? dataOf(need) : null;
    return data ? { ...section, data } : section;
  });
}
