import { and, desc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { WISHLIST_MAX_ITEMS, wishlistMergeBody, wishlistParams, type WishlistDto } from '../../../contract/storefront/commerce';
import type { Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { products, wishlistItems } from '../../db/schema';
import { loadProducts } from '../catalog/product-dto';
import { commerceMessage } from '../commerce/messages';
import { requireUser } from '../core/auth';
import type { AppEnv } from '../core/context';
import { fieldError } from '../core/errors';
import { readBody, readParams } from '../core/validate';

/** The account's wishlist: its products, newest first, as the catalog shows them now (prices, stock). */
async function loadWishlist(db: Executor, userId: string, lang: Language): Promise<WishlistDto> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId))
    .limit(WISHLIST_MAX_ITEMS);
  return {
    items: await loadProducts(
      db,
      rows.map((row) => row.productId),
      lang,
    ),
  };
}

/** Adds products (the enabled ones among `ids`) to a wishlist, keeping it within WISHLIST_MAX_ITEMS. */
async function addToWishlist(db: Executor, userId: string, ids: string[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...new Set(ids)]), eq(products.enabled, true)));
  if (found.length === 0) return 0;
  await db
    .insert(wishlistItems)
    .values(found.map((row) => ({ userId, productId: row.id, createdAt: now })))
    .onConflictDoNothing();
  return found.length;
}

async function overLimit(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .limit(WISHLIST_MAX_ITEMS + 1);
  return rows.length > WISHLIST_MAX_ITEMS;
}

/**
 * A signed-in shopper's wishlist (a guest's is kept in the browser and sent to POST /wishlist/merge on sign-in).
 * Products hidden since stay stored and come back with the product; the list shows only what is on sale.
 */
export const wishlistRoutes = new Hono<AppEnv>()
  .get('/wishlist', async (c) => {
    const user = requireUser(c);
    return c.json((await loadWishlist(c.var.deps.db, user.id, c.var.lang)) satisfies WishlistDto);
  })
  .put('/wishlist/:productId', async (c) => {
    const user = requireUser(c);
    const { productId } = readParams(c, wishlistParams);
    const { deps, lang } = c.var;
    await deps.db.transaction(async (tx) => {
      if ((await addToWishlist(tx, user.id, [productId], deps.now())) === 0)
        throw fieldError('productId', commerceMessage('productNotFound', lang));
      if (await overLimit(tx, user.id)) throw fieldError('productId', commerceMessage('wishlistFull', lang, { count: WISHLIST_MAX_ITEMS }));
    });
    return c.json((await loadWishlist(deps.db, user.id, lang)) satisfies WishlistDto);
  })
  .delete('/wishlist/:productId', async (c) => {
    const user = requireUser(c);
    const { productId } = readParams(c, wishlistParams);
    const { deps, lang } = c.var;
    await deps.db.delete(wishlistItems).where(and(eq(wishlistItems.userId, user.id), eq(wishlistItems.productId, productId)));
    return c.json((await loadWishlist(deps.db, user.id, lang)) satisfies WishlistDto);
  })
  .post('/wishlist/merge', async (c) => {
    const user = requireUser(c);
    const { deps, lang } = c.var;
    const body = await readBody(c, wishlistMergeBody);
    await deps.db.transaction(async (tx) => {
      await addToWishlist(tx, user.id, body.productIds, deps.now());
      // the oldest go once a merge takes the list over its size
      if (await overLimit(tx, user.id)) {
        const keep = await tx
          .select({ productId: wishlistItems.productId })
          .from(wishlistItems)
          .where(eq(wishlistItems.userId, user.id))
          .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId))
          .limit(WISHLIST_MAX_ITEMS);
        const kept = new Set(keep.map((row) => row.productId));
        const all = await tx.select({ productId: wishlistItems.productId }).from(wishlistItems).where(eq(wishlistItems.userId, user.id));
        const drop = all.map((row) => row.productId).filter((id) => !kept.has(id));
        if (drop.length)
          await tx.delete(wishlistItems).where(and(eq(wishlistItems.userId, user.id), inArray(wishlistItems.productId, drop)));
      }
    });
    return c.json((await loadWishlist(deps.db, user.id, lang)) satisfies WishlistDto);
  });
