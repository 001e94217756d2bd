import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderQueuedMail } from '../../src/server/mail/templates';
import { orderItems, orders } from '../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { paymentFixtures, type PlacedOrder } from '../helpers/payment-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

const T0 = new Date('2026-03-02T10:00:00Z');
const days = (n: number) => new Date(T0.getTime() + n * 86_400_000);

describe.each(databaseKinds)('returns opened by the customer (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let pay: ReturnType<typeof paymentFixtures>;
  let manager: TestStaff;
  let locationId: string;
  let cash: string;
  let variationId: string;
  let anna: { id: string; token: string };
  let boris: { id: string; token: string };

  beforeAll(async () => {
    app = await createTestApp(kind);
    app.deps.now = () => T0;
    fx = commerceFixtures(app);
    pay = paymentFixtures(app, fx);
    ({ locationId, cash } = await fx.checkoutChoices());
    variationId = (await fx.product({ priceCents: 2_000, stock: 100 })).variationId;
    manager = await createSignedInStaff(app, 'manager');
    anna = await fx.user();
    boris = await fx.user();
    await fx.setSettings('common', { emails: ['shop@example.com'] });
  });
  afterAll(async () => {
    await app.close();
  });

  async function annasShippedOrder(quantity = 3): Promise<{ placed: PlacedOrder; itemId: string }> {
    const res = await app.request('/orders', {
      method: 'POST',
      token: anna.token,
      json: orderBody([{ variationId, quantity }], { locationId }, cash),
    });
    expect(res.status).toBe(201);
    const placed = (await res.json()) as PlacedOrder;
    const [item] = await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    const [row] = await app.deps.db.select().from(orders).where(eq(orders.id, placed.id));
    await expectJson(
      await adminRequest(app, `/orders/${placed.id}/shipments`, {
        method: 'POST',
        cookie: manager.cookie,
        json: { version: row!.version },
      }),
      201,
    );
    return { placed, itemId: item!.id };
  }
  const openReturn = (placed: PlacedOrder, json: Record<string, unknown>, token?: string) =>
    app.request(`/orders/${placed.number}/returns`, { method: 'POST', token, json });

  it('the customer returns shipped units from their order page; the shop is e-mailed and the manager sees it', async () => {
    const { placed, itemId } = await annasShippedOrder();
    const before = await expectJson(await app.request(`/orders/${placed.number}`, { token: anna.token }), 200);
    expect(before.items[0].returnableQuantity).toBe(3);
    expect(before.returnableUntil).toBe(days(14).toISOString());

    const opened = await expectJson(await openReturn(placed, { lines: [{ itemId, quantity: 2 }], reason: 'Too small' }, anna.token), 201);
    expect(opened.returns).toEqual([
      { status: 'requested', reason: 'Too small', createdAt: T0.toISOString(), items: [expect.objectContaining({ quantity: 2 })] },
    ]);
    expect(opened.items[0].returnableQuantity).toBe(1);

    const tooMany = await expectJson(await openReturn(placed, { lines: [{ itemId, quantity: 2 }], reason: 'Again' }, anna.token), 400);
    expect(tooMany.errorPath).toBe(`lines.${itemId}`);
    expect(tooMany.message).toContain('1');

    const detail = await expectJson(await adminRequest(app, `/orders/${placed.id}`, { cookie: manager.cookie }), 200);
    expect(detail.returns).toEqual([
      expect.objectContaining({ status: 'requested', openedBy: 'customer', reason: 'Too small', staffName: null }),
    ]);
    const mails = (await pay.mails('return-requested-shop')).filter((m) => m.data.orderId === placed.id);
    expect(mails.map((m) => m.to)).toEqual(['shop@example.com']);
    const rendered = (await renderQueuedMail(app.deps, mails[0]!))!;
    expect(rendered.text).toContain('Too small');
    expect(rendered.text).toContain('× 2');

    // the manager receives it through the existing returns flow
    const received = await expectJson(
      await adminRequest(app, `/orders/${placed.id}/returns/${detail.returns[0].id}/receive`, {
        method: 'POST',
        cookie: manager.cookie,
        json: { version: detail.version, restock: true, refund: false },
      }),
      200,
    );
    expect(received.returns[0].status).toBe('received');
  });

  it('a guest opens a return with the order secret; nobody else can', async () => {
    const { placed, itemId } = await annasShippedOrder(1);
    const other = await openReturn(placed, { lines: [{ itemId, quantity: 1 }], reason: 'Mine now' }, boris.token);
    expect(other.status).toBe(404);
    const stranger = await openReturn(placed, { lines: [{ itemId, quantity: 1 }], reason: 'x', token: 'wrong' });
    expect(stranger.status).toBe(404);
    await expectJson(await openReturn(placed, { lines: [{ itemId, quantity: 1 }], reason: 'Broken', token: placed.secretToken }), 201);
  });

  it('refuses a return after the window, before shipping, and bad input', async () => {
    const { placed, itemId } = await annasShippedOrder(1);
    const empty = await expectJson(await openReturn(placed, { lines: [], reason: 'x' }, anna.token), 400);
    expect(empty.errorPath).toBe('lines');
    const noReason = await expectJson(await openReturn(placed, { lines: [{ itemId, quantity: 1 }], reason: '' }, anna.token), 400);
    expect(noReason.errorPath).toBe('reason');
    app.deps.now = () => days(15);
    try {
      const late = await expectJson(await openReturn(placed, { lines: [{ itemId, quantity: 1 }], reason: 'Late' }, anna.token), 409);
      expect(late.errorPath).toBe('lines');
      const view = await expectJson(await app.request(`/orders/${placed.number}`, { token: anna.token }), 200);
      expect(view.returnableUntil).toBeNull();
      expect(view.items[0].returnableQuantity).toBe(0);
    } finally {
      app.deps.now = () => T0;
    }
    const res = await app.request('/orders', {
      method: 'POST',
      token: anna.token,
      json: orderBody([{ variationId, quantity: 1 }], { locationId }, cash),
    });
    const unshipped = (await res.json()) as PlacedOrder;
    const [item] = await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, unshipped.id));
    await expectJson(await openReturn(unshipped, { lines: [{ itemId: item!.id, quantity: 1 }], reason: 'x' }, anna.token), 409);
  });
});
