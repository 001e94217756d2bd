/**
 * The storefront's catalog API (products, reviews, catalogs and their listing, search): every input the routes
 * validate and the answers they send. Used by the Hono routes (src/server/api/catalog) to validate and by the
 * storefront's API client (src/lib/api-client) for its types.
 */
import { z } from 'zod';
import { imageAnswer, sectionAnswer } from './common';
import { TAX_CLASSES } from '../../lib/tax';
import { VIDEO_FIELD_SOURCES } from '../../lib/video-field';

export const SORT_CRITERIA = ['custom', 'title', 'price_asc', 'price_desc'] as const;
export type SortCriterion = (typeof SORT_CRITERIA)[number];

export function isSortCriterion(value: unknown): value is SortCriterion {
  return typeof value === 'string' && (SORT_CRITERIA as readonly string[]).includes(value);
}

export const NOT_BLANK = 'This value should not be blank.';
export const BAD_EMAIL = 'incorrect email format';
/** Spec 5: letters, digits, underscore, hyphen, dot, then @, domain, dot, 2 to 8 letters. */
const EMAIL_PATTERN = /^[\w.-]+@[\w.-]+\.[A-Za-z]{2,8}$/;

const MAX_OFFSET = 1_000_000;
/** Bounds of a facet filter, so a crafted query cannot build an unbounded SQL condition. */
const MAX_FILTER_TITLES = 20;
const MAX_FILTER_VALUES = 50;
const MAX_FILTER_TEXT = 200;
/** 1,000,000.00 in the shop currency: far above any price, small enough to stay an integer in cents. */
const MAX_PRICE_AMOUNT = 1_000_000_000;

const offset = z.coerce.number().int().min(0).max(MAX_OFFSET).default(0);
const limit = (byDefault: number, max: number) => z.coerce.number().int().min(1).max(max).default(byDefault);

/** A required text field: missing or blank both answer the spec's noEmpty message. */
const requiredText = (max: number) =>
  z
    // only the type's message: a schema's error function also answers the issues of its checks (too long…)
    .string({
      error: (issue) =>
        issue.code !== 'invalid_type'
          ? undefined
          : issue.input === undefined || issue.input === null
            ? NOT_BLANK
            : 'This value should be a string.',
    })
    .trim()
    .min(1, NOT_BLANK)
    .max(max);

export const idOrSlugParams = z.object({ idOrSlug: z.string().trim().min(1).max(200) });
export const idParams = z.object({ id: z.string().trim().min(1).max(200) });
export const slugParams = z.object({ slug: z.string().trim().min(1).max(200) });

export const similarQuery = z.object({ limit: limit(6, 50) });
export const reviewsQuery = z.object({ offset, limit: limit(11, 50) });
export const catalogProductsQuery = z.object({ offset, limit: limit(20, 100) });
export const searchQuery = z.object({
  q: z.string().max(500).default(''),
  offset,
  limit: limit(30, 100),
});

const oneOrMany = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

export const relatedProductsQuery = z.object({
  ids: oneOrMany.pipe(z.array(z.string().trim().min(1).max(200)).max(100, 'At most 100 products can be given.')).default([]),
  limit: limit(20, 50),
});

export const reviewBody = z.object({
  product: requiredText(200),
  name: requiredText(100),
  email: z.preprocess(
    (v) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v),
    z.string().trim().max(254).regex(EMAIL_PATTERN, BAD_EMAIL).optional(),
  ),
  rating: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'The rating should be a whole number from 1 to 5.' })
      .int()
      .min(1)
      .max(5, 'The rating should be a whole number from 1 to 5.'),
  ),
  text: requiredText(5000),
});
export type ReviewInput = z.infer<typeof reviewBody>;
/** What the client sends to POST /product-reviews. */
export type ReviewBody = z.input<typeof reviewBody>;

/** Selected values of one property or option title; values of one title are alternatives. */
export type FacetSelection = { title: string; values: string[] };

const FLAG_OFF = new Set(['0', 'false', 'off', '']);

/**
 * A property or option filter in any of the accepted forms:
 * `[Title][Value]=1` (0/false unselects), `[Title]=Value`, `[Title][]=Value`,
 * or the comma-separated `Title:Value,Title2:Value2` (also repeated).
 */
