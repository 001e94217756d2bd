import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMethodAllowed } from '../../src/lib/request-methods';
import { guardMethods } from '../../src/server/method-guard';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe.each(databaseKinds)('malformed input on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let cash: string;
  let locationId: string;
  let user: { id: string; token: string };
  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    cash = await fx.paymentMethod({ code: 'cash', kind: 'cash' });
    locationId = (await fx.location()).id;
    user = await fx.user();
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (path: string, body: BodyInit, init: RequestInit & { token?: string } = {}) =>
    app.request(path, { method: 'POST', ...init, headers: { 'content-type': 'application/json', ...init.headers }, body });

  describe('body size limit', () => {
    it('refuses a body above 1 MB by its Content-Length with 413 in the error shape', async () => {
      const res = await post('/leads', JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }));
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({
        success: false,
        status: 413,
        errors: { errors: [expect.any(String)] },
        detail: { message: expect.any(String) },
      });
    });

    it('refuses a streamed body without Content-Length as soon as it passes the limit, without reading it whole', async () => {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      const totalChunks = 64; // 4 MB
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled === totalChunks) return controller.close();
          pulled += 1;
          controller.enqueue(chunk);
        },
      });
      const res = await app.request('/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect((await res.json()).status).toBe(413);
      expect(pulled).toBeLessThan(totalChunks);
    });

    it('still reads bodies under the limit', async () => {
      const res = await post(
        '/leads',
        JSON.stringify({ type: 'enquiry', name: 'Ivan', phone: '8 (999) 111-22-33', comment: 'x'.repeat(1000) }),
      );
      expect(res.status).toBeLessThan(300);
    });
  });

  describe('deeply nested JSON', () => {
    it.each([
      ['/orders', 'POST'],
      ['/leads', 'POST'],
      ['/discount-code', 'POST'],
      ['/cart', 'PUT'],
      ['/users/profile', 'PUT'],
      ['/register', 'POST'],
    ])('%s answers 400, not 500, for 10,000-deep arrays and objects', async (path, method) => {
      for (const body of [deepArray(10_000), deepObject(10_000), deepArray(100_000)]) {
        const res = await app.request(path, { method, token: user.token, headers: { 'content-type': 'application/json' }, body });
        expect(res.status).toBe(400);
        expect((await res.json()).success).toBe(false);
      }
    });
  });

  describe('lone surrogates', () => {
    it('refuses them in order customer, receiver and address with a field error, writing nothing', async () => {
      const { variationId } = await fx.product();
      const zone = await fx.zone({ countries: ['AE'] });
      const rate = await fx.rate(zone);
      const before = await fx.writtenRows();
      const cases: [Record<string, unknown>, string][] = [
        [
          orderBody([{ variationId, quantity: 1 }], { locationId }, cash, { customer: { name: 'A\ud800', phone: '+7 999 123-45-67' } }),
          'customer.name',
        ],
        [
          orderBody([{ variationId, quantity: 1 }], { locationId }, cash, {
            receiver: { name: 'B', lastName: '\udfff', phone: '+7 999 123-45-67' },
          }),
          'receiver.lastName',
        ],
        [
          orderBody([{ variationId, quantity: 1 }], { zoneId: zone, rateId: rate }, cash, {
            delivery: { method: 'shipping', zoneId: zone, rateId: rate, address: { country: 'AE', locality: 'Dubai', street: 'x\ud83d' } },
          }),
          'delivery.address.street',
        ],
        [orderBody([{ variationId, quantity: 1 }], { locationId }, cash, { comment: '\ud800\ud800' }), 'comment'],
      ];
      for (const [body, field] of cases) {
        const res = await post('/orders', JSON.stringify(body));
        expect(res.status).toBe(400);
        const error = await res.json();
        expect(error.errorPath).toBe(field);
      }
      expect(await fx.writtenRows()).toEqual(before);
    });

    it('refuses them in the profile address and in keys', async () => {
      const res = await app.request('/users/profile', { method: 'PUT', token: user.token, json: { address: { street: '\ud800' } } });
      expect(res.status).toBe(400);
      expect((await res.json()).errorPath).toBe('address.street');
      const key = await app.request('/users/profile', { method: 'PUT', token: user.token, json: { ['\udc00']: 1 } });
      expect(key.status).toBe(400);
    });

    it('accepts well-formed astral characters (emoji) as they are', async () => {
      const res = await app.request('/users/profile', { method: 'PUT', token: user.token, json: { address: { street: 'Rue 🍞' } } });
      expect(res.status).toBe(200);
      expect((await res.json()).address.street).toBe('Rue 🍞');
    });
  });

  describe('order bounds', () => {
    it('refuses order totals above 2^31 cents with a 400 on items', async () => {
      const { variationId } = await fx.product({ priceCents: 2_000_000_000, stock: null });
      const res = await post('/orders', JSON.stringify(orderBody([{ variationId, quantity: 2 }], { locationId }, cash)));
      expect(res.status).toBe(400);
      expect((await res.json()).errorPath).toBe('items');
    });

    it('caps the quantity of a line at the maxLineQuantity setting (default 100), in orders and the cart', async () => {
      const { variationId } = await fx.product({ stock: null });
      const order = (quantity: number) => post('/orders', JSON.stringify(orderBody([{ variationId, quantity }], { locationId }, cash)));
      const cart = (quantity: number) => app.request('/cart', { method: 'PUT', token: user.token, json: [{ variationId, quantity }] });
      expect((await order(101)).status).toBe(400);
      expect((await cart(101)).status).toBe(400);
      expect((await order(100)).status).toBe(201);
      await fx.setSettings('ecommerce', { maxLineQuantity: 5 });
      try {
        const refused = await order(6);
        expect(refused.status).toBe(400);
        expect(await refused.json()).toMatchObject({
          errorPath: 'items.0.quantity',
          errors: { children: { items: { children: { 0: { children: { quantity: { errors: [expect.stringContaining('5')] } } } } } } },
        });
        // the cap applies to the merged quantity of repeated lines
        const merged = await post(
          '/orders',
          JSON.stringify(
            orderBody(
              [
                { variationId, quantity: 3 },
                { variationId, quantity: 3 },
              ],
              { locationId },
              cash,
            ),
          ),
        );
        expect(merged.status).toBe(400);
        expect((await cart(6)).status).toBe(400);
        expect((await order(5)).status).toBe(201);
        expect((await cart(5)).status).toBe(200);
      } finally {
        await fx.setSettings('ecommerce', {});
      }
    });

    it('refuses "price on request" variations (price 0) with a field error on the item', async () => {
      const priced = await fx.product({ priceCents: 1000 });
      const onRequest = await fx.product({ priceCents: 0 });
      const before = await fx.writtenRows();
      const res = await post(
        '/orders',
        JSON.stringify(
          orderBody(
            [
              { variationId: priced.variationId, quantity: 1 },
              { variationId: onRequest.variationId, quantity: 1 },
            ],
            { locationId },
            cash,
          ),
        ),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).errorPath).toBe('items.1.variationId');
      expect(await fx.writtenRows()).toEqual(before);
    });
  });

  describe('HTTP methods', () => {
    it('answers unknown methods on the API with 405 in the error shape and an Allow header', async () => {
      for (const method of ['PROPFIND', 'MKCOL', 'PURGE', 'LINK']) {
        const res = await app.request('/config', { method });
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toContain('GET');
        expect(await res.json()).toMatchObject({ success: false, status: 405 });
      }
    });
  });
});

