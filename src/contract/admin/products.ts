/** Shapes of the back office API for products: see src/contract/admin/common.ts for the shared ones. */
import { z } from 'zod';
import { typeMessage } from '../../lib/issue-messages';
import { TAX_CLASSES } from '../../lib/tax';
import { videoFieldValue } from '../../lib/video-field';
import { booleanQuerySchema, idSchema, listAnswerSchema, listQuerySchema, versionSchema } from './common';

const NUL_MESSAGE = 'This value contains an invalid character.';
const BLANK_MESSAGE = 'This value should not be blank.';
const noNul = (v: string) => !v.includes('\u0000');

/** Text in both shop languages; blank is allowed. */
export const productTextSchema = (max: number) =>
  z.object({
    en: z.string().trim().max(max).refine(noNul, NUL_MESSAGE).default(''),
    ru: z.string().trim().max(max).refine(noNul, NUL_MESSAGE).default(''),
  });
/** Text in both languages of which the English one is required (the storefront falls back to it). */
export const productRequiredTextSchema = (max: number) =>
  z.object({
    en: z
      .string({ error: typeMessage(BLANK_MESSAGE) })
      .trim()
      .min(1, BLANK_MESSAGE)
      .max(max)
      .refine(noNul, NUL_MESSAGE),
    ru: z.string().trim().max(max).refine(noNul, NUL_MESSAGE).default(''),
  });

/** Lower-case letters, digits and single hyphens: the product's address is /products/<slug>. */
export const PRODUCT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const productSlugSchema = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === '' || PRODUCT_SLUG_PATTERN.test(v), 'Use lower-case letters, digits and hyphens, such as linen-shirt');

/** The storefront's option views: a drop-down, buttons, colour swatches (the value's colour). */
export const OPTION_VIEWS = ['select', 'radio', 'color'] as const;
export const OPTION_TYPES = ['string', 'number'] as const;

/** The most a price may be: 10 million in major units. */
export const MAX_PRICE_CENTS = 1_000_000_000;
const PRICE_MESSAGE = 'Enter a price above 0 (a price of 0 cannot be sold)';
/** A sellable price in minor units: a whole number above 0 (0 means "price on request", which cannot be ordered). */
export const priceCentsSchema = z.int(PRICE_MESSAGE).min(1, PRICE_MESSAGE).max(MAX_PRICE_CENTS);
const LIST_PRICE_MESSAGE = 'Enter a price, or 0 for "price on request"';
/** A variation's price in minor units: 0 means "price on request" (shown so, ordered through an enquiry, never sold). */
export const listPriceCentsSchema = z.int(LIST_PRICE_MESSAGE).min(0, LIST_PRICE_MESSAGE).max(MAX_PRICE_CENTS);
export const stockSchema = z.int('Enter a whole number of items, or leave empty for unlimited').min(0).max(10_000_000).nullable();
const measureSchema = z.number().min(0).max(1_000_000);

export const colourValueSchema = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Use a colour such as #c0392b')
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((v) => v || null);

export const productOptionValueBodySchema = z.object({
  /** an existing value's id; left out for a new value */
  id: idSchema.optional(),
  title: productRequiredTextSchema(200),
  /** the colour of a swatch */
  value: colourValueSchema,
});

export const productOptionBodySchema = z.object({
  id: idSchema.optional(),
  title: productRequiredTextSchema(200),
  type: z.enum(OPTION_TYPES).default('string'),
  view: z.enum(OPTION_VIEWS).default('select'),
  unit: productTextSchema(50).nullish(),
  values: z.array(productOptionValueBodySchema).min(1, 'Add at least one value').max(100),
});

