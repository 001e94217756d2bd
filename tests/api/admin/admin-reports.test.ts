import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report, ReportTotals } from '../../../src/contract/admin';
import { customers, orderItems, orders, paymentRefunds, paymentTransactions } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures, type ProductFixture } from '../../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

const DAY_MS = 86_400_000;
/** The reported period: 14 days from 2026-03-02 (a Monday) to 2026-03-15; the previous one is 2026-02-16 to 2026-03-01. */
const FROM = '2026-03-02';
const TO = '2026-03-15';
const PREVIOUS_FROM = '2026-02-16';

/** A pseudo-random sequence, the same on every run. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

type Expected = ReportTotals & { byDay: Map<string, { orders: number; revenueCents: number; itemsSold: number; refundsCents: number }> };

/**
 * The report's rules computed straight from the rows: orders not canceled placed in [from, until) by UTC day; their
 * totals; their succeeded refunds; their quantities; customers new when their first not-canceled order is in the period.
 */
async function expectedFromRows(app: TestApp, from: string, until: string): Promise<Expected> {
  const db = app.deps.db;
  const all = await db.select().from(orders);
  const items = await db.select().from(orderItems);
  const refunds = await db.select().from(paymentRefunds);
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${until}T00:00:00Z`);
  const counted = all.filter((o) => o.status !== 'canceled');
  const inPeriod = counted.filter((o) => o.createdAt >= start && o.createdAt < end);
  const firstOf = new Map<string, Date>();
  for (const o of counted) {
    if (!o.customerId) continue;
    const seen = firstOf.get(o.customerId);
    if (!seen || o.createdAt < seen) firstOf.set(o.customerId, o.createdAt);
  }
  const byDay: Expected['byDay'] = new Map();
  const result: Expected = {
    orders: 0,
    revenueCents: 0,
    refundsCents: 0,
    netRevenueCents: 0,
    averageOrderCents: 0,
    itemsSold: 0,
    newCustomers: 0,
    returningCustomers: 0,
    byDay,
  };
  const seenCustomers = new Set<string>();
  for (const o of inPeriod) {
    const day = o.createdAt.toISOString().slice(0, 10);
    const entry = byDay.get(day) ?? { orders: 0, revenueCents: 0, itemsSold: 0, refundsCents: 0 };
    const quantity = items.filter((i) => i.orderId === o.id).reduce((sum, i) => sum + i.quantity, 0);
    const refunded = refunds.filter((r) => r.orderId === o.id && r.status === 'succeeded').reduce((sum, r) => sum + r.amountCents, 0);
    entry.orders += 1;
    entry.revenueCents += o.totalCents;
    entry.itemsSold += quantity;
    entry.refundsCents += refunded;
    byDay.set(day, entry);
    result.orders += 1;
    result.revenueCents += o.totalCents;
    result.itemsSold += quantity;
    result.refundsCents += refunded;
    if (o.customerId) seenCustomers.add(o.customerId);
  }
  for (const id of seenCustomers) {
    if (firstOf.get(id)! >= start) result.newCustomers += 1;
    else result.returningCustomers += 1;
  }
  result.netRevenueCents = result.revenueCents - result.refundsCents;
  result.averageOrderCents = result.orders ? Math.round(result.revenueCents / result.orders) : 0;
  return result;
}

const totalsOf = ({ byDay: _, ...totals }: Expected): ReportTotals => totals;

describe.each(databaseKinds)('sales reports (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let owner: TestStaff;
  let manager: TestStaff;
  let shirt: ProductFixture;
  let mug: ProductFixture;
  let catalogId: string;
  let codeId: string;

  const report = async (query: string, staff: TestStaff = owner): Promise<Report> =>
    expectJson(await adminRequest(app, `/reports?${query}`, { cookie: staff.cookie }), 200);

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    owner = await createSignedInStaff(app, 'owner');
    manager = await createSignedInStaff(app, 'manager');
    shirt = await fx.product({ priceCents: 2_500, stock: null, title: 'Shirt' });
    mug = await fx.product({ priceCents: 900, stock: null, title: 'Mug' });
    catalogId = await fx.catalog([shirt.productId]);
    codeId = (await fx.discountCode({ code: 'SPRING', kind: 'percent', value: 10 })).id;

    // orders written as placed over six weeks: some canceled, repeat customers, a code, both delivery methods, refunds
    const db = app.deps.db;
    const random = sequence(7);
    const people = Array.from({ length: 8 }, () => randomUUID());
    for (const id of people) await db.insert(customers).values({ id, name: 'Buyer', email: `${id}@example.com` });
    const first = new Date('2026-02-05T00:00:00Z').getTime();
    for (let n = 0; n < 60; n += 1) {
      const id = randomUUID();
      const createdAt = new Date(first + Math.floor(random() * 42 * DAY_MS));
      const shirts = 1 + Math.floor(random() * 3);
      const mugs = Math.floor(random() * 2);
      const itemsTotal = shirts * 2_500 + mugs * 900;
      const discounted = random() < 0.25;
      const discount = discounted ? Math.round(itemsTotal / 10) : 0;
      const pickup = random() < 0.4;
      const delivery = pickup ? 0 : 500;
      await db.insert(orders).values({
        id,
        number: n + 1_000,
        secretToken: randomUUID(),
        status: random() < 0.15 ? 'canceled' : 'new',
        paymentMethod: 'cash',
        deliveryMethod: pickup ? 'pickup' : 'shipping',
        deliveryTitle: pickup ? null : 'Courier',
        deliveryPriceCents: delivery,
        itemsTotalCents: itemsTotal,
        discountCodeId: discounted ? codeId : null,
        discountCents: discount,
        totalCents: itemsTotal - discount + delivery,
        currency: 'USD',
        customerId: people[Math.floor(random() * people.length)]!,
        customer: { name: 'Buyer', phone: '+10000000000' },
        createdAt,
      });
      await db.insert(orderItems).values([
        {
          id: randomUUID(),
          orderId: id,
          productId: shirt.productId,
          variationId: shirt.variationId,
          title: 'Shirt',
          quantity: shirts,
          unitPriceCents: 2_500,
          unitFullPriceCents: 2_500,
          totalCents: shirts * 2_500,
        },
        ...(mugs
          ? [
              {
                id: randomUUID(),
                orderId: id,
                productId: mug.productId,
                variationId: mug.variationId,
                title: 'Mug',
                quantity: mugs,
                unitPriceCents: 900,
                unitFullPriceCents: 900,
                totalCents: 900,
              },
            ]
          : []),
      ]);
      if (n % 7 === 0) {
        const [transaction] = await db
          .insert(paymentTransactions)
          .values({ id: randomUUID(), orderId: id, provider: 'sandbox', amountCents: itemsTotal, currency: 'USD', status: 'succeeded' })
          .returning({ id: paymentTransactions.id });
        for (const status of ['succeeded', 'failed']) {
          await db.insert(paymentRefunds).values({
            id: randomUUID(),
            transactionId: transaction!.id,
            orderId: id,
            provider: 'sandbox',
            idempotencyKey: randomUUID(),
            status,
            amountCents: 1_000,
            currency: 'USD',
          });
        }
      }
    }
  });
  afterAll(async () => {
    await app.close();
  });

  it('equals the sums computed from the orders, for the period and the previous one', async () => {
    const body = await report(`from=${FROM}&to=${TO}`);
    const expected = await expectedFromRows(app, FROM, '2026-03-16');
    const previous = await expectedFromRows(app, PREVIOUS_FROM, FROM);
    expect(expected.orders).toBeGreaterThan(5);
    expect(expected.refundsCents).toBeGreaterThan(0);
    expect(body.period).toEqual({ from: FROM, to: TO });
    expect(body.previousPeriod).toEqual({ from: PREVIOUS_FROM, to: '2026-03-01' });
    expect(body.currency).toBe('USD');
    expect(body.totals).toEqual(totalsOf(expected));
    expect(body.previousTotals).toEqual(totalsOf(previous));
    expect(body.points).toHaveLength(14);
    expect(body.previousPoints).toHaveLength(14);
    for (const point of body.points) {
      const day = expected.byDay.get(point.start) ?? { orders: 0, revenueCents: 0, itemsSold: 0, refundsCents: 0 };
      expect({
        orders: point.orders,
        revenueCents: point.revenueCents,
        itemsSold: point.itemsSold,
        refundsCents: point.refundsCents,
      }).toEqual(day);
      expect(point.netRevenueCents).toBe(point.revenueCents - point.refundsCents);
    }
    // each day's customers: new where their first counted order is that day
    const newByDay = body.points.reduce((sum, p) => sum + p.newCustomers, 0);
    expect(newByDay).toBe(body.totals.newCustomers);
  });

  it('groups the same orders by week and by month', async () => {
    const days = await report(`from=${FROM}&to=${TO}`);
    const weeks = await report(`from=${FROM}&to=${TO}&by=week`);
    const months = await report(`from=2026-02-01&to=2026-03-31&by=month`);
    expect(weeks.points.map((p) => p.start)).toEqual(['2026-03-02', '2026-03-09']);
    expect(weeks.totals).toEqual(days.totals);
    expect(weeks.points.reduce((sum, p) => sum + p.revenueCents, 0)).toBe(days.totals.revenueCents);
    expect(months.points.map((p) => p.start)).toEqual(['2026-02-01', '2026-03-01']);
    const february = await expectedFromRows(app, '2026-02-01', '2026-03-01');
    expect(months.points[0]).toMatchObject({ orders: february.orders, revenueCents: february.revenueCents, itemsSold: february.itemsSold });
  });

  it('ranks products, catalogs, discount codes and delivery methods', async () => {
    const body = await report(`from=${FROM}&to=${TO}`);
    const expected = await expectedFromRows(app, FROM, '2026-03-16');
    const { products, catalogs, discountCodes, deliveryMethods } = body.top;
    expect(products[0]).toMatchObject({ key: shirt.productId, title: 'Shirt' });
    expect(products.reduce((sum, p) => sum + p.quantity, 0)).toBe(expected.itemsSold);
    expect(catalogs).toHaveLength(1);
    expect(catalogs[0]).toMatchObject({ key: catalogId, quantity: products[0]!.quantity, revenueCents: products[0]!.revenueCents });
    expect(discountCodes.map((c) => c.title)).toEqual(['SPRING']);
    expect(discountCodes[0]!.discountCents).toBeGreaterThan(0);
    expect(deliveryMethods.reduce((sum, d) => sum + d.orders, 0)).toBe(expected.orders);
    expect(deliveryMethods.reduce((sum, d) => sum + d.revenueCents, 0)).toBe(expected.revenueCents);
    expect(deliveryMethods.map((d) => d.title).sort()).toEqual(['Courier', 'Pickup']);
  });

  it('follows orders placed and canceled through the shop', async () => {
    const today = app.deps.now().toISOString().slice(0, 10);
    const query = `from=${today}&to=${today}`;
    const before = await report(query, manager);
    const cash = await fx.paymentMethod({ code: 'cash', kind: 'cash' });
    const zoneId = await fx.zone({ countries: ['AE'] });
    const rateId = await fx.rate(zoneId, { kind: 'flat', priceCents: 1_500 });
    for (const [i, code] of ['new', 'processing', 'canceled'].entries()) await fx.orderState(code, code, i);
    const placed = await expectJson<{ id: string; total: number }>(
      await app.request('/orders', {
        method: 'POST',
        json: orderBody([{ variationId: mug.variationId, quantity: 2 }], { zoneId, rateId }, cash),
      }),
      201,
    );
    const row = await fx.orderRow(placed.id);
    const after = await report(query, manager);
    expect(after.totals.orders).toBe(before.totals.orders + 1);
    expect(after.totals.revenueCents).toBe(before.totals.revenueCents + row.totalCents);
    expect(after.totals.itemsSold).toBe(before.totals.itemsSold + 2);

    const { version } = await expectJson(await adminRequest(app, `/orders/${placed.id}`, { cookie: manager.cookie }), 200);
    await expectJson(
      await adminRequest(app, `/orders/${placed.id}/cancel`, { method: 'POST', cookie: manager.cookie, body: JSON.stringify({ version }) }),
      200,
    );
    expect((await report(query, manager)).totals).toEqual(before.totals);
  });

  it('is read by staff only', async () => {
    expect((await adminRequest(app, `/reports?from=${FROM}&to=${TO}`)).status).toBe(401);
    const shopper = await fx.user();
    expect((await app.request(`/admin/reports?from=${FROM}&to=${TO}`, { token: shopper.token })).status).toBe(401);
    expect((await report(`from=${FROM}&to=${TO}`, manager)).totals).toEqual((await report(`from=${FROM}&to=${TO}`)).totals);
  });

  it('refuses a range that ends before it starts, is too long or is not a date', async () => {
    const bad = async (query: string) => expectJson(await adminRequest(app, `/reports?${query}`, { cookie: owner.cookie }), 400);
    expect((await bad('from=2026-03-10&to=2026-03-01')).errors.children.to.errors.length).toBe(1);
    expect((await bad('from=2020-01-01&to=2026-03-01')).errors.children.from.errors.length).toBe(1);
    expect((await bad('from=2026-02-30')).errors.children.from.errors.length).toBeGreaterThan(0);
    expect((await bad('by=year')).errors.children.by.errors.length).toBeGreaterThan(0);
  });
});