describe('the server refuses methods it does not serve before the framework sees them', () => {
  let server: http.Server;
  let port: number;
  let reached = 0;
  beforeAll(async () => {
    server = http.createServer(
      guardMethods((_req, res) => {
        reached += 1;
        res.end('ok');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (method: string, path: string) =>
    new Promise<{ status: number; allow: string | undefined; type: string | undefined; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow, type: res.headers['content-type'], body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('TRACE and other unknown methods get 405: JSON under /api, a page elsewhere', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'PATCH', 'DELETE', 'PUT', 'OPTIONS']) {
      const page = await send(method, '/catalogs/shoes');
      expect(page.status).toBe(405);
      expect(page.type).toContain('text/html');
      expect(page.allow).toBe('GET, HEAD, POST');
    }
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL']) {
      const api = await send(method, '/api/config');
      expect(api.status).toBe(405);
      expect(JSON.parse(api.body)).toMatchObject({ success: false, status: 405 });
    }
    expect(reached).toBe(0);
    expect((await send('GET', '/')).status).toBe(200);
    expect((await send('DELETE', '/api/users')).status).toBe(200);
    expect(reached).toBe(2);
  });

  it('isMethodAllowed knows the API and page methods', () => {
    expect(isMethodAllowed('get', '/api/config')).toBe(true);
    expect(isMethodAllowed('PATCH', '/api')).toBe(true);
    expect(isMethodAllowed('PATCH', '/apix')).toBe(false);
    expect(isMethodAllowed('POST', '/payment/notification')).toBe(true);
    expect(isMethodAllowed('TRACE', '/api/config')).toBe(false);
  });
});
