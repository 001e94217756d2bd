import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

/** The dashboard's waiting counts and the orders list's matching filters (the tiles link to them) agree. */
describe.each(databaseKinds)('orders waiting for someone (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let manager: TestStaff;
  let cash: string;
  let card: string;
  let zoneId: string;
  let freight: string;
  let flat: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    manager = await createSignedInStaff(app, 'manager');
    cash = await fx.paymentMethod({ code: 'cash', kind: 'cash' });
    card = await fx.paymentMethod({ code: 'card', kind: 'online' });
    zoneId = await fx.zone({ countries: ['AE'] });
    freight = await fx.rate(zoneId, { kind: 'by_manager', priceCents: 0 });
    flat = await fx.rate(zoneId, { kind: 'flat', priceCents: 1_500 });
    for (const [i, code] of ['new', 'processing', 'canceled'].entries()) await fx.orderState(code, code, i);
  });
  afterAll(async () => {
    await app.close();
  });

  async function place(rateId: string, method: string): Promise<{ id: string; number: number }> {
    const product = await fx.product({ priceCents: 2_000, stock: 10 });
    const body = orderBody([{ variationId: product.variationId, quantity: 1 }], { zoneId, rateId }, method);
    return expectJson(await app.request('/orders', { method: 'POST', json: body }), 201);
  }
  const get = async (path: string, status = 200) => expectJson(await adminRequest(app, path, { cookie: manager.cookie }), status);
  const numbers = (list: { items: { number: number }[] }) => list.items.map((o) => o.number).sort((a, b) => a - b);

  it('lists exactly the orders the dashboard counts, canceled ones left out', async () => {
    const cardFlat = await place(flat, card);
    const cashFlat = await place(flat, cash);
    const cashFreight = await place(freight, cash);
    const cardFreight = await place(freight, card);
    const canceled = await place(freight, card);
    const { version } = await get(`/orders/${canceled.id}`);
    expect(
      (
        await adminRequest(app, `/orders/${canceled.id}/cancel`, {
          method: 'POST',
          cookie: manager.cookie,
          body: JSON.stringify({ version }),
        })
      ).status,
    ).toBe(200);

    const unpaid = await get('/orders?unpaid=true');
    const awaiting = await get('/orders?awaitingPrice=true');
    expect(numbers(unpaid)).toEqual([cardFlat.number, cardFreight.number]);
    expect(numbers(awaiting)).toEqual([cashFreight.number, cardFreight.number]);
    expect(numbers(await get('/orders?unpaid=true&awaitingPrice=true'))).toEqual([cardFreight.number]);
    expect(numbers(await get('/orders?unpaid=false'))).toContain(cashFlat.number);

    const dashboard = await get('/dashboard');
    expect(dashboard.unpaidOrders).toBe(unpaid.total);
    expect(dashboard.awaitingDeliveryPrice).toBe(awaiting.total);
  });

  it('refuses a filter value that is not true or false', async () => {
    const body = await get('/orders?awaitingPrice=yes', 400);
    expect(body.errors.children.awaitingPrice.errors.length).toBeGreaterThan(0);
  });
});
