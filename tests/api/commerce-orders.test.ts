import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orderStateHistory } from '../../src/server/db/schema';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('orders on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let cash: string;
  let card: string;
  let store: { id: string; code: string };
  let zoneId: string;
  let flatRateId: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    cash = await fx.paymentMethod({ code: 'cash', kind: 'cash' });
    card = await fx.paymentMethod({ code: 'card', kind: 'online' });
    store = await fx.location({ code: 'store', paymentMethodCodes: [cash] });
    zoneId = await fx.zone({ countries: ['AE'] });
    flatRateId = await fx.rate(zoneId, { kind: 'flat', priceCents: 1_500, maxWeight: 10 });
    await fx.setSettings('ecommerce', { currency: 'USD' });
  });
  afterAll(async () => {
    await app.close();
  });

  const placeOrder = (json: unknown, token?: string) => app.request('/orders', { method: 'POST', json, ...(token ? { token } : {}) });
  const pickup = () => ({ locationId: store.id });

  describe('placing', () => {
    it('prices the order from the database, ignoring prices sent by the client', async () => {
      const shirt = await fx.product({ priceCents: 4_000, discountPriceCents: 3_000, stock: 10, sku: 'SH-1', size: 'M', title: 'Shirt' });
      const socks = await fx.product({ priceCents: 550 });
      const res = await placeOrder(
        orderBody(
          [
            { variationId: shirt.variationId, quantity: 2, price: 0.01 } as never,
            { variationId: socks.variationId, quantity: 3, price: 0.01 } as never,
          ],
          pickup(),
          cash,
          { totalPrice: 1, itemsPrice: 1, comment: 'Ring the bell' },
        ),
      );
      expect(res.status).toBe(201);
      const order = await res.json();
      expect(order).toMatchObject({
        id: expect.any(String),
        number: expect.any(Number),
        secretToken: expect.any(String),
        status: 'new',
        paymentStatus: 'new',
        method: 'cash',
        paymentKind: 'cash',
        currency: 'USD',
        itemsPrice: 76.5,
        discountPrice: 0,
        totalPrice: 76.5,
        deliveryInformation: {
          method: 'pickup',
          title: 'Main store',
          price: 0,
          priceByManager: false,
          locationId: store.id,
          // where and when to collect it, for the order page and the account
          pickupPoint: { title: 'Main store', address: '1 Main street', workTime: '9-18' },
        },
        customer: { name: 'Anna', lastName: 'Smith', phone: '+7 (999) 123-45-67', email: 'anna@example.com' },
        receiver: null,
        comment: 'Ring the bell',
        createdAt: expect.any(String),
      });
      expect(order.secretToken.length).toBeGreaterThanOrEqual(32);
      expect(order.items).toEqual([
        expect.objectContaining({
          productId: shirt.productId,
          variationId: shirt.variationId,
          productSlug: shirt.slug,
          title: 'Shirt',
          optionsText: 'Size: M',
          sku: 'SH-1',
          quantity: 2,
          price: 30,
          fullPrice: 40,
          totalPrice: 60,
        }),
        expect.objectContaining({ variationId: socks.variationId, quantity: 3, price: 5.5, totalPrice: 16.5 }),
      ]);
      expect(await fx.stockOf(shirt.variationId)).toBe(8);
      expect(await fx.stockOf(socks.variationId)).toBeNull();
      const history = await app.deps.db.select().from(orderStateHistory).where(eq(orderStateHistory.orderId, order.id));
      expect(history.map((h) => [h.kind, h.fromValue, h.toValue]).sort()).toEqual([
        ['payment', null, 'new'],
        ['status', null, 'new'],
      ]);
      expect((await fx.orderRow(order.id)).userId).toBeNull();
    });

    it('snapshots item titles in the request language', async () => {
      const lamp = await fx.product({ title: 'Lamp' });
      const res = await app.request('/orders?lang=ru', {
        method: 'POST',
        json: orderBody([{ variationId: lamp.variationId, quantity: 1 }], pickup(), cash),
      });
      expect(res.status).toBe(201);
      expect((await res.json()).items[0].title).toBe('Lamp (ru)');
    });

    it('merges repeated lines of one variation', async () => {
      const mug = await fx.product({ stock: 5 });
      const res = await placeOrder(
        orderBody(
          [
            { variationId: mug.variationId, quantity: 1 },
            { variationId: mug.variationId, quantity: 2 },
          ],
          pickup(),
          cash,
        ),
      );
      expect(res.status).toBe(201);
      expect((await res.json()).items).toEqual([expect.objectContaining({ quantity: 3 })]);
      expect(await fx.stockOf(mug.variationId)).toBe(2);
    });

    it('adds a flat shipping rate and keeps the address', async () => {
      const chair = await fx.product({ priceCents: 10_000, weight: 4 });
      const res = await placeOrder(
        orderBody([{ variationId: chair.variationId, quantity: 2 }], { zoneId, rateId: flatRateId, country: 'ae' }, card, {
          receiver: { name: 'Omar', phone: '+971 50 123 4567' },
        }),
      );
      expect(res.status).toBe(201);
      const order = await res.json();
      expect(order).toMatchObject({
        itemsPrice: 200,
        totalPrice: 215,
        method: 'card',
        paymentKind: 'online',
        deliveryInformation: {
          method: 'shipping',
          title: 'Courier',
          price: 15,
          priceByManager: false,
          zoneId,
          rateId: flatRateId,
          address: { country: 'AE', locality: 'Dubai', street: '1 Beach road' },
        },
        receiver: { name: 'Omar', lastName: null, phone: '+971 50 123 4567' },
      });
    });

    it('marks by-manager delivery and charges nothing for it yet', async () => {
      const rateId = await fx.rate(zoneId, { kind: 'by_manager', priceCents: 999 });
      const chair = await fx.product({ priceCents: 10_000 });
      const res = await placeOrder(orderBody([{ variationId: chair.variationId, quantity: 1 }], { zoneId, rateId }, cash));
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ totalPrice: 100, deliveryInformation: { price: 0, priceByManager: true } });
    });

    it('applies a discount code by id and counts its use', async () => {
      const bag = await fx.product({ priceCents: 5_000 });
      const { id } = await fx.discountCode({ kind: 'fixed', value: 1_000, usageLimit: 5 });
      const res = await placeOrder(orderBody([{ variationId: bag.variationId, quantity: 2 }], pickup(), cash, { discountCodeId: id }));
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ itemsPrice: 100, discountPrice: 10, totalPrice: 90 });
      expect(await fx.usedCountOf(id)).toBe(1);
    });

    it('links the order to the signed-in user and empties their cart', async () => {
      const user = await fx.user();
      const lamp = await fx.product();
      const other = await fx.product();
      await app.request('/cart', {
        method: 'PUT',
        token: user.token,
        json: [
          { variationId: lamp.variationId, quantity: 1 },
          { variationId: other.variationId, quantity: 1 },
        ],
      });
      const res = await placeOrder(orderBody([{ variationId: lamp.variationId, quantity: 1 }], pickup(), cash), user.token);
      expect(res.status).toBe(201);
      expect((await fx.orderRow((await res.json()).id)).userId).toBe(user.id);
      expect(await (await app.request('/cart', { token: user.token })).json()).toEqual({ items: [] });
    });
  });

  describe('refusing', () => {
    /** Places the order expecting a 400 on `path`; checks that nothing was written and no stock or code use was taken. */
    async function expectRefused(json: unknown, path: string, token?: string) {
      const before = await fx.writtenRows();
      const res = await placeOrder(json, token);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ success: false, status: 400, errorPath: path });
      expect(await fx.writtenRows()).toEqual(before);
      return body;
    }

    it.each([
      ['a missing customer name', (b: Record<string, any>) => delete b.customer.name, 'customer.name'],
      ['a blank customer name', (b: Record<string, any>) => (b.customer.name = '  '), 'customer.name'],
      ['a missing phone', (b: Record<string, any>) => delete b.customer.phone, 'customer.phone'],
      ['a malformed phone', (b: Record<string, any>) => (b.customer.phone = '+7 999 abc'), 'customer.phone'],
      ['a malformed email', (b: Record<string, any>) => (b.customer.email = 'anna@'), 'customer.email'],
      ['a receiver without a phone', (b: Record<string, any>) => (b.receiver = { name: 'Omar' }), 'receiver.phone'],
      ['agreement not given', (b: Record<string, any>) => (b.agreement = false), 'agreement'],
      ['agreement missing', (b: Record<string, any>) => delete b.agreement, 'agreement'],
      ['no items', (b: Record<string, any>) => (b.items = []), 'items'],
      ['a zero quantity', (b: Record<string, any>) => (b.items[0].quantity = 0), 'items.0.quantity'],
      ['a string quantity', (b: Record<string, any>) => (b.items[0].quantity = '2'), 'items.0.quantity'],
      ['an unknown delivery method', (b: Record<string, any>) => (b.delivery = { method: 'teleport' }), 'delivery.method'],
      ['a pickup without location', (b: Record<string, any>) => delete b.delivery.locationId, 'delivery.locationId'],
      ['no payment method', (b: Record<string, any>) => delete b.paymentMethod, 'paymentMethod'],
      ['a huge comment', (b: Record<string, any>) => (b.comment = 'x'.repeat(2001)), 'comment'],
      ['a NUL character', (b: Record<string, any>) => (b.customer.lastName = 'a\u0000'), 'customer.lastName'],
      ['a NUL character in an id', (b: Record<string, any>) => (b.delivery.locationId = '\u0000'), 'delivery.locationId'],
    ])('refuses %s as a validation error', async (_label, change, path) => {
      const item = await fx.product({ stock: 3 });
      const body = orderBody([{ variationId: item.variationId, quantity: 1 }], pickup(), cash) as Record<string, any>;
      change(body);
      const error = await expectRefused(body, path);
      expect(error.message).toBe('Validation Failed');
      expect(await fx.stockOf(item.variationId)).toBe(3);
    });

    it('shows the blank-field message on a missing name', async () => {
      const item = await fx.product();
      const body = orderBody([{ variationId: item.variationId, quantity: 1 }], pickup(), cash) as Record<string, any>;
      body.customer.name = '';
      const error = await expectRefused(body, 'customer.name');
      expect(error.errors.children.customer.children.name.errors).toEqual(['This value should not be blank.']);
    });

    it('refuses a body that is not JSON', async () => {
      const res = await app.request('/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
      expect(res.status).toBe(400);
    });

    it('refuses unknown or disabled products on the item', async () => {
      const hidden = await fx.product({ enabled: false });
      const item = await fx.product();
      await expectRefused(
        orderBody(
          [
            { variationId: item.variationId, quantity: 1 },
            { variationId: hidden.variationId, quantity: 1 },
          ],
          pickup(),
          cash,
        ),
        'items.1.variationId',
      );
    });

    it('refuses more than the stock with the available count, taking nothing from other lines', async () => {
      // Stock is taken in variation id order: the plentiful line is taken first and must be given back.
      const plenty = await fx.product({ stock: 10, variationId: `0-${randomUUID()}` });
      const scarce = await fx.product({ stock: 2, variationId: `z-${randomUUID()}` });
      const user = await fx.user();
      await app.request('/cart', { method: 'PUT', token: user.token, json: [{ variationId: plenty.variationId, quantity: 1 }] });
      const error = await expectRefused(
        orderBody(
          [
            { variationId: plenty.variationId, quantity: 4 },
            { variationId: scarce.variationId, quantity: 3 },
          ],
          pickup(),
          cash,
        ),
        'items.1.quantity',
        user.token,
      );
      expect(error.message).toBe('Only 2 items are available');
      expect(error.errors.children.items.children['1'].children.quantity.errors).toEqual(['Only 2 items are available']);
      expect(await fx.stockOf(plenty.variationId)).toBe(10);
      expect(await fx.stockOf(scarce.variationId)).toBe(2);
      expect((await (await app.request('/cart', { token: user.token })).json()).items).toHaveLength(1);
    });

    it('says the stock message in Russian for Russian requests', async () => {
      const scarce = await fx.product({ stock: 0 });
      const res = await app.request('/orders?lang=ru', {
        method: 'POST',
        json: orderBody([{ variationId: scarce.variationId, quantity: 1 }], pickup(), cash),
      });
      expect((await res.json()).message).toBe('Доступно только 0 шт.');
    });

    it('refuses an expired discount code on discountCodeId, with its error code', async () => {
      const item = await fx.product({ stock: 5 });
      const { id } = await fx.discountCode({ expiresAt: new Date(Date.now() - 1000) });
      const error = await expectRefused(
        orderBody([{ variationId: item.variationId, quantity: 1 }], pickup(), cash, { discountCodeId: id }),
        'discountCodeId',
      );
      expect(error).toMatchObject({ errorCode: 3, message: 'Discount code has expired' });
      expect(await fx.stockOf(item.variationId)).toBe(5);
      expect(await fx.usedCountOf(id)).toBe(0);
    });

    it('refuses an unknown or used-up discount code', async () => {
      const item = await fx.product();
      const unknown = await expectRefused(
        orderBody([{ variationId: item.variationId, quantity: 1 }], pickup(), cash, { discountCodeId: 'nope' }),
        'discountCodeId',
      );
      expect(unknown.errorCode).toBe(1);
      const { id } = await fx.discountCode({ usageLimit: 1, usedCount: 1 });
      const usedUp = await expectRefused(
        orderBody([{ variationId: item.variationId, quantity: 1 }], pickup(), cash, { discountCodeId: id }),
        'discountCodeId',
      );
      expect(usedUp.errorCode).toBe(4);
    });

    it('refuses a payment method the pickup location does not take, or a disabled one', async () => {
      const item = await fx.product();
      await expectRefused(orderBody([{ variationId: item.variationId, quantity: 1 }], pickup(), card), 'paymentMethod');
      const off = await fx.paymentMethod({ enabled: false });
      await expectRefused(
        orderBody([{ variationId: item.variationId, quantity: 1 }], { zoneId, rateId: flatRateId }, off),
        'paymentMethod',
      );
      await expectRefused(
        orderBody([{ variationId: item.variationId, quantity: 1 }], { zoneId, rateId: flatRateId }, 'unknown'),
        'paymentMethod',
      );
    });

    it('refuses disabled or unknown pickup locations', async () => {
      const item = await fx.product();
      const closed = await fx.location({ enabled: false });
      await expectRefused(
        orderBody([{ variationId: item.variationId, quantity: 1 }], { locationId: closed.id }, cash),
        'delivery.locationId',
      );
      await expectRefused(
        orderBody([{ variationId: item.variationId, quantity: 1 }], { locationId: 'nowhere' }, cash),
        'delivery.locationId',
      );
    });

    it('refuses a disabled zone, a country the zone does not serve, and a rate of another zone', async () => {
      const item = await fx.product();
      const hiddenZone = await fx.zone({ enabled: false });
      const hiddenRate = await fx.rate(hiddenZone);
      const otherZone = await fx.zone();
      const otherRate = await fx.rate(otherZone);
      const line = [{ variationId: item.variationId, quantity: 1 }];
      await expectRefused(orderBody(line, { zoneId: hiddenZone, rateId: hiddenRate }, cash), 'delivery.zoneId');
      await expectRefused(orderBody(line, { zoneId, rateId: flatRateId, country: 'FR' }, cash), 'delivery.address.country');
      await expectRefused(orderBody(line, { zoneId, rateId: otherRate }, cash), 'delivery.rateId');
      const noStreet = orderBody(line, { zoneId, rateId: flatRateId }, cash) as Record<string, any>;
      delete noStreet.delivery.address.street;
      await expectRefused(noStreet, 'delivery.address.street');
    });

    it('refuses a rate that does not apply to the order amount or weight', async () => {
      const heavy = await fx.product({ priceCents: 1_000, weight: 6 });
      const line = [{ variationId: heavy.variationId, quantity: 2 }]; // weight 12 > max 10
      await expectRefused(orderBody(line, { zoneId, rateId: flatRateId }, cash), 'delivery.rateId');
      const freeFrom100 = await fx.rate(zoneId, { kind: 'free', minOrderCents: 10_000 });
      await expectRefused(
        orderBody([{ variationId: heavy.variationId, quantity: 1 }], { zoneId, rateId: freeFrom100 }, cash),
        'delivery.rateId',
      );
      const disabledRate = await fx.rate(zoneId, { enabled: false });
      await expectRefused(
        orderBody([{ variationId: heavy.variationId, quantity: 1 }], { zoneId, rateId: disabledRate }, cash),
        'delivery.rateId',
      );
    });

    it('checks the rate against the amount after discount', async () => {
      const item = await fx.product({ priceCents: 10_000 });
      const freeFrom100 = await fx.rate(zoneId, { kind: 'free', minOrderCents: 10_000 });
      const line = [{ variationId: item.variationId, quantity: 1 }];
      expect((await placeOrder(orderBody(line, { zoneId, rateId: freeFrom100 }, cash))).status).toBe(201);
      const { id } = await fx.discountCode({ kind: 'percent', value: 10 });
      await expectRefused(orderBody(line, { zoneId, rateId: freeFrom100 }, cash, { discountCodeId: id }), 'delivery.rateId');
    });
  });

  describe('concurrency', () => {
    it('never oversells: 20 simultaneous orders for the last 5 items', async () => {
      const item = await fx.product({ priceCents: 2_000, stock: 5 });
      const ordersBefore = (await fx.writtenRows()).orders;
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => placeOrder(orderBody([{ variationId: item.variationId, quantity: 1 }], pickup(), cash))),
      );
      const bodies = await Promise.all(responses.map((r) => r.json()));
      const accepted = bodies.filter((_, i) => responses[i]!.status === 201);
      const refused = responses.filter((r) => r.status !== 201);
      expect(accepted).toHaveLength(5);
      expect(refused.every((r) => r.status === 400)).toBe(true);
      for (const body of bodies.filter((_, i) => responses[i]!.status === 400)) {
        expect(body).toMatchObject({ success: false, errorPath: 'items.0.quantity', message: 'Only 0 items are available' });
      }
      expect(await fx.stockOf(item.variationId)).toBe(0);
      expect((await fx.writtenRows()).orders).toBe(ordersBefore + 5);
      for (const order of accepted) {
        expect(order).toMatchObject({ totalPrice: 20, itemsPrice: 20, items: [expect.objectContaining({ quantity: 1 })] });
        const rows = await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
        expect(rows).toHaveLength(1);
      }
      expect(new Set(accepted.map((o) => o.number)).size).toBe(5);
    });

    it('never uses a limited discount code more often than allowed', async () => {
      const item = await fx.product({ priceCents: 2_000 });
      const { id } = await fx.discountCode({ usageLimit: 2 });
      const responses = await Promise.all(
        Array.from({ length: 6 }, () =>
          placeOrder(orderBody([{ variationId: item.variationId, quantity: 1 }], pickup(), cash, { discountCodeId: id })),
        ),
      );
      expect(responses.filter((r) => r.status === 201)).toHaveLength(2);
      expect(responses.filter((r) => r.status === 400)).toHaveLength(4);
      expect(await fx.usedCountOf(id)).toBe(2);
    });
  });

  describe('reading', () => {
    let alice: { id: string; token: string };
    let bob: { id: string; token: string };
    let aliceOrders: { id: string; number: number; secretToken: string }[];
    let guestOrder: { id: string; number: number; secretToken: string };

    beforeAll(async () => {
      alice = await fx.user();
      bob = await fx.user();
      const item = await fx.product();
      const place = async (token?: string) =>
        (await placeOrder(orderBody([{ variationId: item.variationId, quantity: 1 }], pickup(), cash), token)).json();
      aliceOrders = [await place(alice.token), await place(alice.token)];
      guestOrder = await place();
    });

    it('shows an order to its owner by number or id, without its secret token', async () => {
      for (const ref of [aliceOrders[0]!.number, aliceOrders[0]!.id]) {
        const res = await app.request(`/orders/${ref}`, { token: alice.token });
        expect(res.status).toBe(200);
        const order = await res.json();
        expect(order).toMatchObject({ id: aliceOrders[0]!.id, number: aliceOrders[0]!.number, items: [expect.any(Object)] });
        expect(order.secretToken).toBeUndefined();
      }
    });

    it('shows an order to whoever holds its secret token', async () => {
      const res = await app.request(`/orders/${guestOrder.number}?token=${encodeURIComponent(guestOrder.secretToken)}`);
      expect(res.status).toBe(200);
      expect((await res.json()).id).toBe(guestOrder.id);
    });

    it('answers 404 to anyone else, as for a missing order', async () => {
      const attempts = [
        app.request(`/orders/${aliceOrders[0]!.number}`, { token: bob.token }),
        app.request(`/orders/${aliceOrders[0]!.id}`),
        app.request(`/orders/${guestOrder.number}`),
        app.request(`/orders/${guestOrder.number}`, { token: alice.token }),
        app.request(`/orders/${guestOrder.number}?token=wrong`),
        app.request(`/orders/${guestOrder.number}?token=${encodeURIComponent(aliceOrders[0]!.secretToken)}`),
        app.request(`/orders/99999999?token=${encodeURIComponent(guestOrder.secretToken)}`),
        app.request(`/orders/99999999999999999999`),
      ];
      expect((await app.request('/orders/a%00b', { token: alice.token })).status).toBe(400);
      expect((await app.request('/orders/batch?ids[]=a%00b', { token: alice.token })).status).toBe(400);
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ success: false, status: 404, message: 'Order not found' });
      }
    });

    it("batch gives the caller's own orders among the ids, silently leaving out others", async () => {
      const query = [aliceOrders[0]!.id, String(aliceOrders[1]!.number), guestOrder.id, 'nope']
        .map((id) => `ids[]=${encodeURIComponent(id)}`)
        .join('&');
      const mine = await (await app.request(`/orders/batch?${query}`, { token: alice.token })).json();
      expect(mine.map((o: { id: string }) => o.id).sort()).toEqual([aliceOrders[0]!.id, aliceOrders[1]!.id].sort());
      expect(await (await app.request(`/orders/batch?${query}`, { token: bob.token })).json()).toEqual([]);
      expect(await (await app.request(`/orders/batch?ids=${aliceOrders[0]!.id}`, { token: alice.token })).json()).toHaveLength(1);
      expect(await (await app.request('/orders/batch', { token: alice.token })).json()).toEqual([]);
      expect((await app.request(`/orders/batch?${query}`)).status).toBe(401);
    });

    it("lists the signed-in user's orders, newest first", async () => {
      const res = await app.request('/users/orders', { token: alice.token });
      expect(res.status).toBe(200);
      const list = await res.json();
      expect(list.map((o: { id: string }) => o.id)).toEqual([aliceOrders[1]!.id, aliceOrders[0]!.id]);
      expect(await (await app.request('/users/orders', { token: bob.token })).json()).toEqual([]);
      expect(await (await app.request('/users/orders?limit=1&offset=1', { token: alice.token })).json()).toEqual([list[1]]);
      expect((await app.request('/users/orders')).status).toBe(401);
      expect((await app.request('/users/orders?limit=0', { token: alice.token })).status).toBe(400);
    });
  });

  it('lists order states in position order, in the request language', async () => {
    await fx.orderState('done', 'Done', 2, '#00ff00');
    await fx.orderState('new', 'New', 1, '#0000ff');
    expect(await (await app.request('/order-states?lang=ru')).json()).toEqual([
      { code: 'new', title: 'New ru', color: '#0000ff' },
      { code: 'done', title: 'Done ru', color: '#00ff00' },
    ]);
  });
});
