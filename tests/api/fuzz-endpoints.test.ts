import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_WRITE_HEADERS, createSignedInStaff } from '../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/**
 * Property-based fuzzing of every POST, PUT, PATCH and DELETE endpoint of the API (read from the app's own
 * route table, so new endpoints are fuzzed too): generated bad bodies (wrong types, huge and control-filled
 * strings, lone surrogates, NULs, huge numbers, arrays for objects, deep nesting, broken JSON) and bad path
 * parameters, sent signed in as a customer and as the owner, must never get a 5xx. Seeded: a failure
 * prints the seed and path to replay it.
 */
const SEED = 20_261_123;
const RUNS_PER_ENDPOINT = 30;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const badString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    'x\ud83d',
    '\ud800\ud800',
    '\u202e',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '%00',
    '../../etc/passwd',
    'NaN',
    '-1',
    '1e400',
    '0x10',
  ),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.integer({ min: 1000, max: 300_000 }).map((n) => 'x'.repeat(n)),
);
const badNumber = fc.constantFrom(0, -1, -0, 0.5, 1e308, -1e308, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1e-320);
const leaf = fc.oneof(badString, badNumber, fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(badString, leaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
);

/** Raw request bodies that are not a JSON value of any use. */
const rawBody = fc.oneof(
  fc.constantFrom(
    '',
    'null',
    '{',
    '[1,2',
    '{"a":}',
    '\u0000',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '"\\ud800"',
    '{"a":"\\u0000"}',
    '1e99999',
  ),
  fc.integer({ min: 100, max: 50_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 100, max: 20_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.constant(JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) })),
);

type Json = unknown;

/** Replaces the value at one path of a valid body by a bad value (so validation is passed up to that field). */
function mutate(template: Json, path: (string | number)[], value: unknown): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(template)) {
    const copy = [...template];
    copy[Number(head) % Math.max(copy.length, 1)] = mutate(copy[Number(head) % Math.max(copy.length, 1)], rest, value);
    return copy;
  }
  if (template && typeof template === 'object') {
    const record = template as Record<string, Json>;
    const keys = Object.keys(record);
    const key = keys.length ? keys[Number(head) % keys.length]! : String(head);
    return { ...record, [key]: mutate(record[key], rest, value) };
  }
  return value;
}

describe.each(databaseKinds)('fuzzing every write endpoint on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  const ids: Record<string, string> = {};
  const templates: Record<string, Json> = {};
  let routes: { method: string; path: string }[] = [];

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    const cash = await fx.paymentMethod({ code: 'cash', kind: 'cash' });
    await fx.paymentMethod({ code: 'card', kind: 'online', provider: 'sandbox' });
    const { id: locationId } = await fx.location();
    const { variationId, productId } = await fx.product({ stock: 1000 });
    const order = await (
      await app.request('/orders', { method: 'POST', json: orderBody([{ variationId, quantity: 1 }], { locationId }, 'card') })
    ).json();
    const payment = await (
      await app.request('/payment/initialize', { method: 'POST', json: { order: order.number, token: order.secretToken } })
    ).json();
    Object.assign(ids, {
      id: order.id,
      transactionId: String(payment.url).split('/').pop()!,
      provider: 'sandbox',
      action: 'pay',
      token: 'x'.repeat(40),
      variationId,
      productId,
    });
    const line = [{ variationId, quantity: 1 }];
    Object.assign(templates, {
      '/api/orders': orderBody(line, { locationId }, cash, {
        receiver: { name: 'B', phone: '+7 999 123-45-67' },
        comment: 'c',
        discountCodeId: 'x',
      }),
      '/api/cart': line,
      '/api/discount-code': { code: 'SAVE', items: line },
      '/api/leads': { type: 'enquiry', name: 'Ivan', phone: '8 (999) 111-22-33', email: 'a@b.c', comment: 'hi', product: productId },
      '/api/payment/initialize': { order: order.number, token: order.secretToken },
      '/api/register': { email: 'new@example.com', password: 'a long enough password 1', firstName: 'A', lastName: 'B' },
      '/api/login_check': { username: 'a@b.c', password: 'x' },
      '/api/users': { email: 'a@b.c', firstName: 'A', lastName: 'B', phone: '+7 999 123-45-67' },
      '/api/users/profile': {
        firstName: 'A',
        lastName: 'B',
        phone: '+7 999 123-45-67',
        birthDate: '2000-01-01',
        address: { country: 'FR', region: 'r', locality: 'l', street: 's', postalCode: '1' },
      },
      '/api/product-reviews': { product: productId, rating: 5, name: 'A', text: 'Good' },
      '/api/articles/comments': { article: 'x', name: 'A', text: 'Nice', parent: null },
      '/api/preview/section-data': {
        sections: [{ id: 's', type: 'SectionProductWidget', options: { products: [productId] }, items: [{ id: 'i', options: {} }] }],
      },
      '/api/admin/session': { email: 'a@b.c', password: 'x' },
      '/api/admin/orders/:id/status': { status: 'done', note: 'n' },
      '/api/admin/orders/:id/notes': { text: 'n' },
      '/api/admin/orders/:id/delivery-price': { price: 10 },
    });
    const unique = new Map<string, { method: string; path: string }>();
    for (const route of app.api.routes)
      if (WRITE_METHODS.has(route.method)) unique.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
    routes = [...unique.values()];
  });
  afterAll(async () => {
    await app.close();
  });

  it('knows the write endpoints', () => {
    // the list comes from the route table; a handful are checked so that a refactor cannot empty it
    const names = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const expected of ['POST /api/orders', 'PUT /api/cart', 'PUT /api/users/profile', 'POST /api/leads', 'POST /api/register'])
      expect(names).toContain(expected);
  });

  const pathParam = fc.oneof(
    fc.constantFrom('x', '0', '-1', '1e400', '%00', '%ZZ', '..', 'null', '%F0%9F%8D%9E'),
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
    fc.integer({ min: 300, max: 3000 }).map((n) => 'a'.repeat(n)),
  );

  it('answers no generated request with a 5xx', { timeout: 600_000 }, async () => {
    for (const route of routes) {
      const user = await fx.user();
      const staff = await createSignedInStaff(app, 'owner');
      const template = templates[route.path] ?? {};
      const request = fc.record({
        body: fc.oneof(
          {
            weight: 3,
            arbitrary: fc
              .tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), badValue)
              .map(([p, v]) => JSON.stringify(mutate(template, p, v))),
          },
          { weight: 2, arbitrary: badValue.map((v) => JSON.stringify(v)) },
          { weight: 1, arbitrary: rawBody },
        ),
        realParams: fc.boolean(),
        param: pathParam,
        auth: fc.constantFrom('none', 'customer', 'staff', 'both'),
        contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', ''),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ body, realParams, param, auth, contentType }) => {
          const path = route.path
            .replace(/\/:(\w+)\?/g, (_m, name: string) => (realParams ? `/${ids[name] ?? 'x'}` : ''))
            .replace(/:(\w+)/g, (_m, name: string) => (realParams ? (ids[name] ?? 'x') : param));
          const headers = new Headers(contentType ? { 'content-type': contentType } : {});
          if (auth === 'customer' || auth === 'both') headers.set('authorization', `Bearer ${user.token}`);
          if (auth === 'staff' || auth === 'both') {
            headers.set('cookie', staff.cookie);
            for (const [k, v] of Object.entries(ADMIN_WRITE_HEADERS)) headers.set(k, v);
          }
          const res = await app.api.request(path, { method: route.method, headers, body });
          const text = await res.text();
          if (res.status >= 500) throw new Error(`${route.method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
      );
    }
  });
});