export const productVariationBodySchema = z.object({
  /** an existing variation's id; left out for a new one */
  id: idSchema.optional(),
  /** for each option, in order, the index of the chosen value in that option's `values` */
  values: z.array(z.int().min(0)).max(10),
  sku: z
    .string()
    .trim()
    .max(100)
    .refine(noNul, NUL_MESSAGE)
    .nullish()
    .transform((v) => v || null),
  fullPriceCents: listPriceCentsSchema,
  discountPriceCents: priceCentsSchema.nullish().transform((v) => v ?? null),
  /**
   * The stock (null: unlimited). A new variation starts with it (left out: unlimited). An existing variation's stock
   * changes only when it is sent, together with `stockSeen`: left out, the stock stays as orders left it.
   */
  stock: stockSchema.optional(),
  /**
   * With `stock` on an existing variation: the stock the editor loaded. Orders move stock while an editor is open, so
   * a change from a figure that is no longer current is refused (409 with the current figure) instead of undoing sales.
   */
  stockSeen: stockSchema.optional(),
  weight: measureSchema.nullish().transform((v) => v ?? null),
  height: measureSchema.nullish().transform((v) => v ?? null),
  width: measureSchema.nullish().transform((v) => v ?? null),
  length: measureSchema.nullish().transform((v) => v ?? null),
  /** one of the product's images */
  imageId: idSchema.nullish().transform((v) => v ?? null),
  isDefault: z.boolean().default(false),
});

const uniqueIds = (max: number) =>
  z
    .array(idSchema)
    .max(max)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'Each one may appear once');

/** POST /products, and PUT /products/:id with `version`: the whole product with its options and variations. */
export const productBodySchema = z.object({
  title: productRequiredTextSchema(300),
  /** blank: made from the English title */
  slug: productSlugSchema.default(''),
  /** rich text (HTML), cleaned when written */
  description: productTextSchema(200_000).default({ en: '', ru: '' }),
  metaTitle: productTextSchema(300).default({ en: '', ru: '' }),
  metaDescription: productTextSchema(1000).default({ en: '', ru: '' }),
  enabled: z.boolean().default(false),
  /** in order; the first one is the preview */
  imageIds: uniqueIds(50),
  catalogIds: uniqueIds(100),
  relatedProductIds: uniqueIds(20),
  properties: z
    .array(z.object({ title: productRequiredTextSchema(200), value: productTextSchema(1000) }))
    .max(100)
    .default([]),
  weight: measureSchema.default(0),
  height: measureSchema.default(0),
  width: measureSchema.default(0),
  length: measureSchema.default(0),
  /** 54-FZ receipts: ЮKassa's vat_code for this product (null: the payment method's); left out, it stays as it is */
  taxClass: z.enum(TAX_CLASSES, 'Choose a tax class').optional(),
  /**
   * a video shown among the pictures (null: none); left out, it stays as it is. Only staff with `edit_code` may change
   * it: a video of a service runs that service's player on the page
   */
  video: videoFieldValue.nullable().optional(),
  options: z.array(productOptionBodySchema).max(10).default([]),
  variations: z.array(productVariationBodySchema).min(1, 'A product needs at least one variation').max(1000),
});
export type ProductBody = z.input<typeof productBodySchema>;
export type ProductBodyParsed = z.infer<typeof productBodySchema>;
export const productUpdateBodySchema = productBodySchema.extend({ version: versionSchema });

export const productVersionQuerySchema = z.object({ version: z.coerce.number().int().min(1) });

/** The product list's filters: also what a bulk job over "every product matching" names. */
export const productListFilterSchema = z.object({
  /** title, address or SKU */
  q: z.string().trim().max(200).optional(),
  catalogId: idSchema.optional(),
  enabled: booleanQuerySchema.optional(),
});
export type ProductListFilter = { q?: string | undefined; catalogId?: string | undefined; enabled?: boolean | undefined };

/** GET /products: each sort walks its own index (`products_sort_title_idx`, `products_admin_*_idx`). */
export const productListQuerySchema = listQuerySchema(['title', 'priceCents', 'createdAt', 'updatedAt'], 'title').extend(
  productListFilterSchema.shape,
);

