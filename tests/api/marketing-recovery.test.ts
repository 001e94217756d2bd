import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRecoveries, mailQueue } from '../../src/server/db/schema';
import { deliverDueMail } from '../../src/server/mail/worker';
import { runRecoveryPass, signRecoveryToken } from '../../src/server/marketing/recovery';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures, type ProductFixture } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';
import { mailsTo } from '../helpers/users-fixtures';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(databaseKinds)('abandoned-checkout recovery (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let owner: TestStaff;
  let tea: ProductFixture;
  let locationId: string;
  let cash: string;
  let settingsVersion = 0;
  const clock = Date.now();
  const at = (ms: number) => new Date(clock + ms);

  beforeAll(async () => {
    app = await createTestApp(kind);
    app.deps.now = () => new Date(clock);
    fx = commerceFixtures(app);
    owner = await createSignedInStaff(app, 'owner');
    ({ cash, locationId } = await fx.checkoutChoices());
    await fx.setSettings('ecommerce', { currency: 'USD' });
    await fx.setSettings('common', { sitename: { en: 'Tea House', ru: 'Чайный дом' } });
    tea = await fx.product({ priceCents: 2_500, title: 'Oolong', stock: 50 });
  });
  afterAll(async () => {
    await app.close();
  });

  const email = () => `shopper.${randomBytes(4).toString('hex')}@example.com`;
  const newKey = () => randomBytes(24).toString('base64url');
  const report = async (key: string, body: Record<string, unknown>, lang = 'en') =>
    (
      await expectJson<{ tracked: boolean }>(
        await app.request(`/checkout-recovery?lang=${lang}`, { method: 'PUT', json: { key, ...body } }),
        200,
      )
    ).tracked;
  const lines = (quantity = 2) => [{ variationId: tea.variationId, quantity }];
  const startCheckout = async (to: string, key = newKey(), lang = 'en') => {
    expect(await report(key, { items: lines(), contact: { email: to, consent: true } }, lang)).toBe(true);
    return key;
  };
  const rowOf = async (to: string) => (await app.deps.db.select().from(checkoutRecoveries).where(eq(checkoutRecoveries.email, to)))[0];
  const reminders = async (to: string) =>
    (await app.deps.db.select().from(mailQueue).where(eq(mailQueue.to, to))).filter((m) => m.template.startsWith('checkout-reminder'));
  const saveSettings = async (value: Record<string, unknown>) => {
    const body = {
      enabled: true,
      firstDelayMinutes: 60,
      secondDelayMinutes: 1440,
      firstDiscountCodeId: null,
      secondDiscountCodeId: null,
      attributionDays: 7,
      linkDays: 14,
      ...value,
      version: settingsVersion,
    };
    const saved = await expectJson(
      await adminRequest(app, '/marketing/recovery/settings', { method: 'PUT', cookie: owner.cookie, body: JSON.stringify(body) }),
      200,
    );
    settingsVersion = saved.version;
  };
  const placeOrder = async (to: string, extra: Record<string, unknown> = {}) => {
    const body = orderBody(lines(), { locationId }, cash, extra);
    body.customer = { ...body.customer, email: to };
    return expectJson<{ id: string; number: number; totalPrice: number }>(
      await app.request('/orders', { method: 'POST', json: body }),
      201,
    );
  };
  const linkIn = (text: string, kind: 'restore' | 'unsubscribe') => {
    const match = new RegExp(`(https?://\\S+/${kind === 'restore' ? 'cart/restore' : 'unsubscribe'}\\?token=([^&\\s]+)\\S*)`).exec(text);
    if (!match) throw new Error(`no ${kind} link in ${text}`);
    return { link: match[1]!, token: decodeURIComponent(match[2]!) };
  };
  const rawMailTo = (to: string) => {
    const dir = path.join(app.dataDir, 'mail');
    return fs
      .readdirSync(dir)
      .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
      .filter((raw) => raw.includes(`To: ${to}`));
  };

  it('is off by default: no checkout is kept and no reminder is sent', async () => {
    const to = email();
    expect(await report(newKey(), { items: lines(), contact: { email: to, consent: true } })).toBe(false);
    expect(await runRecoveryPass(app.deps, at(2 * DAY))).toEqual({ queued: 0, closed: 0 });
    expect(await rowOf(to)).toBeUndefined();
    await saveSettings({ enabled: true });
  });

  it('a guest who consented gets a reminder after the delay and a second one later, each exactly once', async () => {
    const to = email();
    await startCheckout(to);
    expect((await runRecoveryPass(app.deps, at(59 * MINUTE))).queued).toBe(0);
    // several instances at once: one of them claims it
    const passes = await Promise.all([1, 2, 3].map(() => runRecoveryPass(app.deps, at(61 * MINUTE))));
    expect(passes.reduce((sum, pass) => sum + pass.queued, 0)).toBeGreaterThanOrEqual(1);
    expect(await reminders(to)).toEqual([expect.objectContaining({ template: 'checkout-reminder', lang: 'en' })]);
    // and again later, as after a restart: still one
    await runRecoveryPass(app.deps, at(120 * MINUTE));
    expect(await reminders(to)).toHaveLength(1);

    await deliverDueMail(app.deps, at(61 * MINUTE));
    const [mail] = mailsTo(app, to);
    expect(mail!.subject).toBe('You left something in your cart at Tea House');
    expect(mail!.text).toContain('Oolong (× 2): $50');
    expect(mail!.html).toContain('Oolong');
    expect(linkIn(mail!.text, 'restore').link).toContain('http://localhost:4321/cart/restore?token=');
    const unsubscribeLink = linkIn(mail!.text, 'unsubscribe').link;
    const raw = rawMailTo(to)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toMatch(/List-Unsubscribe: <http:\/\/localhost:4321\/unsubscribe\?token=/);
    expect(raw).toContain(`List-Unsubscribe: <${unsubscribeLink}>`);

    const first = (await rowOf(to))!.firstReminderAt!.getTime();
    expect((await runRecoveryPass(app.deps, new Date(first + 1439 * MINUTE))).queued).toBe(0);
    await Promise.all([1, 2].map(() => runRecoveryPass(app.deps, new Date(first + 1441 * MINUTE))));
    await runRecoveryPass(app.deps, new Date(first + 5 * DAY));
    expect((await reminders(to)).map((m) => m.template).sort()).toEqual(['checkout-reminder', 'checkout-reminder-second']);
  });

  it('in the shopper’s language, with the discount code chosen for the reminder', async () => {
    const code = await fx.discountCode({ code: 'COMEBACK10' });
    await saveSettings({ firstDiscountCodeId: code.id });
    const to = email();
    await startCheckout(to, newKey(), 'ru');
    await runRecoveryPass(app.deps, at(61 * MINUTE));
    await deliverDueMail(app.deps, at(61 * MINUTE));
    const [mail] = mailsTo(app, to);
    expect(mail!.subject).toBe('Вы оставили товары в корзине — Чайный дом');
    expect(mail!.text).toContain('COMEBACK10');
    expect(mail!.text).toContain('Отписаться от этих напоминаний');
    await saveSettings({ firstDiscountCodeId: null });
  });

  it('without consent a guest’s e-mail is not kept, and withdrawing consent forgets the checkout', async () => {
    const to = email();
    expect(await report(newKey(), { items: lines(), contact: { email: to, consent: false } })).toBe(false);
    expect(await rowOf(to)).toBeUndefined();
    const key = await startCheckout(to);
    expect(await report(key, { items: lines(), contact: { email: to, consent: false } })).toBe(false);
    expect(await rowOf(to)).toBeUndefined();
  });

  it('a signed-in shopper needs no consent box: their account e-mail is used', async () => {
    const user = await fx.user();
    const res = await app.request('/checkout-recovery', { method: 'PUT', token: user.token, json: { key: newKey(), items: lines() } });
    expect((await expectJson(res, 200)).tracked).toBe(true);
    await runRecoveryPass(app.deps, at(61 * MINUTE));
    expect(await reminders(`${user.id}@example.com`)).toHaveLength(1);
  });

  it('a shopper who ordered after the checkout started is never reminded, even with a reminder already queued', async () => {
    const ordered = email();
    await startCheckout(ordered);
    await placeOrder(ordered);
    await runRecoveryPass(app.deps, at(61 * MINUTE));
    expect(await reminders(ordered)).toEqual([]);
    expect((await rowOf(ordered))!.status).toBe('ordered');

    const late = email();
    await startCheckout(late);
    await runRecoveryPass(app.deps, at(61 * MINUTE));
    expect(await reminders(late)).toHaveLength(1);
    await placeOrder(late);
    await deliverDueMail(app.deps, at(61 * MINUTE));
    expect(mailsTo(app, late).filter((m) => m.subject.includes('left something'))).toEqual([]);
  });

  it('a shopper who emptied the cart is never reminded', async () => {
    const to = email();
    const key = await startCheckout(to);
    expect(await report(key, { items: [] })).toBe(false);
    await runRecoveryPass(app.deps, at(61 * MINUTE));
    expect(await reminders(to)).toEqual([]);
    expect((await rowOf(to))!.status).toBe('emptied');
  });

  it('the unsubscribe link works without signing in, asks first, and stops every later reminder', async () => {
    const to = email();
    await startCheckout(to);
    await runRecoveryPass(app.deps, at(61 * MINUTE));
    await deliverDueMail(app.deps, at(61 * MINUTE));
    const { token } = linkIn(mailsTo(app, to)[0]!.text, 'unsubscribe');
    const before = await expectJson(await app.request(`/checkout-recovery/unsubscribe?token=${encodeURIComponent(token)}`), 200);
    expect(before).toEqual({ email: expect.stringMatching(/^s•+@example\.com$/), unsubscribed: false });
    const after = await expectJson(await app.request('/checkout-recovery/unsubscribe', { method: 'POST', json: { token } }), 200);
    expect(after.unsubscribed).toBe(true);
    expect((await rowOf(to))!.status).toBe('unsubscribed');
    await runRecoveryPass(app.deps, at(3 * DAY));
    expect(await reminders(to)).toHaveLength(1);
    // a new checkout of the same address is not kept
    expect(await report(newKey(), { items: lines(), contact: { email: to, consent: true } })).toBe(false);
  });

  it('the restore link is signed, works for restoring only, and expires', async () => {
    const to = email();
    await startCheckout(to);
    await runRecoveryPass(app.deps, at(61 * MINUTE));
    await deliverDueMail(app.deps, at(61 * MINUTE));
    const text = mailsTo(app, to)[0]!.text;
    const restore = linkIn(text, 'restore').token;
    const unsubscribeToken = linkIn(text, 'unsubscribe').token;
    const restoreWith = (token: string) => app.request('/checkout-recovery/restore', { method: 'POST', json: { token } });

    const restored = await expectJson(await restoreWith(restore), 200);
    expect(restored.items).toEqual(lines());
    expect(restored.key).toEqual(expect.any(String));
    // a token made for another purpose, another checkout's, a forged one or a changed one are refused
    expect((await restoreWith(unsubscribeToken)).status).toBe(404);
    expect((await app.request('/checkout-recovery/unsubscribe', { method: 'POST', json: { token: restore } })).status).toBe(404);
    const [id, purpose, expires] = restore.split('.');
    expect((await restoreWith(`${id}.${purpose}.${Number(expires) + 3600}.${restore.split('.')[3]}`)).status).toBe(404);
    expect((await restoreWith(`${id}x.${purpose}.${expires}.${restore.split('.')[3]}`)).status).toBe(404);
    expect((await restoreWith('not-a-token')).status).toBe(404);
    const body = await expectJson(await restoreWith(''), 400);
    expect(body.success).toBe(false);
    // signed with the shop's key but long expired
    const old = signRecoveryToken(app.deps, 'restore', id!, new Date(clock - MINUTE));
    expect((await restoreWith(old)).status).toBe(404);
    app.deps.now = () => at(15 * DAY);
    try {
      expect((await restoreWith(restore)).status).toBe(404);
    } finally {
      app.deps.now = () => new Date(clock);
    }
  });

  it('an order placed from a reminder’s link within the window is recovered revenue', async () => {
    const to = email();
    await startCheckout(to);
    await runRecoveryPass(app.deps, at(61 * MINUTE));
    await deliverDueMail(app.deps, at(61 * MINUTE));
    const { token } = linkIn(mailsTo(app, to)[0]!.text, 'restore');
    const { key } = await expectJson(await app.request('/checkout-recovery/restore', { method: 'POST', json: { token } }), 200);
    const order = await placeOrder(to, { recoveryKey: key });
    const row = (await rowOf(to))!;
    expect(row).toMatchObject({ status: 'ordered', orderId: order.id, recoveredCents: 5_000, currency: 'USD' });

    const summary = await expectJson(await adminRequest(app, '/marketing/recovery/summary?days=30', { cookie: owner.cookie }), 200);
    expect(summary.recoveredOrders).toBeGreaterThanOrEqual(1);
    expect(summary.recoveredCents).toBeGreaterThanOrEqual(5_000);
    const list = await expectJson(
      await adminRequest(app, '/marketing/recovery/checkouts?status=ordered&perPage=100', { cookie: owner.cookie }),
      200,
    );
    expect(list.items).toContainEqual(expect.objectContaining({ email: to, status: 'ordered', recoveredCents: 5_000, remindersSent: 1 }));

    // an order without the link's key is not counted as recovered
    const other = email();
    await startCheckout(other);
    await runRecoveryPass(app.deps, at(61 * MINUTE));
    await placeOrder(other);
    expect((await rowOf(other))!.recoveredCents).toBeNull();
  });

  it('refuses bad input with field messages, never a 500', async () => {
    const bad = await expectJson(
      await app.request('/checkout-recovery', { method: 'PUT', json: { key: 'short', items: [{ variationId: '', quantity: 0 }] } }),
      400,
    );
    expect(Object.keys(bad.errors.children)).toEqual(expect.arrayContaining(['key', 'items']));
    const badEmail = await app.request('/checkout-recovery', {
      method: 'PUT',
      json: { key: newKey(), items: lines(), contact: { email: 'not-an-email', consent: true } },
    });
    expect(badEmail.status).toBe(400);
    expect((await app.request('/checkout-recovery/unsubscribe?token=')).status).toBe(400);
  });
});
