import Papa from 'papaparse';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailSchema, type ProductBody, type ProductDetail } from '../../src/contract/admin';
import { queueBackInStockAlerts } from '../../src/server/back-in-stock-alerts';
import { backInStockSubscriptions, mailQueue, variations } from '../../src/server/db/schema';
import { deliverDueMail } from '../../src/server/mail/worker';
import { signLink } from '../../src/server/signed-links';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';
import { mailsTo, uniqueEmail } from '../helpers/users-fixtures';

const both = (en: string, ru = `${en} ру`) => ({ en, ru });

/**
 * "Tell me when it is back": sign-up (one click signed in, double opt-in for guests), the stock trigger on every
 * write path, alerts sent once, throttled, only to confirmed and subscribed shoppers, with signed links.
 */
describe.each(databaseKinds)('back-in-stock alerts (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let manager: TestStaff;
  let cash: string;
  let locationId: string;
  let clock = Date.now();

  beforeAll(async () => {
    app = await createTestApp(kind);
    app.deps.now = () => new Date(clock);
    fx = commerceFixtures(app);
    manager = await createSignedInStaff(app, 'manager', 'Mia Manager');
    cash = await fx.paymentMethod({ kind: 'cash' });
    ({ id: locationId } = await fx.location({ paymentMethodCodes: [cash] }));
    await fx.setSettings('common', { sitename: { en: 'Tea House', ru: 'Чайный дом' }, emails: ['shop@shop.test'] });
    await fx.setSettings('ecommerce', { currency: 'USD' });
  });
  afterAll(async () => {
    await app.close();
  });

  const subscribe = (json: unknown, token?: string, lang = 'en') =>
    app.request(`/back-in-stock?lang=${lang}`, { method: 'POST', json, ...(token ? { token } : {}) });
  const subscriptionOf = async (variationId: string, email: string) =>
    (
      await app.deps.db
        .select()
        .from(backInStockSubscriptions)
        .where(sql`${backInStockSubscriptions.variationId} = ${variationId} and ${backInStockSubscriptions.email} = ${email}`)
    )[0]!;
  const setStock = (variationId: string, stock: number | null) =>
    app.deps.db.update(variations).set({ stock }).where(eq(variations.id, variationId));
  /** One worker pass: the due alerts queued, then the mail sent (file mailer). */
  const pass = async (perMinute = 1000) => {
    const alerts = await queueBackInStockAlerts(app.deps, new Date(clock), perMinute);
    await deliverDueMail(app.deps, new Date(clock));
    return alerts;
  };
  const confirmLinkIn = (text: string) => {
    const match = /\/back-in-stock\?action=confirm&id=([\w-]+)&token=([\w-]+)/.exec(text);
    if (!match) throw new Error(`no confirmation link in ${text}`);
    return { id: match[1]!, token: match[2]! };
  };
  const unsubscribeLinkIn = (text: string) => {
    const match = /\/back-in-stock\?action=unsubscribe&id=([\w-]+)&token=([\w-]+)/.exec(text);
    if (!match) throw new Error(`no unsubscribe link in ${text}`);
    return { id: match[1]!, token: match[2]! };
  };
  const alertsTo = (email: string) => mailsTo(app, email).filter((m) => /back in stock|снова в наличии/.test(m.subject));

  it('a guest confirms by the e-mailed link, and the alert comes once when the stock returns, with an unsubscribe link', async () => {
    const product = await fx.product({ stock: 0, title: 'Oolong', priceCents: 1250 });
    const email = uniqueEmail('guest');
    const answer = await expectJson(await subscribe({ variation: product.variationId, email: email.toUpperCase() }), 201);
    expect(answer).toEqual({ success: true, confirmed: false });
    await pass();
    const [confirmMail] = mailsTo(app, email);
    expect(confirmMail!.subject).toBe('Confirm your alert for Oolong');
    // not confirmed: a restock sends nothing
    await setStock(product.variationId, 5);
    await pass();
    expect(alertsTo(email)).toEqual([]);
    await setStock(product.variationId, 0);

    const link = confirmLinkIn(confirmMail!.text);
    const confirmed = await expectJson(await app.request('/back-in-stock/confirm', { method: 'POST', json: link }), 200);
    expect(confirmed).toEqual({ success: true, product: { title: 'Oolong', slug: product.slug } });
    await setStock(product.variationId, 3);
    await pass();
    await pass();
    const alerts = alertsTo(email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe('Oolong is back in stock');
    expect(alerts[0]!.text).toContain('$12.50');
    expect(alerts[0]!.text).toContain(`/products/${product.slug}?variation=${product.variationId}`);
    // sold out and back again: the subscription was used, nothing more
    await setStock(product.variationId, 0);
    await setStock(product.variationId, 4);
    await pass();
    expect(alertsTo(email)).toHaveLength(1);
    const unsubscribe = unsubscribeLinkIn(alerts[0]!.text);
    expect(unsubscribe.id).toBe(link.id);
    await expectJson(await app.request('/back-in-stock/unsubscribe', { method: 'POST', json: unsubscribe }), 200);
    expect((await subscriptionOf(product.variationId, email)).unsubscribedAt).not.toBeNull();
  });

  it('a signed-in shopper subscribes in one click, with the account address, in their language', async () => {
    const product = await fx.product({ stock: 0, title: 'Sencha' });
    const user = await fx.user();
    const email = `${user.id}@example.com`;
    expect(await expectJson(await subscribe({ variation: product.variationId }, user.token, 'ru'), 201)).toEqual({
      success: true,
      confirmed: true,
    });
    await pass();
    // no confirmation mail
    expect(mailsTo(app, email)).toEqual([]);
    await setStock(product.variationId, 2);
    await pass();
    const [alert] = alertsTo(email);
    expect(alert!.subject).toBe('Sencha (ru) снова в наличии');
    expect(alert!.text).toContain('Отписаться');
  });

  it('links are signed and single-purpose: a wrong, another record’s or the other link’s token is refused', async () => {
    const product = await fx.product({ stock: 0 });
    const email = uniqueEmail('links');
    await expectJson(await subscribe({ variation: product.variationId, email }), 201);
    const { id } = await subscriptionOf(product.variationId, email);
    const other = await fx.product({ stock: 0 });
    await expectJson(await subscribe({ variation: other.variationId, email }), 201);
    const otherId = (await subscriptionOf(other.variationId, email)).id;
    const refused = async (json: unknown, path = '/back-in-stock/confirm') => {
      const body = await expectJson(await app.request(path, { method: 'POST', json }), 400);
      expect(body).toMatchObject({ success: false, status: 400, errorPath: 'token' });
      expect(body.errors.children.token.errors).toEqual(['This link is not valid; open the one from your latest e-mail']);
    };
    await refused({ id, token: 'forged' });
    await refused({ id, token: signLink(app.deps.jwtKey, 'back-in-stock-unsubscribe', id) });
    await refused({ id, token: signLink(app.deps.jwtKey, 'back-in-stock-confirm', otherId) });
    await refused({ id, token: signLink(app.deps.jwtKey, 'back-in-stock-confirm', id) }, '/back-in-stock/unsubscribe');
    expect((await subscriptionOf(product.variationId, email)).confirmedAt).toBeNull();
    const missing = await expectJson(await app.request('/back-in-stock/confirm', { method: 'POST', json: { id } }), 400);
    expect(missing.errorPath).toBe('token');
  });

  it('refuses bad sign-ups in the error shape: no e-mail, a malformed one, an unknown, hidden or in-stock variation', async () => {
    const soldOut = await fx.product({ stock: 0 });
    const inStock = await fx.product({ stock: 4 });
    const unlimited = await fx.product({ stock: null });
    const hidden = await fx.product({ stock: 0, enabled: false });
    const cases: [unknown, string, string?][] = [
      [{ variation: soldOut.variationId }, 'email', 'Enter your e-mail to hear when it is back'],
      [{ variation: soldOut.variationId, email: 'not-an-address' }, 'email'],
      [{ email: 'a@example.com' }, 'variation'],
      [{ variation: 'nope', email: 'a@example.com' }, 'variation', 'Product not found'],
      [{ variation: hidden.variationId, email: 'a@example.com' }, 'variation', 'Product not found'],
      [{ variation: inStock.variationId, email: 'a@example.com' }, 'variation', 'This item is in stock now: you can add it to the cart'],
      [{ variation: unlimited.variationId, email: 'a@example.com' }, 'variation'],
      [{ variation: `x\u0000`, email: 'a@example.com' }, 'variation'],
    ];
    for (const [json, path, message] of cases) {
      const body = await expectJson(await subscribe(json), 400);
      expect(body).toMatchObject({ success: false, status: 400, errorPath: path });
      if (message) expect(body.errors.children[path].errors).toEqual([message]);
    }
    const ru = await expectJson(await subscribe({ variation: inStock.variationId, email: 'a@example.com' }, undefined, 'ru'), 400);
    expect(ru.errors.children.variation.errors).toEqual(['Этот товар уже в наличии: его можно положить в корзину']);
    expect((await subscribe('{')).status).toBe(400);
  });

  it('is rate-limited per client address and per e-mail address (429 with Retry-After)', async () => {
    const limited = await createTestApp(kind, { rateLimits: 'backInStock=2/3600' });
    try {
      const limitedFx = commerceFixtures(limited);
      const product = await limitedFx.product({ stock: 0 });
      const send = (email: string, address: string) =>
        limited.request('/back-in-stock', {
          method: 'POST',
          json: { variation: product.variationId, email },
          headers: { 'x-shop-client-ip': address },
        });
      expect((await send('a@example.com', '10.0.0.1')).status).toBe(201);
      expect((await send('b@example.com', '10.0.0.1')).status).toBe(201);
      const third = await send('c@example.com', '10.0.0.1');
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBeTruthy();
      expect(await third.json()).toMatchObject({ success: false, status: 429 });
      // one address typed from many clients
      expect((await send('a@example.com', '10.0.0.2')).status).toBe(201);
      expect((await send('a@example.com', '10.0.0.3')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  /** A product of two sizes through the back office: S sold out, M with 8. */
  async function tee(title: string): Promise<ProductDetail> {
    const body: ProductBody = {
      title: both(title),
      enabled: true,
      options: [{ title: both('Size'), values: [{ title: both('S') }, { title: both('M') }] }],
      variations: [
        { values: [0], fullPriceCents: 1500, stock: 0, isDefault: true },
        { values: [1], fullPriceCents: 1500, stock: 8, isDefault: false },
      ],
    };
    return productDetailSchema.parse(
      await expectJson(await adminRequest(app, '/products', { method: 'POST', cookie: manager.cookie, body: JSON.stringify(body) }), 201),
    );
  }
  const call = (method: string, path: string, body?: unknown) =>
    adminRequest(app, path, { method, cookie: manager.cookie, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const detailOf = async (id: string) => productDetailSchema.parse(await expectJson(await call('GET', `/products/${id}`), 200));
  async function confirmedSubscriber(variationId: string): Promise<string> {
    const user = await fx.user();
    await expectJson(await subscribe({ variation: variationId }, user.token), 201);
    return `${user.id}@example.com`;
  }

  it('every write path that brings stock back marks the alert: the product editor, bulk stock, the CSV import, a canceled order', async () => {
    // the product editor
    const edited = await tee('Editor tee');
    const editorFan = await confirmedSubscriber(edited.variations[0]!.id);
    const opened = await detailOf(edited.id);
    await expectJson(
      await call('PUT', `/products/${edited.id}`, {
        title: opened.title,
        slug: opened.slug,
        enabled: opened.enabled,
        catalogIds: opened.catalogIds,
        options: opened.options.map((o) => ({ id: o.id, title: o.title, values: o.values })),
        variations: opened.variations.map(({ valueIds: _v, title: _t, stock: seen, ...v }, i) =>
          i === 0 ? { ...v, stock: 6, stockSeen: seen } : v,
        ),
        version: opened.version,
      }),
      200,
    );
    // bulk stock
    const bulk = await tee('Bulk tee');
    const bulkFan = await confirmedSubscriber(bulk.variations[0]!.id);
    await expectJson(
      await call('POST', '/products/bulk', { action: 'stock', stock: 20, items: [{ id: bulk.id, version: bulk.version, stockSeen: 8 }] }),
      200,
    );
    // the CSV import
    const imported = await tee('Csv tee');
    const importFan = await confirmedSubscriber(imported.variations[0]!.id);
    const exported = await (await call('GET', '/products/export.csv')).text();
    const parsed = Papa.parse<Record<string, string>>(exported.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    const rows = parsed.data.filter((r) => r.slug === imported.slug);
    const fields = parsed.meta.fields!;
    const csv = Papa.unparse({ fields, data: [{ ...rows[0]!, stock: '9' }, rows[1]!].map((r) => fields.map((f) => r[f] ?? '')) });
    await expectJson(await call('POST', '/products/import', { csv }), 200);
    // a canceled order returns the last three
    const lastOnes = await fx.product({ stock: 3, title: 'Last ones' });
    const placed = await expectJson(
      await app.request('/orders', {
        method: 'POST',
        json: orderBody([{ variationId: lastOnes.variationId, quantity: 3 }], { locationId }, cash),
      }),
      201,
    );
    expect(await fx.stockOf(lastOnes.variationId)).toBe(0);
    const cancelFan = await confirmedSubscriber(lastOnes.variationId);
    await expectJson(await call('POST', `/orders/${placed.id}/cancel`, { version: 1 }), 200);

    await pass();
    for (const fan of [editorFan, bulkFan, importFan, cancelFan]) expect(alertsTo(fan), fan).toHaveLength(1);
  });

  it('a restock that rolls back marks nothing; an in-stock variation takes no sign-ups', async () => {
    const product = await fx.product({ stock: 0 });
    const fan = await confirmedSubscriber(product.variationId);
    await app.deps.db
      .transaction(async (tx) => {
        await tx.update(variations).set({ stock: 5 }).where(eq(variations.id, product.variationId));
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect((await subscriptionOf(product.variationId, fan)).dueAt).toBeNull();
    const other = await fx.product({ stock: 4 });
    const early = await confirmedSubscriber(other.variationId).catch(() => null);
    // an in-stock variation takes no sign-ups at all
    expect(early).toBeNull();
  });

  it('throttled: at most N alerts a minute, the rest in later minutes, none twice, in the order they became due', async () => {
    // a minute after every alert of the tests before
    clock += 200_000;
    await pass();
    clock += 200_000;
    const product = await fx.product({ stock: 0 });
    const fans: string[] = [];
    for (let i = 0; i < 5; i += 1) fans.push(await confirmedSubscriber(product.variationId));
    await setStock(product.variationId, 10);
    expect(await queueBackInStockAlerts(app.deps, new Date(clock), 2)).toEqual({ queued: 2, waiting: 3 });
    // the same minute: no room left
    expect(await queueBackInStockAlerts(app.deps, new Date(clock + 30_000), 2)).toEqual({ queued: 0, waiting: 3 });
    expect(await queueBackInStockAlerts(app.deps, new Date(clock + 61_000), 2)).toEqual({ queued: 2, waiting: 1 });
    expect(await queueBackInStockAlerts(app.deps, new Date(clock + 122_000), 2)).toEqual({ queued: 1, waiting: 0 });
    const queued = await app.deps.db.select().from(mailQueue).where(eq(mailQueue.template, 'back-in-stock'));
    for (const fan of fans) expect(queued.filter((m) => m.to === fan)).toHaveLength(1);
    clock += 200_000;
  });

  it('passes racing on several instances queue each alert exactly once', async () => {
    const product = await fx.product({ stock: 0 });
    const fans: string[] = [];
    for (let i = 0; i < 6; i += 1) fans.push(await confirmedSubscriber(product.variationId));
    await pass();
    clock += 200_000;
    await setStock(product.variationId, 1);
    const results = await Promise.all(Array.from({ length: 4 }, () => queueBackInStockAlerts(app.deps, new Date(clock), 1000)));
    expect(results.reduce((sum, r) => sum + r.queued, 0)).toBe(6);
    const queued = await app.deps.db.select().from(mailQueue).where(eq(mailQueue.template, 'back-in-stock'));
    for (const fan of fans) expect(queued.filter((m) => m.to === fan)).toHaveLength(1);
    clock += 200_000;
  });

  it('never alerts an unsubscribed shopper, even when the alert was queued before they unsubscribed', async () => {
    const product = await fx.product({ stock: 0 });
    const email = uniqueEmail('gone');
    await expectJson(await subscribe({ variation: product.variationId, email }), 201);
    const { id } = await subscriptionOf(product.variationId, email);
    await expectJson(
      await app.request('/back-in-stock/confirm', {
        method: 'POST',
        json: { id, token: signLink(app.deps.jwtKey, 'back-in-stock-confirm', id) },
      }),
      200,
    );
    await setStock(product.variationId, 2);
    await queueBackInStockAlerts(app.deps, new Date(clock), 1000);
    await expectJson(
      await app.request('/back-in-stock/unsubscribe', {
        method: 'POST',
        json: { id, token: signLink(app.deps.jwtKey, 'back-in-stock-unsubscribe', id) },
      }),
      200,
    );
    await deliverDueMail(app.deps, new Date(clock));
    expect(alertsTo(email)).toEqual([]);
    // and one who unsubscribed before the restock is not even queued
    const later = await fx.product({ stock: 0 });
    await expectJson(await subscribe({ variation: later.variationId, email }), 201);
    const second = await subscriptionOf(later.variationId, email);
    await app.request('/back-in-stock/confirm', {
      method: 'POST',
      json: { id: second.id, token: signLink(app.deps.jwtKey, 'back-in-stock-confirm', second.id) },
    });
    await app.request('/back-in-stock/unsubscribe', {
      method: 'POST',
      json: { id: second.id, token: signLink(app.deps.jwtKey, 'back-in-stock-unsubscribe', second.id) },
    });
    await setStock(later.variationId, 2);
    expect((await pass()).queued).toBe(0);
    expect(alertsTo(email)).toEqual([]);
  });

  it('a guest who confirms after the stock came back is alerted at once; one sold out again before the alert waits', async () => {
    const product = await fx.product({ stock: 0 });
    const email = uniqueEmail('late');
    await expectJson(await subscribe({ variation: product.variationId, email }), 201);
    const { id } = await subscriptionOf(product.variationId, email);
    await setStock(product.variationId, 1);
    await expectJson(
      await app.request('/back-in-stock/confirm', {
        method: 'POST',
        json: { id, token: signLink(app.deps.jwtKey, 'back-in-stock-confirm', id) },
      }),
      200,
    );
    await pass();
    expect(alertsTo(email)).toHaveLength(1);

    const again = await fx.product({ stock: 0 });
    const fan = await confirmedSubscriber(again.variationId);
    await setStock(again.variationId, 1);
    await setStock(again.variationId, 0);
    await pass();
    expect(alertsTo(fan)).toEqual([]);
    expect((await subscriptionOf(again.variationId, fan)).dueAt).toBeNull();
    await setStock(again.variationId, 2);
    await pass();
    expect(alertsTo(fan)).toHaveLength(1);
  });
});
