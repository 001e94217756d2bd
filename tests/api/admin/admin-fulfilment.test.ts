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

  describe('returns', () => {
    let card: string;
    let stocked: string;
    beforeAll(async () => {
      card = 'card';
      stocked = (await fx.product({ priceCents: 3_000, stock: 20 })).variationId;
    });
    async function paidOrder(quantity: number) {
      const placed = await pay.placeOrder({ variationId: stocked, method: card, locationId, quantity });
      const url = await pay.initialize(placed);
      expect((await app.request(`${new URL(url).pathname.replace(/^\/api/, '')}/pay`, { method: 'POST' })).status).toBe(303);
      return placed;
    }
    const post = (placed: PlacedOrder, path: string, json: Record<string, unknown>, staff: TestStaff | null = manager) =>
      adminRequest(app, `/orders/${placed.id}${path}`, { method: 'POST', cookie: staff?.cookie, json });

    it('a return is opened by lines, received back to stock and refunded through the provider', async () => {
      const placed = await paidOrder(3);
      const line = await lineOf(placed);
      const stockBefore = await fx.stockOf(stocked);
      const opened = await expectJson(
        await post(placed, '/returns', { version: await version(placed), lines: [{ itemId: line.id, quantity: 2 }], reason: 'Too small' }),
        201,
      );
      expect(opened.returns).toEqual([
        expect.objectContaining({
          status: 'requested',
          reason: 'Too small',
          openedBy: 'staff',
          lines: [{ itemId: line.id, title: line.title, quantity: 2 }],
        }),
      ]);
      const tooMany = await expectJson(
        await post(placed, '/returns', { version: opened.version, lines: [{ itemId: line.id, quantity: 2 }], reason: 'More' }),
        400,
      );
      expect(tooMany.errorPath).toBe(`lines.${line.id}`);
      const returnId = opened.returns[0].id;
      await expectJson(
        await post(placed, `/returns/${returnId}/receive`, { version: opened.version - 1, restock: true, refund: true }),
        409,
      );
      const received = await expectJson(
        await post(placed, `/returns/${returnId}/receive`, { version: opened.version, restock: true, refund: true }),
        200,
      );
      expect(received.returns[0]).toMatchObject({ status: 'refunded', restock: true, refundCents: 6_000 });
      expect(received.payment.refunds).toEqual([expect.objectContaining({ amountCents: 6_000, status: 'succeeded', reason: 'Too small' })]);
      expect(received.paymentStatus).toBe('completed');
      expect(await fx.stockOf(stocked)).toBe(stockBefore! + 2);
      expect(received.items[0].returnedQuantity).toBe(2);
      // received once only
      expect((await post(placed, `/returns/${returnId}/receive`, { version: received.version, restock: true, refund: true })).status).toBe(
        400,
      );
      expect((await pay.mails('payment-refunded')).some((m) => m.data.orderId === placed.id)).toBe(true);
      const actions = (await pay.audits('order.return-open'))
        .concat(await pay.audits('order.return-receive'))
        .filter((a) => a.entityId === placed.id);
      expect(actions).toHaveLength(2);
      expect(await pay.history(placed.id, 'return')).toEqual([
        [null, 'requested'],
        ['requested', 'received'],
        ['received', 'refunded'],
      ]);
    });

    it('a rejected return frees its lines; received without restock or refund keeps stock and money', async () => {
      const placed = await paidOrder(1);
      const line = await lineOf(placed);
      const opened = await expectJson(
        await post(placed, '/returns', {
          version: await version(placed),
          lines: [{ itemId: line.id, quantity: 1 }],
          reason: 'Changed mind',
        }),
        201,
      );
      const rejected = await expectJson(await post(placed, `/returns/${opened.returns[0].id}/reject`, { version: opened.version }), 200);
      expect(rejected.returns[0].status).toBe('rejected');
      const again = await expectJson(
        await post(placed, '/returns', { version: rejected.version, lines: [{ itemId: line.id, quantity: 1 }], reason: 'Broken' }),
        201,
      );
      const stock = await fx.stockOf(stocked);
      const kept = await expectJson(
        await post(placed, `/returns/${again.returns[1].id}/receive`, { version: again.version, restock: false, refund: false }),
        200,
      );
      expect(kept.returns[1]).toMatchObject({ status: 'received', restock: false, refundCents: 0 });
      expect(await fx.stockOf(stocked)).toBe(stock);
      expect(kept.payment.refunds).toEqual([]);
    });

    it("who may not: no session, no header, a blank reason, another order's return", async () => {
      const placed = await paidOrder(1);
      const other = await paidOrder(1);
      const line = await lineOf(placed);
      const v = await version(placed);
      expect((await post(placed, '/returns', { version: v, lines: [{ itemId: line.id, quantity: 1 }], reason: 'x' }, null)).status).toBe(
        401,
      );
      expect(
        (
          await adminRequest(app, `/orders/${placed.id}/returns`, {
            method: 'POST',
            cookie: manager.cookie,
            csrf: false,
            json: { version: v, lines: [{ itemId: line.id, quantity: 1 }], reason: 'x' },
          })
        ).status,
      ).toBe(403);
      expect(
        (await expectJson(await post(placed, '/returns', { version: v, lines: [{ itemId: line.id, quantity: 1 }], reason: '  ' }), 400))
          .errorPath,
      ).toBe('reason');
      const opened = await expectJson(
        await post(placed, '/returns', { version: v, lines: [{ itemId: line.id, quantity: 1 }], reason: 'x' }),
        201,
      );
      await expectJson(
        await post(other, `/returns/${opened.returns[0].id}/receive`, { version: await version(other), restock: true, refund: false }),
        404,
      );
    });
  });

  it('invoices: numbered once per order, one after the other for the shop; printable with prices and the buyer, escaped', async () => {
    const a = await pay.placeOrder({ variationId, method: cash, locationId, quantity: 2, extra: { comment: '<script>alert(1)</script>' } });
    const b = await pay.placeOrder({ variationId, method: cash, locationId, quantity: 1 });
    expect((await adminRequest(app, `/orders/${a.id}/invoice`, { cookie: manager.cookie })).status).toBe(404);
    const issue = (placed: PlacedOrder, v: number) =>
      adminRequest(app, `/orders/${placed.id}/invoice`, { method: 'POST', cookie: manager.cookie, json: { version: v } });
    const [first, second] = await Promise.all([
      issue(a, await version(a)).then((r) => expectJson(r, 201)),
      issue(b, await version(b)).then((r) => expectJson(r, 201)),
    ]);
    expect([first.invoice.number, second.invoice.number].sort((x, y) => x - y)).toEqual([
      Math.min(first.invoice.number, second.invoice.number),
      Math.min(first.invoice.number, second.invoice.number) + 1,
    ]);
    const again = await expectJson(await issue(a, first.version), 201);
    expect(again.invoice.number).toBe(first.invoice.number);
    await expectJson(await issue(a, first.version - 1), 409);
    const page = await adminRequest(app, `/orders/${a.id}/invoice`, { cookie: manager.cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain(`Invoice ${first.invoice.number} for order ${a.number}`);
    expect(html).toContain('Anna Smith');
    expect(html).toMatch(/Order total<\/dt><dd><strong>[^<]*50/);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect((await pay.audits('order.invoice')).filter((x) => x.entityId === a.id).length).toBeGreaterThanOrEqual(1);
    expect((await adminRequest(app, `/orders/${a.id}/invoice`, { method: 'POST', json: { version: again.version } })).status).toBe(401);
  });
});
