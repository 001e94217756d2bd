import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../../src/lib/format-price';
import { onInvalidate } from '../../../src/server/cache/invalidation';
import { auditLog, mailQueue, orderNotes, orders } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

describe.each(databaseKinds)('back office orders (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let manager: TestStaff;
  let cash: string;
  let card: string;
  let store: { id: string };
  let zoneId: string;
  let byManagerRate: string;
  let flatRate: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    manager = await createSignedInStaff(app, 'manager', 'Mia Manager');
    cash = await fx.paymentMethod({ code: 'cash', kind: 'cash' });
    card = await fx.paymentMethod({ code: 'card', kind: 'online' });
    store = await fx.location({ code: 'store', paymentMethodCodes: [cash, card] });
    zoneId = await fx.zone({ countries: ['AE'] });
    byManagerRate = await fx.rate(zoneId, { kind: 'by_manager', priceCents: 0, title: { en: 'Freight', ru: 'Грузовая' } });
    flatRate = await fx.rate(zoneId, { kind: 'flat', priceCents: 1_500 });
    await fx.setSettings('ecommerce', { currency: 'USD' });
    for (const [i, code] of ['new', 'processing', 'shipped', 'delivered', 'canceled'].entries()) await fx.orderState(code, code, i);
  });
  afterAll(async () => {
    await app.close();
  });

  async function placeOrder(
    options: {
      quantity?: number;
      stock?: number | null;
      rate?: string;
      method?: string;
      customer?: Record<string, unknown>;
      sku?: string;
    } = {},
  ) {
    const product = await fx.product({
      priceCents: 2_000,
      stock: options.stock === undefined ? 10 : options.stock,
      sku: options.sku ?? 'SKU-1',
      title: 'Lamp',
    });
    const delivery = options.rate ? { zoneId, rateId: options.rate } : { locationId: store.id };
    const body = orderBody([{ variationId: product.variationId, quantity: options.quantity ?? 2 }], delivery, options.method ?? cash);
    if (options.customer) body.customer = { ...body.customer, ...options.customer } as typeof body.customer;
    const response = await app.request('/orders', { method: 'POST', json: body });
    const order = await expectJson(response, 201);
    return { ...order, product } as { id: string; number: number; secretToken: string; product: typeof product };
  }

  const detail = async (id: string) => expectJson(await adminRequest(app, `/orders/${id}`, { cookie: manager.cookie }), 200);
  const post = (path: string, body: unknown) =>
    adminRequest(app, path, { method: 'POST', cookie: manager.cookie, body: JSON.stringify(body) });
  const auditOf = (id: string) => app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));
  const mailsOf = (template: string) => app.deps.db.select().from(mailQueue).where(eq(mailQueue.template, template));

  describe('list', () => {
    it('filters by status, payment state, delivery method, dates and search; sorts and pages', async () => {
      const marker = `Zed${Date.now()}`;
      const a = await placeOrder({ customer: { name: marker, phone: '+971 50 111 2233', email: `${marker.toLowerCase()}@example.com` } });
      const b = await placeOrder({ rate: flatRate, customer: { name: marker } });
      const list = (query: string) => adminRequest(app, `/orders?${query}`, { cookie: manager.cookie }).then((r) => expectJson(r, 200));

      const byName = await list(`q=${marker}&sort=number`);
      expect(byName.items.map((o: { id: string }) => o.id)).toEqual([a.id, b.id]);
      expect(byName).toMatchObject({ total: 2, page: 1, perPage: 25 });
      expect(byName.items[0]).toMatchObject({
        number: a.number,
        status: 'new',
        paymentStatus: 'new',
        paymentMethod: 'cash',
        deliveryMethod: 'pickup',
        customerName: `${marker} Smith`,
        customerEmail: `${marker.toLowerCase()}@example.com`,
        totalCents: 4_000,
        currency: 'USD',
        deliveryPriceByManager: false,
        deliveryPriceSet: true,
      });
      expect((await list(`q=${marker}&sort=-number`)).items[0].id).toBe(b.id);
      expect((await list(`q=${marker}&deliveryMethod=shipping`)).items.map((o: { id: string }) => o.id)).toEqual([b.id]);
      expect((await list(`q=%23${a.number}`)).items.map((o: { id: string }) => o.id)).toEqual([a.id]);
      expect((await list(`q=501112233`)).items.map((o: { id: string }) => o.id)).toEqual([a.id]);
      expect((await list(`q=${marker.toLowerCase()}%40example`)).items.map((o: { id: string }) => o.id)).toEqual([a.id]);
      expect((await list(`q=${marker}&paymentStatus=completed`)).total).toBe(0);
      expect((await list(`q=${marker}&status=new`)).total).toBe(2);
      const today = new Date().toISOString().slice(0, 10);
      expect((await list(`q=${marker}&from=${today}&to=${today}`)).total).toBe(2);
      expect((await list(`q=${marker}&to=2000-01-01`)).total).toBe(0);
      const paged = await list(`q=${marker}&perPage=1&page=2&sort=number`);
      expect(paged).toMatchObject({ total: 2, page: 2, perPage: 1 });
      expect(paged.items.map((o: { id: string }) => o.id)).toEqual([b.id]);
    });

    it('answers 400 with the field for bad list queries', async () => {
      for (const [query, field] of [
        ['perPage=1000', 'perPage'],
        ['page=0', 'page'],
        ['sort=password', 'sort'],
        ['from=yesterday', 'from'],
        ['paymentStatus=paid', 'paymentStatus'],
      ]) {
        const body = await expectJson(await adminRequest(app, `/orders?${query}`, { cookie: manager.cookie }), 400);
        expect(body.errors.children[field!], query).toBeTruthy();
      }
    });
  });

  it('shows an order in full, and 404 for an unknown one', async () => {
    const order = await placeOrder({ rate: byManagerRate, method: card });
    const body = await detail(order.id);
    expect(body).toMatchObject({
      id: order.id,
      number: order.number,
      status: 'new',
      version: 1,
      currency: 'USD',
      items: [{ title: 'Lamp', sku: 'SKU-1', quantity: 2, unitPriceCents: 2_000, totalCents: 4_000 }],
      delivery: {
        method: 'shipping',
        byManager: true,
        priceSet: false,
        priceCents: 0,
        rate: { id: byManagerRate, kind: 'by_manager', title: 'Freight' },
        zone: { id: zoneId },
      },
      payment: { method: { code: 'card', kind: 'online' }, status: 'new', transactions: [] },
      discount: { code: null, cents: 0 },
      totals: { itemsCents: 4_000, discountCents: 0, deliveryCents: 0, totalCents: 4_000 },
      notes: [],
      allowedStatuses: ['processing', 'shipped', 'delivered'],
      canCancel: true,
    });
    expect(body.customerUrl).toBe(`http://localhost:4321/payment?order=${order.number}&token=${order.secretToken}&lang=en`);
    expect(body.history.map((h: { kind: string; to: string }) => `${h.kind}:${h.to}`).sort()).toEqual(['payment:new', 'status:new']);
    const states = await expectJson(await adminRequest(app, '/order-states', { cookie: manager.cookie }), 200);
    expect(states.map((s: { code: string }) => s.code)).toEqual(['new', 'processing', 'shipped', 'delivered', 'canceled']);
    await expectJson(await adminRequest(app, '/orders/00000000-0000-4000-8000-000000000000', { cookie: manager.cookie }), 404);
  });

  describe('status', () => {
    it('moves the order, records history and audit, and e-mails the customer', async () => {
      const order = await placeOrder();
      const body = await expectJson(await post(`/orders/${order.id}/status`, { status: 'processing', version: 1 }), 200);
      expect(body).toMatchObject({ status: 'processing', version: 2 });
      expect(body.history.at(-1)).toMatchObject({ kind: 'status', from: 'new', to: 'processing' });
      const [entry] = await auditOf(order.id);
      expect(entry).toMatchObject({ action: 'order.status', staffName: 'Mia Manager', entityType: 'order' });
      expect(entry!.before).toMatchObject({ status: 'new', version: 1 });
      expect(entry!.after).toMatchObject({ status: 'processing', version: 2 });
      const mails = (await mailsOf('order-status')).filter((m) => m.data.orderId === order.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: 'anna@example.com', lang: 'en', status: 'pending' });
    });

    it('refuses unknown states, canceling through status, and bad input with field errors', async () => {
      const order = await placeOrder();
      for (const [json, field] of [
        [{ status: 'teleported', version: 1 }, 'status'],
        [{ status: 'canceled', version: 1 }, 'status'],
        [{ status: 'new', version: 1 }, 'status'],
        [{ status: 'processing' }, 'version'],
        [{ status: 'processing', version: 'one' }, 'version'],
      ] as const) {
        const body = await expectJson(await post(`/orders/${order.id}/status`, json), 400);
        expect(body.errors.children[field], JSON.stringify(json)).toBeTruthy();
      }
      expect((await fx.orderRow(order.id)).status).toBe('new');
    });

    it('answers 409 for a stale version and changes nothing', async () => {
      const order = await placeOrder();
      await expectJson(await post(`/orders/${order.id}/status`, { status: 'processing', version: 1 }), 200);
      const stale = await expectJson(await post(`/orders/${order.id}/status`, { status: 'shipped', version: 1 }), 409);
      expect(stale.message).toBe('Changed by someone else; reload to see their change');
      expect(await fx.orderRow(order.id)).toMatchObject({ status: 'processing', version: 2 });
      expect(await auditOf(order.id)).toHaveLength(1);
    });
  });

  describe('delivery price by manager', () => {
    it('blocks online payment until set, then recalculates the total, e-mails a pay link, and payment can start', async () => {
      const order = await placeOrder({ rate: byManagerRate, method: card });
      const early = await app.request('/payment/initialize', { method: 'POST', json: { order: order.number, token: order.secretToken } });
      expect(early.status).toBe(409);
      expect((await early.json()).errorPath).toBe('order');

      const body = await expectJson(await post(`/orders/${order.id}/delivery-price`, { priceCents: 2_550, version: 1 }), 200);
      expect(body).toMatchObject({
        version: 2,
        delivery: { priceCents: 2_550, priceSet: true, byManager: true },
        totals: { itemsCents: 4_000, deliveryCents: 2_550, totalCents: 6_550 },
      });
      expect((await mailsOf('delivery-price-set')).filter((m) => m.data.orderId === order.id)).toHaveLength(1);
      const [entry] = await auditOf(order.id);
      expect(entry).toMatchObject({ action: 'order.delivery-price' });
      expect(entry!.after).toMatchObject({ deliveryPriceCents: 2_550, totalCents: 6_550 });

      const started = await app.request('/payment/initialize', { method: 'POST', json: { order: order.number, token: order.secretToken } });
      expect(started.status).toBe(200);
      const [transaction] = (await detail(order.id)).payment.transactions;
      expect(transaction.amountCents).toBe(6_550);
    });

    it('refuses orders not priced by the manager, negative or fractional prices, and stale versions', async () => {
      const flat = await placeOrder({ rate: flatRate });
      const notByManager = await expectJson(await post(`/orders/${flat.id}/delivery-price`, { priceCents: 100, version: 1 }), 400);
      expect(notByManager.errors.children.priceCents).toBeTruthy();
      const order = await placeOrder({ rate: byManagerRate });
      for (const priceCents of [-1, 10.5, '100', null]) {
        const body = await expectJson(await post(`/orders/${order.id}/delivery-price`, { priceCents, version: 1 }), 400);
        expect(body.errors.children.priceCents, String(priceCents)).toBeTruthy();
      }
      await expectJson(await post(`/orders/${order.id}/delivery-price`, { priceCents: 100, version: 7 }), 409);
      expect(await fx.orderRow(order.id)).toMatchObject({ deliveryPriceSet: false, totalCents: 4_000, version: 1 });
    });
  });

  describe('cancel', () => {
    it('returns the stock exactly once, even when two managers cancel at the same moment', async () => {
      const order = await placeOrder({ quantity: 3, stock: 10 });
      expect(await fx.stockOf(order.product.variationId)).toBe(7);
      const tags: string[] = [];
      const stop = onInvalidate((t) => void tags.push(...t));
      const results = await Promise.all([
        post(`/orders/${order.id}/cancel`, { reason: 'Customer called', version: 1 }),
        post(`/orders/${order.id}/cancel`, { version: 1 }),
      ]);
      stop();
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await fx.stockOf(order.product.variationId)).toBe(10);
      const body = await detail(order.id);
      expect(body).toMatchObject({ status: 'canceled', canCancel: false, allowedStatuses: [], version: 2 });
      expect(body.history.filter((h: { kind: string }) => h.kind === 'stock')).toHaveLength(1);
      expect(tags).toContain(`product:${order.product.productId}`);
      // canceling again with the current version is refused and returns nothing more
      await expectJson(await post(`/orders/${order.id}/cancel`, { version: 2 }), 400);
      expect(await fx.stockOf(order.product.variationId)).toBe(10);
      expect((await auditOf(order.id)).map((e) => e.action)).toEqual(['order.cancel']);
      // a canceled order cannot be paid
      const pay = await app.request('/payment/initialize', { method: 'POST', json: { order: order.number, token: order.secretToken } });
      expect(pay.status).toBe(400);
    });

    it('refuses a cancel without a version or with an overlong reason', async () => {
      const order = await placeOrder();
      expect((await post(`/orders/${order.id}/cancel`, {})).status).toBe(400);
      expect((await post(`/orders/${order.id}/cancel`, { reason: 'x'.repeat(501), version: 1 })).status).toBe(400);
      expect((await fx.orderRow(order.id)).status).toBe('new');
    });
  });

  describe('notes and packing slip', () => {
    it('adds internal notes with the staff name; blank notes are refused', async () => {
      const order = await placeOrder();
      const note = await expectJson(await post(`/orders/${order.id}/notes`, { text: '  Fragile, pack twice  ' }), 201);
      expect(note).toMatchObject({ text: 'Fragile, pack twice', staffName: 'Mia Manager' });
      expect((await detail(order.id)).notes).toEqual([note]);
      const blank = await expectJson(await post(`/orders/${order.id}/notes`, { text: '   ' }), 400);
      expect(blank.errors.children.text).toBeTruthy();
      await expectJson(await post('/orders/00000000-0000-4000-8000-000000000000/notes', { text: 'x' }), 404);
      expect(await app.deps.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id))).toHaveLength(1);
      expect((await auditOf(order.id)).map((e) => e.action)).toEqual(['order.note']);
    });

    it('prints a packing slip with SKU, quantity and address, escaping what customers typed', async () => {
      const order = await placeOrder({ rate: flatRate, sku: 'LMP-<7>', customer: { name: '<script>alert(1)</script>' } });
      const response = await adminRequest(app, `/orders/${order.id}/packing-slip`, { cookie: manager.cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      const html = await response.text();
      expect(html).toContain(`order ${order.number}`);
      expect(html).toContain('LMP-&lt;7&gt;');
      expect(html).toContain('1 Beach road');
      expect(html).not.toContain('<script>alert');
      const policy = response.headers.get('content-security-policy')!;
      const nonce = /'nonce-([^']+)'/.exec(policy)![1];
      expect(policy).toContain("default-src 'none'");
      expect(html).toContain(`<script nonce="${nonce}">`);
      const unitPrice = formatPrice(20, { currency: 'USD' });
      expect(html).toContain(unitPrice);
      const noPrices = await (await adminRequest(app, `/orders/${order.id}/packing-slip?prices=false`, { cookie: manager.cookie })).text();
      expect(noPrices).not.toContain(unitPrice);
      expect((await adminRequest(app, `/orders/${order.id}/packing-slip?prices=maybe`, { cookie: manager.cookie })).status).toBe(400);
    });
  });

  it('keeps orders untouched by reads', async () => {
    const order = await placeOrder();
    await detail(order.id);
    const [row] = await app.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.version).toBe(1);
  });
});
