import { Hono } from 'hono';
import { getTranslator } from '../../../lib/i18n';
import { queueShopNoticeSafely } from '../../mail/notices';
import type { Database } from '../../db/client';
import type { AppEnv } from '../core/context';
import { ApiError, fieldError, notFound } from '../core/errors';
import { clientAddress, enforceRateLimit } from '../core/rate-limit';
import { readBody, readParams, readQuery } from '../core/validate';
import { loadShopSettings } from '../core/settings-store';
import { loadCatalogPage } from './catalog-listing';
import { findProductId, loadProducts, type ProductDto } from './product-dto';
import { pageLoadKeys, pageLoadsOf } from '../core/page-loads';
import {
  approvedReviews,
  catalogProductIds,
  countCatalogProducts,
  createPendingReview,
  findCatalog,
  findCatalogPage,
  findProductIdByVariation,
  loadProductDetail,
  productIdRef,
  type CatalogRow,
  relatedProductIds,
  similarProductIds,
} from './queries';
import {
  catalogPageQuery,
  catalogProductsQuery,
  idOrSlugParams,
  idParams,
  relatedProductsQuery,
  reviewBody,
  reviewsQuery,
  searchQuery,
  searchSuggestQuery,
  similarQuery,
  slugParams,
  type CountDto,
  type ReviewDto,
} from '../../../contract/storefront/catalog';
import type { PendingModerationDto } from '../../../contract/storefront/common';
import { searchSite, suggestSite } from './search';

export const catalogRoutes = new Hono<AppEnv>();

const PRODUCT_NOT_FOUND = 'Product not found';
const CATALOG_NOT_FOUND = 'Catalog not found';

async function requireProductId(db: Database, idOrSlug: string): Promise<string> {
  const productId = await findProductId(db, idOrSlug);
  if (!productId) throw notFound(PRODUCT_NOT_FOUND);
  return productId;
}

async function requireCatalog(db: Database, idOrSlug: string): Promise<CatalogRow> {
  const catalog = await findCatalog(db, idOrSlug);
  if (!catalog) throw notFound(CATALOG_NOT_FOUND);
  return catalog;
}

// Fixed paths first: '/products/:idOrSlug' would otherwise take 'variation' and 'related-products'.
catalogRoutes.get('/products/variation/:id', async (c) => {
  const { db } = c.var.deps;
  const { id } = readParams(c, idParams);
  const productId = await findProductIdByVariation(db, id);
  const [product] = productId ? await loadProducts(db, [productId], c.var.lang) : [];
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return c.json(product);
});

catalogRoutes.get('/products/related-products', async (c) => {
  const { db } = c.var.deps;
  const { ids, limit } = readQuery(c, relatedProductsQuery);
  const offered = pageLoadsOf(c)?.take<ProductDto[]>(pageLoadKeys.related(ids, limit));
  return c.json(offered ? await offered : await loadProducts(db, await relatedProductIds(db, ids, limit), c.var.lang));
});

catalogRoutes.get('/products/:idOrSlug', async (c) => {
  const { idOrSlug } = readParams(c, idOrSlugParams);
  const product = await loadProductDetail(c.var.deps, idOrSlug, c.var.lang, pageLoadsOf(c));
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return c.json(product);
});

catalogRoutes.get('/products/:idOrSlug/similar', async (c) => {
  const { db } = c.var.deps;
  const { idOrSlug } = readParams(c, idOrSlugParams);
  const { limit } = readQuery(c, similarQuery);
  const offered = pageLoadsOf(c)?.take<ProductDto[]>(pageLoadKeys.similar(idOrSlug, limit));
  if (offered) return c.json(await offered);
  // the product is looked up inside the listing's query; only an empty answer asks whether it exists (404)
  const ids = await similarProductIds(db, productIdRef(idOrSlug), limit);
  if (ids.length === 0) await requireProductId(db, idOrSlug);
  return c.json(await loadProducts(db, ids, c.var.lang));
});

catalogRoutes.get('/products/:idOrSlug/reviews', async (c) => {
  const { db } = c.var.deps;
  const { idOrSlug } = readParams(c, idOrSlugParams);
  const { offset, limit } = readQuery(c, reviewsQuery);
  const offered = pageLoadsOf(c)?.take<ReviewDto[]>(pageLoadKeys.reviews(idOrSlug, offset, limit));
  if (offered) return c.json(await offered);
  const reviews = await approvedReviews(db, productIdRef(idOrSlug), offset, limit);
  if (reviews.length === 0) await requireProductId(db, idOrSlug);
  return c.json(reviews);
});

catalogRoutes.post('/product-reviews', async (c) => {
  const { db, now } = c.var.deps;
  await enforceRateLimit(c, 'review', clientAddress(c));
  const { product, ...review } = await readBody(c, reviewBody);
  if (!(await loadShopSettings(db)).ecommerce.productReviewsEnabled) {
    throw new ApiError(403, 'Reviews are switched off in this shop');
  }
  const productId = await findProductId(db, product);
  if (!productId) throw fieldError('product', PRODUCT_NOT_FOUND);
  const id = await createPendingReview(db, { ...review, productId, userId: c.var.user?.id ?? null, now: now() });
  await queueShopNoticeSafely(c.var.deps, 'review-created', { reviewId: id });
  return c.json(
    { success: true, status: 'pending', id, message: getTranslator(c.var.lang)('formTexts.reviewSent') } satisfies PendingModerationDto,
    201,
  );
});

// Before '/catalogs/:id/products', which would otherwise read 'v3' as a catalog.
catalogRoutes.get('/catalogs/v3/:slug', async (c) => {
  const deps = c.var.deps;
  const { slug } = readParams(c, slugParams);
  const query = readQuery(c, catalogPageQuery);
  const found = await findCatalogPage(deps.db, slug, c.var.lang);
  if (!found) throw notFound(CATALOG_NOT_FOUND);
  const { itemPerPage } = (await loadShopSettings(deps.db)).ecommerce;
  return c.json(await loadCatalogPage(deps, found, { ...query, itemsPerPage: itemPerPage }, c.var.lang));
});

catalogRoutes.get('/catalogs/:id/products', async (c) => {
  const { db } = c.var.deps;
  const { id } = readParams(c, idParams);
  const { offset, limit } = readQuery(c, catalogProductsQuery);
  const catalog = await requireCatalog(db, id);
  return c.json(await loadProducts(db, await catalogProductIds(db, catalog.id, offset, limit), c.var.lang));
});

catalogRoutes.get('/catalogs/:id/countProducts', async (c) => {
  const { db } = c.var.deps;
  const { id } = readParams(c, idParams);
  const catalog = await requireCatalog(db, id);
  return c.json({ count: await countCatalogProducts(db, catalog.id) } satisfies CountDto);
});

/** Predictive search: rate limited per client address (one request per keystroke pause), kept briefly by the browser too. */
catalogRoutes.get('/search/suggest', async (c) => {
  const { q } = readQuery(c, searchSuggestQuery);
  await enforceRateLimit(c, 'searchSuggest', clientAddress(c));
  c.header('Cache-Control', 'private, max-age=60');
  return c.json(await suggestSite(c.var.deps.db, q, c.var.lang));
});

catalogRoutes.get('/search', async (c) => {
  const { q, offset, limit } = readQuery(c, searchQuery);
  return c.json(await searchSite(c.var.deps.db, q, offset, limit, c.var.lang));
});
