import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report, ReportTotals } from '../../../src/contract/admin';
import { customers, orderItems, orders, paymentRefunds, paymentTransactions } from '../../../src/server/db/schema';
import { eq } from 'drizzle-orm';
import { addDays, dayKeyIn, dayOf, keyOf } from '../../../src/lib/reports';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures, type ProductFixture } from '../../helpers/commerce-fixtures';
import { paymentFixtures, type PlacedOrder } from '../../helpers/payment-fixtures';
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

type DayFigures = {
  orders: number;
  revenueCents: number;
  itemsSold: number;
  refundsCents: number;
  newCustomers: number;
  cartOrders: number;
};
type Expected = ReportTotals & { byDay: Map<string, DayFigures> };

/**
 * The report's rules computed straight from the rows: orders not canceled placed in [from, until) by their day in
 * `zone`; their totals; their succeeded refunds; their quantities; customers new when their first not-canceled order
 * is in the period (and, per day, on that day); orders of signed-in shoppers. `carts` is what the test started.
 */
async function expectedFromRows(app: TestApp, from: string, until: string, zone = 'UTC', carts = 0): Promise<Expected> {
  const db = app.deps.db;
  const all = await db.select().from(orders);
  const items = await db.select().from(orderItems);
  const refunds = await db.select().from(paymentRefunds);
  const dayOf = (date: Date) => dayKeyIn(date, zone);
  const counted = all.filter((o) => o.status !== 'canceled');
  const inPeriod = counted.filter((o) => dayOf(o.createdAt) >= from && dayOf(o.createdAt) < until);
  const firstOf = new Map<string, string>();
  for (const o of counted) {
    if (!o.customerId) continue;
    const seen = firstOf.get(o.customerId);
    if (!seen || dayOf(o.createdAt) < seen) firstOf.set(o.customerId, dayOf(o.createdAt));
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
    cartsStarted: carts,
    cartOrders: 0,
    byDay,
  };
  const seenCustomers = new Set<string>();
  const seenByDay = new Map<string, Set<string>>();
  for (const o of inPeriod) {
    const day = dayOf(o.createdAt);
    const entry = byDay.get(day) ?? { orders: 0, revenueCents: 0, itemsSold: 0, refundsCents: 0, newCustomers: 0, cartOrders: 0 };
    const quantity = items.filter((i) => i.orderId === o.id).reduce((sum, i) => sum + i.quantity, 0);
    const refunded = refunds.filter((r) => r.orderId === o.id && r.status === 'succeeded').reduce((sum, r) => sum + r.amountCents, 0);
    entry.orders += 1;
    entry.revenueCents += o.totalCents;
    entry.itemsSold += quantity;
    entry.refundsCents += refunded;
    if (o.userId) entry.cartOrders += 1;
    const dayCustomers = seenByDay.get(day) ?? new Set<string>();
    if (o.customerId && !dayCustomers.has(o.customerId) && firstOf.get(o.customerId) === day) entry.newCustomers += 1;
    if (o.customerId) dayCustomers.add(o.customerId);
    seenByDay.set(day, dayCustomers);
    byDay.set(day, entry);
    result.orders += 1;
    result.revenueCents += o.totalCents;
    result.itemsSold += quantity;
    result.refundsCents += refunded;
    if (o.userId) result.cartOrders += 1;
    if (o.customerId) seenCustomers.add(o.customerId);
  }
  for (const id of seenCustomers) {
    if (firstOf.get(id)! >= from) result.newCustomers += 1;
    else result.returningCustomers += 1;
  }
  result.netRevenueCents = result.revenueCents - result.refundsCents;
  result.averageOrderCents = result.orders ? Math.round(result.revenueCents / result.orders) : 0;
  return result;
}

const noDay: DayFigures = { orders: 0, revenueCents: 0, itemsSold: 0, refundsCents: 0, newCustomers: 0, cartOrders: 0 };
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
    expect(body.timeZone).toBe('UTC');
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
      const { orders: n, revenueCents, itemsSold, refundsCents, newCustomers } = expected.byDay.get(point.start) ?? noDay;
      expect({
        orders: point.orders,
        revenueCents: point.revenueCents,
        itemsSold: point.itemsSold,
        refundsCents: point.refundsCents,
        newCustomers: point.newCustomers,
      }).toEqual({ orders: n, revenueCents, itemsSold, refundsCents, newCustomers });
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

