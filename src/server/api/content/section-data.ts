import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Language } from '../../../lib/localize';
import type { SectionType } from '../../../lib/section-types';
import type { Executor } from '../../db/client';
import { catalogProducts, catalogs, products } from '../../db/schema';
import { loadProducts, type ProductDto } from '../catalog/product-dto';
import type { AppDeps } from '../core/context';
import type { SectionDto } from '../shared/sections';
import {
  countArticlesByCategory,
  findCategories,
  loadCategoryTags,
  newestArticlesByCategory,
  type ArticleSummary,
  type TagDto,
} from './article-data';
import { loadShopSettings } from './shop-settings';

const MAX_WIDGET_ITEMS = 100;
const DEFAULT_PRODUCT_WIDGET_LIMIT = 12;
const DEFAULT_MEDIA_WIDGET_LIMIT = 6;

/** What a widget section needs from the database. */
type WidgetNeed =
  | { kind: 'catalogProducts'; catalogSlug: string; limit: number }
  | { kind: 'products'; productIds: string[] }
  | { kind: 'articles'; categorySlug: string; limit: number; withTotal: boolean }
  | { kind: 'tags'; categorySlug: string };

export type SectionDataContext = {
  /** the category a category page shows; media lists and tag lists without their own category use it */
  categorySlug?: string;
};

/** A stored id or slug usable in a query, else ''. */
function asKey(value: unknown): string {
  const key = typeof value === 'string' ? value.trim() : '';
  return key.length <= 255 && !key.includes('\u0000') ? key : '';
}

function asLimit(value: unknown, fallback: number): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? Math.min(n, MAX_WIDGET_ITEMS) : fallback;
}

/** `items[].options.product` is `{ id }` or the id itself. */
function productIdOf(item: { options: Record<string, unknown> }): string {
  const product = item.options?.['product'];
  if (typeof product === 'string') return asKey(product);
  return product && typeof product === 'object' ? asKey((product as Record<string, unknown>)['id']) : '';
}

/** What a section needs resolved, or null when it is not a widget. A widget without its catalog or category resolves empty. */
function needOf(section: SectionDto, context: SectionDataContext, mediaPageSize: number): WidgetNeed | null {
  const options = section.options;
  const categorySlug = (asKey(options['categorySlug']) || context.categorySlug || '').toLowerCase();
  switch (section.type as SectionType) {
    case 'SectionProductWidget':
      return { kind: 'catalogProducts', catalogSlug: asKey(options['catalogSlug']).toLowerCase(), limit: asLimit(options['limit'], DEFAULT_PRODUCT_WIDGET_LIMIT) };
    case 'SectionProductWidgetByItems':
      return { kind: 'products', productIds: section.items.map(productIdOf).filter(Boolean) };
    case 'SectionMediaWidget':
      return { kind: 'articles', categorySlug, limit: asLimit(options['limit'], DEFAULT_MEDIA_WIDGET_LIMIT), withTotal: false };
    case 'SectionMediaList':
      return { kind: 'articles', categorySlug, limit: asLimit(options['limit'], mediaPageSize), withTotal: true };
    case 'SectionMediaTagsList':
      return { kind: 'tags', categorySlug };
    default:
      return null;
  }
}

/** Product ids of several catalogs in catalog order, at most `limit` each, in one query. */
async function catalogProductIdsBySlug(db: Executor, slugs: string[], limit: number): Promise<Map<string, string[]>> {
  const bySlug = new Map<string, string[]>(slugs.map((slug) => [slug, []]));
  if (slugs.length === 0) return bySlug;
  const ranked = db
    .select({
      catalogSlug: catalogs.slug,
      productId: catalogProducts.productId,
      rank: sql<number>`row_number() over (partition by ${catalogProducts.catalogId} order by ${catalogProducts.position}, ${catalogProducts.productId})`.as('rank'),
    })
    .from(catalogProducts)
    .innerJoin(catalogs, eq(catalogs.id, catalogProducts.catalogId))
    .innerJoin(products, eq(products.id, catalogProducts.productId))
    .where(and(inArray(catalogs.slug, slugs), eq(catalogs.enabled, true), eq(products.enabled, true)))
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, limit)).orderBy(asc(ranked.rank));
  for (const row of rows) bySlug.get(row.catalogSlug)?.push(row.productId);
  return bySlug;
}

