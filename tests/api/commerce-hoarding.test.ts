import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderDetailSchema } from '../../src/contract/admin';
import { orderStateHistory } from '../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

type PlacedOrder = { id: string; number: number; secretToken: string };

const T0 = new Date('2026-03-06T17:00:00Z');
const hoursAfter = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);

let phones = 0;
/** A customer of their own, so the per-contact bound of one test does not leak into another. */
const someone = () => {
  phones += 1;
  return { name: 'Hoarder', phone: `+7 999 555-${String(1000 + phones).slice(-4)}`, email: `buyer${phones}@example.com` };
};

/**
 * Orders paid on receipt hold stock without money: they hold it only until the manager confirms them, only a share
 * of a variation's stock per order, and only so many items per phone or e-mail.
 */
describe.each(databaseKinds)('hoarding through orders paid on receipt (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let manager: TestStaff;
  let card: string;
  let cash: string;
  let locationId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    ({ card, cash, locationId } = await fx.checkoutChoices());
    await fx.setSettings('ecommerce', { currency: 'EUR' });
    manager = await createSignedInStaff(app, 'manager', 'Mila Manager');
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    app.deps.now = () => T0;
  });

  const place = (lines: { variationId: string; quantity: number }[], method = cash, customer = someone(), lang = 'en') =>
    app.request(`/orders?lang=${lang}`, { method: 'POST', json: orderBody(lines, { locationId }, method, { customer }) });
  async function placed(lines: { variationId: string; quantity: number }[], method = cash, customer = someone()): Promise<PlacedOrder> {
    const res = await place(lines, method, customer);
    expect(res.status, await res.clone().text()).toBe(201);
    return res.json();
  }
  const detail = async (order: PlacedOrder) =>
    orderDetailSchema.parse(await expectJson(await adminRequest(app, `/orders/${order.id}`, { cookie: manager.cookie }), 200));
  const moveOn = (order: PlacedOrder, version: number, status = 'processing') =>
    adminRequest(app, `/orders/${order.id}/status`, { method: 'POST', cookie: manager.cookie, body: JSON.stringify({ status, version }) });
  const stockHistory = async (order: PlacedOrder) =>
    (await app.deps.db.select().from(orderStateHistory).where(eq(orderStateHistory.orderId, order.id)))
      .filter((h) => h.kind === 'stock')
      .map((h) => h.toValue);

  describe('one order', () => {
    it('takes at most half of a variation’s stock when paid on receipt; online orders and the last few items are not held back', async () => {
      await fx.orderState('processing', 'Processing', 1);
      const { variationId } = await fx.product({ stock: 150 });
      const res = await place([{ variationId, quantity: 100 }]);
      const refused = await expectJson(res, 400);
      expect(refused.errors.children.items.children['0'].children.quantity.errors).toEqual([
        'Paid on receipt, one order may take at most 75 of this item; pay online or ask the shop for more',
      ]);
      expect(await fx.stockOf(variationId)).toBe(150);
      await placed([{ variationId, quantity: 25 }]);
      expect(await fx.stockOf(variationId)).toBe(125);
      // an online order pays before it keeps anything for long: no share rule
      await placed([{ variationId, quantity: 100 }], card);
      expect(await fx.stockOf(variationId)).toBe(25);
      // the last items of a product stay buyable
      const few = await fx.product({ stock: 3 });
      await placed([{ variationId: few.variationId, quantity: 3 }]);
      expect(await fx.stockOf(few.variationId)).toBe(0);
    });

    it('cannot empty any product of a shop: a many-line cash order is refused whole and takes nothing', async () => {
      const products = await Promise.all(Array.from({ length: 12 }, () => fx.product({ stock: 20 })));
      const before = await fx.writtenRows();
      const res = await place(products.map((p) => ({ variationId: p.variationId, quantity: 20 })));
      expect(res.status).toBe(400);
      for (const p of products) expect(await fx.stockOf(p.variationId)).toBe(20);
      expect(await fx.writtenRows()).toEqual(before);
      // half of each is within the share, but not within what one customer may hold unconfirmed
      const held = await expectJson(
        await place(
          products.map((p) => ({ variationId: p.variationId, quantity: 10 })),
          cash,
          someone(),
          'ru',
        ),
        400,
      );
      expect(held.errors.children.items.errors[0]).toMatch(/^Заказы с оплатой при получении на этот телефон или e-mail уже держат 0 шт\./);
      for (const p of products) expect(await fx.stockOf(p.variationId)).toBe(20);
    });

    it('follows the settings', async () => {
      await fx.setSettings('ecommerce', { currency: 'EUR', unconfirmedOrderStockPercent: 100, maxUnconfirmedItemsPerContact: 1000 });
      try {
        const { variationId } = await fx.product({ stock: 40 });
        await placed([{ variationId, quantity: 40 }]);
        await fx.setSettings('ecommerce', { currency: 'EUR', unconfirmedOrderStockPercent: 10, unconfirmedOrderStockFloor: 2 });
        const other = await fx.product({ stock: 40 });
        expect((await place([{ variationId: other.variationId, quantity: 5 }])).status).toBe(400);
        await placed([{ variationId: other.variationId, quantity: 4 }]);
      } finally {
        await fx.setSettings('ecommerce', { currency: 'EUR' });
      }
    });
  });

  describe('one customer', () => {
    it('holds at most 30 unconfirmed items by phone or by e-mail; confirmed, online and unlimited items do not count', async () => {
      const buyer = someone();
      const a = await fx.product({ stock: 100 });
      const b = await fx.product({ stock: 100 });
      const unlimited = await fx.product({ stock: null });
      const first = await placed([{ variationId: a.variationId, quantity: 20 }], cash, buyer);
      await placed(
        [
          { variationId: b.variationId, quantity: 8 },
          { variationId: unlimited.variationId, quantity: 50 },
        ],
        cash,
        buyer,
      );
      // 28 held: 3 more are too many, whether the same phone or the same e-mail asks
      const samePhone = await expectJson(
        await place([{ variationId: b.variationId, quantity: 3 }], cash, { ...buyer, email: 'other@example.com' }),
        400,
      );
      expect(samePhone.errors.children.items.errors).toEqual([
        'Orders paid on receipt with this phone or e-mail already hold 28 items the shop has not confirmed yet; at most 30 items may wait for confirmation. Pay online, or wait until the shop confirms your orders',
      ]);
      const sameEmail = await place([{ variationId: b.variationId, quantity: 3 }], cash, {
        ...buyer,
        phone: '+7 999 000-99-99',
        email: ` ${buyer.email.toUpperCase()} `,
      });
      expect(sameEmail.status).toBe(400);
      await placed([{ variationId: b.variationId, quantity: 2 }], cash, buyer);
      await placed([{ variationId: b.variationId, quantity: 3 }], card, buyer);
      // the manager confirms the first order: its items are no longer waiting
      await expectJson(await moveOn(first, 1), 200);
      await placed([{ variationId: b.variationId, quantity: 20 }], cash, buyer);
    });

    it('counts two orders placed at once one after the other', async () => {
      const buyer = someone();
      const { variationId } = await fx.product({ stock: 100 });
      const results = await Promise.all([1, 2, 3].map(() => place([{ variationId, quantity: 12 }], cash, buyer)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 400]);
      expect(await fx.stockOf(variationId)).toBe(76);
    });
  });

  describe('the reservation', () => {
    it('lasts 48 hours unless the manager confirms the order; the sweeper then returns the stock once', async () => {
      const { variationId } = await fx.product({ stock: 10 });
      const waiting = await placed([{ variationId, quantity: 2 }]);
      const confirmed = await placed([{ variationId, quantity: 3 }]);
      expect((await detail(waiting)).reservation).toEqual({ releasedAt: null, expiresAt: hoursAfter(48).toISOString() });
      app.deps.now = () => hoursAfter(5);
      const moved = await expectJson(await moveOn(confirmed, 1), 200);
      expect(moved.reservation).toEqual({ releasedAt: null, expiresAt: null });

      app.deps.now = () => hoursAfter(47);
      await app.sweeper.sweep();
      expect(await fx.stockOf(variationId)).toBe(5);
      app.deps.now = () => hoursAfter(49);
      expect(await app.sweeper.sweep()).toBeGreaterThanOrEqual(1);
      expect(await app.sweeper.sweep()).toBe(0);
      expect(await fx.stockOf(variationId)).toBe(7);
      expect(await stockHistory(waiting)).toEqual(['released']);
      expect(await stockHistory(confirmed)).toEqual([]);
      const ended = await detail(waiting);
      expect(ended).toMatchObject({ status: 'new', version: 2, reservation: { releasedAt: hoursAfter(49).toISOString() } });
      // a manager acting on the order as it was before the release is told it changed
      expect((await moveOn(waiting, 1)).status).toBe(409);
    });

    it('follows unconfirmedReservationHours for orders placed after it changes', async () => {
      await fx.setSettings('ecommerce', { currency: 'EUR', unconfirmedReservationHours: 2 });
      try {
        const { variationId } = await fx.product({ stock: 4 });
        const order = await placed([{ variationId, quantity: 1 }]);
        expect((await detail(order)).reservation.expiresAt).toBe(hoursAfter(2).toISOString());
        app.deps.now = () => hoursAfter(3);
        await app.sweeper.sweep();
        expect(await fx.stockOf(variationId)).toBe(4);
      } finally {
        await fx.setSettings('ecommerce', { currency: 'EUR' });
      }
    });

    it('a confirmation after the reservation ended takes the stock again, or is refused naming what was sold', async () => {
      const plenty = await fx.product({ stock: 10, title: 'Plenty' });
      const scarce = await fx.product({ stock: 2, title: 'Scarce' });
      const late = await placed([{ variationId: plenty.variationId, quantity: 4 }]);
      const lost = await placed([{ variationId: scarce.variationId, quantity: 2 }]);
      app.deps.now = () => hoursAfter(50);
      await app.sweeper.sweep();
      expect([await fx.stockOf(plenty.variationId), await fx.stockOf(scarce.variationId)]).toEqual([10, 2]);
      await placed([{ variationId: scarce.variationId, quantity: 1 }]);

      const retaken = await expectJson(await moveOn(late, 2), 200);
      expect(retaken).toMatchObject({ status: 'processing', reservation: { releasedAt: null, expiresAt: null } });
      expect(await fx.stockOf(plenty.variationId)).toBe(6);
      expect(await stockHistory(late)).toEqual(['released', 'retaken']);

      const refused = await expectJson(await moveOn(lost, 2), 409);
      expect(refused.errors.children.status.errors[0]).toMatch(/^Scarce: 1 in stock, the order needs 2\./);
      expect(await fx.orderRow(lost.id)).toMatchObject({ status: 'new', version: 2 });
      expect(await fx.stockOf(scarce.variationId)).toBe(1);
    });

    it('a payment arriving while the manager looks at an order makes the manager’s stale action a conflict', async () => {
      const { variationId } = await fx.product({ stock: 5, priceCents: 1000 });
      const order = await placed([{ variationId, quantity: 1 }], card);
      expect((await detail(order)).reservation).toEqual({ releasedAt: null, expiresAt: null });
      await fx.notifyPayment(await fx.startPayment(order), 'completed', 10);
      const stale = await adminRequest(app, `/orders/${order.id}/cancel`, {
        method: 'POST',
        cookie: manager.cookie,
        body: JSON.stringify({ version: 1 }),
      });
      expect(stale.status).toBe(409);
      expect(await fx.stockOf(variationId)).toBe(4);
    });
  });
});