export const productListItemSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  enabled: z.boolean(),
  priceCents: z.int(),
  priceFullCents: z.int(),
  /** the preview image */
  imageId: z.string().nullable(),
  catalogs: z.array(z.strictObject({ id: z.string(), title: z.string() })),
  variationsCount: z.int(),
  /** stock of every variation together; null when one of them is unlimited */
  stock: z.int().nullable(),
  version: z.int(),
  updatedAt: z.string(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;
export const productListSchema = listAnswerSchema(productListItemSchema);

const textAnswer = z.strictObject({ en: z.string(), ru: z.string() });

export const productDetailSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  /** the storefront address */
  url: z.string(),
  title: textAnswer,
  description: textAnswer,
  metaTitle: textAnswer,
  metaDescription: textAnswer,
  enabled: z.boolean(),
  imageIds: z.array(z.string()),
  catalogIds: z.array(z.string()),
  relatedProducts: z.array(z.strictObject({ id: z.string(), title: z.string(), slug: z.string() })),
  properties: z.array(z.strictObject({ title: textAnswer, value: textAnswer })),
  weight: z.number(),
  height: z.number(),
  width: z.number(),
  length: z.number(),
  taxClass: z.enum(TAX_CLASSES),
  video: videoFieldValue.nullable(),
  options: z.array(
    z.strictObject({
      id: z.string(),
      title: textAnswer,
      type: z.string(),
      view: z.string(),
      unit: textAnswer.nullable(),
      values: z.array(z.strictObject({ id: z.string(), title: textAnswer, value: z.string().nullable() })),
    }),
  ),
  variations: z.array(
    z.strictObject({
      id: z.string(),
      /** for each option, the index of its value (as the body sends them) */
      values: z.array(z.int()),
      valueIds: z.array(z.string()),
      title: textAnswer.nullable(),
      sku: z.string().nullable(),
      fullPriceCents: z.int(),
      discountPriceCents: z.int().nullable(),
      stock: z.int().nullable(),
      weight: z.number().nullable(),
      height: z.number().nullable(),
      width: z.number().nullable(),
      length: z.number().nullable(),
      imageId: z.string().nullable(),
      isDefault: z.boolean(),
    }),
  ),
  priceCents: z.int(),
  priceFullCents: z.int(),
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** GET /product-choices: what the product form picks from. */
export const productChoicesSchema = z.strictObject({
  catalogs: z.array(z.strictObject({ id: z.string(), title: z.string(), enabled: z.boolean() })),
  currency: z.string(),
});
export type ProductChoices = z.infer<typeof productChoicesSchema>;

export const priceChangeSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('set'), cents: priceCentsSchema }),
  z.object({
    mode: z.literal('percent'),
    percent: z
      .number()
      .min(-99)
      .max(1000)
      .refine((v) => v !== 0, 'Enter a change other than 0'),
  }),
]);

const bulkItem = z.object({ id: idSchema, version: versionSchema });
const onceEach = (items: { id: string }[]) => new Set(items.map((i) => i.id)).size === items.length;
const bulkItemsSchema = z.array(bulkItem).min(1).max(100).refine(onceEach, 'Each product may appear once');
/**
 * Products of a stock change, each also with the stock the list showed (every variation together, null when one is
 * unlimited): a product whose stock moved since (orders) is refused with 409 and its current figure.
 */
const bulkStockItemsSchema = z
  .array(bulkItem.extend({ stockSeen: stockSchema }))
  .min(1)
  .max(100)
  .refine(onceEach, 'Each product may appear once');

/** POST /products/bulk: one action over products of the list, each with the version the list showed. */
export const productBulkBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['enable', 'disable', 'delete']), items: bulkItemsSchema }),
  z.object({ action: z.literal('price'), items: bulkItemsSchema, price: priceChangeSchema }),
  z.object({ action: z.literal('stock'), items: bulkStockItemsSchema, stock: stockSchema }),
]);
export type ProductBulkBody = z.input<typeof productBulkBodySchema>;
export const productBulkAnswerSchema = z.strictObject({ updated: z.int() });
export type ProductBulkAnswer = z.infer<typeof productBulkAnswerSchema>;
