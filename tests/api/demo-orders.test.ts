import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/contract/admin';
import { customers, orders, paymentRefunds } from '../../src/server/db/schema';
import { DEMO_ORDER_COUNT } from '../../src/server/seed/demo-orders';
import { countRealOrders } from '../../src/server/seed/empty-shop';
import { adminRequest, createSignedInStaff, expectJson } from '../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('the demo shop with its past orders (%s)', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: true, env: { SEED_DEMO_ORDERS: 'true' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('has orders over the last 90 days, numbered in time order, none of them counted as real', async () => {
    const rows = await app.deps.db.select().from(orders).orderBy(orders.number);
    expect(rows).toHaveLength(DEMO_ORDER_COUNT);
    const times = rows.map((o) => o.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const now = app.deps.now().getTime();
    expect(now - times[0]!).toBeLessThanOrEqual(90 * 86_400_000);
    expect(times.at(-1)!).toBeLessThan(now);
    expect(rows.some((o) => o.status === 'canceled')).toBe(true);
    expect(await countRealOrders(app.deps.db)).toBe(0);
    const refunds = await app.deps.db.select().from(paymentRefunds);
    expect(refunds.length).toBeGreaterThan(0);
    // returning customers: someone ordered more than once
    const buyers = await app.deps.db.select().from(customers);
    expect(buyers.some((c) => c.ordersCount > 1)).toBe(true);
  });

  it('draws the last 90 days in the reports, equal to the orders’ sums', async () => {
    const owner = await createSignedInStaff(app, 'owner');
    const today = app.deps.now().toISOString().slice(0, 10);
    const from = new Date(app.deps.now().getTime() - 90 * 86_400_000).toISOString().slice(0, 10);
    const report = await expectJson<Report>(
      await adminRequest(app, `/reports?from=${from}&to=${today}&by=week`, { cookie: owner.cookie }),
      200,
    );
    const counted = (await app.deps.db.select().from(orders)).filter((o) => o.status !== 'canceled');
    expect(report.totals.orders).toBe(counted.length);
    expect(report.totals.revenueCents).toBe(counted.reduce((sum, o) => sum + o.totalCents, 0));
    expect(report.totals.refundsCents).toBeGreaterThan(0);
    expect(report.totals.newCustomers).toBeGreaterThan(0);
    // every buyer's first order is in the range, so returning customers show week by week
    expect(report.totals.returningCustomers).toBe(0);
    expect(report.points.some((p) => p.returningCustomers > 0)).toBe(true);
    expect(report.top.products.length).toBe(10);
    expect(report.top.discountCodes.map((c) => c.title)).toEqual(['WELCOME10']);
    expect(report.top.deliveryMethods.length).toBeGreaterThan(1);
  });
});
