import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, type TestStaff } from '../../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser, type TestUser } from '../../helpers/users-fixtures';

const ID = '00000000-0000-4000-8000-000000000000';

/** Every route of the back office API but sign-in, with a body that would pass validation. */
const ROUTES: { method: string; path: string; body?: unknown; ownerOnly?: boolean }[] = [
  { method: 'GET', path: '/session' },
  { method: 'DELETE', path: '/session' },
  { method: 'POST', path: '/session/password', body: { currentPassword: 'x', newPassword: 'long enough password' } },
  { method: 'GET', path: '/dashboard' },
  { method: 'GET', path: '/order-states' },
  { method: 'GET', path: '/orders' },
  { method: 'GET', path: `/orders/${ID}` },
  { method: 'POST', path: `/orders/${ID}/status`, body: { status: 'processing', version: 1 } },
  { method: 'POST', path: `/orders/${ID}/delivery-price`, body: { priceCents: 100, version: 1 } },
  { method: 'POST', path: `/orders/${ID}/cancel`, body: { version: 1 } },
  { method: 'POST', path: `/orders/${ID}/notes`, body: { text: 'note' } },
  { method: 'GET', path: `/orders/${ID}/packing-slip` },
  { method: 'GET', path: '/reviews' },
  { method: 'PATCH', path: `/reviews/${ID}`, body: { status: 'approved', version: 1 } },
  { method: 'POST', path: '/reviews/bulk', body: { ids: [ID], action: 'approve' } },
  { method: 'GET', path: '/comments' },
  { method: 'PATCH', path: `/comments/${ID}`, body: { status: 'approved', version: 1 } },
  { method: 'POST', path: '/comments/bulk', body: { ids: [ID], action: 'approve' } },
  { method: 'GET', path: '/leads' },
  { method: 'PATCH', path: `/leads/${ID}`, body: { handled: true, version: 1 } },
  { method: 'GET', path: '/customers' },
  { method: 'GET', path: `/customers/${ID}` },
  { method: 'PATCH', path: `/customers/${ID}`, body: { disabled: true, version: 1 } },
  { method: 'GET', path: '/audit', ownerOnly: true },
];
const WRITES = ROUTES.filter((r) => r.method !== 'GET');

describe.each(databaseKinds)('who may not use the back office API (%s)', (kind) => {
  let app: TestApp;
  let manager: TestStaff;
  let customer: TestUser;
  beforeAll(async () => {
    app = await createTestApp(kind);
    manager = await createSignedInStaff(app, 'manager');
    customer = await createUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (route: (typeof ROUTES)[number], init: Parameters<typeof adminRequest>[2] = {}) =>
    adminRequest(app, route.path, { method: route.method, ...(route.body ? { body: JSON.stringify(route.body) } : {}), ...init });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: 401 without a session', async (_, route) => {
    const response = await call(route);
    expect(response.status).toBe(401);
    expect((await response.json()).success).toBe(false);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: 401 with a customer bearer token', async (_, route) => {
    const response = await call(route, { headers: { authorization: `Bearer ${customer.token}` } });
    expect(response.status).toBe(401);
  });

  it.each(WRITES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 403 for a signed-in write without the X-Shop-Admin header',
    async (_, route) => {
      expect((await call(route, { cookie: manager.cookie, csrf: false, headers: { origin: 'http://localhost:4321' } })).status).toBe(403);
    },
  );

  it.each(WRITES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 403 for a signed-in write from a foreign origin',
    async (_, route) => {
      const response = await call(route, { cookie: manager.cookie, headers: { 'x-shop-admin': '1', origin: 'https://attacker.example' } });
      expect(response.status).toBe(403);
    },
  );

  it.each(ROUTES.filter((r) => r.ownerOnly).map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 403 for a manager',
    async (_, route) => {
      expect((await call(route, { cookie: manager.cookie })).status).toBe(403);
    },
  );

  it('every route of the back office API, from the route table, refuses no session, a customer token and writes without the header', async () => {
    // the public ones: signing in and accepting an invitation (each has its own tests)
    const PUBLIC = new Set(['POST /api/admin/session', 'GET /api/admin/invitation', 'POST /api/admin/invitation/accept']);
    const seen = new Map<string, { method: string; path: string }>();
    for (const route of app.api.routes) {
      if (!route.path.startsWith('/api/admin/') || route.method === 'ALL') continue;
      seen.set(`${route.method} ${route.path}`, {
        method: route.method,
        path: route.path.replace(/^\/api\/admin/, '').replaceAll(/:[a-zA-Z]+/g, ID),
      });
    }
    const routes = [...seen.entries()].filter(([name]) => !PUBLIC.has(name));
    // the list comes from the route table: a few are named so that a refactor cannot empty it
    for (const expected of [
      'PUT /api/admin/products/:id',
      'PUT /api/admin/settings/:group',
      'POST /api/admin/builder/target/:target/publish',
    ]) {
      expect(seen.has(expected), expected).toBe(true);
    }
    const wrong: string[] = [];
    for (const [name, route] of routes) {
      const init = { method: route.method, ...(route.method === 'GET' ? {} : { body: '{}' }) };
      const anonymous = (await adminRequest(app, route.path, init)).status;
      const customerToken = (await adminRequest(app, route.path, { ...init, headers: { authorization: `Bearer ${customer.token}` } }))
        .status;
      if (anonymous !== 401) wrong.push(`${name}: ${anonymous} without a session`);
      if (customerToken !== 401) wrong.push(`${name}: ${customerToken} with a customer token`);
      if (route.method !== 'GET') {
        const noHeader = (
          await adminRequest(app, route.path, {
            ...init,
            cookie: manager.cookie,
            csrf: false,
            headers: { origin: 'http://localhost:4321' },
          })
        ).status;
        if (noHeader !== 403) wrong.push(`${name}: ${noHeader} for a write without the X-Shop-Admin header`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refused calls wrote nothing to the audit log but the sign-in', async () => {
    const rows = await app.deps.db.select().from(auditLog);
    expect(rows.map((r) => r.action)).toEqual(['session.sign-in']);
    // the manager is still signed in: no refused call signed them out
    expect((await adminRequest(app, '/session', { cookie: manager.cookie })).status).toBe(200);
  });
});
