import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiTokenCreatedSchema,
  apiTokenListSchema,
  integrationDeliveryListSchema,
  telegramSettingsSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
} from '../../../src/contract/admin';
import { auditLog, integrationDeliveries, settings } from '../../../src/server/db/schema';
import { addressProblem } from '../../../src/server/integrations/address-guard';
import {
  DELIVERY_CLAIM_MS,
  deliverDueIntegrations,
  deliveryRetryDelayMs,
  MAX_DELIVERY_ATTEMPTS,
} from '../../../src/server/integrations/worker';
import { TELEGRAM_ROW } from '../../../src/server/integrations/telegram';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { json, startFakeServer, type FakeAnswer, type FakeRequest } from '../../fakes/fake-http';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

/** The receiver's check, exactly as the README's recipe writes it. */
function verifyAsDocumented(secret: string, header: string, rawBody: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest('hex');
  const fresh = Math.abs(nowSeconds - Number(parts.t)) <= 300;
  return fresh && timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(String(parts.v1), 'hex'));
}

describe('webhook addresses (SSRF guard)', () => {
  it('takes public https addresses only, unless private ones are allowed for development', async () => {
    expect(await addressProblem('https://93.184.216.34/hooks', false)).toBeNull();
    expect(await addressProblem('http://93.184.216.34/hooks', false)).toBe('httpsOnly');
    expect(await addressProblem('not an address', false)).toBe('invalidUrl');
    expect(await addressProblem('https://user:pw@93.184.216.34/', false)).toBe('invalidUrl');
    for (const inside of [
      'https://127.0.0.1/',
      'https://10.1.2.3/',
      'https://192.168.0.10/',
      'https://172.20.0.1/',
      'https://169.254.169.254/latest',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://localhost/',
    ]) {
      expect(await addressProblem(inside, false), inside).toBe('privateAddress');
    }
    expect(await addressProblem('http://127.0.0.1:9999/hooks', true)).toBeNull();
    // plain http only to this machine even then
    expect(await addressProblem('http://10.1.2.3/hooks', true)).toBe('httpsOnly');
  });
});

