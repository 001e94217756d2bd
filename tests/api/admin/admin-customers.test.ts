import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, orders } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

describe.each(databaseKinds)('every buyer a customer, notes, tags and exports (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let owner: TestStaff;
  let manager: TestStaff;
  let cash: string;
  let store: { id: string };
  let variationId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    owner = await createSignedInStaff(app, 'owner');
    manager = await createSignedInStaff(app, 'manager');
    await fx.setSettings('ecommerce', { currency: 'USD' });
    cash = await fx.paymentMethod({ kind: 'cash' });
    store = await fx.location({ paymentMethodCodes: [cash] });
    variationId = (await fx.product({ priceCents: 1_000, stock: null })).variationId;
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (path: string, who: TestStaff = manager) => adminRequest(app, path, { cookie: who.cookie }).then((r) => expectJson(r, 200));
  const patch = (path: string, body: unknown, who: TestStaff = manager) =>
    adminRequest(app, path, { method: 'PATCH', cookie: who.cookie, json: body });
  const unique = () => randomUUID().slice(0, 8);

  async function guestOrder(customer: Record<string, unknown>, quantity = 1, init: { token?: string } = {}) {
    const body = orderBody([{ variationId, quantity }], { locationId: store.id }, cash, { customer });
    const placed = await expectJson(await app.request('/orders', { method: 'POST', json: body, ...init }), 201);
    const [row] = await app.deps.db.select().from(orders).where(eq(orders.id, placed.id));
    return row!;
  }

  it("a guest's three orders by e-mail are one customer with their orders and total spent", async () => {
    const email = `guest-${unique()}@example.com`;
    const first = await guestOrder({ name: 'Gwen', lastName: 'Guest', phone: '+1 555 0100', email });
    const second = await guestOrder({ name: 'Gwen', lastName: 'Guest', phone: '+1 555 0199', email: email.toUpperCase() }, 2);
    const third = await guestOrder({ name: 'Gwendolyn', lastName: 'Guest', phone: '+1 555 0100', email }, 3);
    expect(new Set([first.customerId, second.customerId, third.customerId]).size).toBe(1);
    const list = await get(`/customers?q=${encodeURIComponent(email)}`);
    expect(list.items).toEqual([
      expect.objectContaining({
        id: first.customerId,
        email,
        firstName: 'Gwendolyn',
        registered: false,
        disabled: false,
        ordersCount: 3,
        totalSpentCents: 6_000,
        currency: 'USD',
      }),
    ]);
    const detail = await get(`/customers/${first.customerId}`);
    expect(detail.orders.map((o: { number: number }) => o.number)).toEqual([third.number, second.number, first.number]);
    const order = await get(`/orders/${first.id}`);
    expect(order.customerId).toBe(first.customerId);
  });

  it('a guest who gives only a phone is found by it; a phone never joins a record of another e-mail', async () => {
    const phone = `+44 20 ${Math.floor(Math.random() * 9e7)}`;
    const a = await guestOrder({ name: 'Pat', phone, email: null });
    const b = await guestOrder({ name: 'Pat', phone, email: null });
    expect(a.customerId).toBe(b.customerId);
    const withEmail = await guestOrder({ name: 'Pat', phone, email: `pat-${unique()}@example.com` });
    // the phone-only record takes the e-mail it lacked
    expect(withEmail.customerId).toBe(a.customerId);
    const stranger = await guestOrder({ name: 'Sam', phone, email: `sam-${unique()}@example.com` });
    expect(stranger.customerId).not.toBe(a.customerId);
  });

  it('a guest who registers with the e-mail of their orders becomes one registered customer', async () => {
    const email = `later-${unique()}@example.com`;
    const guest = await guestOrder({ name: 'Lia', phone: '+1 555 0111', email });
    const registered = await expectJson(
      await app.request('/register', {
        method: 'POST',
        json: { email, password: 'a long enough password 1', profile: { firstName: 'Lia', lastName: 'Later' } },
        headers: { 'x-shop-client-ip': `203.0.113.${Math.floor(Math.random() * 200)}` },
      }),
      201,
    );
    const token = registered.token as string;
    const signedIn = await guestOrder({ name: 'Lia', phone: '+1 555 0111', email }, 1, { token });
    expect(signedIn.customerId).toBe(guest.customerId);
    const detail = await get(`/customers/${guest.customerId}`);
    expect(detail).toMatchObject({ registered: true, ordersCount: 2, lastName: 'Later' });
    // the account sees only what it ordered signed in: the e-mail was never proven
    const mine = await expectJson(await app.request('/users/orders', { token }), 200);
    expect(JSON.stringify(mine)).not.toContain(guest.id);
  });

  it('notes and tags: saved with the version, audited, filtered; a guest has no account to disable', async () => {
    const email = `tagged-${unique()}@example.com`;
    const order = await guestOrder({ name: 'Tess', phone: '+1 555 0122', email }, 4);
    const id = order.customerId!;
    const saved = await expectJson(
      await patch(`/customers/${id}`, { note: 'Prefers mornings', tags: ['VIP', ' vip ', 'wholesale'], version: 1 }),
      200,
    );
    expect(saved).toMatchObject({ note: 'Prefers mornings', tags: ['VIP', 'wholesale'], version: 2 });
    await expectJson(await patch(`/customers/${id}`, { note: 'stale', version: 1 }), 409);
    const guestDisable = await expectJson(await patch(`/customers/${id}`, { disabled: true, version: 2 }), 400);
    expect(guestDisable.errorPath).toBe('disabled');
    const tooMany = await expectJson(
      await patch(`/customers/${id}`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`), version: 2 }),
      400,
    );
    expect(tooMany.errorPath).toBe('tags');
    expect((await expectJson(await patch(`/customers/${id}`, { version: 2 }), 400)).errorPath).toBe('disabled');
    expect((await get('/customers?tag=VIP')).items.map((c: { id: string }) => c.id)).toEqual([id]);
    expect(await get('/customers/tags')).toEqual(expect.arrayContaining(['VIP', 'wholesale']));
    const rich = await get('/customers?minSpent=4000&tag=wholesale');
    expect(rich.items.map((c: { id: string }) => c.id)).toEqual([id]);
    expect((await get('/customers?minSpent=4001&tag=wholesale')).total).toBe(0);
    expect((await get('/customers?maxSpent=3999&tag=wholesale')).total).toBe(0);
    expect((await get('/customers?registered=false&tag=VIP')).total).toBe(1);
    expect((await get('/customers?registered=true&tag=VIP')).total).toBe(0);
    expect((await adminRequest(app, '/customers?minSpent=lots', { cookie: manager.cookie })).status).toBe(400);
    const [entry] = await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({ action: 'customer.update', staffId: manager.id });
    expect(entry!.after).toMatchObject({ note: 'Prefers mornings', tags: ['VIP', 'wholesale'] });
    // a canceled order no longer counts as spent
    await expectJson(
      await adminRequest(app, `/orders/${order.id}/cancel`, { method: 'POST', cookie: owner.cookie, json: { version: order.version } }),
      200,
    );
    expect((await get(`/customers/${id}`)).totalSpentCents).toBe(0);
  });

  it('exports orders and customers as CSV, streamed, filtered like the lists, formulas made inert', async () => {
    const email = `csv-${unique()}@example.com`;
    const order = await guestOrder({ name: '=HYPERLINK("http://evil.test")', lastName: 'Csv', phone: '+1 555 0133', email }, 2);
    await expectJson(await patch(`/customers/${order.customerId}`, { tags: ['csv-export'], note: '+SUM(A1)', version: 1 }), 200);
    const ordersCsv = await adminRequest(app, `/orders/export.csv?q=${encodeURIComponent(email)}`, { cookie: owner.cookie });
    expect(ordersCsv.status).toBe(200);
    expect(ordersCsv.headers.get('content-type')).toContain('text/csv');
    expect(ordersCsv.headers.get('content-disposition')).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const orderRows = Papa.parse<Record<string, string>>((await ordersCsv.text()).replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(orderRows).toEqual([
      expect.objectContaining({
        number: String(order.number),
        customer_name: `'=HYPERLINK("http://evil.test") Csv`,
        customer_email: email,
        units: '2',
        total: '20.00',
        currency: 'USD',
      }),
    ]);
    const customersCsv = await adminRequest(app, '/customers/export.csv?tag=csv-export', { cookie: owner.cookie });
    const customerRows = Papa.parse<Record<string, string>>((await customersCsv.text()).replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(customerRows).toEqual([
      expect.objectContaining({ id: order.customerId, email, orders: '1', total_spent: '20.00', note: "'+SUM(A1)", registered: 'no' }),
    ]);
    // every order when unfiltered, across pages
    const all = await adminRequest(app, '/orders/export.csv', { cookie: owner.cookie });
    const allRows = Papa.parse<Record<string, string>>((await all.text()).replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(allRows.length).toBe((await app.deps.db.select({ id: orders.id }).from(orders)).length);
  });

  it('who may not: no session gets 401, a manager may not export (every buyer at once), a write without the header 403', async () => {
    expect((await adminRequest(app, '/orders/export.csv', { cookie: manager.cookie })).status).toBe(403);
    expect((await adminRequest(app, '/customers/export.csv', { cookie: manager.cookie })).status).toBe(403);
    expect((await adminRequest(app, '/orders/export.csv')).status).toBe(401);
    expect((await adminRequest(app, '/customers/export.csv')).status).toBe(401);
    const [row] = await app.deps.db.select().from(customers).limit(1);
    expect((await adminRequest(app, `/customers/${row!.id}`, { method: 'PATCH', json: { note: 'x', version: row!.version } })).status).toBe(
      401,
    );
    expect(
      (
        await adminRequest(app, `/customers/${row!.id}`, {
          method: 'PATCH',
          cookie: manager.cookie,
          csrf: false,
          json: { note: 'x', version: row!.version },
        })
      ).status,
    ).toBe(403);
  });
});
