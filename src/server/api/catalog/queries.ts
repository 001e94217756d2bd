import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { catalogProducts, catalogs, products, reviews, variations } from '../../db/schema';
import { resolveSectionData } from '../content/section-data';
import type { AppDeps } from '../core/context';
import { sectionsJson, toSectionDtos, type SectionDto } from '../shared/sections';
import { imageFromJson, imageJson, loadImages, type ImageDto } from '../shared/images';
import { videoEmbedUrl, videoPageUrl, videoThumbnailUrl } from '../../../lib/video';
import { videoFieldValue, videoOfField } from '../../../lib/video-field';
import { loadProductByIdOrSlugWith, loadProducts } from './product-dto';
import {
  relatedProductsQuery,
  reviewsQuery,
  similarQuery,
  type ProductDetailDto,
  type ProductVideoDto,
  type ReviewDto,
  type ReviewInput,
} from '../../../contract/storefront/catalog';
import { loadShopSettings } from '../core/settings-store';
import { pageLoadKeys, type PageLoads } from '../core/page-loads';
import { cacheTags } from '../../cache/invalidation';
import { tagPage } from '../../cache/page-tags';
import { recordShopEvent } from '../../integrations/outbox';

/** `reply`: the shop's public answer, when it gave one. */
export type CatalogRow = typeof catalogs.$inferSelect;

/** What the product page asks for next to the product, with the API's default limits (the page client's calls). */
const PAGE_SIMILAR_LIMIT = similarQuery.parse({}).limit;
const PAGE_RELATED_LIMIT = relatedProductsQuery.parse({}).limit;
const PAGE_REVIEWS = reviewsQuery.parse({});

const pageProductId = sql.raw('"products"."id"');

/**
 * Enabled products sharing an enabled catalog with the product of the outer query, without it, in the order of
 * `productIdsSharingCatalogs`, at most `limit`, as a json column.
 */
function sharingCatalogsJson(limit: number): SQL<string[]> {
  return sharingIdsJson(sql`= ${pageProductId}`, (id) => sql`${id} <> ${pageProductId}`, limit);
}

/**
 * Enabled products in the enabled catalogs of the source products (`sources`: the condition on a source's id),
 * those `keep` accepts, as a json array of at most `limit` ids ordered by the smallest position among those
 * catalogs of a catalog holding the product, then the product's smallest position in them, then id.
 *
 * Read through indexes, not by grouping every row of those catalogs (40,000 rows at 100,000 products, 265 ms):
 * 1. `firsts`: each catalog's first `limit` products by position (an index range, stopping there);
 * 2. their true order keys, over all the catalogs; `bound`: the `limit`-th of them;
 * 3. `later`: the only products that can still precede the bound. A product outside every catalog's firsts
 *    that precedes the bound has the bound's catalog position (the firsts of a catalog placed before it would
 *    be `limit` products before the bound), and its own smallest position, which comes from a catalog where it
 *    is not among the firsts, is below the bound's (`limit` firsts of that catalog precede it by position and
 *    id: if that catalog's position were the bound's, they would all precede it) — so it is found among the
 *    rows of catalogs placed at or after the bound's with a position up to the bound's: another index range.
 *    With fewer than `limit` firsts in all, the firsts are every product there is, and nothing is later.
 * 4. the first `limit` of firsts and later, by the true keys.
 * `tests/api/similar-products-order.test.ts` checks it against the grouping it replaced.
 */
function sharingIdsJson(sources: SQL, keep: (productId: SQL) => SQL, limit: number): SQL<string[]> {
  const keysOf = (id: SQL) => sql`(select min(s.position) as catalog_position, min(cp.position) as position
      from s join ${catalogProducts} cp on cp.catalog_id = s.id and cp.product_id = ${id})`;
  return sql<string[]>`(with s as materialized (
      select c.id, c.position from ${catalogProducts} cp0 join ${catalogs} c on c.id = cp0.catalog_id where cp0.product_id ${sources} and c.enabled),
    firsts as materialized (
      select distinct t.product_id from s cross join lateral (
        select cp.product_id from ${catalogProducts} cp join ${products} p2 on p2.id = cp.product_id
        where cp.catalog_id = s.id and p2.enabled and ${keep(sql.raw('p2.id'))}
        order by cp.position, cp.product_id limit ${limit}) t),
    bound as (
      select f.product_id as id, k.catalog_position, k.position from firsts f cross join lateral ${keysOf(sql.raw('f.product_id'))} k
      order by 2, 3, 1 offset ${limit - 1} limit 1),
    later as (
      select cp.product_id from bound, s join ${catalogProducts} cp on cp.catalog_id = s.id join ${products} p2 on p2.id = cp.product_id
      where s.position >= bound.catalog_position and cp.position <= bound.position and (cp.position, cp.product_id) < (bound.position, bound.id)
        and p2.enabled and ${keep(sql.raw('p2.id'))}),
    chosen as (
      select f.product_id as id, k.catalog_position, k.position
      from (select product_id from firsts union select product_id from later) f cross join lateral ${keysOf(sql.raw('f.product_id'))} k
      order by 2, 3, 1 limit ${limit})
    select coalesce(json_agg(id order by catalog_position, position, id), '[]'::json) from chosen)`;
}

