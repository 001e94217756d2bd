import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressInRanges, YOOKASSA_NOTIFICATION_ADDRESSES } from '../../src/server/api/commerce/payments/yookassa-provider';
import { orderItems, paymentNotifications, products } from '../../src/server/db/schema';
import { type FakeYookassa, startFakeYookassa } from '../fakes/fake-yookassa';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../helpers/admin-fixtures';
import { commerceFixtures, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { paymentFixtures, type PlacedOrder } from '../helpers/payment-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

const YOOKASSA_ADDRESS = '185.71.76.7';

describe.each(databaseKinds)('ЮKassa payments on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let pay: ReturnType<typeof paymentFixtures>;
  let kassa: FakeYookassa;
  let owner: TestStaff;
  let locationId: string;
  let shirt: { productId: string; variationId: string };
  let socks: { productId: string; variationId: string };
  const answers: Response[] = [];

  const notify = (body: string, address = YOOKASSA_ADDRESS, method = 'yookassa') =>
    app.request(`/payment/notification/yookassa/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shop-client-ip': address },
      body,
    });

  beforeAll(async () => {
    kassa = await startFakeYookassa();
    app = await createTestApp(kind, { env: { YOOKASSA_API_URL: kassa.apiUrl } });
    fx = commerceFixtures(app);
    pay = paymentFixtures(app, fx);
    ({ locationId } = await fx.checkoutChoices());
    shirt = await fx.product({ priceCents: 2_500, stock: 100, title: 'Льняная рубашка' });
    socks = await fx.product({ priceCents: 333, stock: 100, title: 'Носки' });
    // socks are of the reduced tax class, taxed 10% within the price; the standard class has no rate: the method's code
    await app.deps.db.update(products).set({ taxClass: 'reduced' }).where(eq(products.id, socks.productId));
    await fx.setSettings('ecommerce', { currency: 'RUB' });
    await fx.setSettings('taxes', { enabled: true, pricesIncludeTax: true, standardRate: 0, reducedRate: 10 });
    const settings = { shopId: kassa.shopId, secretKey: kassa.secretKey, testMode: true, vatCode: 4 };
    await pay.method('yookassa', 'yookassa', settings);
    await pay.method('yookassa-hold', 'yookassa', { ...settings, twoStage: true });
    owner = await createSignedInStaff(app, 'owner');
    kassa.setNotifications(async (body) => {
      const payment = kassa.payments.get(JSON.parse(body).object.id)!;
      answers.push(await notify(body, YOOKASSA_ADDRESS, payment.capture ? 'yookassa' : 'yookassa-hold'));
    });
  });
  afterAll(async () => {
    await app.close();
    await kassa.close();
  });

  const order = async (method = 'yookassa', extra: Record<string, unknown> = {}): Promise<PlacedOrder> => {
    const res = await app.request('/orders', {
      method: 'POST',
      json: {
        items: [
          { variationId: shirt.variationId, quantity: 2 },
          { variationId: socks.variationId, quantity: 3 },
        ],
        customer: { name: 'Анна', phone: '+7 (999) 123-45-67', email: 'anna@example.com' },
        delivery: { method: 'pickup', locationId },
        paymentMethod: method,
        agreement: true,
        ...extra,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return res.json();
  };
  const paymentOf = async (placed: PlacedOrder) => {
    const [transaction] = (await pay.transactions(placed.id)).slice(-1);
    return { transaction: transaction!, payment: kassa.payments.get(transaction!.providerPaymentId!)! };
  };
  const status = async (placed: PlacedOrder) => (await fx.orderRow(placed.id)).paymentStatus;

  it('creates a payment with a redirect confirmation, our transaction in its metadata and a receipt line by line', async () => {
    const placed = await order();
    const url = await pay.initialize(placed);
    const { transaction, payment } = await paymentOf(placed);
    expect(url).toBe(`${kassa.origin}/checkout/${payment.id}`);
    expect(payment).toMatchObject({
      status: 'pending',
      amount: { value: '59.99', currency: 'RUB' },
      capture: true,
      metadata: { transaction_id: transaction.id, order_id: placed.id },
      confirmation: {
        type: 'redirect',
        return_url: `${app.deps.config.publicUrl}/payment?order=${placed.number}&token=${encodeURIComponent(placed.secretToken)}`,
      },
    });
    // each order line, at the product's VAT code or the shop's, adding up to the payment
    const lines = await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(payment.receipt).toEqual({
      customer: { email: 'anna@example.com' },
      items: [
        {
          description: lines.find((l) => l.variationId === shirt.variationId)!.title,
          quantity: 2,
          amount: { value: '25.00', currency: 'RUB' },
          vat_code: 4,
          payment_subject: 'commodity',
          payment_mode: 'full_prepayment',
        },
        {
          description: lines.find((l) => l.variationId === socks.variationId)!.title,
          quantity: 3,
          amount: { value: '3.33', currency: 'RUB' },
          vat_code: 3,
          payment_subject: 'commodity',
          payment_mode: 'full_prepayment',
        },
      ],
    });
  });

  it('takes a notification only from ЮKassa’s addresses, and only on the payment as re-read from ЮKassa', async () => {
    const placed = await order();
    await pay.initialize(placed);
    const { payment } = await paymentOf(placed);
    const rows = async () => (await app.deps.db.select().from(paymentNotifications)).length;
    const before = await rows();
    // the body says succeeded; ЮKassa says the payment is still pending
    const lying = kassa.notification('payment.succeeded', { ...payment, status: 'succeeded', paid: true });
    expect((await notify(lying)).status).toBe(409);
    // from an address outside the list: refused before anything is read
    expect((await notify(lying, '203.0.113.9')).status).toBe(403);
    expect((await notify(lying, 'unknown')).status).toBe(403);
    expect(await rows()).toBe(before);
    expect(await status(placed)).toBe('new');

    await kassa.pay(payment.id, 'pay');
    expect(answers.at(-1)!.status).toBe(200);
    expect(await status(placed)).toBe('completed');
    // the same notification again changes nothing
    const again = await notify(kassa.notification('payment.succeeded', kassa.payments.get(payment.id)));
    expect(again.status).toBe(200);
    expect(await pay.history(placed.id, 'payment')).toEqual([['new', 'completed']]);
  });

  it('marks a declined payment failed and lets the shopper try again', async () => {
    const placed = await order();
    await pay.initialize(placed);
    await kassa.pay((await paymentOf(placed)).payment.id, 'decline');
    expect(await status(placed)).toBe('failed');
    await pay.initialize(placed);
    await kassa.pay((await paymentOf(placed)).payment.id, 'pay');
    expect(await status(placed)).toBe('completed');
  });

  it('holds the money of a two-stage payment (waiting_for_capture) until a manager captures it', async () => {
    const placed = await order('yookassa-hold');
    await pay.initialize(placed);
    const { payment, transaction } = await paymentOf(placed);
    expect(payment.capture).toBe(false);
    await kassa.pay(payment.id, 'pay');
    expect(await status(placed)).toBe('authorized');
    await expectJson(
      await adminRequest(app, `/orders/${placed.id}/payments/${transaction.id}/capture`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { version: (await fx.orderRow(placed.id)).version },
      }),
      200,
    );
    expect(kassa.payments.get(payment.id)!.status).toBe('succeeded');
    expect(await status(placed)).toBe('completed');
  });

  it('refunds by lines with their own receipt, returning the items to stock', async () => {
    const placed = await order();
    await pay.initialize(placed);
    const { payment } = await paymentOf(placed);
    await kassa.pay(payment.id, 'pay');
    const stock = await fx.stockOf(shirt.variationId);
    const lines = await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    const shirtLine = lines.find((l) => l.variationId === shirt.variationId)!;
    const detail = await expectJson(
      await adminRequest(app, `/orders/${placed.id}/refunds`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { version: (await fx.orderRow(placed.id)).version, lines: [{ itemId: shirtLine.id, quantity: 1 }], restock: true },
      }),
      201,
    );
    const [refund] = [...kassa.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(refund).toMatchObject({
      amount: { value: '25.00', currency: 'RUB' },
      receipt: {
        customer: { email: 'anna@example.com' },
        items: [{ description: shirtLine.title, quantity: 1, amount: { value: '25.00', currency: 'RUB' }, vat_code: 4 }],
      },
    });
    expect(await fx.stockOf(shirt.variationId)).toBe(stock! + 1);
    expect(detail.items.find((i: { id: string }) => i.id === shirtLine.id)).toMatchObject({ refundedQuantity: 1, returnedQuantity: 1 });
    expect(detail.payment.refunds[0]).toMatchObject({ status: 'succeeded', restock: true, lines: [{ itemId: shirtLine.id, quantity: 1 }] });
    // the refund notification is re-read and changes nothing more
    const note = await notify(kassa.notification('refund.succeeded', refund));
    expect(note.status).toBe(200);
    // a cancel later returns only what the refund did not
    const version = (await fx.orderRow(placed.id)).version;
    await expectJson(
      await adminRequest(app, `/orders/${placed.id}/cancel`, { method: 'POST', cookie: owner.cookie, json: { version } }),
      200,
    );
    expect(await fx.stockOf(shirt.variationId)).toBe(stock! + 2);
  });

  it('knows ЮKassa’s published address ranges', () => {
    expect(addressInRanges('185.71.76.31', YOOKASSA_NOTIFICATION_ADDRESSES)).toBe(true);
    expect(addressInRanges('185.71.76.32', YOOKASSA_NOTIFICATION_ADDRESSES)).toBe(false);
    expect(addressInRanges('::ffff:77.75.156.11', YOOKASSA_NOTIFICATION_ADDRESSES)).toBe(true);
    expect(addressInRanges('2a02:5180:0:1::7', YOOKASSA_NOTIFICATION_ADDRESSES)).toBe(true);
    expect(addressInRanges('127.0.0.1', YOOKASSA_NOTIFICATION_ADDRESSES)).toBe(false);
  });
});