const facetFilter = z
  .union([
    z.string(),
    z.array(z.string()),
    z.record(z.string(), z.union([z.string(), z.array(z.string()), z.record(z.string(), z.union([z.string(), z.array(z.string())]))])),
  ])
  .transform((raw, ctx): FacetSelection[] => {
    const pairs: [string, string][] = [];
    if (typeof raw === 'string' || Array.isArray(raw)) {
      for (const pair of [raw].flat().flatMap((s) => s.split(','))) {
        if (pair.trim() === '') continue;
        const colon = pair.indexOf(':');
        if (colon <= 0) {
          ctx.addIssue({ code: 'custom', message: 'Use Title:Value pairs separated by commas.' });
          return z.NEVER;
        }
        pairs.push([pair.slice(0, colon), pair.slice(colon + 1)]);
      }
    } else {
      for (const [title, selection] of Object.entries(raw)) {
        if (typeof selection === 'string' || Array.isArray(selection)) {
          for (const value of [selection].flat()) pairs.push([title, value]);
        } else {
          for (const [value, flag] of Object.entries(selection)) {
            if (![flag].flat().some((f) => FLAG_OFF.has(f.trim().toLowerCase()))) pairs.push([title, value]);
          }
        }
      }
    }
    const byTitle = new Map<string, Set<string>>();
    for (const [rawTitle, rawValue] of pairs) {
      const title = rawTitle.trim();
      const value = rawValue.trim();
      if (title === '' || value === '') continue;
      if (title.length > MAX_FILTER_TEXT || value.length > MAX_FILTER_TEXT) {
        ctx.addIssue({ code: 'custom', message: `Filter titles and values are limited to ${MAX_FILTER_TEXT} characters.` });
        return z.NEVER;
      }
      const values = byTitle.get(title) ?? new Set<string>();
      values.add(value);
      byTitle.set(title, values);
    }
    if (byTitle.size > MAX_FILTER_TITLES || [...byTitle.values()].some((v) => v.size > MAX_FILTER_VALUES)) {
      ctx.addIssue({
        code: 'custom',
        message: `At most ${MAX_FILTER_TITLES} titles with ${MAX_FILTER_VALUES} values each can be filtered.`,
      });
      return z.NEVER;
    }
    return [...byTitle].map(([title, values]) => ({ title, values: [...values] }));
  });

const priceAmount = z.coerce.number().min(0).max(MAX_PRICE_AMOUNT);

const catalogFilter = z
  .object({
    minPrice: z.preprocess((v) => (v === '' ? undefined : v), priceAmount.optional()),
    maxPrice: z.preprocess((v) => (v === '' ? undefined : v), priceAmount.optional()),
    properties: facetFilter.default([]),
    options: facetFilter.default([]),
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    message: 'The maximum price should not be less than the minimum price.',
    path: ['maxPrice'],
  });
export type CatalogFilter = z.infer<typeof catalogFilter>;

export const catalogPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_OFFSET).default(1),
  sort: z.enum(SORT_CRITERIA).optional(),
  filter: catalogFilter.default({ properties: [], options: [] }),
});
export type CatalogPageQuery = z.infer<typeof catalogPageQuery>;

/**
 * The catalog page's query as the client gives it: the facet filter as selected values per title, either as a map
 * or as the listing's own facet list; the client writes it as `filter[properties][Title][Value]=1`.
 */
export type FacetFilterInput = Record<string, readonly string[]> | readonly Readonly<FacetSelection>[];
export type CatalogFilterInput = {
  minPrice?: CatalogFilter['minPrice'] | null;
  maxPrice?: CatalogFilter['maxPrice'] | null;
  properties?: FacetFilterInput;
  options?: FacetFilterInput;
};
export type CatalogPageParams = Partial<Pick<CatalogPageQuery, 'page' | 'sort'>> & { filter?: CatalogFilterInput };

// ---------------------------------------------------------------- answers

