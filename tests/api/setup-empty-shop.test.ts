import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings, SETTINGS_GROUPS } from '../../src/lib/settings';
import { verifyPassword } from '../../src/server/auth/password';
import type { Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { seedDemoShop } from '../../src/server/seed';
import { ORDER_STATES } from '../../src/server/seed/commerce';
import { setupEmptyShop, ShopWipeRefused } from '../../src/server/seed/empty-shop';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

const OWNER = { email: 'Founder@Example.com', name: 'Ann Founder', password: 'a-long-first-password' };

async function placeOrder(db: Database): Promise<void> {
  await db.insert(schema.orders).values({
    id: randomUUID(),
    secretToken: randomUUID(),
    paymentMethod: 'cash',
    deliveryMethod: 'pickup',
    itemsTotalCents: 1000,
    totalCents: 1000,
    currency: 'USD',
    customer: { name: 'A customer', phone: '+12125550100' },
  });
}

const rowCounts = async (db: Database) => ({
  settings: (await db.select().from(schema.settings)).length,
  pages: (await db.select().from(schema.pages)).length,
  menus: (await db.select().from(schema.menus)).length,
  staff: (await db.select().from(schema.staffUsers)).length,
  orders: (await db.select().from(schema.orders)).length,
  products: (await db.select().from(schema.products)).length,
});

describe.each(databaseKinds)('npm run setup on %s', (kind) => {
  let app: TestApp;
  let db: Database;
  beforeEach(async () => {
    app = await createTestApp(kind);
    db = app.deps.db;
  });
  afterEach(async () => {
    await app.close();
  });

  it('creates an empty shop: default settings, empty menus, an empty homepage, the order states and the owner', async () => {
    const { owner } = await setupEmptyShop(db, { owner: OWNER, shopName: 'Clay & Co', cost: 1024 });

    const settings = await db.select().from(schema.settings);
    expect(settings.map((s) => s.group).sort()).toEqual([...SETTINGS_GROUPS].sort());
    const stored = parseSettings(Object.fromEntries(settings.map((s) => [s.group, s.value])));
    expect(stored).toEqual({ ...DEFAULT_SETTINGS, common: { ...DEFAULT_SETTINGS.common, sitename: { en: 'Clay & Co', ru: 'Clay & Co' } } });
    // no country given: none stored, and the currency is USD, never AED
    expect(stored.common.addressCountry).toBe('');
    expect(stored.ecommerce.currency).toBe('USD');

    expect((await db.select().from(schema.menus)).map((m) => m.name).sort()).toEqual(['footer', 'info', 'main']);
    expect(await db.select().from(schema.menuItems)).toEqual([]);
    const pages = await db.select().from(schema.pages);
    expect(pages).toEqual([
      expect.objectContaining({ type: 'homepage', slug: 'home', enabled: true, title: { en: 'Clay & Co', ru: 'Clay & Co' } }),
    ]);
    expect(await db.select().from(schema.sections)).toEqual([]);
    expect((await db.select().from(schema.orderStates)).map((s) => s.code).sort()).toEqual(ORDER_STATES.map((s) => s.code).sort());
    // the payment methods are there for the owner to enable; the storefront offers none until then
    const methods = await db.select().from(schema.paymentMethods);
    expect(
      methods.map(({ code, kind, provider, enabled }) => ({ code, kind, provider, enabled })).sort((a, b) => a.code.localeCompare(b.code)),
    ).toEqual([
      { code: 'card', kind: 'online', provider: 'sandbox', enabled: false },
      { code: 'cash', kind: 'cash', provider: null, enabled: false },
    ]);
    const available = await app.request('/configs/payments-available-methods');
    expect(available.status).toBe(200);
    expect(JSON.stringify(await available.json())).not.toContain('card');
    expect(await db.select().from(schema.products)).toEqual([]);
    expect(await db.select().from(schema.catalogs)).toEqual([]);
    expect(await db.select().from(schema.images)).toEqual([]);

    const staff = await db.select().from(schema.staffUsers);
    expect(staff).toHaveLength(1);
    expect(staff[0]).toMatchObject({ id: owner.id, email: 'founder@example.com', name: 'Ann Founder', role: 'owner', disabled: false });
    expect(await verifyPassword(OWNER.password, staff[0]!.passwordHash)).toBe(true);
  });

  it("stores the shop's country and currency: the one chosen, else the country's", async () => {
    await setupEmptyShop(db, { owner: OWNER, country: 'de', cost: 1024 });
    const read = async () => {
      const rows = await db.select().from(schema.settings);
      return parseSettings(Object.fromEntries(rows.map((row) => [row.group, row.value])));
    };
    expect((await read()).common.addressCountry).toBe('DE');
    expect((await read()).ecommerce.currency).toBe('EUR');
    await setupEmptyShop(db, { owner: OWNER, country: 'US', currency: 'RUB', force: true, cost: 1024 });
    expect((await read()).common.addressCountry).toBe('US');
    expect((await read()).ecommerce.currency).toBe('RUB');
    const config = await app.request('/config');
    expect(await config.json()).toMatchObject({ ecommerce: { currency: 'RUB' }, common: { addressCountry: 'US' } });
  });

  it('serves the empty shop: homepage, config, menus and a missing page answer without a server error', async () => {
    await setupEmptyShop(db, { owner: OWNER, cost: 1024 });
    const home = await app.request('/homepage/v2');
    expect(home.status).toBe(200);
    expect(await home.json()).toMatchObject({ type: 'homepage', title: 'My shop', sections: [] });
    const homeRu = await app.request('/homepage/v2?lang=ru');
    expect(await homeRu.json()).toMatchObject({ title: 'Мой магазин' });
    const config = await app.request('/config');
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ common: { sitename: 'My shop' } });
    const menus = await app.request('/menus/batch');
    expect(menus.status).toBe(200);
    expect(await menus.json()).toEqual({ info: [], main: [], footer: [] });
    for (const missing of ['/pages/v2/about', '/products/anything', '/catalogs/v3/anything']) {
      expect((await app.request(missing)).status, missing).toBe(404);
    }
  });

  it('refuses a second setup and leaves the first shop as it was', async () => {
    await setupEmptyShop(db, { owner: OWNER, cost: 1024 });
    const before = await rowCounts(db);
    await expect(setupEmptyShop(db, { owner: { ...OWNER, email: 'second@example.com' }, cost: 1024 })).rejects.toMatchObject({
      name: 'ShopWipeRefused',
      reason: 'shop-exists',
    });
    expect(await rowCounts(db)).toEqual(before);
  });

  it('refuses a database that only has a back office account', async () => {
    await db.insert(schema.staffUsers).values({ id: randomUUID(), email: 'x@example.com', name: 'X', role: 'manager', passwordHash: 'x' });
    await expect(setupEmptyShop(db, { owner: OWNER, cost: 1024 })).rejects.toBeInstanceOf(ShopWipeRefused);
    expect(await db.select().from(schema.settings)).toEqual([]);
  });

  it('with force wipes a shop without orders and starts empty, but still refuses a shop with real orders', async () => {
    await setupEmptyShop(db, { owner: OWNER, cost: 1024 });
    await db.insert(schema.leads).values({ id: randomUUID(), name: 'Lead', phone: '+12125550100' });
    const { owner } = await setupEmptyShop(db, { owner: { ...OWNER, email: 'new@example.com' }, force: true, cost: 1024 });
    expect((await db.select().from(schema.staffUsers)).map((s) => s.id)).toEqual([owner.id]);
    expect(await db.select().from(schema.leads)).toEqual([]);

    await placeOrder(db);
    const before = await rowCounts(db);
    await expect(setupEmptyShop(db, { owner: { ...OWNER, email: 'third@example.com' }, force: true, cost: 1024 })).rejects.toMatchObject({
      reason: 'real-orders',
      message: expect.stringContaining('1 real order'),
    });
    expect(await rowCounts(db)).toEqual(before);
  });
});

