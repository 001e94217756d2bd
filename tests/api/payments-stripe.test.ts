import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPaymentProvider, loadMethod, providerContext } from '../../src/server/api/commerce/payments/methods';
import { paymentNotifications } from '../../src/server/db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/fake-stripe';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../helpers/admin-fixtures';
import { commerceFixtures, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { paymentFixtures, type PlacedOrder } from '../helpers/payment-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('Stripe payments on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let pay: ReturnType<typeof paymentFixtures>;
  let stripe: FakeStripe;
  let owner: TestStaff;
  let locationId: string;
  let variationId: string;
  const deliveries: Response[] = [];

  const settings = (extra: Record<string, unknown> = {}) => ({
    secretKey: stripe.secretKey,
    webhookSecret: stripe.webhookSecret,
    testMode: true,
    twoStage: false,
    ...extra,
  });
  const post = (payload: string, signature: string | null, method = 'stripe') =>
    app.request(`/payment/notification/stripe/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      body: payload,
    });

  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await createTestApp(kind, { env: { STRIPE_API_URL: stripe.origin } });
    fx = commerceFixtures(app);
    pay = paymentFixtures(app, fx);
    ({ locationId } = await fx.checkoutChoices());
    variationId = (await fx.product({ priceCents: 4_990, stock: 50 })).variationId;
    await fx.setSettings('ecommerce', { currency: 'EUR' });
    await pay.method('stripe', 'stripe', settings());
    await pay.method('stripe-hold', 'stripe', settings({ twoStage: true }));
    owner = await createSignedInStaff(app, 'owner');
    stripe.setWebhook(async (payload, signature) => {
      const method = stripe.sessions.get(JSON.parse(payload).data.object.id)?.capture_method === 'manual' ? 'stripe-hold' : 'stripe';
      deliveries.push(await post(payload, signature, method));
    });
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  const sessionOf = async (order: PlacedOrder) => {
    const [transaction] = (await pay.transactions(order.id)).slice(-1);
    return { transaction: transaction!, session: stripe.sessions.get(transaction!.providerPaymentId!)! };
  };
  const orderPaymentStatus = async (order: PlacedOrder) => (await fx.orderRow(order.id)).paymentStatus;

  it('starts a Checkout Session for the order total, our transaction as its client reference, and sends the shopper to its page', async () => {
    const order = await pay.placeOrder({ variationId, method: 'stripe', locationId, quantity: 2 });
    const url = await pay.initialize(order);
    const { transaction, session } = await sessionOf(order);
    expect(url).toBe(`${stripe.origin}/pay/${session.id}`);
    expect(session).toMatchObject({ client_reference_id: transaction.id, amount_total: 9_980, currency: 'eur', status: 'open' });
    expect(transaction).toMatchObject({
      provider: 'stripe',
      method: 'stripe',
      status: 'new',
      amountCents: 9_980,
      providerPaymentId: session.id,
    });
    expect(transaction.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(stripe.lastCreate()).toMatchObject({
      mode: 'payment',
      client_reference_id: transaction.id,
      success_url: `${app.deps.config.publicUrl}/payment?order=${order.number}&token=${encodeURIComponent(order.secretToken)}`,
      payment_intent_data: { capture_method: 'automatic' },
    });
  });

  it('never creates a second session when the same attempt is retried with its key', async () => {
    const order = await pay.placeOrder({ variationId, method: 'stripe', locationId });
    await pay.initialize(order);
    const { transaction, session } = await sessionOf(order);
    const method = (await loadMethod(app.deps.db, 'stripe'))!;
    const before = stripe.sessions.size;
    const again = await method.provider.initialize(
      {
        order: await fx.orderRow(order.id),
        items: [],
        transaction,
        idempotencyKey: transaction.idempotencyKey!,
        returnUrl: 'x',
        notificationUrl: 'y',
      },
      providerContext(app.deps, method),
    );
    expect(again.providerPaymentId).toBe(session.id);
    expect(stripe.sessions.size).toBe(before);
    // "Pay now" again is a new attempt with its own key
    await pay.initialize(order);
    const attempts = await pay.transactions(order.id);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.idempotencyKey).not.toBe(attempts[1]!.idempotencyKey);
  });

  it('marks the order paid when the shopper pays on Stripe’s page and the signed webhook arrives', async () => {
    const order = await pay.placeOrder({ variationId, method: 'stripe', locationId });
    await pay.initialize(order);
    const { session, transaction } = await sessionOf(order);
    await stripe.pay(session.id, 'pay');
    expect(deliveries.at(-1)!.status).toBe(200);
    expect(await deliveries.at(-1)!.json()).toEqual({ received: true });
    expect(await orderPaymentStatus(order)).toBe('completed');
    const [after] = await pay.transactions(order.id);
    expect(after).toMatchObject({ status: 'completed', capturedCents: 4_990, providerData: { paymentIntentId: session.payment_intent } });
    expect(await pay.history(order.id, 'payment')).toEqual([['new', 'completed']]);
    expect((await pay.mails('payment-received')).some((m) => m.data.orderId === order.id)).toBe(true);
    const detail = await expectJson(await adminRequest(app, `/orders/${order.id}`, { cookie: owner.cookie }), 200);
    expect(detail.payment.transactions[0]).toMatchObject({
      id: transaction.id,
      providerPaymentId: session.id,
      dashboardUrl: `https://dashboard.stripe.com/test/payments/${session.payment_intent}`,
      refundableCents: 4_990,
    });
  });

  it('refuses a wrong signature, an old timestamp and a replay; accepts any matching v1 signature of a rotation', async () => {
    const order = await pay.placeOrder({ variationId, method: 'stripe', locationId });
    await pay.initialize(order);
    const { session } = await sessionOf(order);
    session.status = 'expired';
    const rows = async () => (await app.deps.db.select().from(paymentNotifications)).length;
    const before = await rows();

    const forged = stripe.signedEvent('checkout.session.expired', session, { secret: 'whsec_not_ours' });
    expect((await post(forged.payload, forged.signature)).status).toBe(401);
    expect((await post(forged.payload, null)).status).toBe(401);
    const old = stripe.signedEvent('checkout.session.expired', session, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect((await post(old.payload, old.signature)).status).toBe(401);
    const tampered = stripe.signedEvent('checkout.session.expired', session);
    expect((await post(tampered.payload.replace('expired', 'complete'), tampered.signature)).status).toBe(401);
    expect(await rows()).toBe(before);
    expect(await orderPaymentStatus(order)).toBe('new');

    // during a secret's rotation Stripe signs with the old and the new secret: one matching v1 is enough
    const event = stripe.signedEvent('checkout.session.expired', session);
    const timestamp = event.signature.split(',')[0]!;
    const otherV1 = Stripe.webhooks
      .generateTestHeaderString({ payload: event.payload, secret: 'whsec_old_secret', timestamp: Number(timestamp.slice(2)) })
      .split(',')[1]!;
    const rotated = `${timestamp},${otherV1},${event.signature.split(',')[1]}`;
    const first = await post(event.payload, rotated);
    expect(first.status).toBe(200);
    expect(await orderPaymentStatus(order)).toBe('canceled');
    const replay = await post(event.payload, rotated);
    expect(replay.status).toBe(200);
    expect(await rows()).toBe(before + 1);
    expect(await pay.history(order.id, 'payment')).toEqual([['new', 'canceled']]);
  });

  it('shows a bank debit as pending until it clears, then paid', async () => {
    const order = await pay.placeOrder({ variationId, method: 'stripe', locationId });
    await pay.initialize(order);
    const { session } = await sessionOf(order);
    await stripe.pay(session.id, 'async');
    expect(await orderPaymentStatus(order)).toBe('pending');
    await stripe.settle(session.id);
    expect(await orderPaymentStatus(order)).toBe('completed');
    expect(await pay.history(order.id, 'payment')).toEqual([
      ['new', 'pending'],
      ['pending', 'completed'],
    ]);
  });

  it('holds the money of a two-stage payment until a manager captures it, or releases it', async () => {
    const captured = await pay.placeOrder({ variationId, method: 'stripe-hold', locationId });
    await pay.initialize(captured);
    const one = await sessionOf(captured);
    expect(stripe.lastCreate()).toMatchObject({ payment_intent_data: { capture_method: 'manual' } });
    await stripe.pay(one.session.id, 'pay');
    expect(await orderPaymentStatus(captured)).toBe('authorized');
    const version = (await fx.orderRow(captured.id)).version;
    const detail = await expectJson(
      await adminRequest(app, `/orders/${captured.id}/payments/${one.transaction.id}/capture`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { version },
      }),
      200,
    );
    expect(detail.paymentStatus).toBe('completed');
    expect(stripe.intents.get(one.session.payment_intent!)!.status).toBe('succeeded');
    // a second press with the old version changes nothing
    await expectJson(
      await adminRequest(app, `/orders/${captured.id}/payments/${one.transaction.id}/capture`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { version },
      }),
      409,
    );
    expect((await pay.audits('order.payment-capture')).some((a) => a.entityId === captured.id)).toBe(true);

    const released = await pay.placeOrder({ variationId, method: 'stripe-hold', locationId });
    await pay.initialize(released);
    const two = await sessionOf(released);
    await stripe.pay(two.session.id, 'pay');
    const stockBefore = await fx.stockOf(variationId);
    await expectJson(
      await adminRequest(app, `/orders/${released.id}/payments/${two.transaction.id}/cancel`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { version: (await fx.orderRow(released.id)).version },
      }),
      200,
    );
    expect(await orderPaymentStatus(released)).toBe('canceled');
    expect(stripe.intents.get(two.session.payment_intent!)!.status).toBe('canceled');
    expect(await fx.stockOf(variationId)).toBe(stockBefore! + 1);
  });

  it('refunds through refunds.create with the refund’s idempotency key, and flags a refund made in Stripe’s dashboard', async () => {
    const order = await pay.placeOrder({ variationId, method: 'stripe', locationId, quantity: 2 });
    await pay.initialize(order);
    const { session, transaction } = await sessionOf(order);
    await stripe.pay(session.id, 'pay');
    const detail = await expectJson(
      await adminRequest(app, `/orders/${order.id}/refunds`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { version: (await fx.orderRow(order.id)).version, amountCents: 1_000, reason: 'Scratched' },
      }),
      201,
    );
    const [refund] = await pay.refunds(order.id);
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: 1_000, providerRefundId: expect.stringMatching(/^re_/) });
    expect(detail.payment.refunds[0]).toMatchObject({
      status: 'succeeded',
      amountCents: 1_000,
      reason: 'Scratched',
      staffName: owner.name,
    });
    expect(detail.payment.transactions[0]).toMatchObject({ refundedCents: 1_000, refundableCents: 8_980, attention: null });
    expect(detail.paymentStatus).toBe('completed');
    expect((await pay.mails('payment-refunded')).some((m) => m.data.refundId === refund!.id)).toBe(true);

    // someone refunds the rest in Stripe's dashboard: the charge, re-read, says more than the shop refunded
    const intent = stripe.intents.get(session.payment_intent!)!;
    const charge = stripe.charges.get(intent.latest_charge!)!;
    expect(charge.amount_refunded).toBe(1_000);
    charge.amount_refunded = 9_980;
    const chargeRow = { ...charge };
    const event = stripe.signedEvent('charge.refunded', chargeRow);
    expect((await post(event.payload, event.signature)).status).toBe(200);
    const [flagged] = await pay.transactions(order.id);
    expect(flagged!.id).toBe(transaction.id);
    expect(flagged!.attention).toBe('externalRefund');
    expect(await pay.history(order.id, 'payment-attention')).toEqual([['completed', 'externalRefund']]);
  });

  it('answers unknown providers and methods with 404, and reads nothing it cannot verify', async () => {
    expect((await app.request('/payment/notification/acme/x', { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await post('{}', 't=1,v1=abc', 'nope')).status).toBe(404);
    expect(findPaymentProvider('stripe')!.origins({})).toEqual(['https://checkout.stripe.com']);
  });

  it('keeps the webhook secret and the key out of every answer and the audit log', async () => {
    const answer = await expectJson(await adminRequest(app, '/payment-methods', { cookie: owner.cookie }), 200);
    const text = JSON.stringify(answer);
    expect(text).not.toContain(stripe.secretKey);
    expect(text).not.toContain(stripe.webhookSecret);
    const method = answer.items.find((m: { code: string }) => m.code === 'stripe');
    expect(method).toMatchObject({
      secretsSet: ['secretKey', 'webhookSecret'],
      settings: { testMode: true, twoStage: false },
      notificationUrl: `${app.deps.config.publicUrl}/api/payment/notification/stripe/stripe`,
    });
    const [row] = await app.deps.db.select().from(paymentNotifications).where(eq(paymentNotifications.provider, 'stripe')).limit(1);
    expect(row).toBeTruthy();
  });
});