/** The product's own related products that are enabled, in their stored order, as a json column. */
const relatedJson = sql<string[]>`(select coalesce(json_agg(e.id order by e.ord), '[]'::json)
    from jsonb_array_elements_text("products"."related_product_ids") with ordinality as e(id, ord)
    join ${products} r on r.id = e.id and r.enabled)`;

type ReviewJson = { id: string; authorName: string; rating: number; text: string; createdAt: number; reply: string | null };

/** The product's approved reviews, newest first, as `approvedReviews` reads them, as a json column. */
function reviewsJson(offset: number, limit: number): SQL<ReviewJson[]> {
  return sql<
    ReviewJson[]
  >`(select coalesce(json_agg(json_build_object('id', r.id, 'authorName', r.author_name, 'rating', r.rating, 'text', r.text,
      'createdAt', floor(extract(epoch from r.created_at) * 1000), 'reply', r.reply) order by r.created_at desc, r.id desc), '[]'::json)
    from (select * from ${reviews} r0 where r0.product_id = ${pageProductId} and r0.status = 'approved'
      order by r0.created_at desc, r0.id desc offset ${offset} limit ${limit}) r)`;
}

/**
 * A product with its sections, resolved like every page's (widgets carry their products and articles), in one
 * query. Called by a page (`page`), the same query also reads what the product page asks for next (its similar
 * products, its related products, its first reviews) and offers them to those calls, the products of both
 * loaded together: the page costs one query for all of it and one for the products it suggests.
 */
export async function loadProductDetail(
  deps: AppDeps,
  idOrSlug: string,
  lang: Language,
  page: PageLoads | null = null,
): Promise<ProductDetailDto | null> {
  const { db } = deps;
  const ecommerce = page ? (await loadShopSettings(db)).ecommerce : null;
  const withRelated = ecommerce?.showRelatedProducts ?? false;
  const withReviews = ecommerce?.productReviewsEnabled ?? false;
  const sharingLimit = Math.max(PAGE_SIMILAR_LIMIT, withRelated ? 2 * PAGE_RELATED_LIMIT : 0);
  const found = await loadProductByIdOrSlugWith(db, idOrSlug, lang, {
    sections: sectionsJson('product', pageProductId),
    video: sql<unknown>`${products.video}`,
    ...(page ? { sharingIds: sharingCatalogsJson(sharingLimit) } : {}),
    ...(page && withRelated ? { relatedIds: relatedJson } : {}),
    ...(page && withReviews ? { firstReviews: reviewsJson(PAGE_REVIEWS.offset, PAGE_REVIEWS.limit) } : {}),
  });
  if (!found) return null;
  const { product, extra } = found;
  if (page) offerProductPageCalls(deps, page, product.id, extra as PageExtras, lang);
  const sections = toSectionDtos(extra.sections, lang);
  const [video, resolved] = await Promise.all([
    productVideo(db, extra.video, lang),
    resolveSectionData(deps, sections, lang, { kind: 'product' }),
  ]);
  return { ...product, video, sections: resolved };
}

/** The product's video as the gallery shows it; none when the stored value is not one its source plays. */
async function productVideo(db: Executor, stored: unknown, lang: Language): Promise<ProductVideoDto | null> {
  const value = videoFieldValue.safeParse(stored).data;
  const video = value ? videoOfField(value) : null;
  if (!value || !video) return null;
  const previewImage = value.previewImage ? ((await loadImages(db, [value.previewImage], lang)).get(value.previewImage) ?? null) : null;
  return {
    source: value.source,
    // in the gallery a video plays after the shopper's click, with its sound
    embedUrl: videoEmbedUrl(video, 'default'),
    pageUrl: videoPageUrl(video),
    previewImage,
    thumbnailUrl: videoThumbnailUrl(video),
  };
}

