import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app';
import { readRateLimitSettings } from '../../src/server/api/core/rate-limit';
import { rateLimits } from '../../src/server/db/schema';
import { orderBody } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';
import { uniqueAddress, uniqueEmail } from '../helpers/users-fixtures';

const MINUTE = 60_000;
/** Every limit at 2 per 10 minutes, so each rule shows with few requests. */
const TWO_PER_TEN_MINUTES = Object.keys(readRateLimitSettings(undefined).rules)
  .map((name) => `${name}=2/600`)
  .join(',');

describe('readRateLimitSettings', () => {
  it('keeps the defaults, applies overrides, and refuses typos', () => {
    expect(readRateLimitSettings(undefined)).toMatchObject({ enabled: true, rules: { lead: { limit: 5, windowSeconds: 600 } } });
    expect(readRateLimitSettings('lead=9/60').rules.lead).toEqual({ limit: 9, windowSeconds: 60 });
    expect(readRateLimitSettings('off').enabled).toBe(false);
    expect(() => readRateLimitSettings('leads=9/60')).toThrow(/leads=9\/60/);
    expect(() => readRateLimitSettings('lead=0/60')).toThrow();
  });
});

describe.each(databaseKinds)('rate limits on %s', (kind) => {
  let app: TestApp;
  let otherInstance: ReturnType<typeof createApi>;
  let clock: number;
  beforeAll(async () => {
    app = await createTestApp(kind, { rateLimits: TWO_PER_TEN_MINUTES });
    // A second app on the same database, as a second server would be: it shares nothing else with the first.
    otherInstance = createApi({ ...app.deps, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    // The middle of a window, so a test's requests never straddle two windows.
    clock = Math.floor(Date.now() / (10 * MINUTE)) * 10 * MINUTE + 5 * MINUTE;
    app.deps.now = () => new Date(clock);
  });

  const post = (path: string, body: unknown, address: string, api = app.api) =>
    api.request(`/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shop-client-ip': address },
      body: JSON.stringify(body),
    });

  const expectTooMany = async (res: Response) => {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(300);
    const message = 'Too many requests, try again in 5 minutes';
    expect(await res.json()).toMatchObject({ success: false, status: 429, message, detail: { message } });
  };

  const lead = { name: 'Ivan', phone: '8 (999) 111-22-33', text: 'Call me' };

  it('answers 429 with Retry-After once an address is over the limit, counting both instances together', async () => {
    const address = uniqueAddress();
    expect((await post('/leads', lead, address)).status).toBe(201);
    expect((await post('/leads', lead, address, otherInstance)).status).toBe(201);
    await expectTooMany(await post('/leads', lead, address));
    await expectTooMany(await post('/leads', lead, address, otherInstance));
    expect((await post('/leads', lead, uniqueAddress())).status).toBe(201);
  });

  it('lets the address in again in the next window', async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 2; i++) expect((await post('/leads', lead, address)).status).toBe(201);
    await expectTooMany(await post('/leads', lead, address));
    clock += 5 * MINUTE;
    expect((await post('/leads', lead, address)).status).toBe(201);
  });

  it('answers in the request language', async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 2; i++) await post('/leads?lang=ru', lead, address);
    const res = await post('/leads?lang=ru', lead, address);
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe('Слишком много запросов, повторите через 5 минут');
  });

  it('lets no parallel request slip past the limit', async () => {
    const address = uniqueAddress();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post('/leads', lead, address, i % 2 ? otherInstance : app.api)));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(2);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(10);
  });

  it.each([
    ['/product-reviews', { product: randomUUID(), authorName: 'Ada', rating: 5, text: 'Fine' }],
    ['/articles/comments', { article: 'no-such-article', authorName: 'Ada', text: 'Fine' }],
    ['/register', { email: 'not-an-email', password: 'x' }],
    ['/reset_password_request', { email: 'not-an-email' }],
    ['/login_check', { username: 'not-an-email', password: 'x' }],
    ['/orders', {}],
  ])('limits POST %s per address', async (path, body) => {
    const address = uniqueAddress();
    for (let i = 0; i < 2; i++) expect((await post(path, body, address)).status).not.toBe(429);
    await expectTooMany(await post(path, body, address, otherInstance));
    expect((await post(path, body, uniqueAddress())).status).not.toBe(429);
  });

  it('limits guest orders per phone and per e-mail, from any address', async () => {
    const order = (customer: Record<string, string>) =>
      orderBody([{ variationId: randomUUID(), quantity: 1 }], { locationId: randomUUID() }, 'cash', {
        customer: { name: 'Anna', phone: '+7 (999) 123-45-67', email: uniqueEmail(), ...customer },
      });
    const phone = `+7 (999) ${Math.floor(100 + Math.random() * 900)}-11-22`;
    for (let i = 0; i < 2; i++) expect((await post('/orders', order({ phone }), uniqueAddress())).status).not.toBe(429);
    // the same number written differently is the same phone
    await expectTooMany(await post('/orders', order({ phone: phone.replace(/\D/g, '') }), uniqueAddress()));

    const email = uniqueEmail();
    for (let i = 0; i < 2; i++) {
      expect((await post('/orders', order({ phone: `+7 (999) 000-00-0${i}`, email }), uniqueAddress())).status).not.toBe(429);
    }
    await expectTooMany(await post('/orders', order({ phone: '+7 (999) 000-00-09', email: email.toUpperCase() }), uniqueAddress()));
  });

  it('limits reset requests per e-mail address asked about, from any address', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 2; i++) expect((await post('/reset_password_request', { email }, uniqueAddress())).status).toBe(200);
    await expectTooMany(await post('/reset_password_request', { email }, uniqueAddress()));
    await app.deps.background.idle();
  });

  it('stores no addresses or e-mails, and deletes the counters of finished windows', async () => {
    const address = uniqueAddress();
    await post('/leads', lead, address);
    const rows = await app.deps.db.select().from(rateLimits);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(address);
    clock += 60 * MINUTE;
    await post('/leads', lead, uniqueAddress());
    const left = await app.deps.db.select().from(rateLimits);
    expect(left.every((row) => row.expiresAt.getTime() > clock)).toBe(true);
  });
});

describe('rate limits switched off', () => {
  it('counts nothing with RATE_LIMITS=off', async () => {
    const app = await createTestApp('pglite', { rateLimits: 'off' });
    try {
      for (let i = 0; i < 8; i++) {
        const res = await app.request('/leads', { method: 'POST', json: { name: 'Ivan', phone: '8 (999) 111-22-33', text: 'x' } });
        expect(res.status).toBe(201);
      }
      expect(await app.deps.db.select().from(rateLimits)).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});
