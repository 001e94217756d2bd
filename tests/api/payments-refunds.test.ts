import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProviderOrigins } from '../../src/server/api/commerce/payments/methods';
import { renderQueuedMail } from '../../src/server/mail/templates';
import { auditLog, orderItems, orders, paymentMethods } from '../../src/server/db/schema';
import { createStaff } from '../../src/server/api/admin/staff';
import { adminRequest, createSignedInStaff, expectJson, sessionCookieOf, type TestStaff } from '../helpers/admin-fixtures';
import { commerceFixtures, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { paymentFixtures, type PlacedOrder } from '../helpers/payment-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('refunds and money rules on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let pay: ReturnType<typeof paymentFixtures>;
  let owner: TestStaff;
  let manager: TestStaff;
  let locationId: string;
  let variationId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    pay = paymentFixtures(app, fx);
    ({ locationId } = await fx.checkoutChoices());
    variationId = (await fx.product({ priceCents: 3_000, stock: 100 })).variationId;
    owner = await createSignedInStaff(app, 'owner');
    manager = await createSignedInStaff(app, 'manager');
  });
  afterAll(async () => {
    await app.close();
  });

  /** An order of `quantity` units paid through the sandbox (card). */
  async function paidOrder(quantity = 2, extra: Record<string, unknown> = {}): Promise<PlacedOrder> {
    const placed = await pay.placeOrder({ variationId, method: 'card', locationId, quantity, extra });
    const url = await pay.initialize(placed);
    expect((await app.request(`${new URL(url).pathname.replace(/^\/api/, '')}/pay`, { method: 'POST' })).status).toBe(303);
    expect((await fx.orderRow(placed.id)).paymentStatus).toBe('completed');
    return placed;
  }
  const version = async (placed: PlacedOrder) => (await fx.orderRow(placed.id)).version;
  const refund = (placed: PlacedOrder, json: Record<string, unknown>, staff = manager) =>
    adminRequest(app, `/orders/${placed.id}/refunds`, { method: 'POST', cookie: staff.cookie, json });

  it('refunds part, then the rest, never more than was captured; a full refund makes the order refunded', async () => {
    const placed = await paidOrder();
    const tooMuch = await expectJson(await refund(placed, { version: await version(placed), amountCents: 6_001 }), 400);
    expect(tooMuch.errors.children.amountCents.errors[0]).toContain('6000');
    await expectJson(await refund(placed, { version: await version(placed), amountCents: 1_500 }), 201);
    const again = await expectJson(await refund(placed, { version: await version(placed), amountCents: 4_501 }), 400);
    expect(again.errorPath).toBe('amountCents');
    const detail = await expectJson(await refund(placed, { version: await version(placed), amountCents: 4_500 }), 201);
    expect(detail.paymentStatus).toBe('refunded');
    expect(detail.payment.transactions[0]).toMatchObject({ capturedCents: 6_000, refundedCents: 6_000, refundableCents: 0 });
    expect(await pay.history(placed.id, 'payment')).toEqual([
      ['new', 'completed'],
      ['completed', 'refunded'],
    ]);
    await expectJson(await refund(placed, { version: await version(placed), amountCents: 1 }), 400);
  });

  it('refuses bad refund input with field errors and writes nothing', async () => {
    const placed = await paidOrder();
    const v = await version(placed);
    for (const json of [
      { version: v },
      { version: v, amountCents: 100, lines: [{ itemId: 'x', quantity: 1 }] },
      { version: v, amountCents: -5 },
      { version: v, amountCents: 1.5 },
    ]) {
      expect((await refund(placed, json)).status).toBe(400);
    }
    const unknown = await expectJson(await refund(placed, { version: v, lines: [{ itemId: 'nope', quantity: 1 }] }), 400);
    expect(unknown.errorPath).toBe('lines.nope');
    const [line] = await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    const many = await expectJson(await refund(placed, { version: v, lines: [{ itemId: line!.id, quantity: 3 }] }), 400);
    expect(many.errors.children.lines.children[line!.id].errors[0]).toContain('2');
    expect(await pay.refunds(placed.id)).toEqual([]);
    expect(await version(placed)).toBe(v);
  });

  it('lets one of two managers refunding at once win; the other gets 409 and nothing is refunded twice', async () => {
    const placed = await paidOrder();
    const v = await version(placed);
    const answers = await Promise.all([
      refund(placed, { version: v, amountCents: 6_000 }, manager),
      refund(placed, { version: v, amountCents: 6_000 }, owner),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refunds = await pay.refunds(placed.id);
    expect(refunds).toHaveLength(1);
    const [transaction] = await pay.transactions(placed.id);
    expect(transaction!.refundedCents).toBe(6_000);
  });

  it('never refunds past the captured amount under racing refunds of fresh versions', async () => {
    const placed = await paidOrder();
    const attempts = await Promise.all(
      Array.from({ length: 4 }, async () => {
        // each re-reads the version, as a manager who reloads; at most what was captured goes back
        for (let i = 0; i < 5; i++) {
          const res = await refund(placed, { version: await version(placed), amountCents: 2_000 });
          if (res.status !== 409) return res.status;
        }
        return 409;
      }),
    );
    const [transaction] = await pay.transactions(placed.id);
    expect(transaction!.refundedCents).toBeLessThanOrEqual(6_000);
    expect(attempts.filter((s) => s === 201).length * 2_000).toBe(transaction!.refundedCents);
  });

  it('refunds by lines, returns them to stock once, and tells the customer in their language', async () => {
    const placed = await paidOrder(3);
    await app.deps.db.update(orders).set({ lang: 'ru' }).where(eq(orders.id, placed.id));
    const [line] = await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    const stock = await fx.stockOf(variationId);
    const detail = await expectJson(
      await refund(placed, {
        version: await version(placed),
        lines: [{ itemId: line!.id, quantity: 2 }],
        restock: true,
        reason: 'Вернули две',
      }),
      201,
    );
    expect(detail.payment.refunds[0]).toMatchObject({
      amountCents: 6_000,
      restock: true,
      reason: 'Вернули две',
      lines: [{ itemId: line!.id, quantity: 2 }],
    });
    expect(await fx.stockOf(variationId)).toBe(stock! + 2);
    expect(await pay.history(placed.id, 'stock')).toContainEqual([null, 'returned']);
    const [audit] = (await pay.audits('order.refund')).filter((a) => a.entityId === placed.id);
    expect(audit!.after).toMatchObject({ amountCents: 6_000, restock: true });
    const mail = (await pay.mails('payment-refunded')).find((m) => m.data.orderId === placed.id)!;
    expect(mail.lang).toBe('ru');
    const rendered = (await renderQueuedMail(app.deps, mail))!;
    expect(rendered.subject).toContain(`по заказу №${placed.number}`);
    expect(rendered.text).toContain('Мы вернули');
    expect(rendered.text).toContain('× 2');
    const english = (await renderQueuedMail(app.deps, { ...mail, lang: 'en' }))!;
    expect(english.text).toContain(`We have refunded`);
  });

  it('cancels a paid order and refunds it in the same step', async () => {
    const placed = await paidOrder();
    const detail = await expectJson(
      await adminRequest(app, `/orders/${placed.id}/cancel`, {
        method: 'POST',
        cookie: manager.cookie,
        json: { version: await version(placed), reason: 'Out of stock', refund: true },
      }),
      200,
    );
    expect(detail.status).toBe('canceled');
    expect(detail.paymentStatus).toBe('refunded');
    expect(detail.payment.refunds).toHaveLength(1);
  });

  it('flags a payment for a canceled order and a second payment of a paid one, never making them count', async () => {
    const canceled = await pay.placeOrder({ variationId, method: 'card', locationId });
    const url = await pay.initialize(canceled);
    await expectJson(
      await adminRequest(app, `/orders/${canceled.id}/cancel`, {
        method: 'POST',
        cookie: manager.cookie,
        json: { version: await version(canceled) },
      }),
      200,
    );
    await app.request(`${new URL(url).pathname.replace(/^\/api/, '')}/pay`, { method: 'POST' });
    const [late] = await pay.transactions(canceled.id);
    expect(late).toMatchObject({ status: 'completed', attention: 'canceledOrder' });
    expect((await fx.orderRow(canceled.id)).paymentStatus).toBe('new');
    expect(await pay.history(canceled.id, 'payment-attention')).toEqual([['new', 'canceledOrder']]);
    // the manager can give that money back
    await expectJson(await refund(canceled, { version: await version(canceled), amountCents: 3_000, transactionId: late!.id }), 201);

    const twice = await pay.placeOrder({ variationId, method: 'card', locationId });
    const first = await pay.initialize(twice);
    const second = await pay.initialize(twice);
    await app.request(`${new URL(first).pathname.replace(/^\/api/, '')}/pay`, { method: 'POST' });
    await app.request(`${new URL(second).pathname.replace(/^\/api/, '')}/pay`, { method: 'POST' });
    const attempts = await pay.transactions(twice.id);
    expect(attempts.map((a) => a.attention)).toEqual([null, 'paidTwice']);
    const detail = await expectJson(await adminRequest(app, `/orders/${twice.id}`, { cookie: manager.cookie }), 200);
    expect(detail.payment.transactions.map((t: { attention: string | null }) => t.attention)).toEqual([null, 'paidTwice']);
  });

  it('lets only the owner save credentials; secrets are write-only and never audited', async () => {
    await pay.method('stripe-creds', 'stripe', {});
    const [row] = await app.deps.db.select().from(paymentMethods).where(eq(paymentMethods.code, 'stripe-creds'));
    const body = {
      version: row!.version,
      settings: { secretKey: 'sk_test_abc123', webhookSecret: 'whsec_xyz789', testMode: true, twoStage: true },
      currentPassword: owner.password,
    };
    await expectJson(
      await adminRequest(app, '/payment-methods/stripe-creds/settings', { method: 'PUT', cookie: manager.cookie, json: body }),
      403,
    );
    const saved = await expectJson(
      await adminRequest(app, '/payment-methods/stripe-creds/settings', { method: 'PUT', cookie: owner.cookie, json: body }),
      200,
    );
    const method = saved.items.find((m: { code: string }) => m.code === 'stripe-creds');
    expect(method).toMatchObject({ secretsSet: ['secretKey', 'webhookSecret'], settings: { testMode: true, twoStage: true } });
    expect(JSON.stringify(saved)).not.toContain('sk_test_abc123');
    // the form leaves secrets empty: they are kept
    const kept = await expectJson(
      await adminRequest(app, '/payment-methods/stripe-creds/settings', {
        method: 'PUT',
        cookie: owner.cookie,
        json: {
          version: method.version,
          settings: { secretKey: '', webhookSecret: '', testMode: true, twoStage: false },
          currentPassword: owner.password,
        },
      }),
      200,
    );
    const [stored] = await app.deps.db.select().from(paymentMethods).where(eq(paymentMethods.code, 'stripe-creds'));
    expect(stored!.settings).toMatchObject({ secretKey: 'sk_test_abc123', webhookSecret: 'whsec_xyz789', twoStage: false });
    // a live key in test mode, or a bad webhook secret, is named on its field
    const wrong = await expectJson(
      await adminRequest(app, '/payment-methods/stripe-creds/settings', {
        method: 'PUT',
        cookie: owner.cookie,
        json: {
          version: kept.items.find((m: { code: string }) => m.code === 'stripe-creds').version,
          settings: { secretKey: 'sk_live_abc', webhookSecret: 'nope', testMode: true },
          currentPassword: owner.password,
        },
      }),
      400,
    );
    expect(Object.keys(wrong.errors.children.settings.children).sort()).toEqual(['secretKey', 'webhookSecret']);
    const audits = await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, 'stripe-creds'));
    const text = JSON.stringify(audits);
    expect(text).not.toContain('sk_test_abc123');
    expect(text).not.toContain('whsec_xyz789');
    expect(audits.find((a) => a.action === 'payment-method.settings')!.after).toMatchObject({
      secretsChanged: ['secretKey', 'webhookSecret'],
    });
  });

  it('lists the origins of enabled online methods for the Content-Security-Policy', async () => {
    await pay.method('stripe-csp', 'stripe', {});
    expect(await paymentProviderOrigins(app.deps.db)).toContain('https://checkout.stripe.com');
    await app.deps.db.update(paymentMethods).set({ enabled: false }).where(eq(paymentMethods.provider, 'stripe'));
    expect(await paymentProviderOrigins(app.deps.db)).not.toContain('https://checkout.stripe.com');
  });

  it('a refund by lines of an order taxed on top returns the lines with their tax', async () => {
    await fx.setSettings('taxes', {
      enabled: true,
      pricesIncludeTax: false,
      taxDelivery: true,
      standardRate: 20,
      reducedRate: 0,
      areas: [],
    });
    try {
      const placed = await paidOrder(3);
      const row = await fx.orderRow(placed.id);
      expect(row).toMatchObject({ taxCents: 1_800, totalCents: 10_800 });
      const [line] = await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
      const detail = await expectJson(
        await refund(placed, { version: await version(placed), lines: [{ itemId: line!.id, quantity: 1 }], restock: false }),
        201,
      );
      expect(detail.items[0]).toMatchObject({ paidCents: 10_800, taxCents: 1_800, taxRate: 20 });
      expect(detail.payment.refunds[0]).toMatchObject({ amountCents: 3_600 });
    } finally {
      await fx.setSettings('taxes', {});
    }
  });
});

