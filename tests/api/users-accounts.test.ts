import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartItems, comments, leads, loginThrottle, orders, passwordResetTokens, reviews, userProfiles } from '../../src/server/db/schema';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';
import { configurePasswordHashing } from '../../src/server/auth/password';
import {
  countUserRows,
  createBelongings,
  createUser,
  expectFieldError,
  fieldMessages,
  findUserRow,
  uniqueAddress,
  uniqueEmail,
} from '../helpers/users-fixtures';

const { verifyPasswordCalls } = vi.hoisted(() => ({ verifyPasswordCalls: vi.fn() }));
// the real verification, with its calls recorded (which hash each sign-in verified)
vi.mock('../../src/server/auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/auth/password')>();
  verifyPasswordCalls.mockImplementation(real.verifyPassword);
  return { ...real, verifyPassword: verifyPasswordCalls };
});

const BAD_CREDENTIALS = 'The username or password you entered is incorrect';
const EMAIL_TAKEN = 'A user with this email already exists';

describe.each(databaseKinds)('users accounts on %s', (kind) => {
  let app: TestApp;
  const realNow = () => new Date();
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    app.deps.now = realNow;
  });

  const post = (path: string, json: unknown, init: { token?: string; headers?: Record<string, string> } = {}) =>
    app.request(path, { method: 'POST', json, ...init });
  const signIn = (username: string, password: string) =>
    post('/login_check', { username, password }, { headers: { 'x-shop-client-ip': uniqueAddress() } });
  const registration = (overrides: Record<string, unknown> = {}) => ({
    email: uniqueEmail('new'),
    password: 'secret1 kettle',
    profile: { firstName: 'Grace', lastName: 'Hopper' },
    ...overrides,
  });

  describe('POST /register', () => {
    it('creates the account and its profile, stores only a hash, and signs in at once', async () => {
      const email = uniqueEmail().toLowerCase();
      const res = await post('/register', registration({ email: `  ${email.toUpperCase()} ` }));
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body).toEqual({ success: true, token: expect.any(String), data: { id: expect.any(String), email } });

      const row = await findUserRow(app, body.data.id);
      expect(row!.email).toBe(email);
      // The tests configure a cheap cost; production's baseline (16384) is asserted in tests/unit/password.test.ts.
      expect(row!.passwordHash).toMatch(new RegExp(`^scrypt\\$${app.deps.config.passwordHashCost}\\$8\\$1\\$`));
      expect(row!.passwordHash).not.toContain('secret1 kettle');
      const [profile] = await app.deps.db.select().from(userProfiles).where(eq(userProfiles.userId, body.data.id));
      expect(profile).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });

      const me = await app.request('/users', { token: body.token });
      expect(me.status).toBe(200);
      expect((await me.json())[0].id).toBe(body.data.id);
    });

    it('refuses an e-mail that is taken, whatever its case, on the email field, writing nothing', async () => {
      const existing = await createUser(app);
      const before = await countUserRows(app);
      const res = await post('/register', registration({ email: ` ${existing.email.toUpperCase()}` }));
      await expectFieldError(res, 400, 'email', EMAIL_TAKEN);
      expect(await countUserRows(app)).toEqual(before);
    });

    it('lets only one of two simultaneous registrations of one e-mail through', async () => {
      const body = registration();
      const answers = await Promise.all([post('/register', body), post('/register', body)]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
      const refused = answers.find((r) => r.status === 400)!;
      expect((await refused.json()).errorPath).toBe('email');
    });

    it.each([
      ['email', { email: undefined }, 'This value should not be blank.'],
      ['email', { email: '   ' }, 'This value should not be blank.'],
      ['email', { email: 'not-an-email' }, 'incorrect email format'],
      ['email', { email: 'user@host' }, 'incorrect email format'],
      ['email', { email: 'user@example.toolongtld' }, 'incorrect email format'],
      ['email', { email: 'user name@example.com' }, 'incorrect email format'],
      ['email', { email: 42 }, 'This value should not be blank.'],
      ['password', { password: undefined }, 'This value should not be blank.'],
      ['password', { password: '' }, 'This value should not be blank.'],
      ['password', { password: '12345' }, 'The password must be at least 6 characters long.'],
      ['password', { password: 'x'.repeat(4097) }, 'This value is too long.'],
      ['profile', { profile: undefined }, 'This value should not be blank.'],
      ['profile.firstName', { profile: { lastName: 'Hopper' } }, 'This value should not be blank.'],
      ['profile.lastName', { profile: { firstName: 'Grace', lastName: '  ' } }, 'This value should not be blank.'],
    ])('answers 400 on %s for %j and writes nothing', async (field, overrides, message) => {
      const before = await countUserRows(app);
      const res = await post('/register', registration(overrides));
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ success: false, status: 400, message: 'Validation Failed' });
      expect(fieldMessages(body, field)).toContain(message);
      expect(await countUserRows(app)).toEqual(before);
    });

    it.each([
      ['not json', '{"email":'],
      ['a list', '[]'],
      ['a string', '"hello"'],
    ])('answers 400 to a body that is %s', async (_, raw) => {
      const before = await countUserRows(app);
      const res = await app.request('/register', { method: 'POST', body: raw, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect((await res.json()).success).toBe(false);
      expect(await countUserRows(app)).toEqual(before);
    });
  });

  describe('POST /login_check', () => {
    it('signs in with the e-mail in any case and spacing', async () => {
      const user = await createUser(app);
      const res = await signIn(`  ${user.email.toUpperCase()}  `, user.password);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ token: expect.any(String), data: { id: user.id, email: user.email } });
      expect((await app.request('/users', { token: body.token })).status).toBe(200);
    });

    it('gives the same 401 on the password field for a wrong password and for an unknown account', async () => {
      const user = await createUser(app);
      const wrongPassword = await signIn(user.email, 'not the password');
      const unknownAccount = await signIn(uniqueEmail('nobody'), user.password);
      for (const res of [wrongPassword, unknownAccount]) await expectFieldError(res, 401, 'password', BAD_CREDENTIALS);
    });

    it('verifies a hash of the same cost for an unknown account as for a wrong password', async () => {
      // The production cost: an unknown account must cost one scrypt verification like a known one, or its
      // quicker answer would tell an attacker which e-mails have accounts.
      configurePasswordHashing({ cost: 16384 });
      try {
        const user = await createUser(app);
        const costVerified = async (email: string) => {
          verifyPasswordCalls.mockClear();
          await signIn(email, 'not the password');
          expect(verifyPasswordCalls).toHaveBeenCalledTimes(1);
          return String(verifyPasswordCalls.mock.calls[0]![1]).split('$')[1];
        };
        expect(await costVerified(user.email)).toBe('16384');
        expect(await costVerified(uniqueEmail('ghost'))).toBe('16384');
      } finally {
        configurePasswordHashing({ cost: app.deps.config.passwordHashCost });
      }
    });

    it.each([
      [{ password: 'secret1' }, 'username'],
      [{ username: 'not-an-email', password: 'secret1' }, 'username'],
      [{ username: 'a@example.com' }, 'password'],
      [{ username: 'a@example.com', password: '' }, 'password'],
    ])('answers 400 to %j on %s', async (body, field) => {
      const res = await post('/login_check', body);
      expect(res.status).toBe(400);
      expect(fieldMessages(await res.json(), field)).not.toEqual([]);
    });
  });

  describe('bearer tokens', () => {
    it('refuses protected calls without a token or with a malformed header', async () => {
      for (const headers of [
        {} as Record<string, string>,
        { authorization: 'Bearer' },
        { authorization: 'Basic abc' },
        { authorization: 'Bearer not.a.jwt' },
      ]) {
        const res = await app.request('/users', { headers });
        expect(res.status).toBe(401);
        expect((await res.json()).success).toBe(false);
      }
    });

    it('refuses an expired token', async () => {
      const user = await createUser(app);
      expect((await app.request('/users', { token: user.token })).status).toBe(200);
      const later = Date.now() + (app.deps.config.jwtTtlSeconds + 60) * 1000;
      app.deps.now = () => new Date(later);
      expect((await app.request('/users', { token: user.token })).status).toBe(401);
    });

    it('refuses a token signed with another key', async () => {
      const user = await createUser(app);
      const forged = await new SignJWT({ email: user.email, ver: 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another key that is long enough to be a key'));
      expect((await app.request('/users', { token: forged })).status).toBe(401);
    });

    it("refuses an unsigned 'alg: none' token", async () => {
      const user = await createUser(app);
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: user.id, email: user.email, ver: 0, iat: now, exp: now + 3600 })}.`;
      expect((await app.request('/users', { token: unsigned })).status).toBe(401);
    });

    it('refuses a token whose payload was changed to another user', async () => {
      const [user, victim] = await Promise.all([createUser(app), createUser(app)]);
      const [header, payload, signature] = user.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const tampered = Buffer.from(JSON.stringify({ ...claims, sub: victim.id })).toString('base64url');
      expect((await app.request('/users', { token: `${header}.${tampered}.${signature}` })).status).toBe(401);
    });

    it('refuses the token of a deleted user', async () => {
      const user = await createUser(app);
      expect((await app.request('/users', { method: 'DELETE', token: user.token })).status).toBe(200);
      expect((await app.request('/users', { token: user.token })).status).toBe(401);
      expect((await app.request('/users/profile', { token: user.token })).status).toBe(401);
    });
  });

  describe('GET /users', () => {
    it('lists only the signed-in user', async () => {
      const [user] = await Promise.all([createUser(app), createUser(app), createUser(app)]);
      const res = await app.request('/users', { token: user!.token });
      expect(res.status).toBe(200);
      const list = await res.json();
      expect(list).toEqual([{ id: user!.id, email: user!.email, createdAt: expect.any(String) }]);
      expect(new Date(list[0].createdAt).toISOString()).toBe(list[0].createdAt);
    });

    it('answers 401 when nobody is signed in', async () => {
      const res = await app.request('/users');
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, status: 401 });
    });
  });

  describe('PUT /users', () => {
    const put = (token: string | undefined, json: unknown) => app.request('/users', { method: 'PUT', json, ...(token ? { token } : {}) });

    it('changes the e-mail after checking the current password', async () => {
      const user = await createUser(app);
      const newEmail = uniqueEmail('moved');
      const res = await put(user.token, { email: ` ${newEmail.toUpperCase()} `, currentPassword: user.password });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toEqual({ success: true, token: expect.any(String), data: { id: user.id, email: newEmail } });
      expect((await signIn(newEmail, user.password)).status).toBe(200);
      expect((await signIn(user.email, user.password)).status).toBe(401);
      // Changing only the e-mail keeps existing sessions.
      expect((await app.request('/users', { token: user.token })).status).toBe(200);
    });

    it('changes the password, revokes older tokens and answers a fresh one', async () => {
      const user = await createUser(app);
      const res = await put(user.token, { password: 'brand new secret', currentPassword: user.password });
      expect(res.status).toBe(200);
      const { token } = await res.json();
      expect((await findUserRow(app, user.id))!.tokenVersion).toBe(1);
      expect((await app.request('/users', { token: user.token })).status).toBe(401);
      expect((await app.request('/users', { token })).status).toBe(200);
      expect((await signIn(user.email, 'brand new secret')).status).toBe(200);
      expect((await signIn(user.email, user.password)).status).toBe(401);
    });

    it('refuses a wrong current password on currentPassword and changes nothing', async () => {
      const user = await createUser(app);
      const before = await findUserRow(app, user.id);
      const res = await put(user.token, { email: uniqueEmail(), password: 'another secret', currentPassword: 'wrong one' });
      await expectFieldError(res, 400, 'currentPassword', 'The current password is incorrect');
      expect(await findUserRow(app, user.id)).toEqual(before);
    });

    it('refuses an e-mail of another account', async () => {
      const [user, other] = await Promise.all([createUser(app), createUser(app)]);
      const res = await put(user.token, { email: other.email, currentPassword: user.password });
      await expectFieldError(res, 400, 'email', EMAIL_TAKEN);
      expect((await findUserRow(app, user.id))!.email).toBe(user.email);
    });

    it.each([
      [{ email: 'a@example.com' }, 'currentPassword'],
      [{ email: 'bad email', currentPassword: 'x' }, 'email'],
      [{ password: '123', currentPassword: 'x' }, 'password'],
    ])('answers 400 to %j on %s and changes nothing', async (json, field) => {
      const user = await createUser(app);
      const before = await findUserRow(app, user.id);
      const res = await put(user.token, json);
      expect(res.status).toBe(400);
      expect(fieldMessages(await res.json(), field)).not.toEqual([]);
      expect(await findUserRow(app, user.id)).toEqual(before);
    });

    it('answers 400 when there is nothing to change', async () => {
      const user = await createUser(app);
      const res = await put(user.token, { currentPassword: user.password });
      expect(res.status).toBe(400);
      expect((await res.json()).errors.errors).toEqual(['Give a new email or a new password']);
    });

    it('answers 401 when nobody is signed in', async () => {
      expect((await put(undefined, { email: uniqueEmail(), currentPassword: 'x' })).status).toBe(401);
    });
  });

  describe('DELETE /users', () => {
    it('deletes the account, profile and cart, keeps orders without owner and anonymises reviews and comments', async () => {
      const [user, neighbour] = await Promise.all([createUser(app), createUser(app)]);
      const mine = await createBelongings(app, user);
      const theirs = await createBelongings(app, neighbour);
      const db = app.deps.db;
      expect((await signIn(user.email, 'wrong password')).status).toBe(401);
      expect((await post('/reset_password_request', { email: user.email })).status).toBe(200);
      await app.deps.background.idle();

      const res = await app.request('/users', { method: 'DELETE', token: user.token });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });

      expect(await findUserRow(app, user.id)).toBeUndefined();
      expect(await db.select().from(userProfiles).where(eq(userProfiles.userId, user.id))).toEqual([]);
      expect(await db.select().from(cartItems).where(eq(cartItems.id, mine.cartItem))).toEqual([]);
      const [order] = await db.select().from(orders).where(eq(orders.id, mine.order));
      expect(order).toMatchObject({ userId: null, totalCents: 2000 });
      const [review] = await db.select().from(reviews).where(eq(reviews.id, mine.review));
      expect(review).toMatchObject({ userId: null, email: null, text: 'Bright' });
      const [comment] = await db.select().from(comments).where(eq(comments.id, mine.comment));
      expect(comment).toMatchObject({ userId: null, email: null, text: 'Nice post' });
      const [lead] = await db.select().from(leads).where(eq(leads.id, mine.lead));
      expect(lead!.userId).toBeNull();
      expect(await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);
      const keys = (await db.select({ key: loginThrottle.key }).from(loginThrottle)).map((row) => row.key);
      expect(keys).not.toContain(`account:${user.email}`);
      expect(keys).not.toContain(`password-reset:${user.id}`);

      expect((await app.request('/users', { token: user.token })).status).toBe(401);
      expect((await signIn(user.email, user.password)).status).toBe(401);

      // The neighbour's things are untouched.
      expect(await findUserRow(app, neighbour.id)).toBeDefined();
      expect(await db.select().from(cartItems).where(eq(cartItems.id, theirs.cartItem))).toHaveLength(1);
      expect((await db.select().from(reviews).where(eq(reviews.id, theirs.review)))[0]).toMatchObject({ userId: neighbour.id });
      expect((await db.select().from(orders).where(eq(orders.id, theirs.order)))[0]).toMatchObject({ userId: neighbour.id });
    });

    it('answers 401 and deletes nothing when nobody is signed in', async () => {
      await createUser(app);
      const before = await countUserRows(app);
      expect((await app.request('/users', { method: 'DELETE' })).status).toBe(401);
      expect(await countUserRows(app)).toEqual(before);
    });

    it('frees the e-mail for a new registration', async () => {
      const user = await createUser(app);
      await app.request('/users', { method: 'DELETE', token: user.token });
      const res = await post('/register', registration({ email: user.email }));
      expect(res.status).toBe(201);
    });
  });
});
