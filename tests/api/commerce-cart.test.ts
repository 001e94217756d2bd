import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/server/db/schema';
import { commerceFixtures, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('cart on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const putCart = (token: string, json: unknown) => app.request('/cart', { method: 'PUT', token, json });

  it('needs a signed-in user', async () => {
    for (const res of [await app.request('/cart'), await app.request('/cart', { method: 'PUT', json: [] })]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, status: 401 });
    }
  });

  it('starts empty, then replaces the cart and answers with full products in stored order', async () => {
    const user = await fx.user();
    const a = await fx.product({ priceCents: 1500, stock: 3, title: 'Alpha' });
    const b = await fx.product({ priceCents: 900, title: 'Beta' });
    expect(await (await app.request('/cart', { token: user.token })).json()).toEqual({ items: [] });

    const res = await putCart(user.token, [
      { variationId: b.variationId, quantity: 2 },
      { variationId: a.variationId, quantity: 1 },
    ]);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.items.map((i: { variationId: string; quantity: number }) => [i.variationId, i.quantity])).toEqual([
      [b.variationId, 2],
      [a.variationId, 1],
    ]);
    expect(body.items[0].product).toMatchObject({ id: b.productId, title: 'Beta', price: 9 });
    expect(body.items[0].id).toEqual(expect.any(String));
    expect(await (await app.request('/cart', { token: user.token })).json()).toEqual(body);
  });

  it('merges repeated variations by summing their quantities and keeps item ids per variation', async () => {
    const user = await fx.user();
    const a = await fx.product();
    const b = await fx.product();
    const first = await (await putCart(user.token, [{ variationId: a.variationId, quantity: 1 }])).json();
    const res = await putCart(user.token, [
      { id: 'client-made-up', variationId: a.variationId, quantity: 2 },
      { variationId: b.variationId, quantity: 1 },
      { variationId: a.variationId, quantity: 3 },
    ]);
    const body = await res.json();
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toMatchObject({ id: first.items[0].id, variationId: a.variationId, quantity: 5 });
    expect(body.items[1]).toMatchObject({ variationId: b.variationId, quantity: 1 });
  });

  it('empties the cart with an empty array', async () => {
    const user = await fx.user();
    const a = await fx.product();
    await putCart(user.token, [{ variationId: a.variationId, quantity: 1 }]);
    expect(await (await putCart(user.token, [])).json()).toEqual({ items: [] });
  });

  it('refuses unknown variations naming the index field, writing nothing', async () => {
    const user = await fx.user();
    const a = await fx.product();
    await putCart(user.token, [{ variationId: a.variationId, quantity: 4 }]);
    const before = await fx.writtenRows();
    const res = await putCart(user.token, [
      { variationId: a.variationId, quantity: 1 },
      { variationId: 'no-such-variation', quantity: 1 },
    ]);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, status: 400, errorPath: '1.variationId' });
    expect(body.errors.children['1'].children.variationId.errors).toEqual(['This product is no longer available']);
    expect(await fx.writtenRows()).toEqual(before);
    const cart = await (await app.request('/cart', { token: user.token })).json();
    expect(cart.items.map((i: { quantity: number }) => i.quantity)).toEqual([4]);
  });

  it.each([
    ['a quantity of 0', [{ variationId: 'x', quantity: 0 }], '0.quantity'],
    ['a fractional quantity', [{ variationId: 'x', quantity: 1.5 }], '0.quantity'],
    ['a quantity above 9999', [{ variationId: 'x', quantity: 10000 }], '0.quantity'],
    ['a missing variation id', [{ quantity: 1 }], '0.variationId'],
    ['an object instead of an array', { variationId: 'x', quantity: 1 }, 'body'],
  ])('refuses %s with a validation error', async (_label, json, path) => {
    const user = await fx.user();
    const res = await putCart(user.token, json);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: 'Validation Failed', errorPath: path });
  });

  it('refuses merged quantities above the maximum', async () => {
    const user = await fx.user();
    const a = await fx.product();
    const res = await putCart(user.token, [
      { variationId: a.variationId, quantity: 9000 },
      { variationId: a.variationId, quantity: 1000 },
    ]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errorPath: '0.quantity' });
  });

  it('refuses a malformed JSON body', async () => {
    const user = await fx.user();
    const res = await app.request('/cart', {
      method: 'PUT',
      token: user.token,
      headers: { 'content-type': 'application/json' },
      body: '[{"variationId":',
    });
    expect(res.status).toBe(400);
  });

  it('drops items whose product was disabled', async () => {
    const user = await fx.user();
    const a = await fx.product();
    const b = await fx.product();
    await putCart(user.token, [
      { variationId: a.variationId, quantity: 1 },
      { variationId: b.variationId, quantity: 1 },
    ]);
    await app.deps.db.update(products).set({ enabled: false }).where(eq(products.id, a.productId));
    const cart = await (await app.request('/cart', { token: user.token })).json();
    expect(cart.items.map((i: { variationId: string }) => i.variationId)).toEqual([b.variationId]);
    const res = await putCart(user.token, [{ variationId: a.variationId, quantity: 1 }]);
    expect(res.status).toBe(400);
  });

  it('keeps every user to their own cart', async () => {
    const alice = await fx.user();
    const bob = await fx.user();
    const a = await fx.product();
    const b = await fx.product();
    const aliceCart = await (await putCart(alice.token, [{ variationId: a.variationId, quantity: 2 }])).json();
    // Bob sends Alice's item id: he gets his own item, Alice's cart is untouched.
    const bobCart = await (await putCart(bob.token, [{ id: aliceCart.items[0].id, variationId: b.variationId, quantity: 1 }])).json();
    expect(bobCart.items[0].id).not.toBe(aliceCart.items[0].id);
    expect(await (await app.request('/cart', { token: alice.token })).json()).toEqual(aliceCart);
    expect(
      (await (await app.request('/cart', { token: bob.token })).json()).items.map((i: { variationId: string }) => i.variationId),
    ).toEqual([b.variationId]);
  });

  it('treats a forged token as signed out', async () => {
    const res = await app.request('/cart', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' });
    expect(res.status).toBe(401);
  });
});
