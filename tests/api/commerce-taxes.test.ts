import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountToCents } from '../../src/lib/money';
import { orderTax, type TaxSettings } from '../../src/lib/tax';
import { auditLog, orderItems, orders, products } from '../../src/server/db/schema';
import { renderQueuedMail } from '../../src/server/mail/templates';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

const TAXES_OFF = { enabled: false, pricesIncludeTax: false, taxDelivery: true, standardRate: 0, reducedRate: 0, areas: [] };

describe.each(databaseKinds)('taxes on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let cash: string;
  let store: { id: string; code: string };
  let zoneId: string;
  let rateId: string;
  let owner: TestStaff;
  let manager: TestStaff;
  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    cash = await fx.paymentMethod({ code: 'cash', kind: 'cash' });
    store = await fx.location({ code: 'store', paymentMethodCodes: [cash] });
    zoneId = await fx.zone({ countries: ['US', 'DE'] });
    rateId = await fx.rate(zoneId, { kind: 'flat', priceCents: 999 });
    await fx.setSettings('ecommerce', { currency: 'USD' });
    owner = await createSignedInStaff(app, 'owner');
    manager = await createSignedInStaff(app, 'manager');
  });
  afterAll(async () => {
    await app.close();
  });

  const placeOrder = async (json: unknown) => expectJson(await app.request('/orders', { method: 'POST', json }), 201);
  const setTaxes = (taxes: Partial<TaxSettings>) => fx.setSettings('taxes', { ...TAXES_OFF, ...taxes });
  const shipTo = (country: string, region?: string) => {
    const body = orderBody([], { zoneId, rateId, country }, cash).delivery as { address: Record<string, string> };
    return region ? { ...body, address: { ...body.address, region } } : body;
  };
  const products3 = async () => {
    const shirt = await fx.product({ priceCents: 1_999 });
    const book = await fx.product({ priceCents: 1_250 });
    const gift = await fx.product({ priceCents: 700 });
    await app.deps.db.update(products).set({ taxClass: 'reduced' }).where(eq(products.id, book.productId));
    await app.deps.db.update(products).set({ taxClass: 'exempt' }).where(eq(products.id, gift.productId));
    return { shirt, book, gift };
  };

  it('a shop without taxes places orders as before: no tax, the same total', async () => {
    await setTaxes({});
    const { shirt } = await products3();
    const order = await placeOrder(orderBody([{ variationId: shirt.variationId, quantity: 2 }], { locationId: store.id }, cash));
    expect(order).toMatchObject({ itemsPrice: 39.98, taxPrice: 0, taxIncluded: false, totalPrice: 39.98 });
    expect(order.items[0]).toMatchObject({ taxRate: 0, taxPrice: 0 });
  });

  it('adds an exclusive tax per line at the class rate of the region, delivery included, and the total is what the checkout computes', async () => {
    await setTaxes({
      enabled: true,
      standardRate: 20,
      reducedRate: 10,
      areas: [{ area: 'US-CA', standard: 7.25, reduced: 0 }],
    });
    const { shirt, book, gift } = await products3();
    const code = await fx.discountCode({ kind: 'fixed', value: 500 });
    const items = [
      { variationId: shirt.variationId, quantity: 3 },
      { variationId: book.variationId, quantity: 1 },
      { variationId: gift.variationId, quantity: 1 },
    ];
    const order = await placeOrder({
      ...orderBody(items, { zoneId, rateId }, cash),
      delivery: shipTo('US', 'CA'),
      discountCodeId: code.id,
    });
    const discountCents = amountToCents(order.discountPrice);
    expect(discountCents).toBeGreaterThan(0);
    // what the checkout's summary computes from the same inputs (src/islands/checkout/CheckoutPage.tsx)
    const settings = (await app.request('/config').then((r) => r.json())).taxes as TaxSettings;
    const shown = orderTax({
      settings,
      place: { country: 'US', region: 'CA' },
      lines: [
        { totalCents: 5_997, taxClass: 'standard' },
        { totalCents: 1_250, taxClass: 'reduced' },
        { totalCents: 700, taxClass: 'exempt' },
      ],
      discountCents,
      deliveryCents: 999,
    });
    expect(shown.lines.map((l) => l.ratePercent)).toEqual([7.25, 0, 0]);
    expect(amountToCents(order.taxPrice)).toBe(shown.taxCents);
    expect(shown.taxCents).toBeGreaterThan(0);
    expect(order.taxIncluded).toBe(false);
    expect(amountToCents(order.totalPrice)).toBe(7_947 - discountCents + 999 + shown.taxCents);
    expect(order.items.map((i: { taxRate: number; taxPrice: number }) => [i.taxRate, amountToCents(i.taxPrice)])).toEqual(
      shown.lines.map((l) => [l.ratePercent, l.taxCents]),
    );
    // stored: each line's tax and the order's, the delivery's share of it
    const [row] = await app.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      taxCents: shown.taxCents,
      deliveryTaxCents: shown.delivery.taxCents,
      deliveryTaxRate: 7.25,
      taxIncluded: false,
    });
    const lines = await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.reduce((sum, l) => sum + l.taxCents, 0) + row!.deliveryTaxCents).toBe(row!.taxCents);
    // the shopper's order page and the back office answer the same
    const shopper = await expectJson(await app.request(`/orders/${order.number}?token=${order.secretToken}`), 200);
    expect(shopper).toMatchObject({ taxPrice: order.taxPrice, totalPrice: order.totalPrice });
    const detail = await expectJson(await adminRequest(app, `/orders/${order.id}`, { cookie: owner.cookie }), 200);
    expect(detail.totals).toMatchObject({ taxCents: shown.taxCents, taxIncluded: false, totalCents: amountToCents(order.totalPrice) });
  });

  it('takes the country rate outside a listed region, and the default rate elsewhere', async () => {
    await setTaxes({ enabled: true, standardRate: 19, reducedRate: 7, areas: [{ area: 'US', standard: 5, reduced: 5 }] });
    const { shirt } = await products3();
    const line = [{ variationId: shirt.variationId, quantity: 1 }];
    const us = await placeOrder({ ...orderBody(line, { zoneId, rateId }, cash), delivery: shipTo('US', 'NY') });
    expect(us.items[0].taxRate).toBe(5);
    expect(us.taxPrice).toBe(1.5); // 19.99 × 5% = 0.9995 → 1.00, delivery 9.99 × 5% = 0.4995 → 0.50
    const de = await placeOrder({ ...orderBody(line, { zoneId, rateId }, cash), delivery: shipTo('DE') });
    expect(de.items[0].taxRate).toBe(19);
    expect(de.taxPrice).toBe(5.7); // 3.80 + 1.90
    // a pickup is taxed at the shop's default rates
    const pickup = await placeOrder(orderBody(line, { locationId: store.id }, cash));
    expect(pickup).toMatchObject({ taxPrice: 3.8, totalPrice: 23.79 });
  });

  it('with prices including tax, shows the tax within an unchanged total', async () => {
    await setTaxes({ enabled: true, pricesIncludeTax: true, standardRate: 20, reducedRate: 10 });
    const { shirt, book } = await products3();
    const items = [
      { variationId: shirt.variationId, quantity: 3 },
      { variationId: book.variationId, quantity: 2 },
    ];
    const order = await placeOrder(orderBody(items, { locationId: store.id }, cash));
    // 59.97 / 6 = 9.995 → 10.00; 25.00 / 11 = 2.27
    expect(order).toMatchObject({ itemsPrice: 84.97, totalPrice: 84.97, taxPrice: 12.27, taxIncluded: true });
  });

  it('zero-rated and exempt products carry no tax, and delivery is untaxed when the shop says so', async () => {
    await setTaxes({ enabled: true, standardRate: 20, reducedRate: 10, taxDelivery: false });
    const { gift } = await products3();
    await app.deps.db.update(products).set({ taxClass: 'zero' }).where(eq(products.id, gift.productId));
    const order = await placeOrder({
      ...orderBody([{ variationId: gift.variationId, quantity: 4 }], { zoneId, rateId }, cash),
      delivery: shipTo('DE'),
    });
    expect(order).toMatchObject({ taxPrice: 0, totalPrice: 37.99 });
  });

  it('a delivery priced later by the manager is taxed at the rate the order was placed with', async () => {
    await setTaxes({ enabled: true, standardRate: 20, reducedRate: 10 });
    const managerRate = await fx.rate(zoneId, { kind: 'by_manager', priceCents: 0 });
    const { shirt } = await products3();
    const order = await placeOrder({
      ...orderBody([{ variationId: shirt.variationId, quantity: 1 }], { zoneId, rateId: managerRate }, cash),
      delivery: { ...shipTo('DE'), rateId: managerRate },
    });
    expect(order).toMatchObject({ taxPrice: 4, totalPrice: 23.99 });
    const before = await expectJson(await adminRequest(app, `/orders/${order.id}`, { cookie: manager.cookie }), 200);
    const priced = await expectJson(
      await adminRequest(app, `/orders/${order.id}/delivery-price`, {
        method: 'POST',
        cookie: manager.cookie,
        json: { priceCents: 1_000, version: before.version },
      } as never),
      200,
    );
    expect(priced.totals).toMatchObject({ deliveryCents: 1_000, taxCents: 600, totalCents: 1_999 + 1_000 + 600 });
  });

  it("the invoice prints each line's rate and the tax, and the order e-mail names the tax", async () => {
    await setTaxes({ enabled: true, pricesIncludeTax: true, standardRate: 20, reducedRate: 10 });
    const { shirt, book } = await products3();
    const items = [
      { variationId: shirt.variationId, quantity: 1 },
      { variationId: book.variationId, quantity: 1 },
    ];
    const order = await placeOrder(orderBody(items, { locationId: store.id }, cash));
    expect(order.taxPrice).toBe(4.47); // 19.99 / 6 = 3.33; 12.50 / 11 = 1.14
    const before = await expectJson(await adminRequest(app, `/orders/${order.id}`, { cookie: manager.cookie }), 200);
    await expectJson(
      await adminRequest(app, `/orders/${order.id}/invoice`, {
        method: 'POST',
        cookie: manager.cookie,
        json: { version: before.version },
      } as never),
      201,
    );
    const html = await (await adminRequest(app, `/orders/${order.id}/invoice`, { cookie: manager.cookie })).text();
    expect(html).toContain('<th class="n">Tax rate</th>');
    expect(html).toContain('<td class="n">20%</td>');
    expect(html).toContain('<td class="n">10%</td>');
    expect(html).toMatch(/Including tax<\/dt><dd>\$4\.47/);
    const mail = await renderQueuedMail(app.deps, { template: 'order-placed', lang: 'ru', data: { orderId: order.id } });
    expect(mail!.text).toMatch(/В том числе налог\W+4[.,]47/);
  });

  describe('the Taxes settings', () => {
    const put = (who: TestStaff | null, value: unknown, version: number) =>
      adminRequest(app, '/settings/taxes', { method: 'PUT', cookie: who?.cookie ?? null, body: JSON.stringify({ value, version }) });
    const stored = async () => {
      const groups = await expectJson(await adminRequest(app, '/settings', { cookie: manager.cookie }), 200);
      return groups.groups.find((g: { group: string }) => g.group === 'taxes');
    };

    it('a new shop has taxes off', async () => {
      const fresh = await createTestApp(kind);
      try {
        const config = await fresh.request('/config').then((r) => r.json());
        expect(config.taxes).toEqual(TAXES_OFF);
      } finally {
        await fresh.close();
      }
    });

    it('the owner saves them, audited; a manager, a signed-out visitor and a bad rate are refused', async () => {
      const current = await stored();
      const value = {
        ...TAXES_OFF,
        enabled: true,
        standardRate: 20,
        reducedRate: 10,
        areas: [{ area: 'US-CA', standard: 7.25, reduced: 0 }],
      };
      // a manager reads them but may not change them
      const refused = await expectJson(await put(manager, value, current.version), 403);
      expect(refused.message).toBe('Only the shop owner may change the taxes');
      expect((await put(null, value, current.version)).status).toBe(401);
      expect((await stored()).version).toBe(current.version);
      const bad = await expectJson(await put(owner, { ...value, standardRate: 120 }, current.version), 400);
      expect(JSON.stringify(bad)).toContain('standardRate');
      const badArea = await expectJson(
        await put(owner, { ...value, areas: [{ area: 'California', standard: 1, reduced: 0 }] }, current.version),
        400,
      );
      expect(JSON.stringify(badArea)).toContain('area');
      const saved = await expectJson(await put(owner, value, current.version), 200);
      expect(saved).toMatchObject({ group: 'taxes', value, version: current.version + 1 });
      const entries = await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, 'taxes'));
      expect(entries.map((e) => [e.action, e.staffId])).toEqual([['settings.update', owner.id]]);
      expect((await app.request('/config').then((r) => r.json())).taxes).toEqual(value);
    });
  });
});