describe.each(databaseKinds)('integrations (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let owner: TestStaff;
  let manager: TestStaff;
  let card: string;
  let zoneId: string;
  let rateId: string;
  let receiver: Awaited<ReturnType<typeof startFakeServer>>;
  let telegram: Awaited<ReturnType<typeof startFakeServer>>;
  const received: FakeRequest[] = [];
  const telegramSeen: FakeRequest[] = [];
  let answer: (request: FakeRequest) => FakeAnswer = () => json(200, { ok: true });
  const clock = Date.now();

  beforeAll(async () => {
    receiver = await startFakeServer(async (request) => {
      received.push(request);
      return answer(request);
    });
    telegram = await startFakeServer(async (request) => {
      telegramSeen.push(request);
      return json(200, { ok: true, result: { message_id: telegramSeen.length } });
    });
    app = await createTestApp(kind, { env: { WEBHOOKS_ALLOW_PRIVATE: 'true', TELEGRAM_API_URL: telegram.origin } });
    app.deps.now = () => new Date(clock);
    fx = commerceFixtures(app);
    owner = await createSignedInStaff(app, 'owner');
    manager = await createSignedInStaff(app, 'manager');
    card = await fx.paymentMethod({ code: 'cod', kind: 'cash', title: 'Cash' });
    zoneId = await fx.zone();
    rateId = await fx.rate(zoneId, { kind: 'flat', priceCents: 500 });
    await fx.setSettings('ecommerce', { currency: 'USD' });
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
    await telegram.close();
  });

  const placeOrder = async (stock = 50, quantity = 1) => {
    const product = await fx.product({ priceCents: 2_500, title: 'Oolong', stock });
    const body = orderBody([{ variationId: product.variationId, quantity }], { zoneId, rateId }, card);
    return expectJson<{ id: string; number: number }>(await app.request('/orders', { method: 'POST', json: body }), 201);
  };
  const addEndpoint = async (path: string, events: string[]) =>
    webhookEndpointCreatedSchema.parse(
      await expectJson(
        await adminRequest(app, '/integrations/webhooks', {
          method: 'POST',
          cookie: owner.cookie,
          json: { url: `${receiver.origin}${path}`, events },
        }),
        201,
      ),
    );
  const deliveriesOf = (endpointId: string) =>
    app.deps.db.select().from(integrationDeliveries).where(eq(integrationDeliveries.endpointId, endpointId));

  it('signs each delivery so the documented recipe verifies it, and logs the answer', async () => {
    const { endpoint, secret } = await addEndpoint('/signed', ['order.created', 'order.canceled']);
    expect(secret).toMatch(/^whsec_/);
    // the secret is shown once: the list never carries it
    const list = await expectJson(await adminRequest(app, '/integrations/webhooks', { cookie: owner.cookie }), 200);
    expect(JSON.stringify(list)).not.toContain(secret);
    // every answer as its strict schema declares it
    expect(webhookEndpointListSchema.parse(list)).toEqual(list);

    const order = await placeOrder();
    // queued with the order, not sent by the request
    expect(received.filter((r) => r.url.pathname === '/signed')).toEqual([]);
    expect(await deliveriesOf(endpoint.id)).toEqual([expect.objectContaining({ event: 'order.created', status: 'pending' })]);

    expect((await deliverDueIntegrations(app.deps, new Date(clock))).delivered).toBeGreaterThanOrEqual(1);
    const [request] = received.filter((r) => r.url.pathname === '/signed');
    expect(request!.method).toBe('POST');
    expect(request!.headers['shop-event']).toBe('order.created');
    const signature = String(request!.headers['shop-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyAsDocumented(secret, signature, request!.body, Math.floor(clock / 1000))).toBe(true);
    expect(verifyAsDocumented('whsec_wrong', signature, request!.body, Math.floor(clock / 1000))).toBe(false);
    expect(
      verifyAsDocumented(
        secret,
        signature,
        request!.body.replace('Oolong', 'Sencha').replace(String(order.number), '0'),
        Math.floor(clock / 1000),
      ),
    ).toBe(false);
    const payload = JSON.parse(request!.body);
    expect(payload).toMatchObject({
      type: 'order.created',
      data: { id: order.id, number: order.number, totalCents: 3_000, currency: 'USD' },
    });

    const log = await expectJson(
      await adminRequest(app, `/integrations/webhooks/${endpoint.id}/deliveries`, { cookie: owner.cookie }),
      200,
    );
    expect(log.items).toEqual([expect.objectContaining({ event: 'order.created', status: 'delivered', responseStatus: 200, attempts: 1 })]);
    expect(integrationDeliveryListSchema.parse(log)).toEqual(log);
    expect(log.items[0].responseExcerpt).toContain('ok');
  });

  it('retries a failing endpoint with growing pauses, then marks the delivery failed; a replay sends it again', async () => {
    answer = (request) => (request.url.pathname === '/failing' ? json(500, { error: 'down' }) : json(200, { ok: true }));
    const { endpoint } = await addEndpoint('/failing', ['lead.created']);
    await expectJson(
      await app.request('/leads', { method: 'POST', json: { type: 'enquiry', name: 'Ivan', phone: '8 (999) 111-22-33' } }),
      201,
    );
    const hits = () => received.filter((r) => r.url.pathname === '/failing').length;

    let at = clock;
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      await deliverDueIntegrations(app.deps, new Date(at));
      expect(hits()).toBe(attempt);
      const [row] = await deliveriesOf(endpoint.id);
      expect(row).toMatchObject({ attempts: attempt, responseStatus: 500 });
      if (attempt < MAX_DELIVERY_ATTEMPTS) {
        expect(row!.status).toBe('pending');
        expect(row!.nextAttemptAt.getTime() - at).toBe(deliveryRetryDelayMs(attempt));
        // not due a moment before the pause ends
        await deliverDueIntegrations(app.deps, new Date(row!.nextAttemptAt.getTime() - 1));
        expect(hits()).toBe(attempt);
        at = row!.nextAttemptAt.getTime();
      } else expect(row!.status).toBe('failed');
    }
    expect(deliveryRetryDelayMs(2)).toBeGreaterThan(deliveryRetryDelayMs(1));
    // given up: no more attempts
    await deliverDueIntegrations(app.deps, new Date(at + 48 * 3600_000));
    expect(hits()).toBe(MAX_DELIVERY_ATTEMPTS);

    answer = () => json(200, { ok: true });
    const [failed] = await deliveriesOf(endpoint.id);
    // a manager may not replay
    await expectJson(
      await adminRequest(app, `/integrations/deliveries/${failed!.id}/replay`, { method: 'POST', cookie: manager.cookie }),
      403,
    );
    const replay = await expectJson(
      await adminRequest(app, `/integrations/deliveries/${failed!.id}/replay`, { method: 'POST', cookie: owner.cookie }),
      201,
    );
    expect(replay).toMatchObject({ status: 'pending', event: 'lead.created' });
    await deliverDueIntegrations(app.deps, new Date(clock));
    expect(hits()).toBe(MAX_DELIVERY_ATTEMPTS + 1);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.find((r) => r.id === replay.id)).toMatchObject({ status: 'delivered', responseStatus: 200 });
    // the same event: a receiver can tell the replay from a new one
    expect(rows.find((r) => r.id === replay.id)!.payload.id).toBe(failed!.payload.id);
  });

  it('each attempt is made once when instances deliver at the same time, and a claim left by a stopped instance runs out', async () => {
    const { endpoint } = await addEndpoint('/once', ['lead.created']);
    for (let i = 0; i < 12; i += 1) {
      await expectJson(
        await app.request('/leads', { method: 'POST', json: { type: 'enquiry', name: `Lead ${i}`, phone: '8 (999) 111-22-33' } }),
        201,
      );
    }
    // three instances' passes at once (the same database, each claiming with skip locked)
    await Promise.all([0, 1, 2].map(() => deliverDueIntegrations(app.deps, new Date(clock))));
    const hits = received.filter((r) => r.url.pathname === '/once').map((r) => String(r.headers['shop-delivery']));
    expect(hits).toHaveLength(12);
    expect(new Set(hits).size).toBe(12);
    expect((await deliveriesOf(endpoint.id)).every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);

    // a delivery claimed by an instance that stopped before sending: due again once the claim runs out
    await expectJson(
      await app.request('/leads', { method: 'POST', json: { type: 'enquiry', name: 'Late', phone: '8 (999) 111-22-33' } }),
      201,
    );
    const [pending] = (await deliveriesOf(endpoint.id)).filter((d) => d.status === 'pending');
    const claimedUntil = new Date(clock + DELIVERY_CLAIM_MS);
    await app.deps.db
      .update(integrationDeliveries)
      .set({ attempts: 1, nextAttemptAt: claimedUntil })
      .where(eq(integrationDeliveries.id, pending!.id));
    await deliverDueIntegrations(app.deps, new Date(clock + DELIVERY_CLAIM_MS - 1));
    expect(received.filter((r) => r.headers['shop-delivery'] === pending!.id)).toHaveLength(0);
    await deliverDueIntegrations(app.deps, claimedUntil);
    expect(received.filter((r) => r.headers['shop-delivery'] === pending!.id)).toHaveLength(1);
    expect((await deliveriesOf(endpoint.id)).find((d) => d.id === pending!.id)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('refuses private addresses unless allowed, http to other hosts, and a manager', async () => {
    const strict = await createTestApp(kind);
    try {
      const strictOwner = await createSignedInStaff(strict, 'owner');
      const refused = await expectJson(
        await adminRequest(strict, '/integrations/webhooks', {
          method: 'POST',
          cookie: strictOwner.cookie,
          json: { url: 'https://127.0.0.1/x', events: ['order.paid'] },
        }),
        400,
      );
      expect(refused.errors.children.url.errors[0]).toMatch(/private network/);
    } finally {
      await strict.close();
    }
    const http = await expectJson(
      await adminRequest(app, '/integrations/webhooks', {
        method: 'POST',
        cookie: owner.cookie,
        json: { url: 'http://example.com/x', events: ['order.paid'] },
      }),
      400,
    );
    expect(http.errors.children.url.errors[0]).toMatch(/https/);
    await expectJson(
      await adminRequest(app, '/integrations/webhooks', {
        method: 'POST',
        cookie: owner.cookie,
        json: { url: 'https://example.com/x', events: ['nope'] },
      }),
      400,
    );
    for (const [method, path] of [
      ['GET', '/integrations/webhooks'],
      ['POST', '/integrations/webhooks'],
      ['GET', '/integrations/tokens'],
      ['POST', '/integrations/tokens'],
      ['GET', '/integrations/telegram'],
      ['PUT', '/integrations/telegram'],
      ['POST', '/integrations/telegram/test'],
    ] as const) {
      const response = await adminRequest(app, path, { method, cookie: manager.cookie, json: method === 'GET' ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
  });

  it('an event rolled back with its write sends nothing', async () => {
    const { endpoint } = await addEndpoint('/rollback', ['order.created']);
    const product = await fx.product({ priceCents: 1_000, title: 'Rare', stock: 1 });
    const body = orderBody([{ variationId: product.variationId, quantity: 2 }], { zoneId, rateId }, card);
    await expectJson(await app.request('/orders', { method: 'POST', json: body }), 400);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });

  it('sends stock.low once when an order takes a variation to the low-stock line, and product.changed on a save', async () => {
    const { endpoint } = await addEndpoint('/stock', ['stock.low']);
    await placeOrder(7, 1); // 6 left: above the line
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    const product = await fx.product({ priceCents: 2_500, title: 'Puerh', stock: 7 });
    const order = (quantity: number) => orderBody([{ variationId: product.variationId, quantity }], { zoneId, rateId }, card);
    await expectJson(await app.request('/orders', { method: 'POST', json: order(2) }), 201); // 5 left: crosses
    await expectJson(await app.request('/orders', { method: 'POST', json: order(1) }), 201); // 4 left: already low
    const rows = await deliveriesOf(endpoint.id);
    expect(rows).toEqual([expect.objectContaining({ event: 'stock.low' })]);
    expect(rows[0]!.payload.data).toMatchObject({ variationId: product.variationId, stock: 5 });

    const changed = await addEndpoint('/products', ['product.changed']);
    await expectJson(
      await adminRequest(app, '/products/bulk', {
        method: 'POST',
        cookie: manager.cookie,
        json: { action: 'disable', items: [{ id: product.productId, version: 1 }] },
      }),
      200,
    );
    expect((await deliveriesOf(changed.endpoint.id)).map((d) => d.payload.data)).toEqual([{ id: product.productId, change: 'disable' }]);
  });

  it('API tokens: made with the password asked again, shown once, scoped, revocable, audited', async () => {
    await placeOrder();
    const body = { name: 'Warehouse', scopes: ['orders:read', 'products:read'] };
    await expectJson(await adminRequest(app, '/integrations/tokens', { method: 'POST', cookie: owner.cookie, json: body }), 403);
    await expectJson(
      await adminRequest(app, '/integrations/tokens', {
        method: 'POST',
        cookie: owner.cookie,
        json: { ...body, currentPassword: 'wrong-password' },
      }),
      403,
    );
    await expectJson(
      await adminRequest(app, '/integrations/tokens', {
        method: 'POST',
        cookie: manager.cookie,
        json: { ...body, currentPassword: manager.password },
      }),
      403,
    );
    const created = await expectJson<{ token: string; item: { id: string; prefix: string } }>(
      await adminRequest(app, '/integrations/tokens', {
        method: 'POST',
        cookie: owner.cookie,
        json: { ...body, currentPassword: owner.password },
      }),
      201,
    );
    expect(created.token.startsWith(created.item.prefix)).toBe(true);
    expect(apiTokenCreatedSchema.parse(created)).toEqual(created);
    const list = await expectJson(await adminRequest(app, '/integrations/tokens', { cookie: owner.cookie }), 200);
    expect(apiTokenListSchema.parse(list)).toEqual(list);
    expect(JSON.stringify(list)).not.toContain(created.token);
    const [entry] = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'apiToken.create'), eq(auditLog.entityId, created.item.id)));
    expect(JSON.stringify(entry)).not.toContain(created.token);

    const bearer = (path: string, init: RequestInit & { json?: unknown } = {}, token = created.token) =>
      app.request(`/admin${path}`, { ...init, headers: { authorization: `Bearer ${token}` } });
    const orders = await expectJson(await bearer('/orders'), 200);
    expect(orders.items.length).toBeGreaterThan(0);
    await expectJson(await bearer('/products'), 200);
    // beyond its scopes
    await expectJson(await bearer(`/orders/${orders.items[0].id}/notes`, { method: 'POST', json: { text: 'hi' } }), 403);
    await expectJson(await bearer('/customers'), 403);
    // routes no token reaches
    for (const path of ['/staff', '/settings', '/audit', '/integrations/tokens', '/session', '/orders/export.csv']) {
      expect((await bearer(path)).status, path).toBe(403);
    }
    const [used] = (await expectJson(await adminRequest(app, '/integrations/tokens', { cookie: owner.cookie }), 200)).items.filter(
      (t: { id: string }) => t.id === created.item.id,
    );
    expect(used.lastUsedAt).not.toBeNull();
    // a customer's bearer token or a made-up one
    expect((await bearer('/orders', {}, 'shpat_made-up')).status).toBe(401);
    // a manager cannot revoke; the owner can, and the token stops working at once
    await expectJson(
      await adminRequest(app, `/integrations/tokens/${created.item.id}/revoke`, { method: 'POST', cookie: manager.cookie }),
      403,
    );
    const revoked = await expectJson(
      await adminRequest(app, `/integrations/tokens/${created.item.id}/revoke`, { method: 'POST', cookie: owner.cookie }),
      200,
    );
    expect(revoked.revokedAt).not.toBeNull();
    expect((await bearer('/orders')).status).toBe(401);
  });

  it('a write-scoped token writes in its area, audited in the token’s name', async () => {
    const created = await expectJson<{ token: string }>(
      await adminRequest(app, '/integrations/tokens', {
        method: 'POST',
        cookie: owner.cookie,
        json: { name: 'CRM', scopes: ['orders:write'], currentPassword: owner.password },
      }),
      201,
    );
    const order = await placeOrder();
    const detail = await expectJson(
      await app.request(`/admin/orders/${order.id}`, { headers: { authorization: `Bearer ${created.token}` } }),
      200,
    );
    const noted = await app.request(`/admin/orders/${order.id}/notes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${created.token}` },
      json: { text: 'Called the customer', version: detail.version },
    });
    expect(noted.status).toBeLessThan(300);
    const [entry] = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.note')));
    expect(entry!.staffName).toContain('CRM');
  });

  it('Telegram: the bot token is never answered back; new orders and enquiries arrive in the shop’s language; a test message', async () => {
    await expectJson(
      await adminRequest(app, '/integrations/telegram', {
        method: 'PUT',
        cookie: manager.cookie,
        json: { enabled: true, chatId: '-100', botToken: '1:abc', version: 0 },
      }),
      403,
    );
    const incomplete = await adminRequest(app, '/integrations/telegram', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { enabled: true, chatId: '-100123', version: 0 },
    });
    expect(incomplete.status).toBe(400);
    const saved = await expectJson(
      await adminRequest(app, '/integrations/telegram', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { enabled: true, chatId: '-100123', botToken: '123456:SECRET-bot_token', version: 0 },
      }),
      200,
    );
    expect(saved).toEqual({ enabled: true, chatId: '-100123', botTokenSet: true, version: 1 });
    expect(telegramSettingsSchema.parse(saved)).toEqual(saved);
    const read = await adminRequest(app, '/integrations/telegram', { cookie: owner.cookie });
    expect(await read.text()).not.toContain('SECRET');
    // saving without a token keeps the saved one
    await expectJson(
      await adminRequest(app, '/integrations/telegram', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { enabled: true, chatId: '-100123', version: 1 },
      }),
      200,
    );
    const audit = await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, TELEGRAM_ROW));
    expect(JSON.stringify(audit)).not.toContain('SECRET');
    // the storefront's settings never carry it
    expect(await (await app.request('/config')).text()).not.toContain('SECRET');
    expect((await app.deps.db.select().from(settings).where(eq(settings.group, TELEGRAM_ROW)))[0]!.value).toMatchObject({
      botToken: '123456:SECRET-bot_token',
    });

    await fx.setSettings('language', { current: 'ru' });
    const order = await placeOrder();
    await expectJson(
      await app.request('/leads', {
        method: 'POST',
        json: { type: 'enquiry', name: 'Мария', phone: '8 (999) 222-33-44', text: 'Есть ли зелёный?' },
      }),
      201,
    );
    await deliverDueIntegrations(app.deps, new Date(clock));
    const messages = telegramSeen.map((r) => ({ path: r.url.pathname, body: JSON.parse(r.body) }));
    expect(messages.every((m) => m.path === '/bot123456:SECRET-bot_token/sendMessage')).toBe(true);
    expect(messages.map((m) => m.body.chat_id)).toEqual(['-100123', '-100123']);
    // delivered side by side, so in either order
    const texts = messages.map((m) => String(m.body.text));
    expect(texts.some((text) => text.startsWith(`Новый заказ №${order.number}`))).toBe(true);
    expect(texts.find((text) => text.startsWith('Новая заявка от Мария'))).toContain('Есть ли зелёный?');

    await expectJson(await adminRequest(app, '/integrations/telegram/test', { method: 'POST', cookie: owner.cookie }), 202);
    await deliverDueIntegrations(app.deps, new Date(clock));
    expect(JSON.parse(telegramSeen.at(-1)!.body).text).toContain('Проверочное сообщение');
    const log = await expectJson(await adminRequest(app, '/integrations/telegram/deliveries', { cookie: owner.cookie }), 200);
    expect(log.items.find((d: { event: string }) => d.event === 'test')).toMatchObject({ status: 'delivered', responseStatus: 200 });
    expect(JSON.stringify(log)).not.toContain('SECRET');
    await fx.setSettings('language', { current: 'en' });
  });
});
