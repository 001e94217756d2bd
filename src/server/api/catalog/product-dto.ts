import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../lib/localize';
import { centsToAmount } from '../../../lib/money';
import { discountAmount, effectivePriceCents, hasDiscount, hasStock } from '../../../lib/pricing';
import type { Executor } from '../../db/client';
import {
  catalogProducts,
  catalogs,
  images,
  productOptionValues,
  productOptions,
  products,
  reviews,
  variationOptionValues,
  variations,
} from '../../db/schema';
import type { OptionDto, ProductDto, VariationDto } from '../../../contract/storefront/catalog';
import { imageFromJson, imageRowJson, type ImageDto, type ImageJson } from '../shared/images';
import { cacheTags } from '../../cache/invalidation';
import { tagPage } from '../../cache/page-tags';

/** The product answers are declared once, in the contract. */
export type { ProductDto };

/** Text of a stored {en, ru} value in `lang`, falling back to the other language; '' when absent. */
export const localizedText = (v: { en: string; ru: string } | null | undefined, lang: Language) => (v ? v[lang] || v.en || v.ru || '' : '');

type OptionJson = Pick<typeof productOptions.$inferSelect, 'id' | 'title' | 'type' | 'view' | 'unit'> & {
  values: Pick<typeof productOptionValues.$inferSelect, 'id' | 'title' | 'value'>[];
};
type VariationJson = Omit<typeof variations.$inferSelect, 'productId' | 'position'> & { optionValueIds: string[] | null };
type CatalogJson = { id: string; slug: string; title: { en: string; ru: string } };

/**
 * Everything a product DTO shows besides the product row, aggregated per product as json in the same
 * statement: options with their values, variations with their option values, enabled catalogs, the approved
 * reviews' count and average rating, and the images of the product and its variations. Orders are the ones the separate queries used.
 */
// qualified by hand: in a one-table select drizzle names columns without their table, which a subquery would
// read as its own table's column
const productId = sql.raw('"products"."id"');
const productExtras = {
  options: sql<
    OptionJson[]
  >`(select coalesce(json_agg(json_build_object('id', o.id, 'title', o.title, 'type', o.type, 'view', o.view, 'unit', o.unit,
      'values', (select coalesce(json_agg(json_build_object('id', v.id, 'title', v.title, 'value', v.value) order by v.position), '[]'::json)
        from ${productOptionValues} v where v.option_id = o.id)) order by o.position), '[]'::json)
    from ${productOptions} o where o.product_id = ${productId})`,
  variations: sql<
    VariationJson[]
  >`(select coalesce(json_agg(json_build_object('id', va.id, 'title', va.title, 'sku', va.sku, 'isDefault', va.is_default,
      'imageId', va.image_id, 'fullPriceCents', va.full_price_cents, 'discountPriceCents', va.discount_price_cents, 'stock', va.stock,
      'weight', va.weight, 'height', va.height, 'width', va.width, 'length', va.length,
      'optionValueIds', (select json_agg(l.option_value_id) from ${variationOptionValues} l where l.variation_id = va.id)) order by va.position, va.id), '[]'::json)
    from ${variations} va where va.product_id = ${productId})`,
  catalogs: sql<
    CatalogJson[]
  >`(select coalesce(json_agg(json_build_object('id', c.id, 'slug', c.slug, 'title', c.title) order by c.position), '[]'::json)
    from ${catalogProducts} cp join ${catalogs} c on c.id = cp.catalog_id where cp.product_id = ${productId} and c.enabled)`,
  reviews: sql<{
    count: number;
    rating: number | null;
  }>`(select json_build_object('count', count(*)::int, 'rating', round(avg(r.rating), 1)::float8)
    from ${reviews} r where r.product_id = ${productId} and r.status = 'approved')`,
  images: sql<ImageJson[]>`(select coalesce(json_agg(${imageRowJson}), '[]'::json)
    from ${images} i where i.id in (select jsonb_array_elements_text("products"."image_ids")
      union select vi.image_id from ${variations} vi where vi.product_id = ${productId}))`,
};

/**
 * Loads full products (options, variations, images, catalogs, approved review count and rating) in one query, in the
 * order of `ids`. Disabled or unknown products are left out.
 */
export async function loadProducts(db: Executor, ids: string[], lang: Language): Promise<ProductDto[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await selectProducts(db, inArray(products.id, unique));
  const byId = new Map(rows.map((row) => [row.product.id, toProductDto(row, lang)]));
  return unique.map((id) => byId.get(id)).filter((p): p is ProductDto => !!p);
}

/** Columns of a product's row computed in SQL, each read as its type. */
type ExtraColumns = Record<string, SQL>;
type ReadColumns<X extends ExtraColumns> = { [K in keyof X]: X[K]['_']['type'] };

/**
 * The enabled product with this id or slug, loaded like `loadProducts` in the same single query, or null (a
 * product page costs one query for its product instead of a lookup and a load), with more columns of the same row
 * (json subqueries on `"products"."id"`, such as the product's sections) read in that query.
 */
