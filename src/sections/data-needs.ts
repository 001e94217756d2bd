import { z } from 'zod';
import type { SectionDto } from '../lib/api-client';
import { isRecord } from './schema-kit';

/**
 * What a section needs from the database besides its own options (its "data need"), declared by its
 * definition and fulfilled by the server's one resolver (`src/server/api/content/section-data.ts`) for
 * every page kind and the preview. The needs of all sections of a page are gathered and loaded
 * together, so a page costs the same few queries however many widgets it has. The resolved data goes
 * to the section's `data` (and, for a catalog's product list, its `items`), shaped as the definition's
 * data schema says.
 */

/** The page kinds sections are placed on; `preview` is the builder's live preview. */
export const PAGE_KINDS = ['home', 'page', 'category', 'article', 'product', 'catalog', 'preview'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** What the page tells the needs of its sections. */
export type PageScope = {
  kind: PageKind;
  /** a category page's category (slug): media lists and tag lists without a category of their own show it */
  categorySlug?: string;
  /** an article page's article id: its comments */
  articleId?: string;
  /** a category page: the page of its article list and the tag it is filtered by (?page=, ?tag=) */
  listPage?: number;
  tagSlug?: string | null;
};

export type DataNeed =
  | { kind: 'catalogProducts'; catalogSlug: string; limit: number }
  | { kind: 'productsByIds'; productIds: string[] }
  | { kind: 'articles'; categorySlug: string; limit: number; withTotal: boolean }
  | { kind: 'categoryTags'; categorySlug: string }
  | { kind: 'articleComments'; articleId: string }
  | { kind: 'catalogListing' };

/** What a need is computed from: the stored section, the page, and the shop's media page size. */
export type NeedSource = Pick<SectionDto, 'options' | 'items'>;
export type NeedContext = { scope: PageScope; mediaPageSize: number };

export type SectionDataSpec<D = unknown> = {
  need: (section: NeedSource, context: NeedContext) => DataNeed | null;
  /** the shape of the resolved `data` */
  schema: z.ZodType<D>;
};

const MAX_WIDGET_ITEMS = 100;
export const DEFAULT_PRODUCT_WIDGET_LIMIT = 12;
export const DEFAULT_MEDIA_WIDGET_LIMIT = 6;

/** A stored id or slug usable in a query, else ''. */
export function asKey(value: unknown): string {
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
  return isRecord(product) ? asKey(product['id']) : '';
}

/** The section's own category, else the category page's. */
const categoryOf = (section: NeedSource, scope: PageScope) =>
  (asKey(section.options['categorySlug']) || scope.categorySlug || '').toLowerCase();

const productShape = z.looseObject({ id: z.string(), slug: z.string(), title: z.string() });
const articleShape = z.looseObject({ id: z.string(), url: z.string(), title: z.string() });
const tagShape = z.object({ id: z.string(), slug: z.string(), title: z.string() });
const commentShape = z.looseObject({ id: z.string(), authorName: z.string(), text: z.string() });
const facetShape = z.object({ title: z.string(), values: z.array(z.string()) });

/** Products of a catalog (`options.catalogSlug`, at most `options.limit`). */
export const catalogProductsData: SectionDataSpec = {
  need: (section) => ({
    kind: 'catalogProducts',
    catalogSlug: asKey(section.options['catalogSlug']).toLowerCase(),
    limit: asLimit(section.options['limit'], DEFAULT_PRODUCT_WIDGET_LIMIT),
  }),
  schema: z.object({ products: z.array(productShape) }),
};

/** Hand-picked products (`items[].options.product`), in the items' order. */
export const productsByIdsData: SectionDataSpec = {
  need: (section) => ({ kind: 'productsByIds', productIds: section.items.map(productIdOf).filter(Boolean) }),
  schema: z.object({ products: z.array(productShape) }),
};

/** The newest articles of a category (`options.categorySlug`, else the category page's; at most `options.limit`). */
export const newestArticlesData: SectionDataSpec = {
  need: (section, { scope }) => ({
    kind: 'articles',
    categorySlug: categoryOf(section, scope),
    limit: asLimit(section.options['limit'], DEFAULT_MEDIA_WIDGET_LIMIT),
    withTotal: false,
  }),
  schema: z.object({ articles: z.array(articleShape) }),
};

/** A page of a category's articles with their total; on a category page, the page and tag it asked for. */
export const articleListData: SectionDataSpec = {
  need: (section, { scope, mediaPageSize }) => ({
    kind: 'articles',
    categorySlug: categoryOf(section, scope),
    limit: asLimit(section.options['limit'], mediaPageSize),
    withTotal: true,
  }),
  schema: z.object({
    articles: z.array(articleShape),
    total: z.number().int(),
    limit: z.number().int(),
    page: z.number().int().optional(),
    tag: z.string().nullable().optional(),
  }),
};

/** A category's tags. */
export const categoryTagsData: SectionDataSpec = {
  need: (section, { scope }) => ({ kind: 'categoryTags', categorySlug: categoryOf(section, scope) }),
  schema: z.object({ tags: z.array(tagShape) }),
};

/** The approved comments of the article page it is on (and the article they belong to). */
export const articleCommentsData: SectionDataSpec = {
  need: (_section, { scope }) => (scope.articleId ? { kind: 'articleComments', articleId: scope.articleId } : null),
  schema: z.object({ comments: z.array(commentShape), article: z.string() }),
};

/**
 * The product list: on a catalog page, the page's listing (the page of sorted, filtered products, into
 * `items`, with paging and facets in `data`); on any other page, the first products of the catalog
 * named in `options.catalogSlug`, as a widget shows them.
 */
export const catalogListingData: SectionDataSpec = {
  need: (section, context) => (context.scope.kind === 'catalog' ? { kind: 'catalogListing' } : catalogProductsData.need(section, context)),
  schema: z.union([
    z.object({
      page: z.number().int(),
      pages: z.number().int(),
      total: z.number().int(),
      limit: z.number().int(),
      sort: z.string(),
      filters: z.object({
        price: z.object({ min: z.number(), max: z.number() }),
        properties: z.array(facetShape),
        options: z.array(facetShape),
      }),
      appliedFilters: z.looseObject({ properties: z.array(facetShape), options: z.array(facetShape) }),
    }),
    z.object({ products: z.array(productShape) }),
  ]),
};
