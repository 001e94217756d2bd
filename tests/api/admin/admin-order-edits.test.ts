import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderQueuedMail } from '../../../src/server/mail/templates';
import { orderItems } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { paymentFixtures, type PlacedOrder } from '../../helpers/payment-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

describe.each(databaseKinds)('order edits before fulfilment (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let pay: ReturnType<typeof paymentFixtures>;
  let owner: TestStaff;
  let manager: TestStaff;
  let locationId: string;
  let cash: string;
  let shirt: string;
  let hat: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    pay = paymentFixtures(app, fx);
    ({ locationId, cash } = await fx.checkoutChoices());
    shirt = (await fx.product({ priceCents: 2_500, stock: 100 })).variationId;
    hat = (await fx.product({ priceCents: 1_000, stock: 3 })).variationId;
    owner = await createSignedInStaff(app, 'owner');
    manager = await createSignedInStaff(app, 'manager');
  });
  afterAll(async () => {
    await app.close();
  });

  const version = async (placed: PlacedOrder) => (await fx.orderRow(placed.id)).version;
  const lines = (placed: PlacedOrder) =>
    app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id)).orderBy(orderItems.position);
  const edit = (placed: PlacedOrder, json: Record<string, unknown>, staff: TestStaff = owner) =>
    adminRequest(app, `/orders/${placed.id}/edit`, { method: 'POST', cookie: staff.cookie, json });

  /** An order paid through the sandbox (card). */
  async function paidOrder(variationId: string, quantity: number): Promise<PlacedOrder> {
    const placed = await pay.placeOrder({ variationId, method: 'card', locationId, quantity });
    const url = await pay.initialize(placed);
    expect((await app.request(`${new URL(url).pathname.replace(/^\/api/, '')}/pay`, { method: 'POST' })).status).toBe(303);
    expect((await fx.orderRow(placed.id)).paymentStatus).toBe('completed');
    return placed;
  }

  it('changes a quantity up and down: stock and totals follow, with history, audit and an e-mail', async () => {
    const placed = await pay.placeOrder({ variationId: shirt, method: cash, locationId, quantity: 2 });
    const stockBefore = (await fx.stockOf(shirt))!;
    const [line] = await lines(placed);
    const up = await expectJson(await edit(placed, { version: await version(placed), lines: [{ itemId: line!.id, quantity: 5 }] }), 200);
    expect(up.totals).toEqual({
      itemsCents: 12_500,
      discountCents: 0,
      deliveryCents: 0,
      totalCents: 12_500,
      taxCents: 0,
      taxIncluded: false,
    });
    expect(up.items).toEqual([expect.objectContaining({ id: line!.id, quantity: 5, totalCents: 12_500 })]);
    expect(await fx.stockOf(shirt)).toBe(stockBefore - 3);
    expect(up.amountDueCents).toBe(0);

    const down = await expectJson(
      await edit(placed, { version: up.version, lines: [{ itemId: line!.id, quantity: 1 }], reason: 'asked by phone' }),
      200,
    );
    expect(down.totals.totalCents).toBe(2_500);
    expect(await fx.stockOf(shirt)).toBe(stockBefore + 1);
    expect(await pay.history(placed.id, 'edit')).toEqual([
      ['5000', '12500'],
      ['12500', '2500'],
    ]);
    const [audit] = (await pay.audits('order.edit')).filter((a) => a.entityId === placed.id).slice(-1);
    expect(audit!.before).toMatchObject({ totalCents: 12_500, lines: [expect.objectContaining({ quantity: 5 })] });
    expect(audit!.after).toMatchObject({ totalCents: 2_500, changes: [expect.stringContaining('5 → 1')] });
    const mails = (await pay.mails('order-edited')).filter((m) => m.data.orderId === placed.id);
    expect(mails).toHaveLength(2);
    const rendered = (await renderQueuedMail(app.deps, mails[1]!))!;
    expect(rendered.subject).toContain(String(placed.number));
  });

  it('refuses more than the stock holds, and never oversells', async () => {
    const placed = await pay.placeOrder({ variationId: hat, method: cash, locationId, quantity: 1 });
    const [line] = await lines(placed);
    const left = (await fx.stockOf(hat))!;
    const short = await expectJson(
      await edit(placed, { version: await version(placed), lines: [{ itemId: line!.id, quantity: left + 2 }] }),
      400,
    );
    expect(short.errorPath).toBe('lines.0.quantity');
    expect(await fx.stockOf(hat)).toBe(left);
    expect((await lines(placed))[0]!.quantity).toBe(1);
    // all that is left, and the line's own unit: fine
    await expectJson(await edit(placed, { version: await version(placed), lines: [{ itemId: line!.id, quantity: left + 1 }] }), 200);
    expect(await fx.stockOf(hat)).toBe(0);
    await expectJson(await edit(placed, { version: await version(placed), lines: [{ itemId: line!.id, quantity: 1 }] }), 200);
    expect(await fx.stockOf(hat)).toBe(left);
  });

  it('adds a line and removes another; stock of both follows', async () => {
    const placed = await pay.placeOrder({ variationId: shirt, method: cash, locationId, quantity: 1 });
    const shirts = (await fx.stockOf(shirt))!;
    const hats = (await fx.stockOf(hat))!;
    const [line] = await lines(placed);
    const added = await expectJson(
      await edit(placed, {
        version: await version(placed),
        lines: [
          { itemId: line!.id, quantity: 1 },
          { variationId: hat, quantity: 2 },
        ],
      }),
      200,
    );
    expect(added.items).toHaveLength(2);
    expect(added.totals.totalCents).toBe(4_500);
    expect(await fx.stockOf(hat)).toBe(hats - 2);
    const hatLine = added.items.find((i: { variationId: string }) => i.variationId === hat);
    const removed = await expectJson(await edit(placed, { version: added.version, lines: [{ itemId: hatLine.id, quantity: 2 }] }), 200);
    expect(removed.items.map((i: { variationId: string }) => i.variationId)).toEqual([hat]);
    expect(removed.totals.totalCents).toBe(2_000);
    expect(await fx.stockOf(shirt)).toBe(shirts + 1);
    expect(await fx.stockOf(hat)).toBe(hats - 2);
    const unknown = await expectJson(await edit(placed, { version: removed.version, lines: [{ itemId: line!.id, quantity: 1 }] }), 400);
    expect(unknown.errorPath).toBe('lines.0.itemId');
    const missing = await expectJson(
      await edit(placed, { version: removed.version, lines: [{ variationId: 'no-such', quantity: 1 }] }),
      400,
    );
    expect(missing.errorPath).toBe('lines.0.variationId');
    // cleanup: the hats go back
    await expectJson(
      await adminRequest(app, `/orders/${placed.id}/cancel`, { method: 'POST', cookie: owner.cookie, json: { version: removed.version } }),
      200,
    );
  });

  it('changes the address and delivery to shipping, priced by the rate', async () => {
    const zoneId = await fx.zone({ countries: ['DE'] });
    const rateId = await fx.rate(zoneId, { priceCents: 700 });
    const placed = await pay.placeOrder({ variationId: shirt, method: cash, locationId, quantity: 1 });
    const [line] = await lines(placed);
    const delivery = { method: 'shipping', zoneId, rateId, address: { country: 'DE', locality: 'Berlin', street: 'Unter den Linden 1' } };
    const shipped = await expectJson(
      await edit(placed, { version: await version(placed), lines: [{ itemId: line!.id, quantity: 1 }], delivery }),
      200,
    );
    expect(shipped.address).toMatchObject({ country: 'DE', locality: 'Berlin', street: 'Unter den Linden 1' });
    expect(shipped.delivery).toMatchObject({ method: 'shipping', priceCents: 700, zone: { id: zoneId } });
    expect(shipped.totals.totalCents).toBe(3_200);
    const moved = await expectJson(
      await edit(placed, {
        version: shipped.version,
        lines: [{ itemId: line!.id, quantity: 1 }],
        delivery: { ...delivery, address: { ...delivery.address, street: 'Alexanderplatz 2' } },
      }),
      200,
    );
    expect(moved.address.street).toBe('Alexanderplatz 2');
    const badCountry = await expectJson(
      await edit(placed, {
        version: moved.version,
        lines: [{ itemId: line!.id, quantity: 1 }],
        delivery: { ...delivery, address: { ...delivery.address, country: 'FR' } },
      }),
      400,
    );
    expect(badCountry.errorPath).toBe('delivery.address.country');
    const pickup = await expectJson(
      await edit(placed, {
        version: moved.version,
        lines: [{ itemId: line!.id, quantity: 1 }],
        delivery: { method: 'pickup', locationId },
      }),
      200,
    );
    expect(pickup.delivery).toMatchObject({ method: 'pickup', priceCents: 0, location: { id: locationId }, zone: null });
    expect(pickup.address).toBeNull();
    expect(pickup.totals.totalCents).toBe(2_500);
  });

  it('two edits from the same version: one wins, the other gets 409', async () => {
    const placed = await pay.placeOrder({ variationId: shirt, method: cash, locationId, quantity: 1 });
    const [line] = await lines(placed);
    const stock = (await fx.stockOf(shirt))!;
    const v = await version(placed);
    const answers = await Promise.all([
      edit(placed, { version: v, lines: [{ itemId: line!.id, quantity: 2 }] }),
      edit(placed, { version: v, lines: [{ itemId: line!.id, quantity: 3 }] }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const quantity = (await lines(placed))[0]!.quantity;
    expect([2, 3]).toContain(quantity);
    expect(await fx.stockOf(shirt)).toBe(stock - (quantity - 1));
  });

  it('refuses edits after shipping, on a canceled order, and from a manager without the orders capability', async () => {
    const placed = await pay.placeOrder({ variationId: shirt, method: cash, locationId, quantity: 2 });
    const [line] = await lines(placed);
    const forbidden = await edit(placed, { version: await version(placed), lines: [{ itemId: line!.id, quantity: 1 }] }, manager);
    expect(forbidden.status).toBe(403);
    expect((await lines(placed))[0]!.quantity).toBe(2);
    expect((await adminRequest(app, `/orders/${placed.id}/edit`, { method: 'POST', json: { version: 1, lines: [] } })).status).toBe(401);
    await expectJson(
      await adminRequest(app, `/orders/${placed.id}/shipments`, {
        method: 'POST',
        cookie: manager.cookie,
        json: { version: await version(placed), lines: [{ itemId: line!.id, quantity: 1 }] },
      }),
      201,
    );
    const detail = await expectJson(await adminRequest(app, `/orders/${placed.id}`, { cookie: owner.cookie }), 200);
    expect(detail.editBlock).toBe('shipped');
    const after = await expectJson(await edit(placed, { version: detail.version, lines: [{ itemId: line!.id, quantity: 1 }] }), 409);
    expect(after.message).toMatch(/shipped/);
    const empty = await expectJson(await edit(placed, { version: detail.version, lines: [] }), 400);
    expect(empty.errorPath).toBe('lines');
  });

  it('taxes the edited order again as checkout would: lines, order and total', async () => {
    const taxesOff = { enabled: false, pricesIncludeTax: false, taxDelivery: true, standardRate: 0, reducedRate: 0, areas: [] };
    await fx.setSettings('taxes', { ...taxesOff, enabled: true, standardRate: 20, reducedRate: 10 });
    try {
      const placed = await pay.placeOrder({ variationId: shirt, method: cash, locationId, quantity: 1 });
      const [line] = await lines(placed);
      const edited = await expectJson(
        await edit(placed, { version: await version(placed), lines: [{ itemId: line!.id, quantity: 3 }] }),
        200,
      );
      // 3 × 25.00 at 20% on top, picked up: no delivery to tax
      expect(edited.totals).toMatchObject({ itemsCents: 7_500, taxCents: 1_500, taxIncluded: false, totalCents: 9_000 });
      const [row] = await lines(placed);
      expect(row).toMatchObject({ quantity: 3, taxRate: 20, taxCents: 1_500 });
    } finally {
      await fx.setSettings('taxes', taxesOff);
    }
  });

  it('a paid order edited up owes the difference: the customer pays it through the provider', async () => {
    const placed = await paidOrder(shirt, 1);
    const [line] = await lines(placed);
    const detail = await expectJson(
      await edit(placed, { version: await version(placed), lines: [{ itemId: line!.id, quantity: 3 }] }),
      200,
    );
    expect(detail.totals.totalCents).toBe(7_500);
    expect(detail.amountDueCents).toBe(5_000);
    const customer = await expectJson(await app.request(`/orders/${placed.number}?token=${placed.secretToken}`), 200);
    expect(customer.amountDue).toBe(50);
    const mail = (await pay.mails('order-edited')).filter((m) => m.data.orderId === placed.id)[0]!;
    const rendered = (await renderQueuedMail(app.deps, mail))!;
    expect(rendered.html).toContain(`token=${placed.secretToken}`);
    expect(rendered.text).toMatch(/50/);

    const url = await pay.initialize(placed);
    const transactions = await pay.transactions(placed.id);
    expect(transactions.map((t) => t.amountCents)).toEqual([2_500, 5_000]);
    expect((await app.request(`${new URL(url).pathname.replace(/^\/api/, '')}/pay`, { method: 'POST' })).status).toBe(303);
    const paid = await fx.orderRow(placed.id);
    expect(paid.amountDueCents).toBe(0);
    expect(paid.paymentStatus).toBe('completed');
    expect((await pay.transactions(placed.id)).map((t) => t.attention)).toEqual([null, null]);
    // nothing more to pay
    const again = await app.request('/payment/initialize', { method: 'POST', json: { order: placed.number, token: placed.secretToken } });
    expect(again.status).toBe(400);
  });

  it('a payment started before an edit raised the total pays what it was started for; the rest is left to pay', async () => {
    const placed = await pay.placeOrder({ variationId: shirt, method: 'card', locationId, quantity: 1 });
    const url = await pay.initialize(placed);
    const [line] = await lines(placed);
    await expectJson(await edit(placed, { version: await version(placed), lines: [{ itemId: line!.id, quantity: 2 }] }), 200);
    expect((await app.request(`${new URL(url).pathname.replace(/^\/api/, '')}/pay`, { method: 'POST' })).status).toBe(303);
    const order = await fx.orderRow(placed.id);
    expect(order.paymentStatus).toBe('completed');
    expect(order.amountDueCents).toBe(2_500);
    expect(await pay.history(placed.id, 'amount-due')).toEqual([['0', '2500']]);
  });

  it('a paid order edited down gets the difference refunded through the provider', async () => {
    const placed = await paidOrder(shirt, 3);
    const [line] = await lines(placed);
    const detail = await expectJson(
      await edit(placed, { version: await version(placed), lines: [{ itemId: line!.id, quantity: 1 }] }),
      200,
    );
    expect(detail.totals.totalCents).toBe(2_500);
    expect(detail.amountDueCents).toBe(0);
    const refunds = await pay.refunds(placed.id);
    expect(refunds.map((r) => [r.amountCents, r.status])).toEqual([[5_000, 'succeeded']]);
    expect(detail.payment.transactions[0]).toMatchObject({ capturedCents: 7_500, refundedCents: 5_000 });
  });
});
