/** Shapes of the back office API for catalogs: see src/contract/admin/common.ts for the shared ones. */
import { z } from 'zod';
import { typeMessage } from '../../lib/issue-messages';
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

const textAnswer = z.strictObject({ en: z.string(), ru: z.string() });

export const catalogListItemSchema = z.strictObject({
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
    en: z
      .string({ error: typeMessage(BLANK_MESSAGE) })
      .trim()
      .min(1, BLANK_MESSAGE)
      .max(300)
      .refine(noNul, NUL_MESSAGE),
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
export const catalogUpdateBodySchema = catalogBodySchema.extend({ version: versionSchema });

export const catalogVersionQuerySchema = z.object({ version: z.coerce.number().pipe(versionSchema) });

export const catalogDetailSchema = z.strictObject({
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
export const catalogProductSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  enabled: z.boolean(),
  priceCents: z.int(),
  imageId: z.string().nullable(),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

/** GET /catalogs/:id/products: every product of the catalog in its custom order, with the catalog's version. */
export const catalogProductsSchema = z.strictObject({ items: z.array(catalogProductSchema), version: z.int() });
export type CatalogProducts = z.infer<typeof catalogProductsSchema>;
/** GET /catalogs/:id/candidates?q=: products to add to the catalog. */
export const catalogCandidatesSchema = z.strictObject({ items: z.array(catalogProductSchema) });
export type CatalogCandidates = z.infer<typeof catalogCandidatesSchema>;

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

/** GET /catalogs/:id/candidates?q=: products not yet in the catalog, to add (at most 20). */
export const catalogCandidatesQuerySchema = z.object({ q: z.string().trim().max(200).default('') });

// ---------------------------------------------------------------- product CSV import and export

/**
 * The product CSV (GET /products/export.csv, POST /products/import): UTF-8, comma-separated, a header row
 * naming the columns (any order; unknown columns are refused), then ONE ROW PER VARIATION. Rows with the same
 * `slug` are one product, its variations in row order; product columns are read from the product's first row
 * and may be left empty (or repeated unchanged) on its other rows. Row numbers count the header as row 1.
 *
 * - `slug` (required): the product's address; an existing product with it is updated, else one is created.
 * - `title_en` (required), `title_ru`; `description_en`, `description_ru`: rich text (HTML, cleaned).
 * - `catalogs`: the slugs of the product's catalogs separated by `|`; the product leaves catalogs not named.
 * - `enabled`: true or false (also yes/no, 1/0); empty keeps an existing product's state, a new one is hidden.
 * - `option1_title_en`, `option1_title_ru`, `option1_value_en`, `option1_value_ru`, then `option2_…` and so on
 *   (up to 10): the product's options (titles from its first row) and each variation's value of each.
 * - `sku`: identifies a variation of the product (else its option values do); unique in the file.
 * - `price` (required; 0 means "price on request") and `discount_price` (empty, or above 0 and below the price): decimal amounts such as 12.50.
 * - `stock`: a whole number; empty means unlimited. `weight`: the variation's weight; empty uses the product's.
 * - `stock_at_export`: the stock when the file was exported (the export writes it; leave it as it is). With it, a
 *   `stock` equal to it leaves the stock as orders have left it since, and a different `stock` is a change that is
 *   refused, naming the current figure, when orders moved the stock since the export. Without the column, `stock`
 *   is set as it is (an explicit count). Left out with `stock`, the stock stays as it is.
 * - `default`: true on the variation shown first (at most one per product; none: the first row).
 *
 * The rows of a product are all its variations: a variation the file leaves out is removed. Images, related
 * products, properties, SEO texts and sizes are not in the file and stay as they are. Any error refuses the
 * whole file and nothing is written; a dry run checks everything and writes nothing.
 */
export const PRODUCT_CSV_COLUMNS = [
  'slug',
  'title_en',
  'title_ru',
  'description_en',
  'description_ru',
  'catalogs',
  'enabled',
  'sku',
  'price',
  'discount_price',
  'stock',
  'stock_at_export',
  'weight',
  'default',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
/** Most options (`optionN_…` column groups) a product may have in the file. */
export const PRODUCT_CSV_MAX_OPTIONS = 10;
export const PRODUCT_CSV_OPTION_COLUMN = /^option([1-9]|10)_(title|value)_(en|ru)$/;
/** Most variation rows one file may hold. */
export const PRODUCT_CSV_MAX_ROWS = 20_000;
/** Largest file accepted (bytes). */
export const PRODUCT_CSV_MAX_BYTES = 20 * 1024 * 1024;
/** Separator of catalog slugs in the `catalogs` column. */
export const PRODUCT_CSV_LIST_SEPARATOR = '|';

/** POST /products/import as JSON (or multipart: the file in `file`, `dryRun` as a field). */
export const productImportBodySchema = z.object({
  csv: z.string().min(1, BLANK_MESSAGE).max(PRODUCT_CSV_MAX_BYTES),
  dryRun: z.boolean().default(false),
});

/** Most variation rows (and bytes) a file imported as a job may hold: a whole large catalog's export. */
export const PRODUCT_IMPORT_JOB_MAX_ROWS = 1_000_000;
export const PRODUCT_IMPORT_JOB_MAX_BYTES = 200 * 1024 * 1024;

/** POST /products/import-job as JSON (or multipart: the file in `file`, `dryRun` as a field): the file checked or imported as a job. */
export const productImportJobBodySchema = z.object({
  csv: z.string().min(1, BLANK_MESSAGE).max(PRODUCT_IMPORT_JOB_MAX_BYTES),
  dryRun: z.boolean().default(false),
  fileName: z.string().trim().max(200).optional(),
});

/** What a products.import job stores and shows: whether it only checks, the file's name and its variation rows. */
export type ProductImportJobParams = { dryRun: boolean; fileName: string | null; rows: number; stockMode: 'since-export' | 'absolute' };

/** One problem of an import: the row (the header is row 1), the column when one is at fault, the message. */
export const productImportErrorSchema = z.object({ row: z.int(), column: z.string().nullable(), message: z.string() });
export type ProductImportError = z.infer<typeof productImportErrorSchema>;

/** A clean import (or dry run): what was (or would be) created and updated. */
export const productImportAnswerSchema = z.strictObject({
  dryRun: z.boolean(),
  rows: z.int(),
  created: z.int(),
  updated: z.int(),
  products: z.array(z.strictObject({ slug: z.string(), action: z.enum(['create', 'update']), variations: z.int() })),
});
export type ProductImportAnswer = z.infer<typeof productImportAnswerSchema>;

/**
 * A refused import answers 400 with the usual error body, each problem also under `errors.children.rows` as
 * `rows.<row>.<column>` (`rows.<row>.row` when no column), and the list in `rowErrors`.
 */
export const productImportRefusalSchema = z.object({
  status: z.literal(400),
  message: z.string(),
  rowErrors: z.array(productImportErrorSchema),
});
