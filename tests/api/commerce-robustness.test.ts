import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/** Malformed input of every kind must be answered with a 4xx, never a 500. */
const JSON_BODIES: unknown[] = [
  null,
  [],
  {},
  'text',
  42,
  [null],
  [{}],
  { items: null },
  { items: [null] },
  { items: [{ variationId: {}, quantity: 1 }] },
  { items: [{ variationId: 'x', quantity: 1e308 }] },
  { items: Array.from({ length: 300 }, () => ({ variationId: 'x', quantity: 1 })) },
  { order: null },
  { order: 1.5 },
  { order: 1e20 },
  { order: '\u0000' },
  { code: ['a'] },
  { customer: [], delivery: null },
  { delivery: { method: 'shipping', address: [] } },
  { delivery: { method: 'pickup', locationId: 5 } },
  { product: {} },
  { name: 'a', phone: '1', product: ['x'] },
  { name: 'a', phone: '1', email: 5 },
  { token: {} },
  { agreement: 'true' },
  { receiver: 'x' },
  { discountCodeId: 5 },
];
const RAW_BODIES = ['', 'null', '{"a":', '\u0000', '[1,2', '{"__proto__":{"x":1}}'];
const POST_PATHS = [
  '/orders',
  '/discount-code',
  '/leads',
  '/payment/initialize',
  '/payment/notification',
  '/payment/notification/sandbox',
  '/payment/sandbox/x/pay',
];
const GET_PATHS = [
  '/orders/%00',
  '/orders/-1',
  '/orders/1e5',
  `/orders/${'x'.repeat(500)}`,
  '/orders/1?token[]=a',
  '/orders/1?token=%00',
  '/orders/batch?ids[a]=1',
  '/orders/batch?ids[][]=1',
  '/orders/batch?ids=%00',
  '/users/orders?limit=abc',
  '/users/orders?offset=-1',
  '/configs/payments-available-methods-by-location?code=%00',
  '/payment/sandbox/%00',
  `/payment/sandbox/${'x'.repeat(500)}`,
];

describe.each(databaseKinds)('commerce input robustness on %s', (kind) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    token = (await commerceFixtures(app).user()).token;
  });
  afterAll(async () => {
    await app.close();
  });

  const callers = () => [{}, { token }];

  it('answers malformed JSON bodies with a 4xx', async () => {
    for (const path of POST_PATHS) {
      for (const json of JSON_BODIES) {
        for (const caller of callers()) {
          const res = await app.request(path, { method: 'POST', json, ...caller });
          expect(res.status, `POST ${path} ${JSON.stringify(json).slice(0, 60)}`).toBeLessThan(500);
        }
      }
      for (const body of RAW_BODIES) {
        const res = await app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
        expect(res.status, `POST ${path} raw ${body}`).toBeLessThan(500);
      }
    }
    for (const json of JSON_BODIES) {
      const res = await app.request('/cart', { method: 'PUT', json, token });
      expect(res.status, `PUT /cart ${JSON.stringify(json).slice(0, 60)}`).toBeLessThan(500);
    }
  });

  it('answers malformed paths and queries with a 4xx', async () => {
    for (const path of GET_PATHS) {
      for (const caller of callers()) {
        const res = await app.request(path, caller);
        expect(res.status, `GET ${path}`).toBeLessThan(500);
        expect(res.status, `GET ${path}`).toBeGreaterThanOrEqual(400);
      }
    }
  });
});
