import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../src/server/db/schema';
import { commerceFixtures, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('leads on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let productId: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    productId = (await fx.product()).productId;
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (json: unknown, token?: string) => app.request('/leads', { method: 'POST', json, ...(token ? { token } : {}) });
  const lead = (extra: Record<string, unknown> = {}) => ({ type: 'enquiry', name: 'Ivan', phone: '8 (999) 111-22-33', ...extra });
  const stored = async (id: string) => (await app.deps.db.select().from(leads).where(eq(leads.id, id)))[0]!;

  it('stores an enquiry about a product and answers its id', async () => {
    const user = await fx.user();
    const res = await send(lead({ product: productId, email: 'ivan@example.ru', text: '  Is it in red?  ' }), user.token);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ success: true, id: expect.any(String) });
    expect(await stored(body.id)).toMatchObject({
      type: 'enquiry',
      productId,
      userId: user.id,
      name: 'Ivan',
      phone: '8 (999) 111-22-33',
      email: 'ivan@example.ru',
      text: 'Is it in red?',
    });
  });

  it('stores the chosen variation beside its product', async () => {
    const { productId: withVariation, variationId } = await fx.product();
    const res = await send(lead({ product: withVariation, variation: variationId }));
    expect(res.status).toBe(201);
    expect(await stored((await res.json()).id)).toMatchObject({ productId: withVariation, variationId });
  });

  it('refuses a variation of another product', async () => {
    const other = await fx.product();
    await expectRefused(lead({ product: productId, variation: other.variationId }), 'variation', 'Product not found');
  });

  it('accepts an enquiry without product, email or text', async () => {
    const res = await send({ name: 'Ivan', phone: '+79991112233', email: '', product: null });
    expect(res.status).toBe(201);
    expect(await stored((await res.json()).id)).toMatchObject({ productId: null, userId: null, email: null, text: null });
  });

  async function expectRefused(json: unknown, path: string, message?: string) {
    const before = await fx.writtenRows();
    const res = await send(json);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, status: 400, errorPath: path });
    if (message) expect(body.errors.children[path].errors).toEqual([message]);
    expect(await fx.writtenRows()).toEqual(before);
  }

  it('refuses a missing or blank name', async () => {
    await expectRefused({ phone: '+79991112233' }, 'name', 'This value should not be blank.');
    await expectRefused(lead({ name: '   ' }), 'name', 'This value should not be blank.');
  });

  it('refuses a missing or malformed phone', async () => {
    await expectRefused(lead({ phone: '' }), 'phone', 'This value should not be blank.');
    await expectRefused(lead({ phone: 'call me' }), 'phone', 'incorrect phone number format');
    await expectRefused(lead({ phone: `${'1'.repeat(40)}x` }), 'phone');
  });

  it('validates the email when filled', async () => {
    await expectRefused(lead({ email: 'ivan@mail' }), 'email', 'incorrect email format');
  });

  it('refuses a present but empty product, and unknown or disabled products', async () => {
    await expectRefused(lead({ product: '' }), 'product', 'Invalid "id" on product');
    await expectRefused(lead({ product: 'no-such-product' }), 'product', 'Product not found');
    const hidden = await fx.product({ enabled: false });
    await expectRefused(lead({ product: hidden.productId }), 'product');
    await expectRefused(lead({ product: 42 }), 'product');
  });

  it('refuses NUL characters, which the database cannot store', async () => {
    await expectRefused(lead({ name: 'Iv\u0000an' }), 'name');
    await expectRefused(lead({ product: 'a\u0000' }), 'product');
  });

  it("answers zod's size messages in the request language with plural forms; a schema's own messages stay as declared", async () => {
    const refused = async (json: unknown, lang: 'en' | 'ru') => {
      const res = await app.request('/leads', { method: 'POST', json, headers: { 'x-shop-language': lang } });
      expect(res.status).toBe(400);
      return (await res.json()).errors.children;
    };
    const tooLong = lead({ name: 'И'.repeat(101), text: 'x'.repeat(5001) });
    const en = await refused(tooLong, 'en');
    expect(en.name.errors).toEqual(['This value is too long: at most 100 characters.']);
    expect(en.text.errors).toEqual(['This value is too long: at most 5000 characters.']);
    const ru = await refused(tooLong, 'ru');
    expect(ru.name.errors).toEqual(['Слишком длинное значение: не более 100 символов.']);
    expect(ru.text.errors).toEqual(['Слишком длинное значение: не более 5000 символов.']);
    // a type mismatch is zod's default message too; the blank name and the phone format are the schema's own words
    expect((await refused(lead({ email: 42 }), 'ru')).email.errors).toEqual(['Недопустимое значение.']);
    expect(await refused(lead({ name: ' ', phone: 'call me' }), 'ru')).toMatchObject({
      name: { errors: ['This value should not be blank.'] },
      phone: { errors: ['incorrect phone number format'] },
    });
  });

  it('refuses other lead types', async () => {
    await expectRefused(lead({ type: 'spam' }), 'type');
  });

  it('requires the text only when the enquiry setting says so', async () => {
    await fx.setSettings('ecommerce', { enquiryModalCustomFieldIsRequired: true });
    try {
      await expectRefused(lead(), 'text', 'This value should not be blank.');
      await expectRefused(lead({ text: '   ' }), 'text');
      expect((await send(lead({ text: 'Call after 6' }))).status).toBe(201);
    } finally {
      await fx.setSettings('ecommerce', { enquiryModalCustomFieldIsRequired: false });
    }
    expect((await send(lead())).status).toBe(201);
  });
});
