import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections as sectionsTable } from '../../src/server/db/schema';
import { PREVIEW_LIMITS } from '../../src/server/api/content/preview-routes';
import { createSignedInStaff } from '../helpers/admin-fixtures';
import { createPreviewShop, type PreviewShop } from '../helpers/preview-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';
import { createUser } from '../helpers/users-fixtures';

describe.each(databaseKinds)('POST /preview/section-data on %s', (kind) => {
  let app: TestApp;
  let shop: PreviewShop;
  /** a signed-in staff member's session cookie: the preview answers staff only */
  let cookie: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    shop = await createPreviewShop(app.deps.db);
    cookie = (await createSignedInStaff(app, 'manager')).cookie;
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (json: unknown, headers: Record<string, string> = {}) =>
    app.request('/preview/section-data', { method: 'POST', json, headers: { cookie, ...headers } });

  async function dataOf(sections: unknown[], extra: Record<string, unknown> = {}, lang = 'en') {
    const response = await post({ sections, ...extra }, { 'x-shop-language': lang });
    expect(response.status).toBe(200);
    return ((await response.json()) as { sections: { id: string; data: any }[] }).sections;
  }

  it('resolves the products of an unsaved catalog widget, only enabled ones, in catalog order and the language asked', async () => {
    const [widget] = await dataOf([{ id: 'w1', type: 'SectionProductWidget', options: { catalogSlug: shop.catalogSlug } }], {}, 'ru');
    expect(widget!.id).toBe('w1');
    expect(widget!.data.products.map((p: { id: string }) => p.id)).toEqual(shop.productIds);
    expect(widget!.data.products[0].title).toBe('Льняная рубашка');
    expect(widget!.data.products[0].price).toEqual(expect.any(Number));
  });

  it('honours the widget limit and takes localized options as the builder stores them', async () => {
    const [widget] = await dataOf([
      { id: 'w', type: 'SectionProductWidget', options: { catalogSlug: { en: shop.catalogSlug, ru: shop.catalogSlug }, limit: 1 } },
    ]);
    expect(widget!.data.products.map((p: { id: string }) => p.id)).toEqual([shop.productIds[0]]);
  });

  it('resolves picked products of a by-items widget, leaving out disabled and unknown ones', async () => {
    const items = [shop.productIds[1], shop.disabledProductId, 'no-such-product', shop.productIds[0]].map((id, index) => ({
      id: `i${index}`,
      options: { product: { id } },
    }));
    const [widget] = await dataOf([{ id: 'w', type: 'SectionProductWidgetByItems', items }]);
    expect(widget!.data.products.map((p: { id: string }) => p.id)).toEqual([shop.productIds[1], shop.productIds[0]]);
  });

  it('resolves articles, totals and tags of media sections, with a previewed category page standing in', async () => {
    const answer = await dataOf(
      [
        { id: 'media-widget', type: 'SectionMediaWidget', options: { categorySlug: shop.categorySlug, limit: 1 } },
        { id: 'media-list', type: 'SectionMediaList' },
        { id: 'tags', type: 'SectionMediaTagsList' },
        { id: 'text', type: 'SectionTextBlockBase', options: { content: { html: '<p>x</p>' } } },
      ],
      { categorySlug: shop.categorySlug },
    );
    expect(answer.map((s) => s.id)).toEqual(['media-widget', 'media-list', 'tags', 'text']);
    expect(answer[0]!.data.articles.map((a: { id: string }) => a.id)).toEqual([shop.articleIds[0]]);
    expect(answer[1]!.data.articles.map((a: { id: string }) => a.id)).toEqual(shop.articleIds);
    expect(answer[1]!.data.total).toBe(2);
    expect(answer[2]!.data.tags.map((t: { id: string }) => t.id)).toEqual([shop.tagId]);
    expect(answer[3]!.data).toBeNull();
  });

  it('answers widgets without a catalog or with an unknown one with empty lists', async () => {
    const answer = await dataOf([
      { id: 'a', type: 'SectionProductWidget', options: {} },
      { id: 'b', type: 'SectionProductWidget', options: { catalogSlug: 'no-such-catalog' } },
      { id: 'c', type: 'SectionMediaWidget', options: { categorySlug: ['not', 'a', 'slug'] } },
    ]);
    expect(answer.map((s) => s.data)).toEqual([{ products: [] }, { products: [] }, { articles: [] }]);
  });

  it('writes nothing', async () => {
    const before = await app.deps.db.select().from(sectionsTable);
    await dataOf([{ id: 'w', type: 'SectionProductWidget', options: { catalogSlug: shop.catalogSlug } }]);
    expect(await app.deps.db.select().from(sectionsTable)).toEqual(before);
  });

  it('refuses malformed and invalid bodies with the error shape and a message per field', async () => {
    const malformed = await app.request('/preview/section-data', {
      method: 'POST',
      body: '{"sections": [',
      headers: { 'content-type': 'application/json', cookie },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      success: false,
      status: 400,
      message: 'Malformed JSON body',
      detail: { message: 'Malformed JSON body' },
    });

    const invalid = await post({
      sections: [
        { id: '', type: 'SectionFaq' },
        { id: 'x', type: 'SectionFaq', options: 'dark' },
      ],
    });
    expect(invalid.status).toBe(400);
    const body = await invalid.json();
    expect(body).toMatchObject({ success: false, status: 400, message: 'Validation Failed', errorPath: 'sections.0.id' });
    expect(body.errors.children.sections.children['0'].children.id.errors).toHaveLength(1);
    expect(body.errors.children.sections.children['1'].children.options.errors).toHaveLength(1);

    const missing = await post({});
    expect(missing.status).toBe(400);
    expect((await missing.json()).errorPath).toBe('sections');

    const nul = await post({ sections: [{ id: 'a\u0000', type: 'SectionFaq' }] });
    expect(nul.status).toBe(400);
  });

  it('bounds the number of sections and items and the body size', async () => {
    const tooMany = await post({
      sections: Array.from({ length: PREVIEW_LIMITS.sections + 1 }, (_, i) => ({ id: `s${i}`, type: 'SectionFaq' })),
    });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).errorPath).toBe('sections');

    const items = Array.from({ length: PREVIEW_LIMITS.itemsPerSection }, (_, i) => ({ id: `i${i}`, options: {} }));
    const tooManyItems = await post({ sections: Array.from({ length: 6 }, (_, i) => ({ id: `s${i}`, type: 'SectionFaq', items })) });
    expect(tooManyItems.status).toBe(400);

    const huge = await post({ sections: [{ id: 'big', type: 'SectionFaq', options: { text: 'x'.repeat(PREVIEW_LIMITS.bodyBytes) } }] });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ success: false, status: 413 });
  });

  it('answers a signed-in staff member only, never a visitor or a customer', async () => {
    const json = { sections: [{ id: 'w', type: 'SectionProductWidget', options: { catalogSlug: shop.catalogSlug } }] };
    const customer = await createUser(app);
    for (const headers of [{}, { authorization: `Bearer ${customer.token}` }, { cookie: 'shop_admin=forged' }] as Record<
      string,
      string
    >[]) {
      const refused = await app.request('/preview/section-data', { method: 'POST', json, headers });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ success: false, status: 401 });
    }
    expect((await post(json)).status).toBe(200);
  });

  it('bounds the products and articles the sections show together, so the answer stays small', async () => {
    // 100 product widgets at their largest limit answered 6.7 MB before
    const widgets = (count: number, limit: number) =>
      Array.from({ length: count }, (_, i) => ({
        id: `w${i}`,
        type: 'SectionProductWidget',
        options: { catalogSlug: shop.catalogSlug, limit },
      }));
    const refused = await post({ sections: widgets(PREVIEW_LIMITS.sections, 100) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errorPath: 'sections' });
    const picked = Array.from({ length: PREVIEW_LIMITS.itemsPerSection }, (_, i) => ({
      id: `i${i}`,
      options: { product: shop.productIds[0] },
    }));
    const manyPicks = await post({
      sections: Array.from({ length: 3 }, (_, i) => ({ id: `p${i}`, type: 'SectionProductWidgetByItems', items: picked })),
    });
    expect(manyPicks.status).toBe(400);
    const allowed = await post({ sections: widgets(PREVIEW_LIMITS.records / 100, 100) });
    expect(allowed.status).toBe(200);
  });

  it('is a POST only', async () => {
    const response = await app.request('/preview/section-data');
    expect(response.status).toBe(404);
    expect((await response.json()).success).toBe(false);
  });
});
