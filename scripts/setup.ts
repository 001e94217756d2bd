// Creates an empty shop and its first owner: `npm run setup -- --email you@example.com [--name "Ann"] [--shop-name "My shop"]
// [--country US] [--currency USD|EUR|RUB|AED] [--lang en|ru] [--generate] [--force]`. Asks on a terminal for the shop's
// country and currency when not given (without a terminal: no country, and the country's currency or USD) and for the
// password; otherwise (or with --generate) generates one and prints it once. Refuses when the database already holds a shop; --force wipes it, unless it has real orders.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { readConfig } from '../src/server/config';
import { withAdvisoryLock } from '../src/server/db/client';
import { createLogger } from '../src/server/logger';
import { createMedia, settleMediaLocation } from '../src/server/media/media';
import { SEED_LOCK_KEY } from '../src/server/runtime';
import { openMigratedDatabase } from '../src/server/seed/database';
import { assertNoRealOrders, setupEmptyShop, shopExists, ShopWipeRefused } from '../src/server/seed/empty-shop';
import { CURRENCIES, currencyOfCountry } from '../src/lib/format-price';
import { isCountryCode } from '../src/lib/countries';
import { askLine, choosePassword } from './lib/password-prompt';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    'shop-name': { type: 'string' },
    lang: { type: 'string', default: 'en' },
    country: { type: 'string' },
    currency: { type: 'string' },
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
    country: z.string().trim().toUpperCase().refine(isCountryCode, 'an ISO 3166 country code, such as US or RU').optional(),
    currency: z.string().trim().toUpperCase().pipe(z.enum(CURRENCIES)).optional(),
  })
  .safeParse(values);
if (!input.success) {
  console.error(`setup: ${input.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`);
  console.error(
    'usage: npm run setup -- --email you@example.com [--name "Name"] [--shop-name "Shop"] [--country US] [--currency USD|EUR|RUB|AED] [--lang en|ru] [--generate] [--force]',
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
  const { country, currency } = await chooseRegion(input.data.country, input.data.currency);
  const { password, generated } = await choosePassword(email, values.generate);
  const { owner } = await withAdvisoryLock(handle, SEED_LOCK_KEY, () =>
    setupEmptyShop(handle.db, {
      owner: { email, name, lang, password },
      shopName: input.data['shop-name'],
      country,
      currency,
      force: values.force,
      cost: config.passwordHashCost,
      media,
    }),
  );
  console.log(`Created an empty shop and its owner ${owner.email}; sign in at ${config.publicUrl}/admin/`);
  console.log(
    `Country: ${country || 'not set'}; currency: ${currency} (both can be changed under Settings: "Shop and contacts" and "E-commerce").`,
  );
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

/** The shop's country and currency: as given, else asked on a terminal, else no country and the country's currency. */
async function chooseRegion(given: string | undefined, givenCurrency: string | undefined) {
  let country = given ?? '';
  const ask = process.stdin.isTTY;
  if (given === undefined && ask) {
    for (;;) {
      const answer = (await askLine('Country of the shop (ISO code such as US, DE or RU; empty for none): ')).trim().toUpperCase();
      if (answer === '' || isCountryCode(answer)) {
        country = answer;
        break;
      }
      console.error(`"${answer}" is not a country code.`);
    }
  }
  const suggested = currencyOfCountry(country);
  let currency = (givenCurrency as (typeof CURRENCIES)[number] | undefined) ?? suggested;
  if (givenCurrency === undefined && ask) {
    for (;;) {
      const answer = (await askLine(`Currency (${CURRENCIES.join(', ')}) [${suggested}]: `)).trim().toUpperCase();
      if (answer === '') break;
      if ((CURRENCIES as readonly string[]).includes(answer)) {
        currency = answer as (typeof CURRENCIES)[number];
        break;
      }
      console.error(`Choose one of ${CURRENCIES.join(', ')}.`);
    }
  }
  return { country, currency };
}
