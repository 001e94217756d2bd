import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../src/server/db/schema';
import type { Mailer } from '../../src/server/mail';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';
import {
  countUserRows,
  createUser,
  expectFieldError,
  fieldMessages,
  findUserRow,
  mailsTo,
  resetLinkIn,
  uniqueAddress,
  uniqueEmail,
  type TestUser,
} from '../helpers/users-fixtures';

const INVALID_LINK = 'This password reset link is invalid or has expired';
const MINUTE = 60_000;

describe.each(databaseKinds)('password reset on %s', (kind) => {
  let app: TestApp;
  let fileMailer: Mailer;
  let clock: number;
  beforeAll(async () => {
    app = await createTestApp(kind);
    fileMailer = app.deps.mailer;
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    clock = Date.now();
    app.deps.now = () => new Date(clock);
    app.deps.mailer = fileMailer;
  });

  /** The answer goes out before the mail is sent: waits for the mail too. */
  const requestReset = async (email: string, headers: Record<string, string> = {}) => {
    const res = await app.request('/reset_password_request', { method: 'POST', json: { email }, headers });
    await app.deps.background.idle();
    return res;
  };
  const confirmReset = (token: string, password: unknown) =>
    app.request(`/reset_password_confirm/${token}`, { method: 'POST', json: { password } });
  const signIn = (username: string, password: string, address = uniqueAddress()) =>
    app.request('/login_check', { method: 'POST', json: { username, password }, headers: { 'x-shop-client-ip': address } });
  const tokenRows = (user: TestUser) => app.deps.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
  const latestLink = (user: TestUser) => {
    const mails = mailsTo(app, user.email);
    expect(mails.length).toBeGreaterThan(0);
    return resetLinkIn(mails.at(-1)!);
  };
  const expectInvalidLink = (res: Response) => expectFieldError(res, 400, 'token', INVALID_LINK);

  it('mails a one-hour link, stores only its hash, and the link sets a new password', async () => {
    const user = await createUser(app);
    const res = await requestReset(` ${user.email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });

    const [mail] = mailsTo(app, user.email);
    expect(mail!.subject).toContain('Reset your password');
    const { link, token } = resetLinkIn(mail!);
    expect(link).toBe(`${app.deps.config.publicUrl}/reset_password_confirm/${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mail!.html).toContain(`href="${link}"`);

    const [row] = await tokenRows(user);
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime()).toBe(clock + 60 * MINUTE);
    expect(row!.usedAt).toBeNull();

    const confirmed = await confirmReset(token, 'a new password');
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ success: true });
    expect((await signIn(user.email, 'a new password')).status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    // Sessions opened with the old password end.
    expect((await findUserRow(app, user.id))!.tokenVersion).toBe(1);
    expect((await app.request('/users', { token: user.token })).status).toBe(401);
    expect((await tokenRows(user))[0]!.usedAt).not.toBeNull();
  });

  it('writes the mail in the language of the request', async () => {
    const user = await createUser(app);
    await requestReset(user.email, { 'x-shop-language': 'ru' });
    const mail = mailsTo(app, user.email)[0]!;
    expect(mail.subject).toContain('Сброс пароля');
    expect(mail.text).toContain('Задать новый пароль');
    expect(mail.html).toContain('Задать новый пароль');
    expect((await confirmReset(resetLinkIn(mail).token, 'новый пароль')).status).toBe(200);
    expect((await signIn(user.email, 'новый пароль')).status).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const before = await countUserRows(app);
    const res = await requestReset(email);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(mailsTo(app, email)).toEqual([]);
    expect(await countUserRows(app)).toEqual(before);
  });

  it.each([[''], ['not-an-email'], [null]])('answers 400 to the e-mail %j and writes nothing', async (email) => {
    const before = await countUserRows(app);
    const res = await app.request('/reset_password_request', { method: 'POST', json: { email } });
    expect(res.status).toBe(400);
    expect(fieldMessages(await res.json(), 'email')).not.toEqual([]);
    expect(await countUserRows(app)).toEqual(before);
  });

  it('refuses a link that was used already', async () => {
    const user = await createUser(app);
    await requestReset(user.email);
    const { token } = latestLink(user);
    expect((await confirmReset(token, 'first new password')).status).toBe(200);
    await expectInvalidLink(await confirmReset(token, 'second new password'));
    expect((await signIn(user.email, 'first new password')).status).toBe(200);
  });

  it('refuses a link after its hour', async () => {
    const user = await createUser(app);
    await requestReset(user.email);
    const { token } = latestLink(user);
    clock += 61 * MINUTE;
    await expectInvalidLink(await confirmReset(token, 'too late password'));
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it('invalidates earlier links when a new one is requested', async () => {
    const user = await createUser(app);
    await requestReset(user.email);
    const first = latestLink(user).token;
    await requestReset(user.email);
    const second = latestLink(user).token;
    expect(second).not.toBe(first);
    await expectInvalidLink(await confirmReset(first, 'from the first link'));
    expect((await confirmReset(second, 'from the second link')).status).toBe(200);
  });

  it.each([
    ['unknown', 'A'.repeat(43)],
    ['malformed', 'not-a-token'],
    ['too long', 'A'.repeat(300)],
  ])('refuses an %s token', async (_, token) => {
    await expectInvalidLink(await confirmReset(token, 'whatever password'));
  });

  it.each([
    ['too short', '12345', 'The password must be at least 6 characters long.'],
    ['empty', '', 'This value should not be blank.'],
    ['missing', undefined, 'This value should not be blank.'],
  ])('refuses a %s new password on the password field and keeps the link usable', async (_, password, message) => {
    const user = await createUser(app);
    await requestReset(user.email);
    const { token } = latestLink(user);
    const res = await confirmReset(token, password);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errorPath: 'password', errors: { children: { password: { errors: [message] } } } });
    expect((await tokenRows(user))[0]!.usedAt).toBeNull();
    expect((await findUserRow(app, user.id))!.tokenVersion).toBe(0);
    expect((await confirmReset(token, 'long enough now')).status).toBe(200);
  });

  it('sends at most 3 mails per account and hour, answering every request the same', async () => {
    const user = await createUser(app);
    for (let i = 0; i < 5; i++) {
      const res = await requestReset(user.email);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
    }
    expect(mailsTo(app, user.email)).toHaveLength(3);
    clock += 61 * MINUTE;
    await requestReset(user.email);
    expect(mailsTo(app, user.email)).toHaveLength(4);
  });

  it('lifts a sign-in lock once the mailbox owner has reset the password', async () => {
    const user = await createUser(app);
    const address = uniqueAddress();
    for (let i = 0; i < 5; i++) await signIn(user.email, 'wrong password', address);
    expect((await signIn(user.email, user.password, address)).status).toBe(429);
    await requestReset(user.email);
    expect((await confirmReset(latestLink(user).token, 'fresh password')).status).toBe(200);
    expect((await signIn(user.email, 'fresh password', address)).status).toBe(200);
  });

  it('stops pending links when the password is changed in the account', async () => {
    const user = await createUser(app);
    await requestReset(user.email);
    const { token } = latestLink(user);
    const changed = await app.request('/users', {
      method: 'PUT',
      token: user.token,
      json: { password: 'changed in settings', currentPassword: user.password },
    });
    expect(changed.status).toBe(200);
    await expectInvalidLink(await confirmReset(token, 'from the old link'));
  });

  it('still answers 200 when the mail cannot be sent, and logs the failure', async () => {
    const user = await createUser(app);
    const logged: string[] = [];
    const logger = app.deps.logger;
    app.deps.logger = pino({ level: 'error' }, { write: (line: string) => logged.push(line) });
    try {
      app.deps.mailer = { send: () => Promise.reject(new Error('SMTP down')) };
      const res = await requestReset(user.email);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
      expect(logged.join('')).toContain(`password reset mail to user ${user.id} not sent`);
      expect(logged.join('')).toContain('SMTP down');
    } finally {
      app.deps.logger = logger;
    }
  });

  it('answers before the account is looked up or the mail sent, so both answers take the same time', async () => {
    const user = await createUser(app);
    let releaseMail!: () => void;
    const mailHeld = new Promise<void>((resolve) => (releaseMail = resolve));
    const sent: string[] = [];
    app.deps.mailer = {
      send: async (mail) => {
        await mailHeld;
        sent.push(mail.to);
        return mail;
      },
    };
    const forAccount = await app.request('/reset_password_request', { method: 'POST', json: { email: user.email } });
    const forNobody = await app.request('/reset_password_request', { method: 'POST', json: { email: uniqueEmail() } });
    expect([forAccount.status, forNobody.status]).toEqual([200, 200]);
    expect(await forAccount.text()).toBe(await forNobody.text());
    expect(sent).toEqual([]);
    releaseMail();
    await app.deps.background.idle();
    expect(sent).toEqual([user.email]);
  });
});
