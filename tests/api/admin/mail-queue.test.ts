import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../../../src/server/db/schema';
import type { Mailer } from '../../../src/server/mail';
import { MAIL_CLAIM_MS, MAX_MAIL_ATTEMPTS, retryDelayMs } from '../../../src/server/mail/backoff';
import { deliverDueMail, INTERRUPTED_MAIL_ERROR, messageIdOf } from '../../../src/server/mail/worker';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { addArticle, addPage } from '../../helpers/content-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { mailsTo } from '../../helpers/users-fixtures';

const SHOP_ADDRESS = 'orders@shop.test';

describe.each(databaseKinds)('e-mail queue (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let manager: TestStaff;
  let card: string;
  let zoneId: string;
  let byManager: string;
  let realMailer: Mailer;
  const start = new Date();
  let clock = start.getTime();
  const at = (ms: number) => new Date(clock + ms);

  beforeAll(async () => {
    app = await createTestApp(kind);
    // one clock for the requests that queue mail and the worker passes that send it
    app.deps.now = () => new Date(clock);
    realMailer = app.deps.mailer;
    fx = commerceFixtures(app);
    manager = await createSignedInStaff(app, 'manager');
    card = await fx.paymentMethod({ code: 'card', kind: 'online', title: 'Card' });
    zoneId = await fx.zone();
    byManager = await fx.rate(zoneId, { kind: 'by_manager', priceCents: 0, title: { en: 'Freight', ru: 'Грузовая' } });
    await fx.setSettings('ecommerce', { currency: 'USD' });
    await fx.setSettings('common', { sitename: { en: 'Tea House', ru: 'Чайный дом' }, emails: [SHOP_ADDRESS] });
    await fx.setSettings('styles', { colors: { accent: '#b4541a' } });
    await fx.setSettings('language', { current: 'en' });
  });
  afterAll(async () => {
    app.deps.mailer = realMailer;
    await app.close();
  });

  const deliver = async (ms = 0) => {
    app.deps.mailer = realMailer;
    return deliverDueMail(app.deps, at(ms));
  };
  const unique = () => `c${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;

  async function placeOrder(email: string, lang: 'en' | 'ru' = 'en') {
    const product = await fx.product({ priceCents: 2_500, title: 'Oolong', stock: 5 });
    const body = orderBody([{ variationId: product.variationId, quantity: 2 }], { zoneId, rateId: byManager }, card);
    body.customer = { ...body.customer, email };
    return expectJson(await app.request(`/orders?lang=${lang}`, { method: 'POST', json: body }), 201) as Promise<{
      id: string;
      number: number;
      secretToken: string;
    }>;
  }

  it('the order confirmation and the shop notice: bilingual, HTML and text, branded, with the order link', async () => {
    const email = unique();
    const order = await placeOrder(email);
    // queued, not sent, by the request
    expect(mailsTo(app, email)).toEqual([]);
    const queued = await app.deps.db.select().from(mailQueue).where(eq(mailQueue.to, email));
    expect(queued).toEqual([expect.objectContaining({ template: 'order-placed', status: 'pending', lang: 'en' })]);

    expect((await deliver()).sent).toBeGreaterThanOrEqual(2);
    const [mail] = mailsTo(app, email);
    expect(mail!.subject).toBe(`Order ${order.number} received, Tea House`);
    expect(mail!.text).toContain('Oolong × 2');
    expect(mail!.text).toContain('Freight');
    expect(mail!.text).toContain('set by our manager');
    expect(mail!.text).toContain('Card');
    expect(mail!.text).toContain(`http://localhost:4321/payment?order=${order.number}&token=${order.secretToken}&lang=en`);
    expect(mail!.html).toContain('#b4541a');
    expect(mail!.html).toContain('Tea House');
    expect(mail!.html).toContain('Oolong × 2');
    const notice = mailsTo(app, SHOP_ADDRESS).find((m) => m.subject.startsWith(`New order ${order.number}:`));
    expect(notice!.text).toContain(email);

    const ru = unique();
    const russian = await placeOrder(ru, 'ru');
    await deliver();
    expect(mailsTo(app, ru)[0]!.subject).toBe(`Заказ № ${russian.number} принят, Чайный дом`);
  });

  it('the delivery price e-mail carries a link to the order page where the customer can pay', async () => {
    const email = unique();
    const order = await placeOrder(email);
    await expectJson(
      await adminRequest(app, `/orders/${order.id}/delivery-price`, {
        method: 'POST',
        cookie: manager.cookie,
        body: JSON.stringify({ priceCents: 1_000, version: 1 }),
      }),
      200,
    );
    await deliver();
    const mail = mailsTo(app, email).find((m) => m.subject.includes('ready to pay'))!;
    expect(mail.text).toContain('$10');
    const link = /Pay for the order: (\S+)/.exec(mail.text)![1]!;
    const url = new URL(link);
    expect(url.searchParams.get('order')).toBe(String(order.number));
    const pay = await app.request('/payment/initialize', {
      method: 'POST',
      json: { order: url.searchParams.get('order'), token: url.searchParams.get('token') },
    });
    expect(pay.status).toBe(200);
  });

  it('status changes, leads, reviews and comments e-mail the customer or the shop', async () => {
    const email = unique();
    const order = await placeOrder(email);
    await fx.orderState('shipped', 'Shipped', 2);
    await expectJson(
      await adminRequest(app, `/orders/${order.id}/status`, {
        method: 'POST',
        cookie: manager.cookie,
        body: JSON.stringify({ status: 'shipped', version: 1 }),
      }),
      200,
    );
    const product = await fx.product({ title: 'Kettle' });
    await expectJson(
      await app.request('/leads', {
        method: 'POST',
        json: { product: product.productId, name: 'Lena', phone: '+971 50 765 4321', text: 'Wholesale?' },
      }),
      201,
    );
    await expectJson(
      await app.request('/product-reviews', {
        method: 'POST',
        json: { product: product.productId, name: 'Ivan', rating: 5, text: 'Great kettle' },
      }),
      201,
    );
    const categoryId = await addPage(app.deps.db, { type: 'category' });
    const articleSlug = `brewing-${Date.now()}`;
    await addArticle(app.deps.db, { categoryId, slug: articleSlug, publishedAt: new Date(clock - 86_400_000) });
    await fx.setSettings('media', { pageStyle: { showComments: true } });
    await expectJson(
      await app.request('/articles/comments', { method: 'POST', json: { article: articleSlug, name: 'Olga', text: 'Nice read' } }),
      201,
    );
    await deliver();
    expect(mailsTo(app, email).map((m) => m.subject)).toContain(`Order ${order.number}: Shipped`);
    const shopSubjects = mailsTo(app, SHOP_ADDRESS).map((m) => m.subject);
    expect(shopSubjects).toContain('New enquiry from Lena');
    expect(mailsTo(app, SHOP_ADDRESS).find((m) => m.subject === 'New enquiry from Lena')!.text).toContain('Wholesale?');
    expect(shopSubjects).toContain('New review awaiting moderation: Kettle');
    expect(mailsTo(app, SHOP_ADDRESS).find((m) => m.subject === 'New review awaiting moderation: Kettle')!.text).toContain('Great kettle');
    expect(shopSubjects).toContain('New comment awaiting moderation: Article');
  });

  it('retries a failing send with backoff, and gives up after the last attempt', async () => {
    const email = unique();
    await placeOrder(email);
    const failing: Mailer = { send: async () => Promise.reject(new Error('SMTP is down')) };
    app.deps.mailer = failing;
    const first = await deliverDueMail(app.deps, at(0));
    expect(first.retried).toBeGreaterThanOrEqual(1);
    const [row] = await app.deps.db.select().from(mailQueue).where(eq(mailQueue.to, email));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP is down' });
    expect(row!.nextAttemptAt.getTime()).toBe(at(retryDelayMs(1)).getTime());
    // not due yet: nothing is sent even with a working mailer
    expect((await deliver(retryDelayMs(1) - 1)).sent).toBe(0);
    expect(mailsTo(app, email)).toEqual([]);
    // due: sent
    expect((await deliver(retryDelayMs(1))).sent).toBeGreaterThanOrEqual(1);
    expect(mailsTo(app, email)).toHaveLength(1);
    clock += retryDelayMs(1) + 1;

    const doomed = unique();
    await placeOrder(doomed);
    let elapsed = 0;
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      app.deps.mailer = failing;
      await deliverDueMail(app.deps, at(elapsed));
      elapsed += retryDelayMs(attempt);
    }
    const [givenUp] = await app.deps.db.select().from(mailQueue).where(eq(mailQueue.to, doomed));
    expect(givenUp).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
    expect((await deliver(elapsed + 3_600_000)).sent).toBe(0);
    clock += elapsed + 3_600_001;
  });

  it('a mail claimed by a worker that died is sent after the claim expires, exactly once', async () => {
    const email = unique();
    await placeOrder(email);
    // a worker claimed it (attempt counted, due time pushed ahead) and then the process died
    await app.deps.db
      .update(mailQueue)
      .set({ attempts: 1, nextAttemptAt: at(MAIL_CLAIM_MS) })
      .where(eq(mailQueue.to, email));
    await deliver(MAIL_CLAIM_MS - 1);
    expect(mailsTo(app, email)).toEqual([]);
    const passes = await Promise.all([deliver(MAIL_CLAIM_MS), deliver(MAIL_CLAIM_MS)]);
    expect(passes.reduce((n, p) => n + p.sent, 0)).toBeGreaterThanOrEqual(1);
    expect(mailsTo(app, email)).toHaveLength(1);
    clock += MAIL_CLAIM_MS + 1;
  });

  it('a mail the mail server accepted from an instance that died before recording it is never sent again', async () => {
    const email = unique();
    await placeOrder(email);
    const [queued] = await app.deps.db.select().from(mailQueue).where(eq(mailQueue.to, email));
    let handedOver!: (messageId: string | undefined) => void;
    const accepted = new Promise<string | undefined>((resolve) => (handedOver = resolve));
    // the server accepts the customer's mail, then the instance dies before it can mark the mail sent
    app.deps.mailer = {
      send: async (message) => {
        const sent = await realMailer.send(message);
        if (message.to !== email) return sent;
        handedOver(message.messageId);
        return new Promise(() => {});
      },
    };
    void deliverDueMail(app.deps, at(0));
    expect(await accepted).toBe(messageIdOf(app.deps, queued!.id));
    expect(mailsTo(app, email)).toHaveLength(1);
    // the other instances' passes once the dead worker's claim has run out, and long after
    await deliver(MAIL_CLAIM_MS);
    await deliver(MAIL_CLAIM_MS + retryDelayMs(MAX_MAIL_ATTEMPTS));
    expect(mailsTo(app, email)).toHaveLength(1);
    const [row] = await app.deps.db.select().from(mailQueue).where(eq(mailQueue.to, email));
    expect(row).toMatchObject({ status: 'failed', lastError: INTERRUPTED_MAIL_ERROR });
    // the Message-ID is written into the message, so a copy sent again by hand is the same mail to the recipient
    const files = fs
      .readdirSync(path.join(app.dataDir, 'mail'))
      .map((name) => fs.readFileSync(path.join(app.dataDir, 'mail', name), 'utf8'));
    expect(files.filter((eml) => eml.includes(`Message-ID: ${messageIdOf(app.deps, queued!.id)}`))).toHaveLength(1);
    clock += MAIL_CLAIM_MS + retryDelayMs(MAX_MAIL_ATTEMPTS) + 1;
  });

  it('sending never blocks or fails the request that caused it', async () => {
    app.deps.mailer = { send: () => new Promise(() => {}) };
    const response = await app.request('/leads', { method: 'POST', json: { name: 'Pavel', phone: '+971 50 222 3344' } });
    expect(response.status).toBe(201);
    app.deps.mailer = realMailer;
  });
});

describe('the runtime runs the mail worker and stops it on close', () => {
  it('sends queued mail on its timer and clears the timer on close', async () => {
    const ticks: (() => void)[] = [];
    let cleared = 0;
    // a clone of the migrated template, as every test database, with the mail worker on
    const runtime = await createTestApp('pglite', {
      env: { MAIL_WORKER: 'true' },
      mailTimers: { setInterval: (run) => ticks.push(run), clearInterval: () => void (cleared += 1) },
    });
    try {
      await runtime.deps.db
        .insert(mailQueue)
        .values({ id: crypto.randomUUID(), template: 'order-status', to: 'x@example.com', data: { orderId: 'gone', to: 'new' } });
      expect(ticks).toHaveLength(1);
      ticks[0]!();
      await runtime.mailWorker!.run();
      const [row] = await runtime.deps.db.select().from(mailQueue);
      // the order is gone: nothing to say, the mail is settled without sending
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await runtime.close();
    }
    expect(cleared).toBe(1);
  });
});
