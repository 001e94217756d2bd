import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leads, reviews, users } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { createReview } from '../../helpers/catalog-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser } from '../../helpers/users-fixtures';

describe.each(databaseKinds)('back office leads, customers, dashboard and audit (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let owner: TestStaff;
  let manager: TestStaff;

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    manager = await createSignedInStaff(app, 'manager', 'Max Manager');
    await fx.setSettings('ecommerce', { currency: 'USD' });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (path: string, who: TestStaff = manager) => adminRequest(app, path, { cookie: who.cookie }).then((r) => expectJson(r, 200));
  const patch = (path: string, body: unknown, who: TestStaff = manager) =>
    adminRequest(app, path, { method: 'PATCH', cookie: who.cookie, body: JSON.stringify(body) });

  describe('leads', () => {
    it('stores the variation sent with an enquiry and shows it in the inbox; marks handled with who did it', async () => {
      const lamp = await fx.product({ title: 'Lamp', sku: 'LMP-RED' });
      const created = await app.request('/leads', {
        method: 'POST',
        json: {
          product: lamp.productId,
          variation: lamp.variationId,
          name: 'Vera',
          phone: '+971 50 123 4567',
          email: 'vera@example.com',
          text: 'Is red in stock?',
        },
      });
      const { id } = await expectJson(created, 201);
      const inbox = await get('/leads?handled=false');
      expect(inbox.items.find((l: { id: string }) => l.id === id)).toMatchObject({
        type: 'enquiry',
        name: 'Vera',
        email: 'vera@example.com',
        productId: lamp.productId,
        productTitle: 'Lamp',
        productSlug: lamp.slug,
        variationId: lamp.variationId,
        variationTitle: 'LMP-RED',
        handledAt: null,
        handledByName: null,
        version: 1,
      });
      const handled = await expectJson(await patch(`/leads/${id}`, { handled: true, version: 1 }), 200);
      expect(handled).toMatchObject({ handledByName: 'Max Manager', version: 2 });
      expect(handled.handledAt).toEqual(expect.any(String));
      expect((await get('/leads?handled=false')).items.map((l: { id: string }) => l.id)).not.toContain(id);
      expect((await get('/leads?q=red%20in')).items.map((l: { id: string }) => l.id)).toEqual([id]);
      await expectJson(await patch(`/leads/${id}`, { handled: false, version: 1 }), 409);
      const bad = await expectJson(await patch(`/leads/${id}`, { handled: 'yes', version: 2 }), 400);
      expect(bad.errors.children.handled).toBeTruthy();
      await expectJson(await patch('/leads/00000000-0000-4000-8000-000000000000', { handled: true, version: 1 }), 404);
      const [entry] = await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));
      expect(entry).toMatchObject({ action: 'lead.update', before: { handledAt: null } });
    });

    it('refuses an enquiry naming a variation of another product (and stores nothing)', async () => {
      const a = await fx.product();
      const b = await fx.product();
      const before = (await app.deps.db.select().from(leads)).length;
      const response = await app.request('/leads', {
        method: 'POST',
        json: { product: a.productId, variation: b.variationId, name: 'X', phone: '+971 50 123 4567' },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).errors.children.variation).toBeTruthy();
      expect(await app.deps.db.select().from(leads)).toHaveLength(before);
    });
  });

  describe('customers', () => {
    it('lists and searches customers with their order counts, and shows one with orders and reviews', async () => {
      const customer = await createUser(app, { firstName: 'Greta', lastName: 'Quill' });
      const cash = await fx.paymentMethod({ kind: 'cash' });
      const store = await fx.location({ paymentMethodCodes: [cash] });
      const product = await fx.product();
      await expectJson(
        await app.request('/orders', {
          method: 'POST',
          token: customer.token,
          json: orderBody([{ variationId: product.variationId, quantity: 1 }], { locationId: store.id }, cash),
        }),
        201,
      );
      await app.deps.db.insert(reviews).values({
        id: crypto.randomUUID(),
        productId: product.productId,
        userId: customer.id,
        authorName: 'Greta',
        rating: 4,
        text: 'Good',
        status: 'pending',
      });
      const list = await get('/customers?q=quill');
      expect(list.items).toEqual([
        expect.objectContaining({
          id: customer.id,
          email: customer.email,
          firstName: 'Greta',
          lastName: 'Quill',
          ordersCount: 1,
          disabled: false,
        }),
      ]);
      expect((await get('/customers?q=greta%20quill')).total).toBe(1);
      const detail = await get(`/customers/${customer.id}`);
      expect(detail).toMatchObject({
        id: customer.id,
        version: 1,
        orders: [expect.objectContaining({ totalCents: 1000, currency: 'USD' })],
        reviews: [expect.objectContaining({ rating: 4, status: 'pending' })],
      });
      await expectJson(await adminRequest(app, '/customers/00000000-0000-4000-8000-000000000000', { cookie: manager.cookie }), 404);
      expect((await adminRequest(app, '/customers?disabled=maybe', { cookie: manager.cookie })).status).toBe(400);
    });

    it('disabling revokes the customer tokens and refuses sign-in; a stale version gets 409', async () => {
      const customer = await createUser(app);
      expect((await app.request('/users', { token: customer.token })).status).toBe(200);
      const disabled = await expectJson(await patch(`/customers/${customer.id}`, { disabled: true, version: 1 }), 200);
      expect(disabled).toMatchObject({ disabled: true, version: 2 });
      expect((await app.request('/users', { token: customer.token })).status).toBe(401);
      const signIn = await app.request('/login_check', {
        method: 'POST',
        json: { username: customer.email, password: customer.password },
        headers: { 'x-shop-client-ip': `203.0.113.${Date.now() % 200}` },
      });
      expect(signIn.status).toBe(401);
      expect((await get('/customers?disabled=true')).items.map((c: { id: string }) => c.id)).toContain(customer.id);
      await expectJson(await patch(`/customers/${customer.id}`, { disabled: false, version: 1 }), 409);
      await expectJson(await patch(`/customers/${customer.id}`, { disabled: false, version: 2 }), 200);
      const again = await app.request('/login_check', {
        method: 'POST',
        json: { username: customer.email, password: customer.password },
        headers: { 'x-shop-client-ip': `203.0.113.${Date.now() % 200}-b` },
      });
      expect(again.status).toBe(200);
      const bad = await expectJson(await patch(`/customers/${customer.id}`, { disabled: 1 }), 400);
      expect(Object.keys(bad.errors.children).sort()).toEqual(['disabled', 'version']);
      const [row] = await app.deps.db.select().from(users).where(eq(users.id, customer.id));
      expect(row).toMatchObject({ disabled: false, version: 3 });
    });
  });

  it('dashboard counts today and this week, what awaits staff, and low stock', async () => {
    const before = await get('/dashboard');
    const card = await fx.paymentMethod({ kind: 'online' });
    const zone = await fx.zone();
    const rate = await fx.rate(zone, { kind: 'by_manager', priceCents: 0 });
    const scarce = await fx.product({ priceCents: 3_000, stock: 4, title: 'Scarce vase', sku: 'VASE-1' });
    await expectJson(
      await app.request('/orders', {
        method: 'POST',
        json: orderBody([{ variationId: scarce.variationId, quantity: 1 }], { zoneId: zone, rateId: rate }, card),
      }),
      201,
    );
    await createReview(app.deps.db, { productId: scarce.productId, status: 'pending' });
    const after = await get('/dashboard');
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.today.revenueCents).toBe(before.today.revenueCents + 3_000);
    expect(after.week.orders).toBe(before.week.orders + 1);
    expect(after.unpaidOrders).toBe(before.unpaidOrders + 1);
    expect(after.awaitingDeliveryPrice).toBe(before.awaitingDeliveryPrice + 1);
    expect(after.pendingReviews).toBe(before.pendingReviews + 1);
    expect(after.currency).toBe('USD');
    expect(after.lowStock).toContainEqual({
      productId: scarce.productId,
      variationId: scarce.variationId,
      title: 'Scarce vase',
      sku: 'VASE-1',
      stock: 3,
    });
  });

  it('audit log: owner only, filtered by staff and entity, without secrets', async () => {
    const customer = await createUser(app);
    await expectJson(await patch(`/customers/${customer.id}`, { disabled: true, version: 1 }, owner), 200);
    expect((await adminRequest(app, '/audit', { cookie: manager.cookie })).status).toBe(403);
    const log = await get(`/audit?entityType=customer&entityId=${customer.id}`, owner);
    expect(log.items).toEqual([
      expect.objectContaining({
        staffId: owner.id,
        staffName: 'Olga Owner',
        action: 'customer.update',
        before: { disabled: false, version: 1 },
        after: { disabled: true, version: 2 },
      }),
    ]);
    expect(
      (await get(`/audit?staffId=${manager.id}&entityType=customer`, owner)).items.every(
        (e: { staffId: string }) => e.staffId === manager.id,
      ),
    ).toBe(true);
    expect((await get('/audit?from=2000-01-01&to=2000-01-02', owner)).total).toBe(0);
    const all = await get('/audit?perPage=100', owner);
    expect(JSON.stringify(all)).not.toMatch(/passwordHash|secretToken|shop_admin/);
    const bad = await expectJson(await adminRequest(app, '/audit?from=soon', { cookie: owner.cookie }), 400);
    expect(bad.errors.children.from).toBeTruthy();
  });
});