describe.each(databaseKinds)('sales report roll-ups kept by the writes (%s)', (kind) => {
  const ZONE = 'Europe/Moscow';
  let app: TestApp;
  let fx: CommerceFixtures;
  let pay: ReturnType<typeof paymentFixtures>;
  let owner: TestStaff;
  let locationId: string;
  let cash: string;
  let shirt: ProductFixture;
  let carts = 0;
  /** today in the shop's zone, and the days the checks read: the week up to tomorrow */
  let today: string;
  let from: string;
  let until: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    pay = paymentFixtures(app, fx);
    ({ locationId, cash } = await fx.checkoutChoices());
    shirt = await fx.product({ priceCents: 2_500, stock: 100, title: 'Shirt' });
    owner = await createSignedInStaff(app, 'owner');
    for (const [i, code] of ['new', 'processing', 'canceled'].entries()) await fx.orderState(code, code, i);
  });
  afterAll(async () => {
    await app.close();
  });

  const setDays = (zone: string) => {
    today = dayKeyIn(app.deps.now(), zone);
    from = keyOf(addDays(dayOf(today), -6));
    until = keyOf(addDays(dayOf(today), 2));
  };
  const place = (quantity: number, email: string, extra: Record<string, unknown> = {}) =>
    pay.placeOrder({
      variationId: shirt.variationId,
      method: cash,
      locationId,
      quantity,
      extra: { customer: { name: 'Anna', lastName: 'Smith', phone: '+7 (999) 123-45-67', email }, ...extra },
    });
  const version = async (placed: PlacedOrder) => (await fx.orderRow(placed.id)).version;

  /** The report of the checked days equals the sums computed from the orders, day by day and in total. */
  async function expectReportMatchesRows(zone: string) {
    const to = keyOf(addDays(dayOf(until), -1));
    const body = await expectJson<Report>(await adminRequest(app, `/reports?from=${from}&to=${to}`, { cookie: owner.cookie }), 200);
    const expected = await expectedFromRows(app, from, until, zone, carts);
    expect(body.timeZone).toBe(zone);
    expect(body.totals).toEqual(totalsOf(expected));
    for (const point of body.points) {
      const { orders: n, revenueCents, itemsSold, refundsCents, newCustomers, cartOrders } = expected.byDay.get(point.start) ?? noDay;
      expect({ ...point, start: undefined }).toMatchObject({ orders: n, revenueCents, itemsSold, refundsCents, newCustomers, cartOrders });
    }
    const weeks = await expectJson<Report>(
      await adminRequest(app, `/reports?from=${from}&to=${to}&by=week`, { cookie: owner.cookie }),
      200,
    );
    expect(weeks.totals).toEqual(body.totals);
    const top = body.top.products.reduce((sum, p) => sum + p.quantity, 0);
    expect(top).toBe(expected.itemsSold);
    return body;
  }

  it('follows placing, paying, refunding, editing and canceling orders', async () => {
    setDays('UTC');
    const first = await place(2, 'first@example.com');
    await expectReportMatchesRows('UTC');

    // paid by card through the sandbox, then partly refunded
    const card = await pay.placeOrder({ variationId: shirt.variationId, method: 'card', locationId, quantity: 3 });
    const url = await pay.initialize(card);
    expect((await app.request(`${new URL(url).pathname.replace(/^\/api/, '')}/pay`, { method: 'POST' })).status).toBe(303);
    await expectReportMatchesRows('UTC');
    await expectJson(
      await adminRequest(app, `/orders/${card.id}/refunds`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { version: await version(card), amountCents: 1_200 },
      }),
      201,
    );
    const refunded = await expectReportMatchesRows('UTC');
    expect(refunded.totals.refundsCents).toBe(1_200);

    // an edit before shipping: the quantity and the total move
    const [line] = await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, first.id));
    await expectJson(
      await adminRequest(app, `/orders/${first.id}/edit`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { version: await version(first), lines: [{ itemId: line!.id, quantity: 5 }] },
      }),
      200,
    );
    const edited = await expectReportMatchesRows('UTC');
    expect(edited.totals.itemsSold).toBe(8);

    // the first customer's second order, then their first one canceled: the second becomes their first
    await place(1, 'first@example.com');
    expect((await expectReportMatchesRows('UTC')).totals.newCustomers).toBe(2);
    await expectJson(
      await adminRequest(app, `/orders/${first.id}/cancel`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { version: await version(first) },
      }),
      200,
    );
    const canceled = await expectReportMatchesRows('UTC');
    expect(canceled.totals.orders).toBe(2);
    expect(canceled.totals.newCustomers).toBe(2);
  });

  it('stays exact when orders of one day are placed at the same time', async () => {
    setDays('UTC');
    // different products without a stock to lock, so nothing but the roll-ups is shared
    const goods = await Promise.all(Array.from({ length: 6 }, (_, i) => fx.product({ priceCents: 1_000 + i, stock: null })));
    const placed = await Promise.all(
      goods.map((good, i) =>
        pay.placeOrder({
          variationId: good.variationId,
          method: cash,
          locationId,
          extra: { customer: { name: 'Anna', lastName: 'Smith', phone: `+7 (999) 123-45-6${i}`, email: `together${i}@example.com` } },
        }),
      ),
    );
    expect(placed).toHaveLength(6);
    await expectReportMatchesRows('UTC');
  });

  it('counts carts signed-in shoppers start and the orders they place', async () => {
    setDays('UTC');
    const shopper = await fx.user();
    const put = (quantity: number) =>
      app.request('/cart', { method: 'PUT', token: shopper.token, json: quantity ? [{ variationId: shirt.variationId, quantity }] : [] });
    expect((await put(1)).status).toBe(200);
    expect((await put(2)).status).toBe(200);
    carts += 1;
    expect((await put(0)).status).toBe(200);
    expect((await put(1)).status).toBe(200);
    carts += 1;
    const res = await app.request('/orders', {
      method: 'POST',
      token: shopper.token,
      json: orderBody([{ variationId: shirt.variationId, quantity: 1 }], { locationId }, cash),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await expectReportMatchesRows('UTC');
    expect(body.totals).toMatchObject({ cartsStarted: 2, cartOrders: 1 });
  });

  it('counts days of the shop time zone, on both sides of its midnight, and rebuilds them when the zone changes', async () => {
    const real = app.deps.now;
    // Moscow is UTC+3 all year: its midnight is 21:00 UTC of the day before
    const midnight = new Date(`${dayKeyIn(real(), 'UTC')}T00:00:00Z`).getTime() - 3 * 3_600_000;
    app.deps.now = () => new Date(midnight - 30 * 60_000);
    await place(1, 'late@example.com');
    app.deps.now = () => new Date(midnight + 30 * 60_000);
    await place(4, 'early@example.com');
    app.deps.now = real;
    setDays('UTC');
    await expectReportMatchesRows('UTC');

    await fx.setSettings('ecommerce', { reportTimeZone: ZONE });
    setDays(ZONE);
    const body = await expectReportMatchesRows(ZONE);
    const beforeMidnight = keyOf(addDays(new Date(midnight + 3 * 3_600_000), -1));
    const afterMidnight = keyOf(new Date(midnight + 3 * 3_600_000));
    expect(body.points.find((p) => p.start === beforeMidnight)?.itemsSold).toBeGreaterThanOrEqual(1);
    expect(body.points.find((p) => p.start === afterMidnight)?.itemsSold).toBeGreaterThanOrEqual(4);

    // a zone the database does not know leaves the reports where they were
    await fx.setSettings('ecommerce', { reportTimeZone: 'Mars/Olympus_Mons' });
    await expectReportMatchesRows(ZONE);
    await place(1, 'later@example.com');
    await expectReportMatchesRows(ZONE);
  });
});