type PageExtras = { sharingIds: string[]; relatedIds?: string[]; firstReviews?: ReviewJson[] };

/** Offers the product page's next calls what the product's query read (see `loadProductDetail`). */
function offerProductPageCalls(deps: AppDeps, page: PageLoads, productId: string, extra: PageExtras, lang: Language): void {
  const similar = extra.sharingIds.slice(0, PAGE_SIMILAR_LIMIT);
  // as `relatedProductIds` picks them for this one product: its own related products, then products of its catalogs
  const own = extra.relatedIds ? [...new Set(extra.relatedIds)].filter((id) => id !== productId).slice(0, PAGE_RELATED_LIMIT) : null;
  const related = own ? [...own, ...extra.sharingIds.filter((id) => !own.includes(id)).slice(0, PAGE_RELATED_LIMIT - own.length)] : [];
  const loaded = loadProducts(deps.db, [...similar, ...related], lang);
  const pick = (ids: string[]) => loaded.then((list) => ids.flatMap((id) => list.find((p) => p.id === id) ?? []));
  page.offer(pageLoadKeys.similar(productId, PAGE_SIMILAR_LIMIT), pick(similar));
  if (own) page.offer(pageLoadKeys.related([productId], PAGE_RELATED_LIMIT), pick(related));
  if (extra.firstReviews) {
    const reviewList: ReviewDto[] = extra.firstReviews.map(({ reply, createdAt, ...review }) => ({
      ...review,
      createdAt: new Date(Number(createdAt)).toISOString(),
      ...(reply ? { reply } : {}),
    }));
    page.offer(pageLoadKeys.reviews(productId, PAGE_REVIEWS.offset, PAGE_REVIEWS.limit), Promise.resolve(reviewList));
  }
}

/** Id of the enabled product owning a variation, or null. */
export async function findProductIdByVariation(db: Executor, variationId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(variations)
    .innerJoin(products, eq(products.id, variations.productId))
    .where(and(eq(variations.id, variationId), eq(products.enabled, true)))
    .limit(1);
  return row?.id ?? null;
}

const catalogByIdOrSlug = (idOrSlug: string) =>
  and(sql`(${catalogs.id} = ${idOrSlug} or ${catalogs.slug} = ${idOrSlug.toLowerCase()})`, eq(catalogs.enabled, true));

/** Enabled catalog by id or slug, or null. */
export async function findCatalog(db: Executor, idOrSlug: string): Promise<CatalogRow | null> {
  const [row] = await db.select().from(catalogs).where(catalogByIdOrSlug(idOrSlug)).limit(1);
  if (row) tagPage([cacheTags.catalog(row.id)]);
  return row ?? null;
}

/** A catalog read for its page: with its visible sections and its image, in one query. */
export type CatalogPageRow = { catalog: CatalogRow; sections: SectionDto[]; image: ImageDto | null };

/** Enabled catalog by id or slug with its sections and image (`CatalogPageRow`), or null. */
export async function findCatalogPage(db: Executor, idOrSlug: string, lang: Language): Promise<CatalogPageRow | null> {
  const [row] = await db
    .select({
      catalog: catalogs,
      sections: sectionsJson('catalog', sql.raw('"catalogs"."id"')),
      image: imageJson(sql.raw('"catalogs"."image_id"')),
    })
    .from(catalogs)
    .where(catalogByIdOrSlug(idOrSlug))
    .limit(1);
  if (!row) return null;
  tagPage([cacheTags.catalog(row.catalog.id)]);
  return { catalog: row.catalog, sections: toSectionDtos(row.sections, lang), image: row.image ? imageFromJson(row.image, lang) : null };
}

/**
 * Enabled products that share an enabled catalog with any of `sourceIds`, in catalog order
 * (catalog position, then the product's position in it), each once, leaving out `excludeIds`.
 */
