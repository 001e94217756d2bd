import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOrderDtos } from '../../src/server/api/commerce/order-dto';
import { orders } from '../../src/server/db/schema';
import { renderQueuedMail } from '../../src/server/mail/templates';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/**
 * The paymentCashOnDelivery setting (issue 9): checkout's cash method shows its title and description,
 * disappears when the setting is off, and the server then refuses orders paid in cash.
 */
describe.each(databaseKinds)('cash on delivery settings on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let cash: string;
  let card: string;
  let store: { id: string; code: string };
  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    card = await fx.paymentMethod({ code: 'card', kind: 'online', title: 'Card' });
    cash = await fx.paymentMethod({ code: 'cash', kind: 'cash', title: 'Cash' });
    store = await fx.location({ code: 'store', paymentMethodCodes: [cash, card] });
    await fx.setSettings('ecommerce', { currency: 'USD' });
  });
  afterAll(async () => {
    await app.close();
  });

  const methods = async (path: string) => (await app.request(path)).json();
  const placeOrder = async (method: string) => {
    const shirt = await fx.product({ priceCents: 4_000, stock: 10 });
    return app.request('/orders', {
      method: 'POST',
      json: orderBody([{ variationId: shirt.variationId, quantity: 1 }], { locationId: store.id }, method),
    });
  };

  it("keeps the method's own title while the setting has none", async () => {
    await fx.setSettings('paymentCashOnDelivery', { enabled: true });
    expect(await methods('/configs/payments-available-methods')).toEqual({
      card: { methodName: 'Card', kind: 'online' },
      cash: { methodName: 'Cash', kind: 'cash' },
    });
  });

  it('gives the cash method the title and description of the setting, in the request language', async () => {
    await fx.setSettings('paymentCashOnDelivery', {
      enabled: true,
      title: { en: 'Pay on receipt', ru: 'Оплата при получении' },
      description: { en: 'Cash or card to the courier.', ru: 'Наличными или картой курьеру.' },
    });
    expect(await methods('/configs/payments-available-methods')).toEqual({
      card: { methodName: 'Card', kind: 'online' },
      cash: { methodName: 'Pay on receipt', kind: 'cash', description: 'Cash or card to the courier.' },
    });
    expect((await methods(`/configs/payments-available-methods-by-location?code=store&lang=ru`)).cash).toEqual({
      methodName: 'Оплата при получении',
      kind: 'cash',
      description: 'Наличными или картой курьеру.',
    });
    expect((await placeOrder(cash)).status).toBe(201);
  });

  it('names the cash method as checkout did on the placed order and in its e-mail', async () => {
    await fx.setSettings('paymentCashOnDelivery', { enabled: true, title: { en: 'Pay on receipt', ru: 'Оплата при получении' } });
    const response = await placeOrder(cash);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [order] = await toOrderDtos(app.deps.db, await app.deps.db.select().from(orders).where(eq(orders.id, id)), 'ru');
    expect(order!.methodName).toBe('Оплата при получении');
    const mail = (await renderQueuedMail(app.deps, { template: 'order-placed', lang: 'en', data: { orderId: id } }))!;
    expect(mail.text).toContain('Pay on receipt');
    expect(mail.text).not.toMatch(/\bCash\b/);
  });

  it('leaves cash methods out when switched off, and refuses orders paid in cash', async () => {
    await fx.setSettings('paymentCashOnDelivery', { enabled: false, title: 'Pay on receipt' });
    expect(await methods('/configs/payments-available-methods')).toEqual({ card: { methodName: 'Card', kind: 'online' } });
    expect(Object.keys(await methods('/configs/payments-available-methods-by-location?code=store'))).toEqual([card]);
    const before = await fx.writtenRows();
    const refused = await placeOrder(cash);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, status: 400, errorPath: 'paymentMethod' });
    expect(await fx.writtenRows()).toEqual(before);
    expect((await placeOrder(card)).status).toBe(201);
  });

  it('offers cash again once switched back on', async () => {
    await fx.setSettings('paymentCashOnDelivery', { enabled: true });
    expect(Object.keys(await methods('/configs/payments-available-methods'))).toEqual([card, cash]);
  });
});
