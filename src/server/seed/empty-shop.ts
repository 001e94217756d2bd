import { randomUUID } from 'node:crypto';
import { count, notInArray } from 'drizzle-orm';
import { currencyOfCountry, type Currency } from '../../lib/format-price';
import { DEFAULT_SETTINGS, SETTINGS_GROUPS } from '../../lib/settings';
import { createStaff, type NewStaff, type StaffRow } from '../api/admin/staff';
import type { Database, Executor } from '../db/client';
import * as schema from '../db/schema';
import { ORDER_STATES, PAYMENT_METHODS } from './commerce';
import { demoOrderIds } from './demo-orders';
import { clearShopData } from './reset';
import { imageHashes, releaseOriginals, type OriginalsContext } from '../media/originals';
import { t } from './text';

/** Why a setup or a reset would not run. */
export class ShopWipeRefused extends Error {
  constructor(
    readonly reason: 'shop-exists' | 'real-orders',
    message: string,
  ) {
    super(message);
    this.name = 'ShopWipeRefused';
  }
}

/** Orders placed by a customer (or staff): every order but the demo's past ones. */
export async function countRealOrders(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(schema.orders).where(notInArray(schema.orders.id, demoOrderIds()));
  return row?.n ?? 0;
}

/** Refuses to wipe a shop that has real orders unless forced; `what` names the command for the message. */
export async function assertNoRealOrders(db: Executor, what: string, force: boolean): Promise<void> {
  const orders = await countRealOrders(db);
  if (orders > 0 && !force) {
    throw new ShopWipeRefused(
      'real-orders',
      `${what} refused: the shop has ${orders} real order${orders === 1 ? '' : 's'}, which it would delete. Add --force to wipe it anyway.`,
    );
  }
}

/** A shop exists once it has settings (written by the demo seed or by setup) or a back office account. */
export async function shopExists(db: Executor): Promise<boolean> {
  const [settings] = await db.select({ group: schema.settings.group }).from(schema.settings).limit(1);
  if (settings) return true;
  const [staff] = await db.select({ id: schema.staffUsers.id }).from(schema.staffUsers).limit(1);
  return Boolean(staff);
}

export type EmptyShopInput = {
  owner: Omit<NewStaff, 'role'>;
  /** The shop's name (settings `common.sitename` and the homepage title); "My shop" when absent. */
  shopName?: string | undefined;
  /** ISO 3166 code of the shop's country (settings `common.addressCountry`: phone fields start from it); none when absent. */
  country?: string | undefined;
  /** The shop's currency (settings `ecommerce.currency`); the country's, else USD, when absent. */
  currency?: Currency | undefined;
  /** Wipes an existing shop first; still refused while it has real orders. */
  force?: boolean;
  /** Password hash cost (PASSWORD_HASH_COST). */
  cost?: number;
  /** The shop's media store: the originals of a wiped shop's images are deleted from it. */
  media?: OriginalsContext;
};

const DEFAULT_SHOP_NAME = t('My shop', 'Мой магазин');

/** The three menus the storefront reads, without items: the owner fills them in the back office. */
const EMPTY_MENUS = [
  { name: 'info', title: t('Information', 'Информация') },
  { name: 'main', title: t('Main menu', 'Главное меню') },
  { name: 'footer', title: t('Footer', 'Подвал') },
];

/**
 * Creates an empty shop in one transaction: default settings, the empty menus, an empty homepage, the order
 * states, the payment methods (disabled) and the first owner. Refuses when a shop exists, unless `force` (which first empties every shop
 * table, and is itself refused while real orders exist).
 */
export async function setupEmptyShop(db: Database, input: EmptyShopInput): Promise<{ owner: StaffRow }> {
  const force = input.force ?? false;
  const name = input.shopName?.trim();
  const shopName = name ? t(name, name) : DEFAULT_SHOP_NAME;
  const country = input.country?.trim().toUpperCase() ?? '';
  const wiped = force && input.media ? await imageHashes(db) : [];
  const created = await db.transaction(async (tx) => {
    if (await shopExists(tx)) {
      if (!force)
        throw new ShopWipeRefused(
          'shop-exists',
          'setup refused: this database already holds a shop. Add --force to wipe it and start empty.',
        );
      await assertNoRealOrders(tx, 'setup --force', false);
      await clearShopData(tx);
    }
    await tx.insert(schema.settings).values(
      SETTINGS_GROUPS.map((group) => ({
        group,
        value:
          group === 'common'
            ? { ...DEFAULT_SETTINGS.common, sitename: shopName, addressCountry: country }
            : group === 'ecommerce'
              ? { ...DEFAULT_SETTINGS.ecommerce, currency: input.currency ?? currencyOfCountry(country) }
              : DEFAULT_SETTINGS[group],
      })),
    );
    await tx.insert(schema.menus).values(EMPTY_MENUS.map((menu) => ({ id: randomUUID(), ...menu })));
    await tx.insert(schema.pages).values({ id: randomUUID(), slug: 'home', type: 'homepage', title: shopName });
    await tx.insert(schema.orderStates).values(ORDER_STATES);
    // the usual payment methods (online through the sandbox, cash on delivery), off until the owner enables them
    await tx.insert(schema.paymentMethods).values(PAYMENT_METHODS.map((method) => ({ ...method, enabled: false })));
    const owner = await createStaff(tx, { ...input.owner, role: 'owner' }, { cost: input.cost });
    if (!owner) throw new Error(`setup: ${input.owner.email} already has a back office account`);
    return { owner };
  });
  if (input.media) await releaseOriginals(input.media, wiped);
  return created;
}
