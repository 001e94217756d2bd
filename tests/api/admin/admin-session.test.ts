import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffSessions, staffUsers } from '../../../src/server/db/schema';
import { createStaff, DEMO_OWNER, demoOwnerNotice } from '../../../src/server/api/admin/staff';
import { adminRequest, createSignedInStaff, expectJson, sessionCookieOf, signInStaff, staffEmail } from '../../helpers/admin-fixtures';
import { databaseKinds, createTestApp, type TestApp } from '../../helpers/test-app';
import { createUser } from '../../helpers/users-fixtures';

describe.each(databaseKinds)('back office sessions (%s)', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });
  const realNow = () => new Date();
  const later = (ms: number) => () => new Date(Date.now() + ms);

  it('signs in with a httpOnly, SameSite=Strict cookie and answers who is signed in', async () => {
    const email = staffEmail('owner');
    await createStaff(app.deps.db, { email, password: 'owner password 1', role: 'owner', name: 'Olga' }, { cost: 1024 });
    const response = await adminRequest(app, '/session', {
      method: 'POST',
      body: JSON.stringify({ email: email.toUpperCase(), password: 'owner password 1' }),
    });
    const body = await expectJson(response, 200);
    expect(body.staff).toMatchObject({ email, name: 'Olga', role: 'owner', lang: 'en' });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('shop_admin='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/); // PUBLIC_URL is http in tests
    const cookie = sessionCookieOf(response)!;
    const me = await expectJson(await adminRequest(app, '/session', { cookie }), 200);
    expect(me.staff.email).toBe(email);
    // only the hash of the id is stored
    const id = cookie.split('=')[1]!;
    const rows = await app.deps.db.select().from(staffSessions);
    expect(rows.some((r) => r.idHash === id)).toBe(false);
  });

  it('refuses a wrong password, an unknown e-mail and a disabled account alike, with a field error', async () => {
    const staff = await createSignedInStaff(app, 'manager');
    for (const json of [
      { email: staff.email, password: 'wrong password' },
      { email: 'nobody@staff.test', password: 'wrong password' },
    ]) {
      const body = await expectJson(
        await adminRequest(app, '/session', {
          method: 'POST',
          body: JSON.stringify(json),
          headers: { 'x-shop-client-ip': `10.0.0.${Math.random()}` },
        }),
        401,
      );
      expect(body.errors.children.password.errors[0]).toBe('Wrong e-mail or password');
    }
    await app.deps.db.update(staffUsers).set({ disabled: true }).where(eq(staffUsers.id, staff.id));
    await expectJson(
      await adminRequest(app, '/session', { method: 'POST', body: JSON.stringify({ email: staff.email, password: staff.password }) }),
      401,
    );
    // and the disabled member's open session stops working
    await expectJson(await adminRequest(app, '/session', { cookie: staff.cookie }), 401);
  });

  it('audits failed sign-ins, and every entry records the client address and browser of its request', async () => {
    const staff = await createSignedInStaff(app, 'manager');
    const owner = await createSignedInStaff(app, 'owner');
    const address = `192.0.2.${Math.floor(Math.random() * 250)}`;
    const userAgent = 'Mozilla/5.0 (audit test)';
    const signIn = (json: unknown) =>
      adminRequest(app, '/session', {
        method: 'POST',
        body: JSON.stringify(json),
        headers: { 'x-shop-client-ip': address, 'user-agent': userAgent },
      });
    const unknown = `nobody.${crypto.randomUUID()}@staff.test`;
    await expectJson(await signIn({ email: staff.email, password: 'wrong password' }), 401);
    await expectJson(await signIn({ email: unknown, password: 'wrong password' }), 401);
    const failed = await app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'session.sign-in-failed'));
    expect(failed.find((e) => e.staffId === staff.id)).toMatchObject({
      entityId: staff.id,
      clientAddress: address,
      userAgent,
      after: { email: staff.email, reason: 'wrong-password' },
    });
    expect(failed.find((e) => e.entityId === unknown)).toMatchObject({ staffId: null, clientAddress: address, userAgent });
    expect(JSON.stringify(failed)).not.toContain('wrong password');

    const signedIn = await signIn({ email: staff.email, password: staff.password });
    expect(signedIn.status).toBe(200);
    await adminRequest(app, '/session', {
      method: 'DELETE',
      cookie: sessionCookieOf(signedIn),
      headers: { 'x-shop-client-ip': address, 'user-agent': userAgent },
    });
    const { items } = await expectJson(await adminRequest(app, `/audit?entityId=${staff.id}&perPage=100`, { cookie: owner.cookie }), 200);
    for (const action of ['session.sign-in-failed', 'session.sign-in', 'session.sign-out'])
      expect(
        items.find((e: { action: string; clientAddress: string }) => e.action === action && e.clientAddress === address),
        action,
      ).toMatchObject({ userAgent });
  });

  it('answers 400 with field errors for a malformed sign-in', async () => {
    const body = await expectJson(
      await adminRequest(app, '/session', { method: 'POST', body: JSON.stringify({ email: '', password: 5 }) }),
      400,
    );
    expect(Object.keys(body.errors.children).sort()).toEqual(['email', 'password']);
  });

  it('throttles sign-in like customer sign-in: after five wrong passwords that address waits, the staff member elsewhere does not', async () => {
    const staff = await createSignedInStaff(app, 'manager');
    const address = `192.0.2.${Math.random()}`;
    const attempt = (password: string, from: string) =>
      adminRequest(app, '/session', {
        method: 'POST',
        body: JSON.stringify({ email: staff.email, password }),
        headers: { 'x-shop-client-ip': from },
      });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong password', address)).status).toBe(401);
    const refused = await attempt(staff.password, address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect((await attempt(staff.password, `198.51.100.${Math.random()}`)).status).toBe(200);
  });

  it('never accepts a customer bearer token, and answers 401 without a session', async () => {
    const customer = await createUser(app);
    await expectJson(await adminRequest(app, '/session', { headers: { authorization: `Bearer ${customer.token}` } }), 401);
    await expectJson(await adminRequest(app, '/session'), 401);
    await expectJson(await adminRequest(app, '/session', { cookie: 'shop_admin=forged' }), 401);
  });

  it('refuses writes without the X-Shop-Admin header or from a foreign Origin (403)', async () => {
    const staff = await createSignedInStaff(app, 'owner');
    const noHeader = await adminRequest(app, '/session', { method: 'DELETE', cookie: staff.cookie, csrf: false });
    expect(noHeader.status).toBe(403);
    const foreign = await adminRequest(app, '/session', {
      method: 'DELETE',
      cookie: staff.cookie,
      headers: { 'x-shop-admin': '1', origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    // neither signed the member out
    await expectJson(await adminRequest(app, '/session', { cookie: staff.cookie }), 200);
    // sign-in itself is a write
    const signIn = await adminRequest(app, '/session', {
      method: 'POST',
      csrf: false,
      body: JSON.stringify({ email: staff.email, password: staff.password }),
    });
    expect(signIn.status).toBe(403);
  });

  it('signs out: the session is revoked and its cookie no longer works', async () => {
    const staff = await createSignedInStaff(app, 'manager');
    const response = await adminRequest(app, '/session', { method: 'DELETE', cookie: staff.cookie });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().some((c) => /^shop_admin=;/.test(c))).toBe(true);
    await expectJson(await adminRequest(app, '/session', { cookie: staff.cookie }), 401);
  });

  it('ends a session after the idle time and after the absolute lifetime however active', async () => {
    const staff = await createSignedInStaff(app, 'manager');
    const idleMs = app.deps.config.adminSessionIdleMinutes * 60_000;
    try {
      app.deps.now = later(idleMs - 60_000);
      await expectJson(await adminRequest(app, '/session', { cookie: staff.cookie }), 200);
      // that request counted as activity, so the idle time starts again from it
      app.deps.now = later(2 * idleMs - 120_000);
      await expectJson(await adminRequest(app, '/session', { cookie: staff.cookie }), 200);
      app.deps.now = later(3 * idleMs);
      await expectJson(await adminRequest(app, '/session', { cookie: staff.cookie }), 401);

      app.deps.now = realNow;
      const active = await createSignedInStaff(app, 'manager');
      const maxMs = app.deps.config.adminSessionMaxDays * 24 * 3_600_000;
      for (let t = idleMs / 2; t < maxMs; t += idleMs / 2) {
        app.deps.now = later(t);
        await expectJson(await adminRequest(app, '/session', { cookie: active.cookie }), 200);
      }
      app.deps.now = later(maxMs + 1000);
      await expectJson(await adminRequest(app, '/session', { cookie: active.cookie }), 401);
    } finally {
      app.deps.now = realNow;
    }
  });

  it('changes the password: other sessions are revoked, this one stays, the new password signs in', async () => {
    const staff = await createSignedInStaff(app, 'manager');
    const other = await signInStaff(app, staff.email, staff.password);
    const wrong = await expectJson(
      await adminRequest(app, '/session/password', {
        method: 'POST',
        cookie: staff.cookie,
        body: JSON.stringify({ currentPassword: 'nope', newPassword: 'a brand new password' }),
      }),
      400,
    );
    expect(wrong.errors.children.currentPassword).toBeTruthy();
    const short = await expectJson(
      await adminRequest(app, '/session/password', {
        method: 'POST',
        cookie: staff.cookie,
        body: JSON.stringify({ currentPassword: staff.password, newPassword: 'short' }),
      }),
      400,
    );
    expect(short.errors.children.newPassword).toBeTruthy();
    const changed = await adminRequest(app, '/session/password', {
      method: 'POST',
      cookie: staff.cookie,
      body: JSON.stringify({ currentPassword: staff.password, newPassword: 'a brand new password' }),
    });
    expect(changed.status).toBe(204);
    await expectJson(await adminRequest(app, '/session', { cookie: staff.cookie }), 200);
    await expectJson(await adminRequest(app, '/session', { cookie: other }), 401);
    await signInStaff(app, staff.email, 'a brand new password');
    const entries = await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, staff.id));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['session.sign-in', 'staff.password-change']));
    expect(JSON.stringify(entries)).not.toContain('a brand new password');
    expect(JSON.stringify(entries)).not.toContain(staff.password);
  });

  it('refuses short, blank-padded and common staff passwords, which customers are refused too, and asks 12 characters', async () => {
    const staff = await createSignedInStaff(app, 'manager');
    const change = (newPassword: string) =>
      adminRequest(app, '/session/password', {
        method: 'POST',
        cookie: staff.cookie,
        body: JSON.stringify({ currentPassword: staff.password, newPassword }),
      });
    // ten characters were enough before; spaces do not count towards the twelve
    for (const refused of [
      '1234567890',
      ' '.repeat(12),
      'abcd efgh ij',
      `${' '.repeat(6)}pass${' '.repeat(6)}`,
      'qwerty123456',
      'QWERTY123456 ',
    ]) {
      const answer = await expectJson(await change(refused), 400);
      expect(answer.errors.children.newPassword.errors, refused).toHaveLength(1);
    }
    expect((await expectJson(await change('qwerty123456'), 400)).errors.children.newPassword.errors[0]).toContain('common');
    expect((await change('rough linen, washed twice')).status).toBe(204);
  });

  it('announces the demo owner in the start log only while it keeps the demo password', async () => {
    await createStaff(app.deps.db, { ...DEMO_OWNER, role: 'owner' }, { cost: 1024 });
    expect(await demoOwnerNotice(app.deps.db, 'http://localhost:4321')).toBe(
      'Back office: http://localhost:4321/admin/ (demo owner: owner@demo.shop / demo-owner-2026; change this password before going live)',
    );
    const cookie = await signInStaff(app, DEMO_OWNER.email, DEMO_OWNER.password);
    const changed = await adminRequest(app, '/session/password', {
      method: 'POST',
      cookie,
      body: JSON.stringify({ currentPassword: DEMO_OWNER.password, newPassword: 'the real owner password' }),
    });
    expect(changed.status).toBe(204);
    expect(await demoOwnerNotice(app.deps.db, 'http://localhost:4321')).toBeNull();
  });
});
