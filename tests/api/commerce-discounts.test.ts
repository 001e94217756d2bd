import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceFixtures, type CommerceFixtures, type ProductFixture } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('discount codes on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let shoes: ProductFixture;
  let hat: ProductFixture;
  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    shoes = await fx.product({ priceCents: 10_000, discountPriceCents: 8_000 });
    hat = await fx.product({ priceCents: 2_500 });
  });
  afterAll(async () => {
    await app.close();
  });

  const check = (code: string, items: { variationId: string; quantity: number }[], lang = 'en') =>
    app.request(`/discount-code?lang=${lang}`, { method: 'POST', json: { code, items } });
  const cart = () => [
    { variationId: shoes.variationId, quantity: 1 },
    { variationId: hat.variationId, quantity: 2 },
  ];

  it('answers the code id, the discount and the total after discount, using database prices', async () => {
    const { id, code } = await fx.discountCode({ kind: 'percent', value: 10 });
    const res = await app.request('/discount-code', {
      method: 'POST',
      json: { code: code.toLowerCase(), items: cart().map((i) => ({ ...i, price: 0.01 })) },
    });
    expect(res.status).toBe(200);
    // items: 80.00 (discounted shoes) + 2 * 25.00 = 130.00; 10% = 13.00
    expect(await res.json()).toEqual({ id, code, price: 13, totalPrice: 117 });
  });

  it('takes a fixed amount from the lines of listed products only', async () => {
    const { code } = await fx.discountCode({ kind: 'fixed', value: 1_000, productIds: [hat.productId] });
    expect(await (await check(code, cart())).json()).toMatchObject({ price: 10, totalPrice: 120 });
  });

  it('applies a catalog-restricted code to products of that catalog', async () => {
    const catalogId = await fx.catalog([shoes.productId]);
    const { code } = await fx.discountCode({ kind: 'percent', value: 50, catalogIds: [catalogId] });
    expect(await (await check(code, cart())).json()).toMatchObject({ price: 40, totalPrice: 90 });
  });

  const expectCode = async (res: Response, errorCode: number, message: string) => {
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, status: 400, errorCode, message, errorPath: 'code', detail: { message } });
    expect(body.errors.children.code.errors).toEqual([message]);
  };

  it('error 1: unknown code, in the request language', async () => {
    await expectCode(await check('NOPE', cart()), 1, 'Discount code does not exist');
    await expectCode(await check('NOPE', cart(), 'ru'), 1, 'Промокод не существует');
  });

  it('error 2: the code is for other products', async () => {
    const other = await fx.product();
    const { code } = await fx.discountCode({ productIds: [other.productId] });
    await expectCode(await check(code, cart()), 2, 'Discount code does not apply to these products');
  });

  it('error 3: expired; a code that has not started yet is invalid (4)', async () => {
    const expired = await fx.discountCode({ expiresAt: new Date(Date.now() - 60_000) });
    await expectCode(await check(expired.code, cart()), 3, 'Discount code has expired');
    const future = await fx.discountCode({ startsAt: new Date(Date.now() + 86_400_000) });
    await expectCode(await check(future.code, cart()), 4, 'Discount code is invalid');
  });

  it('error 4: disabled or used up', async () => {
    const disabled = await fx.discountCode({ enabled: false });
    await expectCode(await check(disabled.code, cart()), 4, 'Discount code is invalid');
    const usedUp = await fx.discountCode({ usageLimit: 2, usedCount: 2 });
    await expectCode(await check(usedUp.code, cart()), 4, 'Discount code is invalid');
  });

  it('error 5: a fixed amount larger than the applicable total, worded per language', async () => {
    const { code } = await fx.discountCode({ kind: 'fixed', value: 5_001, productIds: [hat.productId] });
    await expectCode(await check(code, cart()), 5, "Discount value can't exceed cart price");
    await expectCode(await check(code, cart(), 'ru'), 5, 'Условия применения промокода не выполнены');
  });

  it('error 6: minimum order amount not met', async () => {
    const { code } = await fx.discountCode({ minOrderCents: 13_001 });
    await expectCode(await check(code, cart()), 6, 'Minimum order amount not met');
    const met = await fx.discountCode({ minOrderCents: 13_000 });
    expect((await check(met.code, cart())).status).toBe(200);
  });

  it('refuses bad input with validation errors', async () => {
    const cases: [unknown, string][] = [
      [{ items: cart() }, 'code'],
      [{ code: '   ', items: cart() }, 'code'],
      [{ code: 'X', items: [] }, 'items'],
      [{ code: 'X', items: [{ variationId: shoes.variationId, quantity: -1 }] }, 'items.0.quantity'],
      [{ code: 'X', items: 'all' }, 'items'],
    ];
    for (const [json, path] of cases) {
      const res = await app.request('/discount-code', { method: 'POST', json });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Validation Failed', errorPath: path });
    }
  });

  it('refuses NUL characters, which the database cannot store', async () => {
    const res = await check('CODE', [{ variationId: 'x\u0000', quantity: 1 }]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errorPath: 'items.0.variationId' });
  });

  it('refuses unknown variations on the item field', async () => {
    const { code } = await fx.discountCode();
    const res = await check(code, [...cart(), { variationId: 'gone', quantity: 1 }]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errorPath: 'items.2.variationId' });
  });

  it('does not count a use when only checked', async () => {
    const { id, code } = await fx.discountCode({ usageLimit: 1 });
    expect((await check(code, cart())).status).toBe(200);
    expect((await check(code, cart())).status).toBe(200);
    expect(await fx.usedCountOf(id)).toBe(0);
  });
});
