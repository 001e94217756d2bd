// Creates an empty shop and its first owner: `npm run setup -- --email you@example.com [--name "Ann"] [--shop-name "My shop"]
// [--lang en|ru] [--generate] [--force]`. Asks for the password on a terminal; otherwise (or with --generate) generates
// one and prints it once. Refuses when the database already holds a shop; --force wipes it, unless it has real orders.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { readConfig } from '../src/server/config';
import { withAdvisoryLock } from '../src/server/db/client';
import { createLogger } from '../src/server/logger';
import { createMedia, settleMediaLocation } from '../src/server/media/media';
import { SEED_LOCK_KEY } from '../src/server/runtime';
import { openMigratedDatabase } from '../src/server/seed/database';
import { assertNoRealOrders, setupEmptyShop, shopExists, ShopWipeRefused } from '../src/server/seed/empty-shop';
import { choosePassword } from './lib/password-prompt';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    'shop-name': { type: 'string' },
    lang: { type: 'string', default: 'en' },
    generate: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
  },
});

const input = z
  .object({
    email: z.email(),
    name: z.string().trim().max(100).optional(),
    'shop-name': z.string().trim().min(1).max(100).optional(),
    lang: z.enum(['en', 'ru']),
  })
  .safeParse(values);
if (!input.success) {
  console.error(`setup: ${input.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`);
  console.error(
    'usage: npm run setup -- --email you@example.com [--name "Name"] [--shop-name "Shop"] [--lang en|ru] [--generate] [--force]',
  );
  process.exit(2);
}

const config = readConfig();
const handle = await openMigratedDatabase(config);
const logger = createLogger(config.logLevel);
// the shop's images will be written to MEDIA_STORE: recorded now, and checked to open before the owner is asked anything
const media = createMedia(config, handle.db, handle.kind, logger);
try {
  await settleMediaLocation(media, config.mediaStore, logger);
  // refuse before asking for a password; setupEmptyShop checks again inside its transaction
  if ((await shopExists(handle.db)) && !values.force) {
    throw new ShopWipeRefused('shop-exists', 'setup refused: this database already holds a shop. Add --force to wipe it and start empty.');
  }
  await assertNoRealOrders(handle.db, 'setup --force', false);
  const { email, name, lang } = input.data;
  const { password, generated } = await choosePassword(email, values.generate);
  const { owner } = await withAdvisoryLock(handle, SEED_LOCK_KEY, () =>
    setupEmptyShop(handle.db, {
      owner: { email, name, lang, password },
      shopName: input.data['shop-name'],
      force: values.force,
      cost: config.passwordHashCost,
      media,
    }),
  );
  console.log(`Created an empty shop and its owner ${owner.email}; sign in at ${config.publicUrl}/admin/`);
  if (generated) console.log(`Password (shown only now): ${password}`);
  console.log('Start the server with SEED_ON_START=false so the demo shop is never seeded into this database.');
} catch (error) {
  if (!(error instanceof ShopWipeRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await media.close();
  await handle.close();
}
