import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailQueue, staffInvites, staffUsers } from '../../../src/server/db/schema';
import type { MailMessage } from '../../../src/server/mail';
import { deliverDueMail } from '../../../src/server/mail/worker';
import {
  ADMIN_WRITE_HEADERS,
  adminRequest,
  createSignedInStaff,
  expectJson,
  sessionCookieOf,
  signInStaff,
  staffEmail,
  type TestStaff,
} from '../../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser } from '../../helpers/users-fixtures';

const DAY_MS = 24 * 60 * 60_000;
const INVITE_LINK = /\/admin\/invite\?token=([A-Za-z0-9_-]{43})/;

describe.each(databaseKinds)('back office staff (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;
  let clock = Date.now();
  const sent: MailMessage[] = [];

  beforeAll(async () => {
    app = await createTestApp(kind);
    app.deps.now = () => new Date(clock);
    app.deps.mailer = { send: async (message) => (sent.push(message), message) };
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    manager = await createSignedInStaff(app, 'manager', 'Max Manager');
  });
  afterAll(async () => {
    await app.close();
  });

  /** Staff writes other than revoking carry the acting member's password (step-up; its refusals: admin-escalation.test.ts). */
  const withStepUp = (method: string, body: unknown, who: TestStaff | null) =>
    method !== 'DELETE' && who && body !== null && typeof body === 'object' && !('currentPassword' in body)
      ? { ...body, currentPassword: who.password }
      : body;
  const call = (method: string, path: string, body?: unknown, who: TestStaff | null = owner) =>
    adminRequest(app, path, {
      method,
      cookie: who?.cookie ?? null,
      ...(body === undefined ? {} : { body: JSON.stringify(withStepUp(method, body, who)) }),
    });
  const list = async () => (await expectJson(await call('GET', '/staff'), 200)).items as any[];
  const invite = async (body: Record<string, unknown>) => expectJson(await call('POST', '/staff', body), 201);
  /** Sends the queued mail and answers the token of the newest invitation sent to `to`. */
  const inviteToken = async (to: string) => {
    await deliverDueMail(app.deps, new Date(clock));
    const mail = sent.filter((m) => m.to === to).at(-1);
    expect(mail, `no mail to ${to}`).toBeTruthy();
    return INVITE_LINK.exec(mail!.text)![1]!;
  };
  const accept = (body: Record<string, unknown>) =>
    app.request('/admin/invitation/accept', { method: 'POST', headers: ADMIN_WRITE_HEADERS, json: body });

  it('invites a member who cannot sign in yet; the e-mail link sets name and password once and signs them in', async () => {
    const email = staffEmail('invited');
    const member = await invite({ email: email.toUpperCase(), name: 'Nina New', role: 'manager', lang: 'ru' });
    expect(member).toMatchObject({ email, name: 'Nina New', role: 'manager', lang: 'ru', status: 'invited', version: 1 });
    expect(Date.parse(member.invitationExpiresAt) - clock).toBe(7 * DAY_MS);
    expect((await list()).find((m) => m.id === member.id)).toMatchObject({ status: 'invited' });
    const [audit] = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, member.id), eq(auditLog.action, 'staff.invite')));
    expect(audit).toMatchObject({ staffName: 'Olga Owner', after: { email, role: 'manager' } });
    // no password signs in an invited member
    const refused = await app.request('/admin/session', {
      method: 'POST',
      headers: ADMIN_WRITE_HEADERS,
      json: { email, password: '!invited' },
    });
    expect(refused.status).toBe(401);

    const token = await inviteToken(email);
    const mail = sent.at(-1)!;
    expect(mail.subject).toContain('Приглашение');
    // the link opens the page in the invitation's language
    expect(mail.text).toContain(`/admin/invite?token=${token}&lang=ru`);
    // only the token's hash is stored, and the queued mail forgets the token once sent
    const [stored] = await app.deps.db.select().from(staffInvites).where(eq(staffInvites.staffId, member.id));
    expect(stored!.tokenHash).not.toContain(token);
    const queued = await app.deps.db.select().from(mailQueue).where(eq(mailQueue.template, 'staff-invite'));
    expect(JSON.stringify(queued)).not.toContain(token);

    const shown = await expectJson(await app.request(`/admin/invitation?token=${token}`), 200);
    expect(shown).toEqual({ email, name: 'Nina New', role: 'manager' });
    const short = await expectJson(await accept({ token, name: 'Nina N.', password: 'short' }), 400);
    expect(short.errors.children.password).toBeTruthy();
    for (const password of ['1234567890', ' '.repeat(16), '1qaz2wsx3edc'])
      expect((await expectJson(await accept({ token, name: 'Nina N.', password }), 400)).errors.children.password).toBeTruthy();
    const accepted = await accept({ token, name: 'Nina Novak', password: 'a long new password' });
    const body = await expectJson(accepted, 200);
    expect(body.staff).toMatchObject({ id: member.id, name: 'Nina Novak', role: 'manager' });
    const cookie = sessionCookieOf(accepted)!;
    expect((await expectJson(await adminRequest(app, '/session', { cookie }), 200)).staff.email).toBe(email);
    expect((await list()).find((m) => m.id === member.id)).toMatchObject({ status: 'active', invitationExpiresAt: null, version: 2 });
    // single use
    await expectJson(await accept({ token, name: 'Again', password: 'another long password' }), 400);
    await expectJson(await app.request(`/admin/invitation?token=${token}`), 404);
    await signInStaff(app, email, 'a long new password');
  });

  it('links expire after 7 days; resending gives a new link and the old one stops working; revoking removes the member', async () => {
    const email = staffEmail('late');
    const member = await invite({ email, name: 'Lev Late', role: 'manager' });
    const first = await inviteToken(email);
    const resent = await expectJson(await call('POST', `/staff/${member.id}/invitation`, { version: member.version }), 200);
    expect(resent.version).toBe(member.version + 1);
    await expectJson(await call('POST', `/staff/${member.id}/invitation`, { version: member.version }), 409);
    const second = await inviteToken(email);
    expect(second).not.toBe(first);
    await expectJson(await accept({ token: first, name: 'Lev', password: 'a long new password' }), 400);
    clock += 7 * DAY_MS + 1000;
    const expired = await expectJson(await accept({ token: second, name: 'Lev', password: 'a long new password' }), 400);
    expect(expired.errors.children.token).toBeTruthy();
    clock -= 7 * DAY_MS + 1000;

    await expectJson(await call('DELETE', `/staff/${member.id}/invitation?version=${member.version}`), 409);
    expect((await call('DELETE', `/staff/${member.id}/invitation?version=${resent.version}`)).status).toBe(204);
    expect((await list()).map((m) => m.id)).not.toContain(member.id);
    await expectJson(await accept({ token: second, name: 'Lev', password: 'a long new password' }), 400);
    const actions = (await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, member.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.invite', 'staff.invite-resend', 'staff.invite-revoke']));
    // an accepted member has no invitation to resend or revoke
    const active = (await list()).find((m) => m.id === manager.id);
    await expectJson(await call('POST', `/staff/${manager.id}/invitation`, { version: active.version }), 409);
  });

  it('refuses bad invitations with field errors, and an e-mail already on staff', async () => {
    const bad = await expectJson(await call('POST', '/staff', { email: 'not-mail', name: ' ', role: 'boss' }), 400);
    expect(Object.keys(bad.errors.children).sort()).toEqual(['email', 'name', 'role']);
    const taken = await expectJson(await call('POST', '/staff', { email: manager.email, name: 'Twin', role: 'manager' }), 400);
    expect(taken.errors.children.email).toBeTruthy();
    await expectJson(await app.request('/admin/invitation?token=nonsense'), 404);
    const badAccept = await expectJson(await accept({ token: 'x'.repeat(43), name: '', password: '' }), 400);
    expect(badAccept.errors.children.name).toBeTruthy();
  });

  it('changes roles and disables members: a disabled member is signed out at once and enabled again later', async () => {
    const other = await createSignedInStaff(app, 'manager', 'Petra Promoted');
    const row = (await list()).find((m) => m.id === other.id);
    const promoted = await expectJson(await call('PATCH', `/staff/${other.id}`, { role: 'owner', version: row.version }), 200);
    expect(promoted).toMatchObject({ role: 'owner', version: row.version + 1 });
    // the new owner may manage staff at once
    expect((await call('GET', '/staff', undefined, other)).status).toBe(200);
    await expectJson(await call('PATCH', `/staff/${other.id}`, { role: 'manager', version: row.version }), 409);
    const bad = await expectJson(await call('PATCH', `/staff/${other.id}`, { role: 'boss', version: promoted.version }), 400);
    expect(bad.errors.children.role).toBeTruthy();

    const disabled = await expectJson(await call('PATCH', `/staff/${other.id}`, { disabled: true, version: promoted.version }), 200);
    expect(disabled.status).toBe('disabled');
    expect((await adminRequest(app, '/session', { cookie: other.cookie })).status).toBe(401);
    expect(
      (
        await app.request('/admin/session', {
          method: 'POST',
          headers: ADMIN_WRITE_HEADERS,
          json: { email: other.email, password: other.password },
        })
      ).status,
    ).toBe(401);
    const enabled = await expectJson(await call('PATCH', `/staff/${other.id}`, { disabled: false, version: disabled.version }), 200);
    expect(enabled.status).toBe('active');
    await signInStaff(app, other.email, other.password);
    const [entry] = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, other.id), eq(auditLog.action, 'staff.update')));
    expect(entry).toMatchObject({ before: { role: 'manager' }, after: { role: 'owner' } });
    // back to a manager, so the shop has one owner again for the next test
    await expectJson(await call('PATCH', `/staff/${other.id}`, { role: 'manager', version: enabled.version }), 200);
  });

  it('never leaves the shop without an enabled owner, and an owner cannot disable themself', async () => {
    const self = (await list()).find((m) => m.id === owner.id);
    const demote = await expectJson(await call('PATCH', `/staff/${owner.id}`, { role: 'manager', version: self.version }), 400);
    expect(demote.errors.children.role.errors[0]).toMatch(/owner/);
    const disableSelf = await expectJson(await call('PATCH', `/staff/${owner.id}`, { disabled: true, version: self.version }), 400);
    expect(disableSelf.errors.children.disabled).toBeTruthy();
    // with a second owner, the first may step down to manager; the second then cannot
    const second = await createSignedInStaff(app, 'owner', 'Second Owner');
    const stepped = await expectJson(await call('PATCH', `/staff/${owner.id}`, { role: 'manager', version: self.version }), 200);
    expect(stepped.role).toBe('manager');
    const secondRow = (await expectJson(await call('GET', '/staff', undefined, second), 200)).items.find((m: any) => m.id === second.id);
    await expectJson(await call('PATCH', `/staff/${second.id}`, { role: 'manager', version: secondRow.version }, second), 400);
    // an invited owner who never signed in does not count as one
    const pending = await expectJson(
      await call('POST', '/staff', { email: staffEmail('pending-owner'), name: 'Pending Owner', role: 'owner' }, second),
      201,
    );
    expect(pending.status).toBe('invited');
    await expectJson(await call('PATCH', `/staff/${second.id}`, { role: 'manager', version: secondRow.version }, second), 400);
    const restored = await expectJson(await call('PATCH', `/staff/${owner.id}`, { role: 'owner', version: stepped.version }, second), 200);
    expect(restored.role).toBe('owner');
    const [owners] = [await app.deps.db.select().from(staffUsers).where(eq(staffUsers.role, 'owner'))];
    expect(owners.filter((o) => !o.disabled).length).toBeGreaterThanOrEqual(2);
  });

  it('only the owner manages staff: managers get 403; no session and customer tokens 401', async () => {
    const customer = await createUser(app);
    const routes: [string, string, unknown?][] = [
      ['GET', '/staff'],
      ['POST', '/staff', { email: staffEmail('x'), name: 'X', role: 'manager' }],
      ['PATCH', `/staff/${owner.id}`, { role: 'manager', version: 1 }],
      ['POST', `/staff/${owner.id}/invitation`, { version: 1 }],
      ['DELETE', `/staff/${owner.id}/invitation?version=1`],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(method, path, body, manager)).status, `${method} ${path}`).toBe(403);
      expect((await call(method, path, body, null)).status, `${method} ${path}`).toBe(401);
      const withToken = await adminRequest(app, path, {
        method,
        headers: { authorization: `Bearer ${customer.token}` },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(withToken.status, `${method} ${path}`).toBe(401);
    }
  });
});
