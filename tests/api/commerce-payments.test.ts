import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_SIGNATURE_HEADER, signSandboxNotification } from '../../src/server/api/commerce/payments/sandbox-provider';
import { orderStateHistory, paymentTransactions } from '../../src/server/db/schema';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

type PlacedOrder = { id: string; number: number; secretToken: string; totalPrice: number };

describe.each(databaseKinds)('online payment on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let card: string;
  let cash: string;
  let locationId: string;
  let variationId: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    ({ card, cash, locationId } = await fx.checkoutChoices());
    variationId = (await fx.product({ priceCents: 12_345 })).variationId;
    await fx.setSettings('ecommerce', { currency: 'EUR' });
    await fx.setSettings('common', { sitename: '<script>alert(1)</script> & "Co"' });
  });
  afterAll(async () => {
    await app.close();
  });

  async function placeOrder(method = card, token?: string): Promise<PlacedOrder> {
    const res = await app.request('/orders', {
      method: 'POST',
      json: orderBody([{ variationId, quantity: 1 }], { locationId }, method),
      ...(token ? { token } : {}),
    });
    expect(res.status).toBe(201);
    return res.json();
  }

  async function initialize(order: PlacedOrder): Promise<string> {
    const res = await app.request('/payment/initialize', { method: 'POST', json: { order: order.number, token: order.secretToken } });
    expect(res.status).toBe(200);
    const { url } = await res.json();
    return url.split('/').pop();
  }

  const paymentStatus = async (order: PlacedOrder) => (await fx.orderRow(order.id)).paymentStatus;
  const transactionStatus = async (id: string) =>
    (await app.deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)))[0]!.status;
  const paymentHistory = async (order: PlacedOrder) =>
    (await app.deps.db.select().from(orderStateHistory).where(eq(orderStateHistory.orderId, order.id)))
      .filter((h) => h.kind === 'payment' && h.fromValue !== null)
      .map((h) => [h.fromValue, h.toValue]);

  function notify(body: Record<string, unknown>, signature?: string) {
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const sig = signature ?? signSandboxNotification(raw, app.deps.paymentSecret);
    if (sig) headers[PAYMENT_SIGNATURE_HEADER] = sig;
    return app.request('/payment/notification', { method: 'POST', headers, body: raw });
  }
  const event = (transactionId: string, status: string, amount = 123.45, currency = 'EUR') => ({
    eventId: randomUUID(),
    transactionId,
    status,
    amount,
    currency,
  });

  describe('initialize', () => {
    it('creates a transaction for the order total and answers the sandbox checkout URL', async () => {
      const order = await placeOrder();
      const res = await app.request('/payment/initialize', { method: 'POST', json: { order: order.number, token: order.secretToken } });
      expect(res.status).toBe(200);
      const { url } = await res.json();
      expect(url).toMatch(new RegExp(`^${app.deps.config.publicUrl}/api/payment/sandbox/[0-9a-f-]{36}$`));
      const [transaction] = await app.deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
      expect(transaction).toMatchObject({ provider: 'sandbox', status: 'new', amountCents: 12_345, currency: 'EUR' });
      expect(url.endsWith(transaction!.id)).toBe(true);
    });

    it('lets the signed-in owner start a payment by order id without the token', async () => {
      const user = await fx.user();
      const order = await placeOrder(card, user.token);
      const res = await app.request('/payment/initialize', { method: 'POST', token: user.token, json: { order: order.id } });
      expect(res.status).toBe(200);
    });

    it('answers 404 to callers without access, writing nothing', async () => {
      const user = await fx.user();
      const stranger = await fx.user();
      const order = await placeOrder(card, user.token);
      const before = await fx.writtenRows();
      for (const init of [
        { json: { order: order.number } },
        { json: { order: order.number, token: 'wrong' } },
        { json: { order: order.number }, token: stranger.token },
        { json: { order: 99_999_999, token: order.secretToken } },
      ]) {
        const res = await app.request('/payment/initialize', { method: 'POST', ...init });
        expect(res.status).toBe(404);
      }
      expect(await fx.writtenRows()).toEqual(before);
    });

    it('refuses cash orders and bad input', async () => {
      const order = await placeOrder(cash);
      const before = await fx.writtenRows();
      const res = await app.request('/payment/initialize', { method: 'POST', json: { order: order.number, token: order.secretToken } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message: 'This order cannot be paid online', errorPath: 'order' });
      for (const json of [{}, { order: '' }, { order: -3 }, { order: { id: 1 } }]) {
        expect((await app.request('/payment/initialize', { method: 'POST', json })).status).toBe(400);
      }
      expect(await fx.writtenRows()).toEqual(before);
    });
  });

  describe('sandbox checkout', () => {
    it('serves an escaped, self-contained page with Pay, Fail and Cancel', async () => {
      const order = await placeOrder();
      const transactionId = await initialize(order);
      const res = await app.request(`/payment/sandbox/${transactionId}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await res.text();
      expect(html).toContain(`#${order.number}`);
      expect(html).toContain('€123.45');
      expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;Co&#34;');
      expect(html).not.toContain('<script');
      for (const action of ['pay', 'fail', 'cancel']) {
        expect(html).toContain(`<form method="post" action="/api/payment/sandbox/${transactionId}/${action}">`);
      }
    });

    it('names the shop by its name in the order language when the name is set per language', async () => {
      await fx.setSettings('common', { sitename: { en: 'Northfold', ru: 'Нортфолд' } });
      try {
        const order = await placeOrder();
        const html = await (await app.request(`/payment/sandbox/${await initialize(order)}`)).text();
        expect(html).toContain('<h1>Northfold</h1>');
        expect(html).not.toContain('Sitename');
      } finally {
        await fx.setSettings('common', { sitename: '<script>alert(1)</script> & "Co"' });
      }
    });

    it('answers 404 for unknown transactions', async () => {
      expect((await app.request('/payment/sandbox/nope')).status).toBe(404);
      expect((await app.request('/payment/sandbox/nope/pay', { method: 'POST' })).status).toBe(404);
    });

    it('pay completes the transaction and the order payment, and sends the shopper to the result page', async () => {
      const order = await placeOrder();
      const transactionId = await initialize(order);
      const res = await app.request(`/payment/sandbox/${transactionId}/pay`, { method: 'POST' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/payment?order=${order.number}&token=${encodeURIComponent(order.secretToken)}`);
      expect(await transactionStatus(transactionId)).toBe('completed');
      expect(await paymentStatus(order)).toBe('completed');
      expect(await paymentHistory(order)).toEqual([['new', 'completed']]);
      const read = await (await app.request(`/orders/${order.number}?token=${encodeURIComponent(order.secretToken)}`)).json();
      expect(read.paymentStatus).toBe('completed');

      const page = await (await app.request(`/payment/sandbox/${transactionId}`)).text();
      expect(page).not.toContain('<form');
      const again = await app.request('/payment/initialize', { method: 'POST', json: { order: order.number, token: order.secretToken } });
      expect(again.status).toBe(400);
      expect((await again.json()).message).toBe('This order is already paid');
    });

    it('fail marks the payment failed; a second attempt can still complete it', async () => {
      const order = await placeOrder();
      const first = await initialize(order);
      expect((await app.request(`/payment/sandbox/${first}/fail`, { method: 'POST' })).status).toBe(303);
      expect(await paymentStatus(order)).toBe('failed');
      // Pressing Pay on the failed attempt changes nothing.
      await app.request(`/payment/sandbox/${first}/pay`, { method: 'POST' });
      expect(await transactionStatus(first)).toBe('failed');
      expect(await paymentStatus(order)).toBe('failed');

      const second = await initialize(order);
      await app.request(`/payment/sandbox/${second}/pay`, { method: 'POST' });
      expect(await paymentStatus(order)).toBe('completed');
      expect(await paymentHistory(order)).toEqual([
        ['new', 'failed'],
        ['failed', 'completed'],
      ]);
    });

    it('cancel marks the payment canceled', async () => {
      const order = await placeOrder();
      const transactionId = await initialize(order);
      expect((await app.request(`/payment/sandbox/${transactionId}/cancel`, { method: 'POST' })).status).toBe(303);
      expect(await transactionStatus(transactionId)).toBe('canceled');
      expect(await paymentStatus(order)).toBe('canceled');
    });

    it('refuses unknown actions', async () => {
      const order = await placeOrder();
      const transactionId = await initialize(order);
      expect((await app.request(`/payment/sandbox/${transactionId}/refund`, { method: 'POST' })).status).toBe(400);
      expect(await transactionStatus(transactionId)).toBe('new');
    });
  });

  describe('notifications', () => {
    it('refuses a bad or missing signature with 401, changing nothing', async () => {
      const order = await placeOrder();
      const transactionId = await initialize(order);
      const before = await fx.writtenRows();
      const body = event(transactionId, 'completed');
      const forged = signSandboxNotification(JSON.stringify(body), 'not-the-secret');
      for (const res of [await notify(body, forged), await notify(body, ''), await notify(body, 'abc')]) {
        expect(res.status).toBe(401);
        expect(await res.json()).toMatchObject({ success: false, status: 401 });
      }
      expect(await fx.writtenRows()).toEqual(before);
      expect(await paymentStatus(order)).toBe('new');
    });

    it('refuses a signed notification whose amount or currency differ, changing nothing', async () => {
      const order = await placeOrder();
      const transactionId = await initialize(order);
      const before = await fx.writtenRows();
      expect((await notify(event(transactionId, 'completed', 1))).status).toBe(400);
      expect((await notify(event(transactionId, 'completed', 123.45, 'USD'))).status).toBe(400);
      expect(await fx.writtenRows()).toEqual(before);
      expect(await transactionStatus(transactionId)).toBe('new');
    });

    it('refuses malformed signed bodies and unknown transactions or providers', async () => {
      expect((await notify({ hello: 'world' })).status).toBe(400);
      expect((await notify(event(randomUUID(), 'completed'))).status).toBe(404);
      const raw = 'not json';
      const res = await app.request('/payment/notification', {
        method: 'POST',
        headers: { [PAYMENT_SIGNATURE_HEADER]: signSandboxNotification(raw, app.deps.paymentSecret) },
        body: raw,
      });
      expect(res.status).toBe(400);
      expect((await app.request('/payment/notification/acme', { method: 'POST', body: '{}' })).status).toBe(404);
    });

    it('applies a replayed notification only once', async () => {
      const order = await placeOrder();
      const transactionId = await initialize(order);
      const body = event(transactionId, 'pending');
      const first = await notify(body);
      expect(await first.json()).toEqual({ success: true, result: 'applied' });
      const rowsAfterFirst = await fx.writtenRows();
      const replay = await notify(body);
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ success: true, result: 'duplicate' });
      expect(await fx.writtenRows()).toEqual(rowsAfterFirst);
      expect(await paymentHistory(order)).toEqual([['new', 'pending']]);
    });

    it('applies concurrent deliveries of one event only once', async () => {
      const order = await placeOrder();
      const transactionId = await initialize(order);
      const body = event(transactionId, 'completed');
      const results = await Promise.all(Array.from({ length: 5 }, () => notify(body).then((r) => r.json())));
      expect(results.filter((r) => r.result === 'applied')).toHaveLength(1);
      expect(results.filter((r) => r.result === 'duplicate')).toHaveLength(4);
      expect(await paymentHistory(order)).toEqual([['new', 'completed']]);
    });

    it('moves pending to completed, and ignores a late pending after completion', async () => {
      const order = await placeOrder();
      const transactionId = await initialize(order);
      await notify(event(transactionId, 'pending'));
      expect(await paymentStatus(order)).toBe('pending');
      await notify(event(transactionId, 'completed'));
      expect(await paymentStatus(order)).toBe('completed');
      const late = await notify(event(transactionId, 'pending'));
      expect(late.status).toBe(200);
      expect(await late.json()).toEqual({ success: true, result: 'ignored' });
      const cancel = await notify(event(transactionId, 'canceled'));
      expect(await cancel.json()).toEqual({ success: true, result: 'ignored' });
      expect(await transactionStatus(transactionId)).toBe('completed');
      expect(await paymentStatus(order)).toBe('completed');
      expect(await paymentHistory(order)).toEqual([
        ['new', 'pending'],
        ['pending', 'completed'],
      ]);
    });

    it('keeps a completed order payment when an older attempt reports later', async () => {
      const order = await placeOrder();
      const older = await initialize(order);
      const newer = await initialize(order);
      await notify(event(newer, 'completed'));
      await notify(event(older, 'failed'));
      expect(await transactionStatus(older)).toBe('failed');
      expect(await paymentStatus(order)).toBe('completed');
    });
  });
});
