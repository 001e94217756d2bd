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
  const expectRefused = async (res: Response, wait: string, seconds: number) => {
    expect(res.status).toBe(429);
    const message = `Too many sign-in attempts, try again in ${wait}`;
    expect(await res.json()).toMatchObject({ success: false, status: 429, message, detail: { message } });
    expect(Number(res.headers.get('retry-after'))).toBe(seconds);
  };

  describe('per account and address', () => {
    let user: TestUser;
    beforeEach(async () => {
      user = await createUser(app);
    });

    it("does not lock the owner out after a stranger's five wrong passwords", async () => {
      const stranger = uniqueAddress();
      await failTimes(5, user, stranger);
      expect((await signIn(user.email, user.password, uniqueAddress())).status).toBe(200);
      await expectRefused(await signIn(user.email, 'wrong password', stranger), '30 seconds', 30);
    });

    it('makes the guessing address wait twice as long after each further failure, up to 15 minutes', async () => {
      const address = uniqueAddress();
      await failTimes(5, user, address);
      let wait = 30;
      for (let round = 0; round < 7; round++) {
        const refused = await signIn(user.email, user.password, address);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBe(wait);
        clock += wait * 1000;
        expect((await signIn(user.email, 'wrong password', address)).status).toBe(401);
        wait = Math.min(wait * 2, 15 * 60);
      }
      await expectRefused(await signIn(user.email, user.password, address), '15 minutes', 15 * 60);
      clock += 15 * MINUTE;
      expect((await signIn(user.email, user.password, address)).status).toBe(200);
    });

    it('forgets the failures after a quiet hour', async () => {
      const address = uniqueAddress();
      await failTimes(5, user, address);
      clock += 61 * MINUTE;
      await failTimes(4, user, address);
      expect((await signIn(user.email, user.password, address)).status).toBe(200);
    });

    it('clears the counters on a successful sign-in', async () => {
      const address = uniqueAddress();
      await failTimes(4, user, address);
      expect((await signIn(user.email, user.password, address)).status).toBe(200);
      await failTimes(4, user, address);
      expect((await signIn(user.email, user.password, address)).status).toBe(200);
      const [row] = await app.deps.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, `account:${user.email}`));
      expect(row).toBeUndefined();
    });

    it('counts the e-mail however it is typed', async () => {
      const address = uniqueAddress();
      for (const typed of [user.email, user.email.toUpperCase(), ` ${user.email} `, user.email, user.email.toUpperCase()]) {
        expect((await signIn(typed, 'wrong password', address)).status).toBe(401);
      }
      await expectRefused(await signIn(user.email, user.password, address), '30 seconds', 30);
    });

    it('throttles an unknown account exactly like a real one', async () => {
      const ghost = { email: uniqueEmail('ghost') };
      const address = uniqueAddress();
      await failTimes(5, ghost, address);
      await expectRefused(await signIn(ghost.email, 'any password', address), '30 seconds', 30);
    });

    it('checks at most 5 passwords when many attempts from one address arrive at once, on two instances', async () => {
      const otherInstance = createApi({ ...app.deps, now: () => new Date(clock) });
      const address = uniqueAddress();
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => signIn(user.email, 'wrong password', address, i % 2 ? otherInstance : app.api)),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
      expect((await signIn(user.email, user.password, address)).status).toBe(429);
      expect((await signIn(user.email, user.password, uniqueAddress())).status).toBe(200);
    });

    it('counts wrong current passwords of PUT /users like sign-ins', async () => {
      const put = (currentPassword: string) =>
        app.request('/users', { method: 'PUT', token: user.token, json: { email: uniqueEmail(), currentPassword } });
      for (let i = 0; i < 5; i++) expect((await put('wrong password')).status).toBe(400);
      await expectRefused(await put(user.password), '30 seconds', 30);
      clock += 30_000;
      expect((await put(user.password)).status).toBe(200);
    });
  });

  describe('per account, from many addresses', () => {
    it('slows a distributed attack to one guess a minute, never shutting the owner out for longer', async () => {
      const user = await createUser(app);
      const otherInstance = createApi({ ...app.deps, now: () => new Date(clock) });
      for (let i = 0; i < 20; i++) {
        expect((await signIn(user.email, 'wrong password', uniqueAddress(), i % 2 ? otherInstance : app.api)).status).toBe(401);
      }
      await expectRefused(await signIn(user.email, user.password, uniqueAddress()), '1 second', 1);
      for (let round = 0; round < 10; round++) {
        const refused = await signIn(user.email, 'wrong password', uniqueAddress(), otherInstance);
        expect(refused.status).toBe(429);
        const wait = Number(refused.headers.get('retry-after'));
        expect(wait).toBeLessThanOrEqual(60);
        clock += wait * 1000;
        expect((await signIn(user.email, 'wrong password', uniqueAddress())).status).toBe(401);
      }
      await expectRefused(await signIn(user.email, user.password, uniqueAddress()), '1 minute', 60);
      clock += MINUTE;
      expect((await signIn(user.email, user.password, uniqueAddress())).status).toBe(200);
    });
  });

  describe('per client address', () => {
    it('refuses the 21st failure from one address, for any account, but not other addresses', async () => {
      const address = uniqueAddress();
      const users = await Promise.all(Array.from({ length: 5 }, () => createUser(app)));
      for (const user of users) await failTimes(4, user, address);
      const fresh = await createUser(app);
      await expectRefused(await signIn(fresh.email, fresh.password, address), '15 minutes', 15 * 60);
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