describe.each(databaseKinds)('db:seed --reset on %s', (kind) => {
  let app: TestApp;
  afterEach(async () => {
    await app.close();
  });

  it('refuses to wipe a shop with real orders, and proceeds with force', async () => {
    app = await createTestApp(kind);
    const db = app.deps.db;
    await setupEmptyShop(db, { owner: OWNER, cost: 1024 });
    await placeOrder(db);
    await placeOrder(db);
    const before = await rowCounts(db);

    const refused = seedDemoShop(db, { media: app.deps.media, reset: true });
    await expect(refused).rejects.toBeInstanceOf(ShopWipeRefused);
    await expect(refused).rejects.toMatchObject({ reason: 'real-orders', message: expect.stringMatching(/2 real orders.*--force/) });
    expect(await rowCounts(db)).toEqual(before);

    expect(await seedDemoShop(db, { media: app.deps.media, reset: true, force: true })).toEqual({ seeded: true });
    const after = await rowCounts(db);
    expect(after.orders).toBe(0);
    expect(after.products).toBeGreaterThan(0);
  });

  it('resets a shop without orders as before, no force needed', async () => {
    app = await createTestApp(kind);
    await setupEmptyShop(app.deps.db, { owner: OWNER, cost: 1024 });
    expect(await seedDemoShop(app.deps.db, { media: app.deps.media, reset: true })).toEqual({ seeded: true });
  });
});
