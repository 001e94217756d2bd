import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app';
import { signUserToken } from '../../src/server/api/core/auth';
import { revokedTokens } from '../../src/server/db/schema';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';
import { createUser, fieldMessages, uniqueAddress, uniqueEmail } from '../helpers/users-fixtures';

const COMMON = 'This password is one of the most common ones, choose another';
const BLANK = 'This value should not be blank.';

async function expectPasswordRefused(res: Response, message: string) {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body).toMatchObject({ success: false, status: 400, errorPath: 'password' });
  expect(fieldMessages(body, 'password')).toEqual([message]);
}

describe.each(databaseKinds)('logout and password rules on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  const profile = (token: string, api = app.api) => api.request('/api/users/profile', { headers: { authorization: `Bearer ${token}` } });
  const logout = (token: string) => app.request('/logout', { method: 'POST', token });

  describe('POST /logout', () => {
    it('revokes the token on every instance, while the same user on another device stays signed in', async () => {
      const user = await createUser(app);
      const otherDevice = await signUserToken(app.deps, { id: user.id, email: user.email, tokenVersion: 0 });
      const otherInstance = createApi({ ...app.deps });
      expect((await profile(user.token)).status).toBe(200);

      const res = await logout(user.token);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });

      expect((await profile(user.token)).status).toBe(401);
      expect((await profile(user.token, otherInstance)).status).toBe(401);
      expect((await app.request('/cart', { token: user.token })).status).toBe(401);
      expect((await logout(user.token)).status).toBe(401);
      expect((await profile(otherDevice)).status).toBe(200);
    });

    it('answers 401 without a token', async () => {
      expect((await app.request('/logout', { method: 'POST' })).status).toBe(401);
    });

    it('keeps revoked tokens only until they would have expired anyway', async () => {
      const user = await createUser(app);
      await app.deps.db.insert(revokedTokens).values({ tokenId: 'long-gone', expiresAt: new Date(Date.now() - 1000) });
      await logout(user.token);
      const rows = await app.deps.db.select().from(revokedTokens);
      expect(rows.map((row) => row.tokenId)).not.toContain('long-gone');
      expect(rows.every((row) => row.expiresAt.getTime() > Date.now())).toBe(true);
    });

    it('still accepts a token issued before tokens carried an id, until it expires', async () => {
      const user = await createUser(app);
      const now = Math.floor(Date.now() / 1000);
      const legacy = await new SignJWT({ email: user.email, ver: 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(app.deps.jwtKey);
      expect((await profile(legacy)).status).toBe(200);
    });
  });

  describe('new passwords', () => {
    const register = (password: string) =>
      app.request('/register', {
        method: 'POST',
        json: { email: uniqueEmail(), password, profile: { firstName: 'Ada', lastName: 'Lovelace' } },
        headers: { 'x-shop-client-ip': uniqueAddress() },
      });

    it.each(['      ', '\t\t\t\t\t\t\t', '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0'])(
      'refuses the whitespace-only password %j',
      async (password) => {
        await expectPasswordRefused(await register(password), BLANK);
      },
    );

    it.each(['123456', 'password', 'qwerty', 'Password', 'iloveyou', ' dragon '])('refuses the common password %j', async (password) => {
      await expectPasswordRefused(await register(password), COMMON);
    });

    it('accepts an uncommon password', async () => {
      expect((await register('violet kettle 42 orbit')).status).toBe(201);
    });

    it('applies the same rules to a password change and a reset', async () => {
      const user = await createUser(app);
      const change = await app.request('/users', {
        method: 'PUT',
        token: user.token,
        json: { password: 'qwerty123', currentPassword: user.password },
      });
      await expectPasswordRefused(change, COMMON);
      const reset = await app.request(`/reset_password_confirm/${'a'.repeat(43)}`, { method: 'POST', json: { password: '        ' } });
      await expectPasswordRefused(reset, BLANK);
    });
  });
});
