import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leads } from '../../../src/server/db/schema';
import { deliverDueMail } from '../../../src/server/mail/worker';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser, mailsTo } from '../../helpers/users-fixtures';
import { and, eq } from 'drizzle-orm';

const SHOP_ADDRESS = 'hello@tea.test';

describe.each(databaseKinds)('e-mail the owner shapes (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let owner: TestStaff;
  let manager: TestStaff;
  let zoneId: string;
  let rateId: string;
  let cash: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    manager = await createSignedInStaff(app, 'manager', 'Max Manager');
    cash = await fx.paymentMethod({ code: 'cash', kind: 'cash', title: 'Cash' });
    zoneId = await fx.zone();
    rateId = await fx.rate(zoneId, { kind: 'flat', priceCents: 500, title: { en: 'Courier', ru: 'Курьер' } });
    await fx.setSettings('ecommerce', { currency: 'USD' });
    await fx.setSettings('common', { sitename: { en: 'Tea House', ru: 'Чайный дом' }, emails: [SHOP_ADDRESS] });
    await fx.setSettings('language', { current: 'en' });
  });
  afterAll(() => app.close());

  const unique = () => `c${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
  const deliver = () => deliverDueMail(app.deps, app.deps.now());

  async function placeOrder(email: string, lang: 'en' | 'ru' = 'en', name = 'Anna <b>&</b>') {
    const product = await fx.product({ priceCents: 2_500, title: 'Oolong', stock: 5 });
    const body = orderBody([{ variationId: product.variationId, quantity: 2 }], { zoneId, rateId }, cash);
    body.customer = { ...body.customer, email, name };
    return expectJson(await app.request(`/orders?lang=${lang}`, { method: 'POST', json: body }), 201) as Promise<{
      id: string;
      number: number;
    }>;
  }

  const getTemplate = async (who: TestStaff, name: string, lang: string) =>
    expectJson(await adminRequest(app, `/mail-templates/${name}/${lang}`, { cookie: who.cookie }), 200);
  const putTemplate = (who: TestStaff, name: string, lang: string, body: unknown) =>
    adminRequest(app, `/mail-templates/${name}/${lang}`, { method: 'PUT', cookie: who.cookie, body: JSON.stringify(body) });

  it('lists every template with its placeholders, and starts from the built-in text in each language', async () => {
    const list = await expectJson(await adminRequest(app, '/mail-templates', { cookie: manager.cookie }), 200);
    const names = list.items.map((i: { name: string }) => i.name);
    expect(names).toEqual(expect.arrayContaining(['order-placed', 'order-shipped', 'password-reset', 'staff-invite', 'lead-reply']));
    const en = await getTemplate(manager, 'order-placed', 'en');
    expect(en).toMatchObject({ current: null, version: 0, versions: [], rawHtml: false });
    expect(en.placeholders).toEqual(expect.arrayContaining(['order.number', 'customer.name', 'order.link', 'order.summary']));
    expect(en.builtIn.subject).toBe('Order {{order.number}} received, {{shop.name}}');
    expect(en.builtIn.body).toContain('{{order.summary}}');
    const ru = await getTemplate(manager, 'order-placed', 'ru');
    expect(ru.builtIn.subject).toBe('Заказ № {{order.number}} принят, {{shop.name}}');
    expect((await adminRequest(app, '/mail-templates/no-such/en', { cookie: manager.cookie })).status).toBe(404);
  });

  it('an unknown placeholder is refused with a message on its field, and nothing is saved', async () => {
    const res = await putTemplate(manager, 'order-status', 'en', {
      subject: 'Hi {{order.nmber}}',
      body: '<p>{{customer.name}}</p>',
      version: 0,
    });
    const body = await expectJson(res, 400);
    expect(body.errorPath).toBe('subject');
    expect(body.errors.children.subject.errors[0]).toContain('{{order.nmber}}');
    const preview = await adminRequest(app, '/mail-templates/order-status/en/preview', {
      method: 'POST',
      cookie: manager.cookie,
      body: JSON.stringify({ subject: 'ok', body: '<p>{{lead.name}}</p>' }),
    });
    expect((await expectJson(preview, 400)).errorPath).toBe('body');
    expect((await getTemplate(manager, 'order-status', 'en')).version).toBe(0);
  });

  it('the edited template is what the shopper receives, values escaped; the other language keeps the built-in text', async () => {
    const saved = await expectJson(
      await putTemplate(owner, 'order-placed', 'en', {
        subject: 'Thanks, {{customer.name}}: order {{order.number}}',
        body: '<p>Dear {{customer.name}}, your order {{order.number}} of {{order.total}} is in.</p>\n<p>{{order.summary}}</p>\n<p>Track it: {{order.link}}</p>',
        version: 0,
      }),
      200,
    );
    expect(saved).toMatchObject({ version: 1, current: { subject: 'Thanks, {{customer.name}}: order {{order.number}}' } });
    const email = unique();
    const order = await placeOrder(email);
    const ru = unique();
    const russian = await placeOrder(ru, 'ru');
    await deliver();
    const [mail] = mailsTo(app, email);
    expect(mail!.subject).toBe(`Thanks, Anna <b>&</b> Smith: order ${order.number}`);
    expect(mail!.html).toContain('Dear Anna &lt;b&gt;&amp;&lt;/b&gt; Smith, your order');
    expect(mail!.html).not.toContain('<b>&</b>');
    expect(mail!.html).toContain('$55');
    expect(mail!.text).toContain('Oolong × 2');
    expect(mail!.text).toMatch(/Track it: http:\/\/localhost:4321\/\S+/);
    expect(mailsTo(app, ru)[0]!.subject).toBe(`Заказ № ${russian.number} принят, Чайный дом`);
  });

  it('every save is a version: an older one is restored as the newest, and the built-in text can come back', async () => {
    const first = await expectJson(
      await putTemplate(manager, 'order-canceled', 'ru', { subject: 'Отмена {{order.number}}', body: '<p>Увы.</p>', version: 0 }),
      200,
    );
    // a stale version is refused
    expect((await putTemplate(manager, 'order-canceled', 'ru', { subject: 'x', body: '<p>y</p>', version: 0 })).status).toBe(409);
    const second = await expectJson(
      await putTemplate(manager, 'order-canceled', 'ru', { subject: 'Заказ {{order.number}} отменён', body: '<p>Жаль.</p>', version: 1 }),
      200,
    );
    expect(second.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    const older = first.versions[0];
    const restored = await expectJson(
      await adminRequest(app, '/mail-templates/order-canceled/ru/restore', {
        method: 'POST',
        cookie: manager.cookie,
        body: JSON.stringify({ versionId: older.id, version: 2 }),
      }),
      200,
    );
    expect(restored).toMatchObject({ version: 3, current: { subject: 'Отмена {{order.number}}', body: '<p>Увы.</p>' } });
    const builtIn = await expectJson(
      await adminRequest(app, '/mail-templates/order-canceled/ru/restore', {
        method: 'POST',
        cookie: manager.cookie,
        body: JSON.stringify({ versionId: null, version: 3 }),
      }),
      200,
    );
    expect(builtIn).toMatchObject({ version: 4, current: null });
    const audit = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'mail_template'), eq(auditLog.entityId, 'order-canceled:ru')));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'mail_template.restore',
      'mail_template.restore',
      'mail_template.update',
      'mail_template.update',
    ]);
  });

  it("a manager's body is cleaned (no script, no handlers); the owner's raw HTML is kept as written", async () => {
    const body = '<p onclick="steal()">Hi {{customer.name}}</p><script>steal()</script><table><tr><td>x</td></tr></table>';
    const byManager = await expectJson(await putTemplate(manager, 'payment-received', 'en', { subject: 'Paid', body, version: 0 }), 200);
    expect(byManager.current.body).not.toContain('<script');
    expect(byManager.current.body).not.toContain('onclick');
    expect(byManager.current.body).toContain('Hi {{customer.name}}');
    const raw = '<style>p{color:#b4541a}</style><p>{{order.number}}</p>';
    const byOwner = await expectJson(await putTemplate(owner, 'payment-received', 'en', { subject: 'Paid', body: raw, version: 1 }), 200);
    expect(byOwner.current.body).toBe(raw);
    expect(byOwner.rawHtml).toBe(true);
    // a manager restoring the owner's raw HTML gets it cleaned
    const restored = await expectJson(
      await adminRequest(app, '/mail-templates/payment-received/en/restore', {
        method: 'POST',
        cookie: manager.cookie,
        body: JSON.stringify({ versionId: byOwner.versions[0].id, version: 2 }),
      }),
      200,
    );
    expect(restored.current.body).not.toContain('<style');
    expect(restored.current.body).toContain('{{order.number}}');
  });

  it('the live preview fills sample data in the layout; the test send goes only to the signed-in staff address', async () => {
    const draft = {
      subject: 'Order {{order.number}} for {{customer.name}}',
      body: '<p>Hello {{customer.name}}</p><p>{{order.button}}</p>',
    };
    const preview = await expectJson(
      await adminRequest(app, '/mail-templates/order-placed/ru/preview', {
        method: 'POST',
        cookie: manager.cookie,
        body: JSON.stringify(draft),
      }),
      200,
    );
    expect(preview.subject).toBe('Order 1042 for Анна');
    expect(preview.html).toContain('Hello Анна');
    expect(preview.html).toContain('Открыть заказ');
    expect(preview.text).toContain('Hello Анна');
    const sent = await expectJson(
      await adminRequest(app, '/mail-templates/order-placed/ru/test', {
        method: 'POST',
        cookie: manager.cookie,
        body: JSON.stringify({ ...draft, to: 'someone@else.test' }),
      }),
      200,
    );
    expect(sent.to).toBe(manager.email);
    expect(mailsTo(app, manager.email).map((m) => m.subject)).toContain('Order 1042 for Анна');
    expect(mailsTo(app, 'someone@else.test')).toEqual([]);
  });

  it('the audit log names products, orders and staff in one page of entries', async () => {
    const order = await placeOrder(unique());
    await expectJson(
      await adminRequest(app, `/orders/${order.id}/notes`, {
        method: 'POST',
        cookie: owner.cookie,
        body: JSON.stringify({ text: 'Gift wrap' }),
      }),
      201,
    );
    const audit = await expectJson(await adminRequest(app, `/audit?entityType=order&entityId=${order.id}`, { cookie: owner.cookie }), 200);
    expect(audit.items[0]).toMatchObject({ entityName: `№${order.number}`, entityPath: `/orders/${order.id}`, staffEmail: owner.email });
    const all = await expectJson(await adminRequest(app, '/audit?perPage=100', { cookie: owner.cookie }), 200);
    const template = all.items.find((i: { entityType: string }) => i.entityType === 'mail_template');
    // a kind of record without a page keeps its id
    expect(template).toMatchObject({ entityName: null, entityPath: null });
  });

  it("the shop's notices link to the record itself: the new order, the review", async () => {
    const order = await placeOrder(unique());
    const product = await fx.product({ title: 'Gaiwan' });
    await expectJson(
      await app.request('/product-reviews', {
        method: 'POST',
        json: { product: product.productId, name: 'Ivan', rating: 4, text: 'Thin walls' },
      }),
      201,
    );
    await deliver();
    const orderNotice = mailsTo(app, SHOP_ADDRESS).find((m) => m.subject.startsWith(`New order ${order.number}:`))!;
    expect(orderNotice.text).toContain(`http://localhost:4321/admin/orders/${order.id}`);
    const reviewNotice = mailsTo(app, SHOP_ADDRESS).find((m) => m.subject === 'New review awaiting moderation: Gaiwan')!;
    const link = /(http:\/\/localhost:4321\/admin\/moderation\/reviews\?id=\S+)/.exec(reviewNotice.text)![1]!;
    const id = new URL(link).searchParams.get('id')!;
    const one = await expectJson(await adminRequest(app, `/reviews?id=${id}`, { cookie: manager.cookie }), 200);
    expect(one.items).toEqual([expect.objectContaining({ id, text: 'Thin walls' })]);
    expect(reviewNotice.text).toContain('A notice of the shop to its staff.');
  });

  it('the password reset sent at once uses the edited wording too, with its link', async () => {
    await expectJson(
      await putTemplate(owner, 'password-reset', 'ru', {
        subject: 'Новый пароль для {{shop.name}}',
        body: '<p>Ссылка: {{reset.link}}</p>',
        version: 0,
      }),
      200,
    );
    const user = await createUser(app);
    const res = await app.request('/reset_password_request?lang=ru', { method: 'POST', json: { email: user.email } });
    expect(res.status).toBeLessThan(300);
    await app.deps.background.idle();
    const [mail] = mailsTo(app, user.email);
    expect(mail!.subject).toBe('Новый пароль для Чайный дом');
    expect(mail!.text).toMatch(/Ссылка: http:\/\/localhost:4321\/reset_password_confirm\/[\w-]+/);
  });

  it('signed-out visitors may not read or write templates', async () => {
    expect((await adminRequest(app, '/mail-templates', {})).status).toBe(401);
    expect((await putTemplate({ ...manager, cookie: '' }, 'order-placed', 'en', { subject: 'x', body: 'y', version: 0 })).status).toBe(401);
  });

  it('the sender name and address are the owner’s setting, used as From with replies to the contact address', async () => {
    const settings = await expectJson(await adminRequest(app, '/settings', { cookie: owner.cookie }), 200);
    const mail = settings.groups.find((g: { group: string }) => g.group === 'mail');
    expect(mail.value).toEqual({ senderName: '', senderEmail: '' });
    const put = (who: TestStaff, value: unknown, version: number) =>
      adminRequest(app, '/settings/mail', { method: 'PUT', cookie: who.cookie, body: JSON.stringify({ value, version }) });
    const refused = await expectJson(await put(manager, { senderName: 'Spoof', senderEmail: 'ceo@bank.test' }, 0), 403);
    expect(refused.errorPath).toBe('value.senderName');
    const bad = await expectJson(await put(owner, { senderName: 'Tea', senderEmail: 'not an address' }, 0), 400);
    expect(bad.errorPath).toBe('value.senderEmail');
    await expectJson(await put(owner, { senderName: 'Tea House Shop', senderEmail: 'shop@tea.test' }, 0), 200);
    // a manager saving the group unchanged is fine
    await expectJson(await put(manager, { senderName: 'Tea House Shop', senderEmail: 'shop@tea.test' }, 1), 200);
    const email = unique();
    await placeOrder(email);
    await deliver();
    const [received] = mailsTo(app, email);
    expect(received!.from).toBe('Tea House Shop <shop@tea.test>');
    expect(received!.replyTo).toBe(SHOP_ADDRESS);
  });

  it('a reply to an enquiry is e-mailed through the queue, recorded in its history and audited; without an address it is refused', async () => {
    const product = await fx.product({ title: 'Kettle' });
    const created = await expectJson(
      await app.request('/leads', {
        method: 'POST',
        json: { product: product.productId, name: 'Lena', phone: '+971 50 765 4321', email: 'lena@example.com', text: 'Wholesale?' },
      }),
      201,
    );
    const leadId: string = created.id ?? (await app.deps.db.select().from(leads).where(eq(leads.name, 'Lena')))[0]!.id;
    await deliver();
    // the shop's notice links to the enquiry itself
    const notice = mailsTo(app, SHOP_ADDRESS).find((m) => m.subject === 'New enquiry from Lena')!;
    expect(notice.text).toContain(`http://localhost:4321/admin/leads/${leadId}`);

    const reply = await expectJson(
      await adminRequest(app, `/leads/${leadId}/reply`, {
        method: 'POST',
        cookie: manager.cookie,
        body: JSON.stringify({ subject: 'Your wholesale question', text: 'Yes: from 10 kettles, 15% off.' }),
      }),
      201,
    );
    expect(reply.replies).toEqual([
      expect.objectContaining({ staffName: 'Max Manager', to: 'lena@example.com', subject: 'Your wholesale question' }),
    ]);
    expect(reply.handledByName).toBe('Max Manager');
    expect(mailsTo(app, 'lena@example.com')).toEqual([]);
    await deliver();
    const [sent] = mailsTo(app, 'lena@example.com');
    expect(sent!.subject).toBe('Your wholesale question');
    expect(sent!.text).toContain('Yes: from 10 kettles, 15% off.');
    expect(sent!.text).toContain('Hello, Lena!');
    const detail = await expectJson(await adminRequest(app, `/leads/${leadId}`, { cookie: manager.cookie }), 200);
    expect(detail.replies).toHaveLength(1);
    const [entry] = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lead.reply'), eq(auditLog.entityId, leadId)));
    expect(entry).toMatchObject({ staffName: 'Max Manager' });
    // the audit log names the enquiry and the staff member, not their ids; managers may not read it
    const audit = await expectJson(await adminRequest(app, `/audit?entityType=lead&entityId=${leadId}`, { cookie: owner.cookie }), 200);
    expect(audit.items[0]).toMatchObject({
      action: 'lead.reply',
      staffName: 'Max Manager',
      staffEmail: manager.email,
      entityName: 'Lena',
      entityPath: `/leads/${leadId}`,
    });
    expect((await adminRequest(app, '/audit', { cookie: manager.cookie })).status).toBe(403);

    const noEmail = await expectJson(
      await app.request('/leads', { method: 'POST', json: { name: 'Ivan', phone: '+971 50 765 1111', text: 'Call me' } }),
      201,
    );
    const ivanId: string = noEmail.id ?? (await app.deps.db.select().from(leads).where(eq(leads.name, 'Ivan')))[0]!.id;
    const refused = await expectJson(
      await adminRequest(app, `/leads/${ivanId}/reply`, {
        method: 'POST',
        cookie: manager.cookie,
        body: JSON.stringify({ subject: 'Hi', text: 'Hello' }),
      }),
      400,
    );
    expect(refused.errorPath).toBe('text');
    const empty = await expectJson(
      await adminRequest(app, `/leads/${leadId}/reply`, {
        method: 'POST',
        cookie: manager.cookie,
        body: JSON.stringify({ subject: '', text: '' }),
      }),
      400,
    );
    expect(Object.keys(empty.errors.children)).toEqual(expect.arrayContaining(['subject', 'text']));
    expect(
      (await adminRequest(app, `/leads/${leadId}/reply`, { method: 'POST', body: JSON.stringify({ subject: 'a', text: 'b' }) })).status,
    ).toBe(401);
  });
});
