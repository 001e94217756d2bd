import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '../../../lib/localize';
import { centsToAmount } from '../../../lib/money';
import { discountAmount, effectivePriceCents, hasDiscount, hasStock } from '../../../lib/pricing';
import type { Executor } from '../../db/client';
import {
  catalogProducts,
  catalogs,
  productOptionValues,
  productOptions,
  products,
  reviews,
  variationOptionValues,
  variations,
} from '../../db/schema';
import { loadImages, type ImageDto } from '../shared/images';
import { cacheTags } from '../../cache/invalidation';
import { tagPage } from '../../cache/page-tags';

export type OptionValueDto = { id: string; title: string; value: string | null };
export type OptionDto = { id: string; title: string; type: string; view: string; unit: string; values: OptionValueDto[] };

export type VariationDto = {
  id: string;
  productOptionValueIds: string[];
  default: boolean;
  title: string;
  image: ImageDto | null;
  imageId: string | null;
  sku: string | null;
  fullPrice: number;
  discountPrice: number | null;
  price: number;
  hasDiscount: boolean;
  discount: number;
  stock: number | null;
  inStock: boolean;
  weight: number | null;
  height: number | null;
  width: number | null;
  length: number | null;
};

/** The localized texts a product or catalog page is shown and indexed with. */
export type PageTextsDto = {
  id: string;
  slug: string;
  title: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
};

export type ProductDto = PageTextsDto & {
  images: ImageDto[];
  imagePreview: ImageDto | null;
  options: OptionDto[];
  variations: VariationDto[];
  catalogs: { id: string; slug: string; title: string }[];
  properties: { title: string; value: string }[];
  weight: number;
  height: number;
  width: number;
  length: number;
  /** price of the display variation (default, else first) */
  price: number;
  priceFull: number;
  discount: number;
  hasDiscount: boolean;
  /** options of the display variation as title, value and unit */
  optionsTextValue: { title: string; value: string; unit: string }[];
  reviewCount: number;
  /** average rating of the approved reviews (1 to 5, to a tenth); null without reviews */
  rating: number | null;
  inStock: boolean;
};

/** Text of a stored {en, ru} value in `lang`, falling back to the other language; '' when absent. */
export const localizedText = (v: { en: string; ru: string } | null | undefined, lang: Language) =>
  v ? v[lang] || v.en || v.ru || '' : '';

/**
 * Loads full products (options, variations, images, catalogs, approved review count) in a fixed
 * number of queries, in the order of `ids`. Disabled or unknown products are left out.
 */
export async function loadProducts(db: Executor, ids: string[], lang: Language): Promise<ProductDto[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const productRows = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, unique), eq(products.enabled, true)));
  if (productRows.length === 0) return [];
  const productIds = productRows.map((p) => p.id);
  tagPage(productIds.map(cacheTags.product));

  const [optionRows, variationRows, catalogRows, reviewCounts] = await Promise.all([
    db.select().from(productOptions).where(inArray(productOptions.productId, productIds)).orderBy(asc(productOptions.position)),
    db.select().from(variations).where(inArray(variations.productId, productIds)).orderBy(asc(variations.position), asc(variations.id)),
    db
      .select({ productId: catalogProducts.productId, id: catalogs.id, slug: catalogs.slug, title: catalogs.title })
      .from(catalogProducts)
      .innerJoin(catalogs, eq(catalogs.id, catalogProducts.catalogId))
      .where(and(inArray(catalogProducts.productId, productIds), eq(catalogs.enabled, true)))
      .orderBy(asc(catalogs.position)),
    db
      .select({ productId: reviews.productId, count: sql<number>`count(*)::int`, rating: sql<number>`round(avg(${reviews.rating}), 1)::float8` })
      .from(reviews)
      .where(and(inArray(reviews.productId, productIds), eq(reviews.status, 'approved')))
      .groupBy(reviews.productId),
  ]);
  const optionIds = optionRows.map((o) => o.id);
  const variationIds = variationRows.map((v) => v.id);
  const [valueRows, linkRows] = await Promise.all([
    optionIds.length
      ? db.select().from(productOptionValues).where(inArray(productOptionValues.optionId, optionIds)).orderBy(asc(productOptionValues.position))
      : Promise.resolve([]),
    variationIds.length
      ? db.select().from(variationOptionValues).where(inArray(variationOptionValues.variationId, variationIds))
      : Promise.resolve([]),
  ]);
  const imageMap = await loadImages(
    db,
    [...productRows.flatMap((p) => p.imageIds), ...variationRows.map((v) => v.imageId)],
    lang,
  );

  const valuesByOption = groupBy(valueRows, (v) => v.optionId);
  const optionsByProduct = groupBy(optionRows, (o) => o.productId);
  const variationsByProduct = groupBy(variationRows, (v) => v.productId);
  const linksByVariation = groupBy(linkRows, (l) => l.variationId);
  const catalogsByProduct = groupBy(catalogRows, (c) => c.productId);
  const reviewCountByProduct = new Map(reviewCounts.map((r) => [r.productId, Number(r.count)]));
  const ratingByProduct = new Map(reviewCounts.map((r) => [r.productId, r.rating === null ? null : Number(r.rating)]));

  const byId = new Map<string, ProductDto>();
  for (const p of productRows) {
    const options: OptionDto[] = (optionsByProduct.get(p.id) ?? []).map((o) => ({
      id: o.id,
      title: localizedText(o.title, lang),
      type: o.type,
      view: o.view,
      unit: localizedText(o.unit, lang),
      values: (valuesByOption.get(o.id) ?? []).map((v) => ({ id: v.id, title: localizedText(v.title, lang), value: v.value })),
    }));
    const optionOrder = new Map<string, number>();
    options.forEach((o, oi) => o.values.forEach((v) => optionOrder.set(v.id, oi)));
    const variationDtos: VariationDto[] = (variationsByProduct.get(p.id) ?? []).map((v) => ({
      id: v.id,
      productOptionValueIds: (linksByVariation.get(v.id) ?? [])
        .map((l) => l.optionValueId)
        .sort((a, b) => (optionOrder.get(a) ?? 0) - (optionOrder.get(b) ?? 0)),
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
    const images = p.imageIds.map((id) => imageMap.get(id)).filter((i): i is ImageDto => !!i);
    const valueById = new Map(options.flatMap((o) => o.values.map((v) => [v.id, { option: o, value: v }] as const)));
    byId.set(p.id, {
      id: p.id,
      slug: p.slug,
      title: localizedText(p.title, lang),
      description: localizedText(p.description, lang),
      metaTitle: localizedText(p.metaTitle, lang),
      metaDescription: localizedText(p.metaDescription, lang),
      images,
      imagePreview: display?.image ?? images[0] ?? null,
      options,
      variations: variationDtos,
      catalogs: (catalogsByProduct.get(p.id) ?? []).map((c) => ({ id: c.id, slug: c.slug, title: localizedText(c.title, lang) })),
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
      reviewCount: reviewCountByProduct.get(p.id) ?? 0,
      rating: ratingByProduct.get(p.id) ?? null,
      inStock: variationDtos.some((v) => v.inStock),
    });
  }
  return unique.map((id) => byId.get(id)).filter((p): p is ProductDto => !!p);
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

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
