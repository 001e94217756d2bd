import type { PgTable } from 'drizzle-orm/pg-core';
import { refreshListingFields } from '../api/catalog/listing-fields';
import type { Database, Executor } from '../db/client';
import * as schema from '../db/schema';
import { renderImages } from './art/render';
import { imageHashes, releaseOriginals, type OriginalsContext } from '../media/originals';
import { catalogImages, catalogRows } from './catalog';
import { productSectionRows } from './catalog/product-sections';
import { reviewRows } from './catalog/reviews';
import { DISCOUNT_CODES, ORDER_STATES, PAYMENT_METHODS, PICKUP_LOCATIONS, shippingRows } from './commerce';
import { contentImages } from './content/artwork';
import { blogImages, blogRows } from './content/blog';
import { menuRows, redirectRows } from './content/navigation';
import { pageRows } from './content/pages';
import { createStaff, DEMO_OWNER } from '../api/admin/staff';
import { insertDemoOrders } from './demo-orders';
import { assertNoRealOrders } from './empty-shop';
import { clearShopData } from './reset';
import { settingsRows } from './settings';

/**
 * `force` lets a reset wipe a shop that has real orders; the pictures are written to the shop's media store; `orders`
 * adds the demo's past orders (the last 90 days before `now`) so its reports and lists have something to show.
 */
export type SeedOptions = { media: OriginalsContext; reset?: boolean; force?: boolean; orders?: boolean; now?: Date };

/** Rows per insert statement, well under PostgreSQL's limit of 65535 bound parameters. */
const CHUNK = 500;

async function insertAll<T extends PgTable>(tx: Executor, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(table).values(rows.slice(i, i + CHUNK));
}

async function hasSettings(db: Executor): Promise<boolean> {
  const rows = await db.select({ group: schema.settings.group }).from(schema.settings).limit(1);
  return rows.length > 0;
}

/** Inserts the demo shop, parents before children so every reference resolves. */
async function insertDemoShop(tx: Executor, images: (typeof schema.images.$inferInsert)[], orders: { now: Date } | null): Promise<void> {
  const catalog = catalogRows();
  const blog = blogRows();
  const pages = pageRows();
  const menus = menuRows();
  const shipping = shippingRows();

  await insertAll(tx, schema.images, images);
  await insertAll(tx, schema.settings, settingsRows());
  await insertAll(tx, schema.catalogs, catalog.catalogs);
  await insertAll(tx, schema.products, catalog.products);
  await insertAll(tx, schema.productOptions, catalog.productOptions);
  await insertAll(tx, schema.productOptionValues, catalog.productOptionValues);
  await insertAll(tx, schema.variations, catalog.variations);
  await insertAll(tx, schema.variationOptionValues, catalog.variationOptionValues);
  await insertAll(tx, schema.catalogProducts, catalog.catalogProducts);
  await refreshListingFields(
    tx,
    catalog.products.map((p) => p.id),
  );
  await insertAll(tx, schema.reviews, reviewRows());
  await insertAll(tx, schema.pages, [...pages.pages, blog.page]);
  await insertAll(tx, schema.tags, blog.tags);
  await insertAll(tx, schema.articles, blog.articles);
  await insertAll(tx, schema.articleTags, blog.articleTags);
  await insertAll(tx, schema.comments, blog.comments);
  await insertAll(tx, schema.sections, [...catalog.sections, ...productSectionRows(), ...pages.sections, ...blog.sections]);
  await insertAll(tx, schema.menus, menus.menus);
  await insertAll(tx, schema.menuItems, menus.items);
  await insertAll(tx, schema.redirects, redirectRows());
  await insertAll(tx, schema.shippingZones, shipping.zones);
  await insertAll(tx, schema.shippingRates, shipping.rates);
  await insertAll(tx, schema.paymentMethods, PAYMENT_METHODS);
  await insertAll(tx, schema.pickupLocations, PICKUP_LOCATIONS);
  await insertAll(tx, schema.discountCodes, DISCOUNT_CODES);
  await insertAll(tx, schema.orderStates, ORDER_STATES);
  await createStaff(tx, { ...DEMO_OWNER, role: 'owner' });
  if (orders) await insertDemoOrders(tx, catalog, orders.now);
}

/** Every picture of the demo shop. */
export const demoImages = () => [...contentImages(), ...catalogImages(), ...blogImages()];

/**
 * Seeds the bilingual demo shop. Idempotent: does nothing when the shop already has settings unless
 * `reset`, which first empties every shop table. Pictures are drawn before the transaction opens; the
 * reset and all inserts then happen in one transaction, so a failure leaves the previous data intact.
 * A reset of a shop with real orders throws `ShopWipeRefused` unless `force`.
 */
export async function seedDemoShop(db: Database, options: SeedOptions): Promise<{ seeded: boolean }> {
  const reset = options.reset ?? false;
  if (!reset && (await hasSettings(db))) return { seeded: false };
  if (reset) await assertNoRealOrders(db, 'db:seed --reset', options.force ?? false);
  const images = await renderImages(demoImages(), options.media);
  const wiped = reset ? await imageHashes(db) : [];
  const seeded = await db.transaction(async (tx) => {
    if (reset) {
      // an order placed while the pictures were drawn counts too
      await assertNoRealOrders(tx, 'db:seed --reset', options.force ?? false);
      await clearShopData(tx);
    }
    // another instance may have seeded while the pictures were drawn
    else if (await hasSettings(tx)) return false;
    await insertDemoShop(tx, images, options.orders ? { now: options.now ?? new Date() } : null);
    return true;
  });
  await releaseOriginals(options.media, wiped);
  return { seeded };
}
