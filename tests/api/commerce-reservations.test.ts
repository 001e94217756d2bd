import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseExpiredReservations, releaseOrderStock } from '../../src/server/api/commerce/reservations';
import { orderStateHistory } from '../../src/server/db/schema';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

type PlacedOrder = { id: string; number: number; secretToken: string };

const T0 = new Date('2026-03-01T10:00:00Z');
const minutesAfter = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe.each(databaseKinds)('stock reservations on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let card: string;
  let cash: string;
  let locationId: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    ({ card, cash, locationId } = await fx.checkoutChoices());
    await fx.setSettings('ecommerce', { currency: 'EUR' });
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    app.deps.now = () => T0;
  });

  async function placeOrder(lines: { variationId: string; quantity: number }[], method = card): Promise<PlacedOrder> {
    const res = await app.request('/orders', { method: 'POST', json: orderBody(lines, { locationId }, method) });
    expect(res.status).toBe(201);
    return res.json();
  }

  const startPayment = (order: PlacedOrder) => fx.startPayment(order);
  const notify = (transactionId: string, status: string, amount: number) => fx.notifyPayment(transactionId, status, amount);

  const stockHistory = async (order: PlacedOrder) =>
    (await app.deps.db.select().from(orderStateHistory).where(eq(orderStateHistory.orderId, order.id)))
      .filter((h) => h.kind === 'stock')
      .map((h) => h.toValue);

  describe('releaseOrderStock', () => {
    it('returns the stock of finite variations exactly once, even when called concurrently, and records it', async () => {
      const finite = await fx.product({ stock: 5 });
      const unlimited = await fx.product({ stock: null });
      const order = await placeOrder(
        [
          { variationId: finite.variationId, quantity: 2 },
          { variationId: unlimited.variationId, quantity: 3 },
        ],
        cash,
      );
      expect(await fx.stockOf(finite.variationId)).toBe(3);

      const results = await Promise.all([
        releaseOrderStock(app.deps.db, order.id, 'canceled by the manager'),
        releaseOrderStock(app.deps.db, order.id, 'canceled by the manager'),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await releaseOrderStock(app.deps.db, order.id, 'again')).toBe(false);
      expect(await fx.stockOf(finite.variationId)).toBe(5);
      expect(await fx.stockOf(unlimited.variationId)).toBeNull();
      expect((await fx.orderRow(order.id)).stockReleasedAt).not.toBeNull();
      expect(await stockHistory(order)).toEqual(['released']);
    });

    it('works inside the caller transaction and rolls back with it', async () => {
      const { variationId } = await fx.product({ stock: 4 });
      const order = await placeOrder([{ variationId, quantity: 4 }], cash);
      await expect(
        app.deps.db.transaction(async (tx) => {
          expect(await releaseOrderStock(tx, order.id, 'canceled')).toBe(true);
          throw new Error('the manager action failed later');
        }),
      ).rejects.toThrow('failed later');
      expect(await fx.stockOf(variationId)).toBe(0);
      expect((await fx.orderRow(order.id)).stockReleasedAt).toBeNull();
      expect(await releaseOrderStock(app.deps.db, order.id, 'canceled')).toBe(true);
      expect(await fx.stockOf(variationId)).toBe(4);
    });

    it('answers false for an unknown order', async () => {
      expect(await releaseOrderStock(app.deps.db, randomUUID(), 'x')).toBe(false);
    });
  });

  describe('payment notifications', () => {
    it.each(['failed', 'canceled'])('a %s payment returns the stock once, replays and later reports change nothing', async (status) => {
      const { variationId } = await fx.product({ stock: 3, priceCents: 1000 });
      const order = await placeOrder([{ variationId, quantity: 3 }]);
      const transactionId = await startPayment(order);
      await notify(transactionId, 'pending', 30);
      expect(await fx.stockOf(variationId)).toBe(0);
      await notify(transactionId, status, 30);
      expect(await fx.stockOf(variationId)).toBe(3);
      await notify(transactionId, status, 30);
      const second = await startPayment(order);
      await notify(second, status, 30);
      expect(await fx.stockOf(variationId)).toBe(3);
      expect(await stockHistory(order)).toEqual(['released']);
    });

    it('a payment completing after the release takes the stock again when it is still there', async () => {
      const { variationId } = await fx.product({ stock: 5, priceCents: 1000 });
      const order = await placeOrder([{ variationId, quantity: 2 }]);
      await notify(await startPayment(order), 'failed', 20);
      expect(await fx.stockOf(variationId)).toBe(5);
      await notify(await startPayment(order), 'completed', 20);
      expect(await fx.stockOf(variationId)).toBe(3);
      const row = await fx.orderRow(order.id);
      expect(row).toMatchObject({ paymentStatus: 'completed', stockReleasedAt: null });
      expect(await stockHistory(order)).toEqual(['released', 'retaken']);
      // it holds a reservation again, so a later manager cancellation returns it once more
      expect(await releaseOrderStock(app.deps.db, order.id, 'canceled by the manager')).toBe(true);
      expect(await fx.stockOf(variationId)).toBe(5);
    });

    it('a payment completing after its stock was sold keeps the order paid and flags the shortage', async () => {
      const scarce = await fx.product({ stock: 2, priceCents: 1000 });
      const plenty = await fx.product({ stock: 10, priceCents: 1000 });
      const order = await placeOrder([
        { variationId: scarce.variationId, quantity: 2 },
        { variationId: plenty.variationId, quantity: 1 },
      ]);
      const transactionId = await startPayment(order);
      app.deps.now = () => minutesAfter(31);
      expect(await app.sweeper.sweep()).toBeGreaterThanOrEqual(1);
      expect(await fx.stockOf(scarce.variationId)).toBe(2);
      await placeOrder([{ variationId: scarce.variationId, quantity: 1 }], cash);

      await notify(transactionId, 'completed', 30);
      const row = await fx.orderRow(order.id);
      expect(row.paymentStatus).toBe('completed');
      expect(row.stockReleasedAt).not.toBeNull();
      expect(await fx.stockOf(scarce.variationId)).toBe(1);
      expect(await fx.stockOf(plenty.variationId)).toBe(10);
      expect(await stockHistory(order)).toEqual(['released', 'shortage']);
      const [shortage] = (await app.deps.db.select().from(orderStateHistory).where(eq(orderStateHistory.orderId, order.id))).filter(
        (h) => h.toValue === 'shortage',
      );
      expect(shortage!.note).toContain(scarce.variationId);
    });
  });

  describe('the sweeper of unpaid online orders', () => {
    it('releases online orders unpaid after 30 minutes, once, and leaves cash, paid and young orders alone', async () => {
      const { variationId } = await fx.product({ stock: 20, priceCents: 1000 });
      const unpaid = await placeOrder([{ variationId, quantity: 2 }]);
      const pending = await placeOrder([{ variationId, quantity: 3 }]);
      await notify(await startPayment(pending), 'pending', 30);
      const paid = await placeOrder([{ variationId, quantity: 4 }]);
      await notify(await startPayment(paid), 'completed', 40);
      const cashOrder = await placeOrder([{ variationId, quantity: 5 }], cash);
      app.deps.now = () => minutesAfter(20);
      const young = await placeOrder([{ variationId, quantity: 1 }]);
      expect(await fx.stockOf(variationId)).toBe(5);

      app.deps.now = () => minutesAfter(29);
      await app.sweeper.sweep();
      expect(await fx.stockOf(variationId)).toBe(5);

      app.deps.now = () => minutesAfter(31);
      await app.sweeper.sweep();
      expect(await fx.stockOf(variationId)).toBe(10);
      await app.sweeper.sweep();
      expect(await fx.stockOf(variationId)).toBe(10);
      expect(await stockHistory(unpaid)).toEqual(['released']);
      expect(await stockHistory(pending)).toEqual(['released']);
      for (const order of [paid, cashOrder, young]) expect(await stockHistory(order)).toEqual([]);

      app.deps.now = () => minutesAfter(51);
      await app.sweeper.sweep();
      expect(await fx.stockOf(variationId)).toBe(11);
    });

    it('follows the unpaidReservationMinutes setting', async () => {
      await fx.setSettings('ecommerce', { currency: 'EUR', unpaidReservationMinutes: 5 });
      try {
        const { variationId } = await fx.product({ stock: 2, priceCents: 1000 });
        await placeOrder([{ variationId, quantity: 2 }]);
        app.deps.now = () => minutesAfter(4);
        await app.sweeper.sweep();
        expect(await fx.stockOf(variationId)).toBe(0);
        app.deps.now = () => minutesAfter(6);
        await app.sweeper.sweep();
        expect(await fx.stockOf(variationId)).toBe(2);
      } finally {
        await fx.setSettings('ecommerce', { currency: 'EUR' });
      }
    });

    it('concurrent sweeps (several instances) release each order once', async () => {
      const { variationId } = await fx.product({ stock: 10, priceCents: 1000 });
      for (let i = 0; i < 4; i += 1) await placeOrder([{ variationId, quantity: 2 }]);
      expect(await fx.stockOf(variationId)).toBe(2);
      const now = minutesAfter(45);
      const counts = await Promise.all([1, 2, 3].map(() => releaseExpiredReservations(app.deps.db, { now, minutes: 30 })));
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4);
      expect(await fx.stockOf(variationId)).toBe(10);
    });
  });
});