/** GET /products/:idOrSlug/reviews: a published review. */
export const reviewAnswer = z.strictObject({
  id: z.string(),
  authorName: z.string(),
  rating: z.number(),
  text: z.string(),
  createdAt: z.string(),
  reply: z.string().optional(),
});
export type ReviewDto = z.infer<typeof reviewAnswer>;

/** GET /catalogs/:id/countProducts */
export const countAnswer = z.strictObject({ count: z.number() });
export type CountDto = z.infer<typeof countAnswer>;

export const SEARCH_RESULT_TYPES = ['product', 'catalog', 'page', 'article'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

/** GET /search: one result; `url` is its storefront path, `price` is given for products only. */
export const searchResultAnswer = z.strictObject({
  type: z.enum(SEARCH_RESULT_TYPES),
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  title: z.string(),
  excerpt: z.string(),
  image: imageAnswer.nullable(),
  price: z.number().optional(),
});
/**
 * GET /search: a page of results and their total. `approximate`: more products match than a search ranks
 * (the total counts that bound); `didYouMean`: the query with its misspelt words corrected, when any were;
 * `popular`: see below.
 */
export const searchAnswer = z.strictObject({
  results: z.array(searchResultAnswer),
  totalResultCount: z.number(),
  approximate: z.boolean().optional(),
  didYouMean: z.string().optional(),
  /** when nothing is found: products to offer instead (the most ordered lately, else the newest) */
  popular: z.array(searchResultAnswer).optional(),
});
export type SearchDto = z.infer<typeof searchAnswer>;

/** GET /search/suggest: what the header's predictive search shows while the visitor types (from 2 characters). */
export const searchSuggestQuery = z.object({ q: z.string().max(200).default('') });

const suggestedLink = z.strictObject({ id: z.string(), title: z.string(), url: z.string() });
/**
 * GET /search/suggest: `words` are whole queries to search for instead (the typed words completed or
 * corrected); then the best products (picture, title, price), catalogs and articles.
 */
export const searchSuggestAnswer = z.strictObject({
  query: z.string(),
  words: z.array(z.string()),
  products: z.array(suggestedLink.extend({ image: imageAnswer.nullable(), price: z.number() })),
  catalogs: z.array(suggestedLink),
  articles: z.array(suggestedLink),
});
export type SearchSuggestDto = z.infer<typeof searchSuggestAnswer>;

// ---------------------------------------------------------------- answers: products

/** The localized texts a product or catalog page is shown and indexed with. */
const pageTextsFields = {
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
};

export const optionValueAnswer = z.strictObject({ id: z.string(), title: z.string(), value: z.string().nullable() });

/** A product option (size, colour…) with its values; `view` is how the storefront shows it (e.g. 'color' swatches). */
export const optionAnswer = z.strictObject({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  view: z.string(),
  unit: z.string(),
  values: z.array(optionValueAnswer),
});
export type OptionDto = z.infer<typeof optionAnswer>;

/** A buyable variation: its option values, prices in the shop currency and stock (null: not counted). */
export const variationAnswer = z.strictObject({
  id: z.string(),
  productOptionValueIds: z.array(z.string()),
  default: z.boolean(),
  title: z.string(),
  image: imageAnswer.nullable(),
  imageId: z.string().nullable(),
  sku: z.string().nullable(),
  fullPrice: z.number(),
  discountPrice: z.number().nullable(),
  price: z.number(),
  hasDiscount: z.boolean(),
  discount: z.number(),
  stock: z.number().nullable(),
  inStock: z.boolean(),
  weight: z.number().nullable(),
  height: z.number().nullable(),
  width: z.number().nullable(),
  length: z.number().nullable(),
});
export type VariationDto = z.infer<typeof variationAnswer>;

/** A product as lists, widgets, the cart and the product page show it. */
export const productAnswer = z.strictObject({
  ...pageTextsFields,
  images: z.array(imageAnswer),
  imagePreview: imageAnswer.nullable(),
  options: z.array(optionAnswer),
  variations: z.array(variationAnswer),
  catalogs: z.array(z.strictObject({ id: z.string(), slug: z.string(), title: z.string() })),
  properties: z.array(z.strictObject({ title: z.string(), value: z.string() })),
  weight: z.number(),
  height: z.number(),
  width: z.number(),
  length: z.number(),
  /** price of the display variation (default, else first) */
  price: z.number(),
  priceFull: z.number(),
  discount: z.number(),
  hasDiscount: z.boolean(),
  /** options of the display variation as title, value and unit */
  optionsTextValue: z.array(z.strictObject({ title: z.string(), value: z.string(), unit: z.string() })),
  reviewCount: z.number(),
  /** average rating of the approved reviews (1 to 5, to a tenth); null without reviews */
  rating: z.number().nullable(),
  inStock: z.boolean(),
  /** the product's tax class: the checkout computes the order's tax from it as the server does (src/lib/tax.ts) */
  taxClass: z.enum(TAX_CLASSES),
});
export type ProductDto = z.infer<typeof productAnswer>;

/** GET /products/:idOrSlug: the product with its sections, resolved like every page's. */
/**
 * A product's video among its pictures: where it plays (a service's player address, or a file of the shop), the
 * video's own page (the link without scripts) and its preview: the owner's picture, else the service's thumbnail.
 */
export const productVideoAnswer = z.strictObject({
  source: z.enum(VIDEO_FIELD_SOURCES),
  embedUrl: z.string(),
  pageUrl: z.string(),
  previewImage: imageAnswer.nullable(),
  thumbnailUrl: z.string().nullable(),
});
export type ProductVideoDto = z.infer<typeof productVideoAnswer>;

export const productDetailAnswer = z.strictObject({
  ...productAnswer.shape,
  video: productVideoAnswer.nullable(),
  sections: z.array(sectionAnswer),
});
export type ProductDetailDto = z.infer<typeof productDetailAnswer>;

// ---------------------------------------------------------------- answers: the catalog page

const facetAnswer = z.strictObject({ title: z.string(), values: z.array(z.string()) });
/**
 * A facet offered as a filter: its values (independent of the applied filters) and, in the same order, how many
 * products the list would have with each value chosen under the applied filters (the value's facet taking that
 * value alone, every other facet and the price range kept); a value counted 0 is shown disabled.
 */
const countedFacetAnswer = z.strictObject({ ...facetAnswer.shape, counts: z.array(z.number().int().nonnegative()) });

/**
 * An option offered as a filter; an option shown as colour swatches (view 'color') also carries
 * `swatches`: each value's colour code as the back office stores it (only values that have one).
 */
export const optionFacetAnswer = z.strictObject({ ...countedFacetAnswer.shape, swatches: z.record(z.string(), z.string()).optional() });

/** The paging, sort and filters of a catalog's product list. */
export const listingDataAnswer = z.strictObject({
  page: z.number(),
  pages: z.number(),
  total: z.number(),
  limit: z.number(),
  sort: z.enum(SORT_CRITERIA),
  /** Everything the catalog offers to filter by, independent of the applied filters, with each value's count under them. */
  filters: z.strictObject({
    price: z.strictObject({ min: z.number(), max: z.number() }),
    properties: z.array(countedFacetAnswer),
    options: z.array(optionFacetAnswer),
  }),
  appliedFilters: z.strictObject({
    minPrice: z.number().nullable(),
    maxPrice: z.number().nullable(),
    properties: z.array(facetAnswer),
    options: z.array(facetAnswer),
  }),
});
export type ListingData = z.infer<typeof listingDataAnswer>;

/** The catalog page's product list section: the requested page of products as its items, the listing as its data. */
export const productListSectionAnswer = z.strictObject({
  ...sectionAnswer.shape,
  type: z.literal('SectionProductList'),
  items: z.array(productAnswer),
  data: listingDataAnswer,
});
export type ProductListSectionDto = z.infer<typeof productListSectionAnswer>;

/** GET /catalogs/v3/:slug */
export const catalogPageAnswer = z.strictObject({
  ...pageTextsFields,
  noindex: z.boolean(),
  nofollow: z.boolean(),
  image: imageAnswer.nullable(),
  sortCriteria: z.enum(SORT_CRITERIA),
  productCount: z.number(),
  sections: z.array(z.union([productListSectionAnswer, sectionAnswer])),
});
export type CatalogPageDto = z.infer<typeof catalogPageAnswer>;
