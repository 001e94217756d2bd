import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wishlistAnswer } from '../../src/contract/storefront/commerce';
import { products, variations, wishlistItems } from '../../src/server/db/schema';
import { commerceFixtures, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/** A signed-in shopper's wishlist: kept per account, shown with prices and stock now, a guest's list merged in. */
describe.each(databaseKinds)('wishlist (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;

  beforeAll(async () => {
    app = await createTestApp(kind);
    // every write a second after the last, so "newest first" is never a tie
    let clock = Date.now();
    app.deps.now = () => new Date((clock += 1000));
    fx = commerceFixtures(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const call = async (method: string, path: string, token?: string, json?: unknown, lang = 'en') => {
    const res = await app.request(`${path}?lang=${lang}`, { method, ...(token ? { token } : {}), ...(json === undefined ? {} : { json }) });
    return { status: res.status, body: await res.json() };
  };
  const titles = (body: unknown) => wishlistAnswer.parse(body).items.map((p) => p.title);

  it('adds, lists newest first with current prices and stock, and removes', async () => {
    const user = await fx.user();
    const tea = await fx.product({ title: 'Tea', priceCents: 1200, stock: 4 });
    const cup = await fx.product({ title: 'Cup', priceCents: 800, stock: 0 });
    expect((await call('PUT', `/wishlist/${tea.productId}`, user.token)).status).toBe(200);
    const added = await call('PUT', `/wishlist/${cup.productId}`, user.token);
    expect(titles(added.body)).toEqual(['Cup', 'Tea']);
    // twice is once
    expect(titles((await call('PUT', `/wishlist/${tea.productId}`, user.token)).body)).toEqual(['Cup', 'Tea']);
    await app.deps.db.update(variations).set({ fullPriceCents: 900, stock: 2 }).where(eq(variations.id, cup.variationId));
    const listed = wishlistAnswer.parse((await call('GET', '/wishlist', user.token)).body);
    expect(listed.items.map((p) => [p.title, p.variations[0]!.price, p.inStock])).toEqual([
      ['Cup', 9, true],
      ['Tea', 12, true],
    ]);
    expect(titles((await call('DELETE', `/wishlist/${cup.productId}`, user.token)).body)).toEqual(['Tea']);
    // another account's list is its own
    const other = await fx.user();
    expect(titles((await call('GET', '/wishlist', other.token)).body)).toEqual([]);
  });

  it('a product hidden since is left out, and comes back with it', async () => {
    const user = await fx.user();
    const lamp = await fx.product({ title: 'Lamp' });
    await call('PUT', `/wishlist/${lamp.productId}`, user.token);
    await app.deps.db.update(products).set({ enabled: false }).where(eq(products.id, lamp.productId));
    expect(titles((await call('GET', '/wishlist', user.token)).body)).toEqual([]);
    await app.deps.db.update(products).set({ enabled: true }).where(eq(products.id, lamp.productId));
    expect(titles((await call('GET', '/wishlist', user.token)).body)).toEqual(['Lamp']);
  });

  it('merges a guest list on sign-in: known products once, unknown and hidden ones left out', async () => {
    const user = await fx.user();
    const kept = await fx.product({ title: 'Kept' });
    const guest = await fx.product({ title: 'Guest pick' });
    const hidden = await fx.product({ title: 'Hidden', enabled: false });
    await call('PUT', `/wishlist/${kept.productId}`, user.token);
    const merged = await call('POST', '/wishlist/merge', user.token, {
      productIds: [guest.productId, kept.productId, hidden.productId, 'no-such-product'],
    });
    expect(merged.status).toBe(200);
    expect(titles(merged.body).sort()).toEqual(['Guest pick', 'Kept']);
    expect(await app.deps.db.select().from(wishlistItems).where(eq(wishlistItems.userId, user.id))).toHaveLength(2);
  });

  it('refuses in the error shape: no sign-in (401), an unknown product, a list too long, a malformed body', async () => {
    const product = await fx.product();
    for (const [method, path, json] of [
      ['GET', '/wishlist', undefined],
      ['PUT', `/wishlist/${product.productId}`, undefined],
      ['DELETE', `/wishlist/${product.productId}`, undefined],
      ['POST', '/wishlist/merge', { productIds: [] }],
    ] as const) {
      const refused = await call(method, path, undefined, json);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ success: false, status: 401 });
    }
    const user = await fx.user();
    const unknown = await call('PUT', '/wishlist/nope', user.token, undefined, 'ru');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ success: false, errorPath: 'productId' });
    expect(unknown.body.errors.children.productId.errors).toEqual(['Товар не найден']);
    const tooMany = await call('POST', '/wishlist/merge', user.token, { productIds: Array.from({ length: 201 }, (_, i) => `p${i}`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errorPath).toBe('productIds');
    expect((await call('POST', '/wishlist/merge', user.token, { productIds: 'x' })).status).toBe(400);
    // a full list takes no more
    const full = await fx.user();
    const many = await Promise.all(Array.from({ length: 200 }, () => fx.product()));
    await app.deps.db.insert(wishlistItems).values(many.map((p) => ({ userId: full.id, productId: p.productId })));
    const over = await call('PUT', `/wishlist/${product.productId}`, full.token);
    expect(over.status).toBe(400);
    expect(over.body.errors.children.productId.errors).toEqual(['A wishlist holds up to 200 products; remove one first']);
    expect(await app.deps.db.select().from(wishlistItems).where(eq(wishlistItems.userId, full.id))).toHaveLength(200);
    expect((await call('POST', '/wishlist/merge', user.token, { productIds: ['a\u0000'] })).status).toBe(400);
  });
});