const uniqueKeys = (values: string[]) => [...new Set(values.filter(Boolean))];
const maxLimitOf = (needs: { limit: number }[]) => Math.max(0, ...needs.map((n) => n.limit));

/**
 * Fills `data` of the widget sections (spec 3.4 widget types) with what they show: products of a
 * catalog or of picked items, the newest articles of a category (with the total for media lists) and
 * a category's tags. All widgets of a page are resolved together in a fixed number of queries.
 */
export async function resolveSectionData(
  deps: AppDeps,
  sections: SectionDto[],
  lang: Language,
  context: SectionDataContext = {},
): Promise<SectionDto[]> {
  const { db } = deps;
  const now = deps.now();
  const settings = await loadShopSettings(db);
  const needs = sections.map((section) => needOf(section, context, settings.media.itemsPerPage));
  const present = needs.filter((n): n is WidgetNeed => n !== null);
  const catalogNeeds = present.filter((n) => n.kind === 'catalogProducts');
  const articleNeeds = present.filter((n) => n.kind === 'articles');
  const categorySlugs = uniqueKeys(present.flatMap((n) => (n.kind === 'articles' || n.kind === 'tags' ? [n.categorySlug] : [])));

  const [productIdsByCatalog, categories, tagsByCategory] = await Promise.all([
    catalogProductIdsBySlug(db, uniqueKeys(catalogNeeds.map((n) => n.catalogSlug)), maxLimitOf(catalogNeeds)),
    findCategories(db, categorySlugs, lang),
    loadCategoryTags(db, categorySlugs, lang),
  ]);
  const catalogProductIdsOf = (need: { catalogSlug: string; limit: number }) =>
    (productIdsByCatalog.get(need.catalogSlug) ?? []).slice(0, need.limit);
  const categoryIdBySlug = new Map(categories.map((c) => [c.slug, c.id]));
  const categoryIdsOf = (list: { categorySlug: string }[]) => uniqueKeys(list.flatMap((n) => categoryIdBySlug.get(n.categorySlug) ?? []));

  const productIds = present.flatMap((n) => (n.kind === 'products' ? n.productIds : n.kind === 'catalogProducts' ? catalogProductIdsOf(n) : []));
  const [productList, articlesByCategory, totals] = await Promise.all([
    loadProducts(db, productIds, lang),
    newestArticlesByCategory(db, categoryIdsOf(articleNeeds), maxLimitOf(articleNeeds), now, lang),
    countArticlesByCategory(db, categoryIdsOf(articleNeeds.filter((n) => n.withTotal)), now),
  ]);
  const productById = new Map(productList.map((p) => [p.id, p]));
  const productsFor = (ids: string[]): ProductDto[] => ids.flatMap((id) => productById.get(id) ?? []);

  const dataOf = (need: WidgetNeed): Record<string, unknown> => {
    switch (need.kind) {
      case 'catalogProducts':
        return { products: productsFor(catalogProductIdsOf(need)) };
      case 'products':
        return { products: productsFor(need.productIds) };
      case 'articles': {
        const categoryId = categoryIdBySlug.get(need.categorySlug);
        const articles: ArticleSummary[] = categoryId ? (articlesByCategory.get(categoryId) ?? []).slice(0, need.limit) : [];
        if (!need.withTotal) return { articles };
        return { articles, total: categoryId ? (totals.get(categoryId) ?? 0) : 0, limit: need.limit };
      }
      case 'tags': {
        const tags: TagDto[] = categoryIdBySlug.has(need.categorySlug) ? (tagsByCategory.get(need.categorySlug) ?? []) : [];
        return { tags };
      }
    }
  };
  return sections.map((section, i) => {
    const need = needs[i];
    return need ? { ...section, data: dataOf(need) } : section;
  });
}
