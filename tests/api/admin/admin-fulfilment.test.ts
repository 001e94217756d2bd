import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderQueuedMail } from '../../../src/server/mail/templates';
import { orderItems, orders } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { paymentFixtures, type PlacedOrder } from '../../helpers/payment-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

describe.each(databaseKinds)('fulfilment with tracking (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let pay: ReturnType<typeof paymentFixtures>;
  let manager: TestStaff;
  let locationId: string;
  let cash: string;
  let variationId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    pay = paymentFixtures(app, fx);
    ({ locationId, cash } = await fx.checkoutChoices());
    variationId = (await fx.product({ priceCents: 2_500, stock: 50 })).variationId;
    manager = await createSignedInStaff(app, 'manager');
  });
  afterAll(async () => {
    await app.close();
  });

  const version = async (placed: PlacedOrder) => (await fx.orderRow(placed.id)).version;
  const ship = (placed: PlacedOrder, json: Record<string, unknown>, staff: TestStaff | null = manager) =>
    adminRequest(app, `/orders/${placed.id}/shipments`, { method: 'POST', cookie: staff?.cookie, json });
  const lineOf = async (placed: PlacedOrder) => (await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id)))[0]!;

  it('ships part of a line, then the rest; each shipment is e-mailed, audited and shown on the customer page', async () => {
    const placed = await pay.placeOrder({ variationId, method: cash, locationId, quantity: 3 });
    await app.deps.db.update(orders).set({ lang: 'ru' }).where(eq(orders.id, placed.id));
    const line = await lineOf(placed);
    const first = await expectJson(
      await ship(placed, {
        version: await version(placed),
        lines: [{ itemId: line.id, quantity: 2 }],
        carrier: 'russian-post',
        trackingNumber: 'RA123456789RU',
      }),
      201,
    );
    expect(first.fulfilment).toBe('partial');
    expect(first.items[0].shippedQuantity).toBe(2);
    expect(first.shipments).toEqual([
      expect.objectContaining({
        carrier: 'russian-post',
        trackingNumber: 'RA123456789RU',
        trackingUrl: 'https://www.pochta.ru/tracking?barcode=RA123456789RU',
        lines: [{ itemId: line.id, title: line.title, quantity: 2 }],
        staffName: manager.name,
      }),
    ]);
    const over = await expectJson(await ship(placed, { version: first.version, lines: [{ itemId: line.id, quantity: 2 }] }), 400);
    expect(over.errorPath).toBe(`lines.${line.id}`);
    expect(over.message).toContain('1');
    await expectJson(await ship(placed, { version: first.version - 1, lines: [{ itemId: line.id, quantity: 1 }] }), 409);
    const rest = await expectJson(
      await ship(placed, { version: first.version, carrier: 'other', trackingNumber: 'X1', trackingUrl: 'https://track.example/X1' }),
      201,
    );
    expect(rest.fulfilment).toBe('fulfilled');
    expect(rest.shipments[1]).toMatchObject({ trackingUrl: 'https://track.example/X1', lines: [{ quantity: 1 }] });
    const nothing = await expectJson(await ship(placed, { version: rest.version }), 400);
    expect(nothing.errorPath).toBe('lines');

    const mails = (await pay.mails('order-shipped')).filter((m) => m.data.orderId === placed.id);
    expect(mails).toHaveLength(2);
    const rendered = (await renderQueuedMail(app.deps, mails[0]!))!;
    expect(rendered.subject).toBe(`Заказ №${placed.number} отправлен`);
    expect(rendered.text).toContain('RA123456789RU');
    expect(rendered.text).toContain('Почта России');
    expect(rendered.html).toContain('https://www.pochta.ru/tracking?barcode=RA123456789RU');
    expect(rendered.text).toContain('× 2');

    const audits = (await pay.audits('order.shipment')).filter((a) => a.entityId === placed.id);
    expect(audits).toHaveLength(2);
    expect(await pay.history(placed.id, 'shipment')).toEqual([
      [null, 'partial'],
      [null, 'fulfilled'],
    ]);
    const customerView = await expectJson(await app.request(`/orders/${placed.number}?token=${placed.secretToken}`), 200);
    expect(customerView.shipments).toEqual([
      expect.objectContaining({ carrier: 'russian-post', trackingNumber: 'RA123456789RU', items: [{ title: line.title, quantity: 2 }] }),
      expect.objectContaining({ trackingUrl: 'https://track.example/X1', items: [{ title: line.title, quantity: 1 }] }),
    ]);
  });

  it('refuses a canceled order, a script as tracking link, an unknown carrier, and a request without a session', async () => {
    const placed = await pay.placeOrder({ variationId, method: cash, locationId, quantity: 1 });
    const v = await version(placed);
    const script = await expectJson(await ship(placed, { version: v, trackingUrl: 'javascript:alert(1)' }), 400);
    expect(script.errorPath).toBe('trackingUrl');
    expect((await ship(placed, { version: v, carrier: 'pigeon' })).status).toBe(400);
    expect((await ship(placed, { version: v }, null)).status).toBe(401);
    expect(
      (
        await adminRequest(app, `/orders/${placed.id}/shipments`, {
          method: 'POST',
          cookie: manager.cookie,
          csrf: false,
          json: { version: v },
        })
      ).status,
    ).toBe(403);
    await expectJson(
      await adminRequest(app, `/orders/${placed.id}/cancel`, { method: 'POST', cookie: manager.cookie, json: { version: v } }),
      200,
    );
    const canceled = await expectJson(await ship(placed, { version: await version(placed) }), 400);
    expect(canceled.errorPath).toBe('lines');
    expect(await pay.mails('order-shipped').then((m) => m.filter((x) => x.data.orderId === placed.id))).toEqual([]);
  });

  it('records a shipment without e-mailing when asked not to', async () => {
    const placed = await pay.placeOrder({ variationId, method: cash, locationId, quantity: 1 });
    await expectJson(await ship(placed, { version: await version(placed), notify: false }), 201);
    expect(await pay.mails('order-shipped').then((m) => m.filter((x) => x.data.orderId === placed.id))).toEqual([]);
  });
});