describe('the sandbox in a live shop', () => {
  it('refuses to run when the shop is served over https, unless PAYMENT_SANDBOX=allow', async () => {
    const app = await createTestApp('pglite', { env: { PUBLIC_URL: 'https://shop.example' } });
    try {
      const fx = commerceFixtures(app);
      const { card, locationId } = await fx.checkoutChoices();
      const { variationId } = await fx.product();
      const placed = await paymentFixtures(app, fx).placeOrder({ variationId, method: card, locationId });
      const res = await app.request('/payment/initialize', { method: 'POST', json: { order: placed.number, token: placed.secretToken } });
      expect(res.status).toBe(409);
      expect((await res.json()).message).toContain('Test payments are switched off');
      await createStaff(
        app.deps.db,
        { email: 'owner@shop.example', password: 'owner-pass-2026', role: 'owner', name: 'Owner' },
        { cost: 1024 },
      );
      const live = { 'x-shop-admin': '1', origin: 'https://shop.example' };
      const signIn = await app.request('/admin/session', {
        method: 'POST',
        headers: live,
        json: { email: 'owner@shop.example', password: 'owner-pass-2026' },
      });
      const cookie = sessionCookieOf(signIn);
      const methods = await expectJson(await adminRequest(app, '/payment-methods', { cookie }), 200);
      expect(methods.sandboxRefused).toBe(true);
      expect(methods.items.find((m: { code: string }) => m.code === card).unavailable).toBe('sandboxInLiveShop');
    } finally {
      await app.close();
    }
    const allowed = await createTestApp('pglite', { env: { PUBLIC_URL: 'https://shop.example', PAYMENT_SANDBOX: 'allow' } });
    try {
      const fx = commerceFixtures(allowed);
      const { card, locationId } = await fx.checkoutChoices();
      const { variationId } = await fx.product();
      const placed = await paymentFixtures(allowed, fx).placeOrder({ variationId, method: card, locationId });
      expect(await paymentFixtures(allowed, fx).initialize(placed)).toMatch(/^https:\/\/shop\.example\/api\/payment\/sandbox\//);
    } finally {
      await allowed.close();
    }
  });
});