async function productIdsSharingCatalogs(
  db: Executor,
  sources: string[] | SQL,
  excludeIds: string[] | SQL,
  limit: number,
): Promise<string[]> {
  if ((Array.isArray(sources) && sources.length === 0) || limit <= 0) return [];
  const list = (ids: string[]) =>
    sql`(${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  const sourceCondition = Array.isArray(sources) ? sql`in ${list(sources)}` : sql`= ${sources}`;
  const keep = (id: SQL) =>
    !Array.isArray(excludeIds) ? sql`${id} <> ${excludeIds}` : excludeIds.length > 0 ? sql`${id} not in ${list(excludeIds)}` : sql`true`;
  const [row] = await db.select({ ids: sharingIdsJson(sourceCondition, keep, limit) }).from(sql`(select 1) as one`);
  return row?.ids ?? [];
}

/**
 * The id of the enabled product with this id or slug, as a subquery (null when there is none): a call
 * naming a product by id or slug looks it up inside its own query instead of in one before.
 */
export function productIdRef(idOrSlug: string): SQL {
  return sql`(select p.id from ${products} p where (p.id = ${idOrSlug} or p.slug = ${idOrSlug.toLowerCase()}) and p.enabled limit 1)`;
}

/** Products sharing an enabled catalog with the product (an id, or `productIdRef`), without it. */
export function similarProductIds(db: Executor, productId: string | SQL, limit: number): Promise<string[]> {
  return typeof productId === 'string'
    ? productIdsSharingCatalogs(db, [productId], [productId], limit)
    : productIdsSharingCatalogs(db, productId, productId, limit);
}

/**
 * Products to suggest next to the given (cart) products: their own related products first,
 * in the given order, then products from the same catalogs. The given products never appear.
 */
export async function relatedProductIds(db: Executor, givenIds: string[], limit: number): Promise<string[]> {
  const given = [...new Set(givenIds)];
  if (given.length === 0) return [];
  // each source's related products that are enabled, in their stored order, in the same query
  const sources = await db
    .select({
      id: products.id,
      relatedProductIds: sql<string[]>`(select coalesce(json_agg(e.id order by e.ord), '[]'::json)
        from jsonb_array_elements_text("products"."related_product_ids") with ordinality as e(id, ord)
        join ${products} r on r.id = e.id and r.enabled)`,
    })
    .from(products)
    .where(and(inArray(products.id, given), eq(products.enabled, true)));
  const sourceOrder = new Map(given.map((id, i) => [id, i]));
  sources.sort((a, b) => sourceOrder.get(a.id)! - sourceOrder.get(b.id)!);

  const related = [...new Set(sources.flatMap((s) => s.relatedProductIds))].filter((id) => !sourceOrder.has(id)).slice(0, limit);
  const fromCatalogs = await productIdsSharingCatalogs(
    db,
    sources.map((s) => s.id),
    [...given, ...related],
    limit - related.length,
  );
  return [...related, ...fromCatalogs];
}

export async function catalogProductIds(db: Executor, catalogId: string, offset: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(catalogProducts)
    .innerJoin(products, eq(products.id, catalogProducts.productId))
    .where(and(eq(catalogProducts.catalogId, catalogId), eq(products.enabled, true)))
    .orderBy(asc(catalogProducts.position), asc(products.id))
    .offset(offset)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function countCatalogProducts(db: Executor, catalogId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(catalogProducts)
    .innerJoin(products, eq(products.id, catalogProducts.productId))
    .where(and(eq(catalogProducts.catalogId, catalogId), eq(products.enabled, true)));
  return Number(row?.count ?? 0);
}

/** Published (approved) reviews of a product, newest first. */
export async function approvedReviews(db: Executor, productId: string | SQL, offset: number, limit: number): Promise<ReviewDto[]> {
  const rows = await db
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      reply: reviews.reply,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .offset(offset)
    .limit(limit);
  return rows.map(({ reply, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString(), ...(reply ? { reply } : {}) }));
}

/** Stores a review for moderation; it is published only once a manager approves it. */
export async function createPendingReview(
  db: Executor,
  review: Omit<ReviewInput, 'product'> & { productId: string; userId: string | null; now: Date },
): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(reviews).values({
      id,
      productId: review.productId,
      userId: review.userId,
      authorName: review.name,
      email: review.email ?? null,
      rating: review.rating,
      text: review.text,
      status: 'pending',
      createdAt: review.now,
    });
    await recordShopEvent(
      tx,
      'review.created',
      { id, productId: review.productId, rating: review.rating, authorName: review.name, text: review.text, status: 'pending' },
      review.now,
    );
  });
  return id;
}