export async function loadProductByIdOrSlugWith<X extends ExtraColumns>(
  db: Executor,
  idOrSlug: string,
  lang: Language,
  extra: X,
): Promise<{ product: ProductDto; extra: ReadColumns<X> } | null> {
  const [row] = await selectProducts(db, sql`(${products.id} = ${idOrSlug} or ${products.slug} = ${idOrSlug.toLowerCase()})`, 1, extra);
  return row ? { product: toProductDto(row, lang), extra: row as unknown as ReadColumns<X> } : null;
}

type ProductQueryRow = { product: typeof products.$inferSelect } & ReadColumns<typeof productExtras>;

async function selectProducts(db: Executor, where: SQL, limit?: number, extra: ExtraColumns = {}): Promise<ProductQueryRow[]> {
  const query = db
    .select({ ...extra, product: products, ...productExtras })
    .from(products)
    .where(and(where, eq(products.enabled, true)));
  const rows = (await (limit ? query.limit(limit) : query)) as unknown as ProductQueryRow[];
  tagPage(rows.map((row) => cacheTags.product(row.product.id)));
  return rows;
}

function toProductDto(row: ProductQueryRow, lang: Language): ProductDto {
  const p = row.product;
  const imageMap = new Map(row.images.map((image) => [image.id, imageFromJson(image, lang)]));
  const options: OptionDto[] = row.options.map((o) => ({
    id: o.id,
    title: localizedText(o.title, lang),
    type: o.type,
    view: o.view,
    unit: localizedText(o.unit, lang),
    values: o.values.map((v) => ({ id: v.id, title: localizedText(v.title, lang), value: v.value })),
  }));
  const optionOrder = new Map<string, number>();
  options.forEach((o, oi) => o.values.forEach((v) => optionOrder.set(v.id, oi)));
  const variationDtos: VariationDto[] = row.variations.map((v) => ({
    id: v.id,
    productOptionValueIds: (v.optionValueIds ?? []).sort((a, b) => (optionOrder.get(a) ?? 0) - (optionOrder.get(b) ?? 0)),
    default: v.isDefault,
    title: localizedText(v.title, lang),
    image: v.imageId ? (imageMap.get(v.imageId) ?? null) : null,
    imageId: v.imageId,
    sku: v.sku,
    fullPrice: centsToAmount(v.fullPriceCents),
    discountPrice: v.discountPriceCents === null ? null : centsToAmount(v.discountPriceCents),
    price: centsToAmount(effectivePriceCents(v.fullPriceCents, v.discountPriceCents)),
    hasDiscount: hasDiscount(v.fullPriceCents, v.discountPriceCents),
    discount: discountAmount(v.fullPriceCents, v.discountPriceCents),
    stock: v.stock,
    inStock: hasStock(v.stock),
    weight: v.weight,
    height: v.height,
    width: v.width,
    length: v.length,
  }));
  const display = variationDtos.find((v) => v.default) ?? variationDtos[0];
  const productImages = p.imageIds.map((id) => imageMap.get(id)).filter((i): i is ImageDto => !!i);
  const valueById = new Map(options.flatMap((o) => o.values.map((v) => [v.id, { option: o, value: v }] as const)));
  return {
    id: p.id,
    slug: p.slug,
    title: localizedText(p.title, lang),
    description: localizedText(p.description, lang),
    metaTitle: localizedText(p.metaTitle, lang),
    metaDescription: localizedText(p.metaDescription, lang),
    images: productImages,
    imagePreview: display?.image ?? productImages[0] ?? null,
    options,
    variations: variationDtos,
    catalogs: row.catalogs.map((c) => ({ id: c.id, slug: c.slug, title: localizedText(c.title, lang) })),
    properties: p.properties.map((pr) => ({ title: localizedText(pr.title, lang), value: localizedText(pr.value, lang) })),
    weight: p.weight,
    height: p.height,
    width: p.width,
    length: p.length,
    price: display?.price ?? 0,
    priceFull: display?.fullPrice ?? 0,
    discount: display?.discount ?? 0,
    hasDiscount: display?.hasDiscount ?? false,
    optionsTextValue: (display?.productOptionValueIds ?? [])
      .map((id) => valueById.get(id))
      .filter((x) => !!x)
      .map(({ option, value }) => ({ title: option.title, value: value.title, unit: option.unit })),
    reviewCount: Number(row.reviews?.count ?? 0),
    rating: row.reviews?.rating === null || row.reviews?.rating === undefined ? null : Number(row.reviews.rating),
    inStock: variationDtos.some((v) => v.inStock),
    taxClass: p.taxClass,
  };
}

/** Product id for an id or a slug, or null. */
export async function findProductId(db: Executor, idOrSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(sql`(${products.id} = ${idOrSlug} or ${products.slug} = ${idOrSlug.toLowerCase()})`, eq(products.enabled, true)))
    .limit(1);
  return row?.id ?? null;
}
