import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listAnswerSchema,
  recoveryCheckoutItem,
  recoverySettingsAnswer,
  recoverySummaryAnswer,
  ROLE_CAPABILITIES,
} from '../../../src/contract/admin';
import { auditLog } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser, type TestUser } from '../../helpers/users-fixtures';

const SETTINGS = {
  enabled: true,
  firstDelayMinutes: 90,
  secondDelayMinutes: 0,
  firstDiscountCodeId: null,
  secondDiscountCodeId: null,
  attributionDays: 10,
  linkDays: 7,
};

const ROUTES = [
  { method: 'GET', path: '/marketing/recovery/settings' },
  { method: 'PUT', path: '/marketing/recovery/settings', body: { ...SETTINGS, version: 0 } },
  { method: 'GET', path: '/marketing/recovery/checkouts' },
  { method: 'GET', path: '/marketing/recovery/summary' },
];

describe.each(databaseKinds)('back office: checkout recovery (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let owner: TestStaff;
  let manager: TestStaff;
  let customer: TestUser;

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    owner = await createSignedInStaff(app, 'owner');
    manager = await createSignedInStaff(app, 'manager');
    customer = await createUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (route: (typeof ROUTES)[number], init: Parameters<typeof adminRequest>[2] = {}) =>
    adminRequest(app, route.path, { method: route.method, ...(route.body ? { body: JSON.stringify(route.body) } : {}), ...init });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: refused without a session, with a customer token',
    async (_, route) => {
      expect((await call(route)).status).toBe(401);
      expect((await call(route, { headers: { authorization: `Bearer ${customer.token}` } })).status).toBe(401);
    },
  );

  it('a write without the back office header or from another site is refused', async () => {
    const route = ROUTES[1]!;
    expect((await call(route, { cookie: owner.cookie, csrf: false, headers: { origin: 'http://localhost:4321' } })).status).toBe(403);
    expect((await call(route, { cookie: owner.cookie, headers: { 'x-shop-admin': '1', origin: 'https://attacker.example' } })).status).toBe(
      403,
    );
  });

  it('a manager (no marketing capability) is refused every route, and writes nothing', async () => {
    expect(ROLE_CAPABILITIES.manager).not.toContain('marketing');
    for (const route of ROUTES) expect((await call(route, { cookie: manager.cookie })).status, `${route.method} ${route.path}`).toBe(403);
    expect(await app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'recovery.settings'))).toEqual([]);
  });

  it('off by default; saved versioned and audited; a stale version is refused', async () => {
    const read = await expectJson(await adminRequest(app, '/marketing/recovery/settings', { cookie: owner.cookie }), 200);
    expect(recoverySettingsAnswer.parse(read)).toEqual(read);
    expect(read.settings.enabled).toBe(false);
    expect(read.version).toBe(0);
    const code = await fx.discountCode({ code: 'BACK5' });
    const body = { ...SETTINGS, firstDiscountCodeId: code.id, version: 0 };
    const saved = await expectJson(
      await adminRequest(app, '/marketing/recovery/settings', { method: 'PUT', cookie: owner.cookie, body: JSON.stringify(body) }),
      200,
    );
    expect(saved.settings).toEqual({ ...SETTINGS, firstDiscountCodeId: code.id });
    expect(saved.version).toBe(1);
    expect(saved.discountCodes).toContainEqual({ id: code.id, code: 'BACK5', active: true });
    const [entry] = await app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'recovery.settings'));
    expect(entry).toMatchObject({ staffId: owner.id, entityType: 'settings', entityId: 'checkoutRecovery' });
    expect(entry!.after).toMatchObject({ enabled: true, firstDelayMinutes: 90 });
    const stale = await adminRequest(app, '/marketing/recovery/settings', {
      method: 'PUT',
      cookie: owner.cookie,
      body: JSON.stringify(body),
    });
    expect(stale.status).toBe(409);
  });

  it('refuses bad settings with field messages', async () => {
    const put = (value: Record<string, unknown>) =>
      adminRequest(app, '/marketing/recovery/settings', {
        method: 'PUT',
        cookie: owner.cookie,
        body: JSON.stringify({ ...SETTINGS, version: 1, ...value }),
      });
    const tooSoon = await expectJson(await put({ firstDelayMinutes: 1 }), 400);
    expect(Object.keys(tooSoon.errors.children)).toContain('firstDelayMinutes');
    const unknownCode = await expectJson(await put({ secondDiscountCodeId: 'no-such-code' }), 400);
    expect(unknownCode.errors.children.secondDiscountCodeId.errors).toEqual(['This discount code no longer exists.']);
    expect((await put({ enabled: 'yes' })).status).toBe(400);
  });

  it('lists checkouts newest first, by status, and sums what was recovered, in the contract’s shapes', async () => {
    const list = await expectJson(
      await adminRequest(app, '/marketing/recovery/checkouts?status=open&page=1', { cookie: owner.cookie }),
      200,
    );
    expect(listAnswerSchema(recoveryCheckoutItem).parse(list)).toEqual(list);
    const summary = await expectJson(await adminRequest(app, '/marketing/recovery/summary?days=7', { cookie: owner.cookie }), 200);
    expect(recoverySummaryAnswer.parse(summary)).toEqual(summary);
    expect((await adminRequest(app, '/marketing/recovery/checkouts?status=lost', { cookie: owner.cookie })).status).toBe(400);
    expect((await adminRequest(app, '/marketing/recovery/summary?days=0', { cookie: owner.cookie })).status).toBe(400);
  });
});
