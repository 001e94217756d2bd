// Seeds the demo shop: `npm run db:seed` (only into an empty shop; with about 270 past orders over the last 90 days
// unless `--no-orders` or SEED_DEMO_ORDERS=false), `npm run db:seed -- --reset` (wipe and re-seed;
// refused while the shop has real orders unless `--force`),
// `npm run db:seed -- --products 100000` (the demo shop, topped up to that many generated products across its catalogs),
// `npm run db:seed -- --products 100000 --customers 50000 --orders 200000` (and generated customers and their orders:
// the large shop `npm run bench:admin` measures the back office on).
import { demoOwnerNotice } from '../src/server/api/admin/staff';
import { readConfig } from '../src/server/config';
import { withAdvisoryLock } from '../src/server/db/client';
import { createLogger } from '../src/server/logger';
import { SEED_LOCK_KEY } from '../src/server/runtime';
import { createMedia, settleMediaLocation } from '../src/server/media/media';
import { seedDemoShop } from '../src/server/seed';
import { openMigratedDatabase } from '../src/server/seed/database';
import { ShopWipeRefused } from '../src/server/seed/empty-shop';
import { generateOrders } from '../src/server/seed/generated-orders';
import { generateProducts } from '../src/server/seed/generated-products';

const config = readConfig();
const logger = createLogger(config.logLevel);
const reset = process.argv.includes('--reset');
const force = process.argv.includes('--force');
const noOrders = process.argv.includes('--no-orders');
const countArg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : 0;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number, e.g. --${name} 100000`);
  return value;
};
const generated = countArg('products');
const generatedCustomers = countArg('customers');
const generatedOrders = countArg('orders');
const generating = generated + generatedCustomers + generatedOrders > 0;
// Generating runs its batches while the seed lock's transaction waits on another connection: at 100,000 products
// on a busy machine that is longer than the server's 30 s bounds on a statement and on an idle transaction.
const LONG = 30 * 60 * 1000;
const handle = await openMigratedDatabase(config, generating ? { statementMs: LONG, idleInTransactionMs: LONG } : undefined);
// the pictures go to the shop's media store (MEDIA_STORE for a new shop)
const media = createMedia(config, handle.db, handle.kind, logger);
try {
  await settleMediaLocation(media, config.mediaStore, logger);
  const started = Date.now();
  // the same lock as a starting server, so the two never seed at once
  const { seeded } = await withAdvisoryLock(handle, SEED_LOCK_KEY, () =>
    seedDemoShop(handle.db, { media, reset, force, orders: config.seedDemoOrders && !noOrders }),
  );
  if (seeded) logger.info({ reset, ms: Date.now() - started }, 'demo shop seeded');
  else logger.info('the shop already has data; nothing seeded (use --reset to wipe and re-seed)');
  if (generated > 0) {
    const startedAt = Date.now();
    const added = await withAdvisoryLock(handle, SEED_LOCK_KEY, () => generateProducts(handle.db, generated));
    logger.info({ added, total: generated, ms: Date.now() - startedAt }, 'generated products');
  }
  if (generatedCustomers + generatedOrders > 0) {
    const startedAt = Date.now();
    const counts = { customers: generatedCustomers, orders: generatedOrders };
    const added = await withAdvisoryLock(handle, SEED_LOCK_KEY, () => generateOrders(handle.db, counts));
    logger.info({ added, total: counts, ms: Date.now() - startedAt }, 'generated customers and orders');
  }
  const notice = await demoOwnerNotice(handle.db, config.publicUrl);
  if (notice) logger.info(notice);
} catch (error) {
  if (!(error instanceof ShopWipeRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await media.close();
  await handle.close();
}