describe('the runtime runs the sweeper', () => {
  it('on its interval, and stops it on close', async () => {
    const scheduled: { run: () => void; ms: number; cleared: boolean }[] = [];
    // a clone of the migrated template, as every test database: the runtime's own start is what is under test
    const runtime = await createTestApp('pglite', {
      env: { RESERVATION_SWEEP_SECONDS: '90', UNPAID_RESERVATION_MINUTES: '10' },
      timers: {
        setInterval: (run, ms) => {
          const entry = { run, ms, cleared: false };
          scheduled.push(entry);
          return entry;
        },
        clearInterval: (entry) => {
          (entry as (typeof scheduled)[number]).cleared = true;
        },
      },
    });
    const app: TestApp = runtime;
    const fx = commerceFixtures(app);
    const card = await fx.paymentMethod({ code: 'card', kind: 'online' });
    const { variationId } = await fx.product({ stock: 1 });
    runtime.deps.now = () => T0;
    const res = await runtime.api.request('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(orderBody([{ variationId, quantity: 1 }], { locationId: (await fx.location()).id }, card)),
    });
    expect(res.status).toBe(201);

    // the runtime's other loops (the builder's scheduled publishing) use the same timers
    const sweeps = scheduled.filter((entry) => entry.ms === 90_000);
    expect(sweeps).toHaveLength(1);
    runtime.deps.now = () => minutesAfter(11);
    sweeps[0]!.run();
    await runtime.sweeper.sweep();
    expect(await fx.stockOf(variationId)).toBe(1);
    await runtime.close();
    expect(scheduled.every((entry) => entry.cleared)).toBe(true);
  });
});
