/** Shapes of the back office API for catalogs: see src/contract/admin/common.ts for the shared ones. */
import { z } from 'zod';
import { booleanQuerySchema, idSchema, listAnswerSchema, listQuerySchema, versionSchema } from './common';

const NUL_MESSAGE = 'This value contains an invalid character.';
const BLANK_MESSAGE = 'This value should not be blank.';
const noNul = (v: string) => !v.includes('\u0000');
const catalogText = (max: number) =>
  z.object({
    en: z.string().trim().max(max).refine(noNul, NUL_MESSAGE).default(''),
    ru: z.string().trim().max(max).refine(noNul, NUL_MESSAGE).default(''),
  });

/** How a catalog page orders its products by default; `custom` is the order staff set by hand. */
export const CATALOG_SORTS = ['custom', 'title', 'price_asc', 'price_desc'] as const;
export const catalogSortSchema = z.enum(CATALOG_SORTS);
export type CatalogSort = z.infer<typeof catalogSortSchema>;

/** Lower-case letters, digits and single hyphens: the catalog's address is /catalogs/<slug>. */
export const CATALOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const catalogSlugSchema = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === '' || CATALOG_SLUG_PATTERN.test(v), 'Use lower-case letters, digits and hyphens, such as summer-shirts');

/** GET /catalogs */
export const catalogListQuerySchema = listQuerySchema(['position', 'title', 'createdAt', 'productsCount'], 'position').extend({
  /** title or address */
  q: z.string().trim().max(200).optional(),
  enabled: booleanQuerySchema.optional(),
});
export type CatalogListQuery = z.input<typeof catalogListQuerySchema>;

const textAnswer = z.object({ en: z.string(), ru: z.string() });

export const catalogListItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: textAnswer,
  enabled: z.boolean(),
  sortCriteria: catalogSortSchema,
  position: z.int(),
  imageId: z.string().nullable(),
  productsCount: z.int(),
  version: z.int(),
});
export type CatalogListItem = z.infer<typeof catalogListItemSchema>;
export const catalogListSchema = listAnswerSchema(catalogListItemSchema);

/** POST /catalogs, and PATCH /catalogs/:id with `version`: the whole catalog. */
export const catalogBodySchema = z.object({
  title: z.object({
    en: z.string({ error: BLANK_MESSAGE }).trim().min(1, BLANK_MESSAGE).max(300).refine(noNul, NUL_MESSAGE),
    ru: z.string().trim().max(300).refine(noNul, NUL_MESSAGE).default(''),
  }),
  /** blank: made from the English title */
  slug: catalogSlugSchema.default(''),
  /** rich text (HTML), cleaned when written */
  description: catalogText(100_000).default({ en: '', ru: '' }),
  metaTitle: catalogText(300).default({ en: '', ru: '' }),
  metaDescription: catalogText(1000).default({ en: '', ru: '' }),
  imageId: idSchema.nullish().transform((v) => v ?? null),
  sortCriteria: catalogSortSchema.default('title'),
  enabled: z.boolean().default(true),
  noindex: z.boolean().default(false),
  nofollow: z.boolean().default(false),
  /** where the catalog stands among catalogs (lists and menus of catalogs); left out: last */
  position: z.int().min(0).max(1_000_000).optional(),
});
export type CatalogBody = z.input<typeof catalogBodySchema>;
export const catalogUpdateBodySchema = catalogBodySchema.extend({ version: versionSchema });
export type CatalogUpdateBody = z.input<typeof catalogUpdateBodySchema>;

export const catalogVersionQuerySchema = z.object({ version: z.coerce.number().pipe(versionSchema) });

export const catalogDetailSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: textAnswer,
  description: textAnswer,
  metaTitle: textAnswer,
  metaDescription: textAnswer,
  imageId: z.string().nullable(),
  sortCriteria: catalogSortSchema,
  enabled: z.boolean(),
  noindex: z.boolean(),
  nofollow: z.boolean(),
  position: z.int(),
  productsCount: z.int(),
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CatalogDetail = z.infer<typeof catalogDetailSchema>;

/** A product as a catalog's product list shows it. */
export const catalogProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  enabled: z.boolean(),
  priceCents: z.int(),
  imageId: z.string().nullable(),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

/** GET /catalogs/:id/products: every product of the catalog in its custom order, with the catalog's version. */
export const catalogProductsSchema = z.object({ items: z.array(catalogProductSchema), version: z.int() });
export type CatalogProducts = z.infer<typeof catalogProductsSchema>;

/** Most products a catalog's hand-made order is edited for at once. */
export const MAX_CATALOG_PRODUCTS = 20_000;

/**
 * PUT /catalogs/:id/products: the catalog's products in their custom order. Products left out leave the
 * catalog, new ones join it; the catalog's version guards against a concurrent edit.
 */
export const catalogProductsBodySchema = z.object({
  productIds: z
    .array(idSchema)
    .max(MAX_CATALOG_PRODUCTS)
    .refine((ids) => new Set(ids).size === ids.length, 'Each product may appear once'),
  version: versionSchema,
});
export type CatalogProductsBody = z.input<typeof catalogProductsBodySchema>;

/** GET /catalogs/:id/candidates?q=: products not yet in the catalog, to add (at most 20). */
export const catalogCandidatesQuerySchema = z.object({ q: z.string().trim().max(200).default('') });
export const catalogCandidatesSchema = z.object({ items: z.array(catalogProductSchema) });
