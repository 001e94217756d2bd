import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app';
import { loginThrottle } from '../../src/server/db/schema';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';
import { createUser, uniqueAddress, uniqueEmail, type TestUser } from '../helpers/users-fixtures';

const MINUTE = 60_000;

describe.each(databaseKinds)('sign-in throttling on %s', (kind) => {
  let app: TestApp;
  let clock: number;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    clock = Date.now();
    app.deps.now = () => new Date(clock);
  });

  const signIn = (username: string, password: string, address: string, api = app.api) =>
    api.request('/api/login_check', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shop-client-ip': address },
      body: JSON.stringify({ username, password }),
    });
  const failTimes = async (times: number, user: { email: string }, address: string) => {
    for (let i = 0; i < times; i++) expect((await signIn(user.email, 'wrong password', address)).status).toBe(401);
  };
  const expectRefused = async (res: Response, minutes: number) => {
    expect(res.status).toBe(429);
    const message = `Too many sign-in attempts, try again in ${minutes} minutes`;
    expect(await res.json()).toMatchObject({ success: false, status: 429, message, detail: { message } });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan((minutes - 1) * 60);
  };

  describe('per account', () => {
    let user: TestUser;
    beforeEach(async () => {
      user = await createUser(app);
    });

    it('refuses the 6th attempt within 15 minutes even with the right password, then lets it in after the lock', async () => {
      await failTimes(5, user, uniqueAddress());
      await expectRefused(await signIn(user.email, user.password, uniqueAddress()), 15);
      clock += 10 * MINUTE;
      await expectRefused(await signIn(user.email, user.password, uniqueAddress()), 5);
      clock += 6 * MINUTE;
      expect((await signIn(user.email, user.password, uniqueAddress())).status).toBe(200);
    });

    it('locks the account for every client address and every instance sharing the database', async () => {
      const otherInstance = createApi({ ...app.deps, now: () => new Date(clock) });
      await failTimes(3, user, uniqueAddress());
      for (let i = 0; i < 2; i++) {
        expect((await signIn(user.email, 'wrong password', uniqueAddress(), otherInstance)).status).toBe(401);
      }
      await expectRefused(await signIn(user.email, user.password, uniqueAddress()), 15);
      await expectRefused(await signIn(user.email, user.password, uniqueAddress(), otherInstance), 15);
    });

    it('counts failures per 15-minute window', async () => {
      const address = uniqueAddress();
      await failTimes(4, user, address);
      clock += 16 * MINUTE;
      await failTimes(4, user, address);
      expect((await signIn(user.email, user.password, address)).status).toBe(200);
    });

    it('clears the account counter on a successful sign-in', async () => {
      const address = uniqueAddress();
      await failTimes(4, user, address);
      expect((await signIn(user.email, user.password, address)).status).toBe(200);
      await failTimes(4, user, address);
      expect((await signIn(user.email, user.password, address)).status).toBe(200);
      const [row] = await app.deps.db.select().from(loginThrottle).where(eq(loginThrottle.key, `account:${user.email}`));
      expect(row).toBeUndefined();
    });

    it('counts the e-mail however it is typed', async () => {
      const address = uniqueAddress();
      for (const typed of [user.email, user.email.toUpperCase(), ` ${user.email} `, user.email, user.email.toUpperCase()]) {
        expect((await signIn(typed, 'wrong password', address)).status).toBe(401);
      }
      await expectRefused(await signIn(user.email, user.password, address), 15);
    });

    it('throttles an unknown account exactly like a real one', async () => {
      const ghost = { email: uniqueEmail('ghost') };
      await failTimes(5, ghost, uniqueAddress());
      await expectRefused(await signIn(ghost.email, 'any password', uniqueAddress()), 15);
    });

    it('checks at most 5 passwords when many attempts arrive at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => signIn(user.email, 'wrong password', uniqueAddress())),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      expect((await signIn(user.email, user.password, uniqueAddress())).status).toBe(429);
    });

    it('counts wrong current passwords of PUT /users against the account too', async () => {
      const put = (currentPassword: string) =>
        app.request('/users', { method: 'PUT', token: user.token, json: { email: uniqueEmail(), currentPassword } });
      for (let i = 0; i < 5; i++) expect((await put('wrong password')).status).toBe(400);
      await expectRefused(await put(user.password), 15);
      await expectRefused(await signIn(user.email, user.password, uniqueAddress()), 15);
      clock += 16 * MINUTE;
      expect((await put(user.password)).status).toBe(200);
    });
  });

  describe('per client address', () => {
    it('refuses the 21st failure from one address, for any account, but not other addresses', async () => {
      const address = uniqueAddress();
      const users = await Promise.all(Array.from({ length: 5 }, () => createUser(app)));
      for (const user of users) await failTimes(4, user, address);
      const fresh = await createUser(app);
      await expectRefused(await signIn(fresh.email, fresh.password, address), 15);
      expect((await signIn(fresh.email, fresh.password, uniqueAddress())).status).toBe(200);
      clock += 16 * MINUTE;
      expect((await signIn(users[0]!.email, users[0]!.password, address)).status).toBe(200);
    });

    it('does not count successful sign-ins from a busy address', async () => {
      const address = uniqueAddress();
      const user = await createUser(app);
      for (let i = 0; i < 25; i++) expect((await signIn(user.email, user.password, address)).status).toBe(200);
    });

    it("counts requests that carry no client address under 'unknown'", async () => {
      const user = await createUser(app);
      const res = await app.request('/login_check', { method: 'POST', json: { username: user.email, password: 'wrong password' } });
      expect(res.status).toBe(401);
      const [row] = await app.deps.db.select().from(loginThrottle).where(eq(loginThrottle.key, 'ip:unknown'));
      expect(row!.failures).toBeGreaterThanOrEqual(1);
    });
  });
});
