import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_NAMESPACE, type FeedKind } from '../../src/lib/feeds';
import type { Language } from '../../src/lib/localize';
import { collectPageTags } from '../../src/server/cache/page-tags';
import { feedStream, yandexIds } from '../../src/server/feeds';
import { products, productOptions, productOptionValues, variationOptionValues, variations } from '../../src/server/db/schema';
import { createImage } from '../helpers/catalog-fixtures';
import { commerceFixtures, type CommerceFixtures, type ProductFixture } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

const PUBLIC_URL = 'https://shop.example';

/** The feed parsed as XML: a document, or a failure naming the parser's complaint. */
function parseXml(text: string): Document {
  const { DOMParser } = new JSDOM('').window;
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not XML: ${error.textContent}`);
  return doc;
}

const G = (item: Element, name: string) => [...item.getElementsByTagNameNS(GOOGLE_NAMESPACE, name)].map((e) => e.textContent ?? '');
const child = (parent: Element, name: string) => [...parent.children].filter((e) => e.tagName === name).map((e) => e.textContent ?? '');

describe.each(databaseKinds)('product feeds (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let plain: ProductFixture;
  let hidden: ProductFixture;
  let onRequest: ProductFixture;
  let tee: { productId: string; red: string; blue: string };
  let catalogId: string;

  const read = async (feed: FeedKind, lang: Language = 'en') => {
    const { result, tags } = await collectPageTags(async () => {
      const stream = await feedStream(app.deps.db, { kind: feed, lang, publicUrl: PUBLIC_URL, now: new Date('2026-03-01T10:00:00Z') });
      return new Response(stream).text();
    });
    return { text: result, doc: parseXml(result), tags };
  };

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    const db = app.deps.db;
    await fx.setSettings('ecommerce', { currency: 'EUR' });
    await fx.setSettings('common', { sitename: { en: 'Tom & Jerry <Shop>', ru: 'Том и Джерри' } });
    const picture = await createImage(db, 'mug.jpg');
    plain = await fx.product({ priceCents: 1_250, discountPriceCents: 990, stock: 3, title: 'Mug "Big" & <Bold>', sku: 'MUG-1' });
    await db
      .update(products)
      .set({ imageIds: [picture], description: { en: '<p>A <b>big</b> mug &amp; a saucer</p>', ru: '<p>Большая кружка</p>' } })
      .where(eq(products.id, plain.productId));
    hidden = await fx.product({ priceCents: 500, enabled: false, title: 'Secret' });
    onRequest = await fx.product({ priceCents: 0, title: 'Ask us' });
    await db
      .update(products)
      .set({ imageIds: [picture] })
      .where(eq(products.id, onRequest.productId));

    // a product with two variations (Colour: Red, Blue), the blue one sold out and with its own picture
    const teeProduct = await fx.product({ priceCents: 2_000, stock: 5, title: 'Tee' });
    const bluePicture = await createImage(db, 'blue.jpg');
    const blue = randomUUID();
    await db
      .insert(variations)
      .values({ id: blue, productId: teeProduct.productId, fullPriceCents: 2_200, stock: 0, imageId: bluePicture, position: 1 });
    await db
      .update(variations)
      .set({ title: { en: 'Red', ru: 'Красный' } })
      .where(eq(variations.id, teeProduct.variationId));
    await db
      .update(variations)
      .set({ title: { en: 'Blue', ru: 'Синий' } })
      .where(eq(variations.id, blue));
    await db
      .update(products)
      .set({ imageIds: [picture] })
      .where(eq(products.id, teeProduct.productId));
    const optionId = randomUUID();
    await db.insert(productOptions).values({ id: optionId, productId: teeProduct.productId, title: { en: 'Colour', ru: 'Цвет' } });
    for (const [variationId, en, ru] of [
      [teeProduct.variationId, 'Red', 'Красный'],
      [blue, 'Blue', 'Синий'],
    ] as const) {
      const valueId = randomUUID();
      await db.insert(productOptionValues).values({ id: valueId, optionId, title: { en, ru } });
      await db.insert(variationOptionValues).values({ variationId, optionValueId: valueId });
    }
    tee = { productId: teeProduct.productId, red: teeProduct.variationId, blue };
    catalogId = await fx.catalog([plain.productId, teeProduct.productId]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('Google: every item carries the required fields, escaped, with the variations grouped', async () => {
    const { doc, text } = await read('google');
    expect(doc.documentElement.tagName).toBe('rss');
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    expect(text).toContain('Tom &amp; Jerry &lt;Shop&gt;');
    const items = [...doc.getElementsByTagName('item')];
    const ids = items.map((item) => G(item, 'id')[0]);
    expect(ids.sort()).toEqual([plain.variationId, tee.red, tee.blue].sort());
    for (const item of items) {
      for (const field of [
        'id',
        'title',
        'description',
        'link',
        'image_link',
        'availability',
        'price',
        'brand',
        'condition',
        'identifier_exists',
      ]) {
        expect(G(item, field)[0], field).toBeTruthy();
      }
      expect(G(item, 'price')[0]).toMatch(/^\d+\.\d{2} EUR$/);
      expect(['in_stock', 'out_of_stock']).toContain(G(item, 'availability')[0]);
      expect(G(item, 'link')[0]).toMatch(/^https:\/\/shop\.example\/products\//);
    }
    const mug = items.find((item) => G(item, 'id')[0] === plain.variationId)!;
    expect(G(mug, 'title')).toEqual(['Mug "Big" & <Bold>']);
    expect(G(mug, 'description')).toEqual(['A big mug & a saucer']);
    expect(G(mug, 'price')).toEqual(['12.50 EUR']);
    expect(G(mug, 'sale_price')).toEqual(['9.90 EUR']);
    expect(G(mug, 'image_link')).toEqual([`${PUBLIC_URL}/media/mug.jpg`]);
    expect(G(mug, 'brand')).toEqual(['Tom & Jerry <Shop>']);
    expect(G(mug, 'item_group_id')).toEqual([]);
    expect(G(mug, 'product_type')).toEqual(['Catalog']);
    const blue = items.find((item) => G(item, 'id')[0] === tee.blue)!;
    expect(G(blue, 'item_group_id')).toEqual([tee.productId]);
    expect(G(blue, 'availability')).toEqual(['out_of_stock']);
    expect(G(blue, 'title')).toEqual(['Tee, Blue']);
    expect(G(blue, 'image_link')).toEqual([`${PUBLIC_URL}/media/blue.jpg`]);
    expect(G(blue, 'link')[0]).toContain(`variation=${tee.blue}`);
    expect(G(blue, 'attribute_value')).toEqual(['Blue']);
  });

  it('Yandex YML: shop, currencies, categories and offers with their required fields', async () => {
    const { doc } = await read('yandex', 'ru');
    const root = doc.documentElement;
    expect(root.tagName).toBe('yml_catalog');
    expect(root.getAttribute('date')).toBe('2026-03-01 10:00');
    const shop = root.getElementsByTagName('shop')[0]!;
    expect(child(shop, 'name')).toEqual(['Том и Джерри']);
    expect(child(shop, 'url')).toEqual([PUBLIC_URL]);
    expect([...shop.getElementsByTagName('currency')].map((c) => [c.getAttribute('id'), c.getAttribute('rate')])).toEqual([['EUR', '1']]);
    const categories = [...shop.getElementsByTagName('category')];
    const categoryIds = categories.map((c) => c.getAttribute('id'));
    expect(categoryIds).toContain(yandexIds.categoryId(catalogId));
    for (const id of categoryIds) expect(id).toMatch(/^\d{1,18}$/);
    const offers = [...shop.getElementsByTagName('offer')];
    expect(offers).toHaveLength(3);
    for (const offer of offers) {
      expect(offer.getAttribute('id')).toMatch(/^[a-z0-9]{1,20}$/);
      for (const field of ['name', 'url', 'price', 'currencyId', 'categoryId']) expect(child(offer, field)[0], field).toBeTruthy();
      expect(child(offer, 'currencyId')).toEqual(['EUR']);
      expect(categoryIds).toContain(child(offer, 'categoryId')[0]);
      expect(child(offer, 'url')[0]).toContain('lang=ru');
    }
    const mug = offers.find((o) => o.getAttribute('id') === yandexIds.offerId(plain.variationId))!;
    expect(child(mug, 'price')).toEqual(['9.90']);
    expect(child(mug, 'oldprice')).toEqual(['12.50']);
    expect(child(mug, 'description')).toEqual(['Большая кружка']);
    const blue = offers.find((o) => o.getAttribute('id') === yandexIds.offerId(tee.blue))!;
    expect(blue.getAttribute('available')).toBe('false');
    expect(blue.getAttribute('group_id')).toMatch(/^\d{1,9}$/);
    expect(blue.getAttribute('group_id')).toBe(
      offers.find((o) => o.getAttribute('id') === yandexIds.offerId(tee.red))!.getAttribute('group_id'),
    );
    expect([...blue.getElementsByTagName('param')].map((p) => [p.getAttribute('name'), p.textContent])).toEqual([['Цвет', 'Синий']]);
  });

  it('leaves hidden products and products without a price out, and names every product for the page cache', async () => {
    for (const feed of ['google', 'yandex'] as const) {
      const { text, tags } = await read(feed);
      expect(text).not.toContain('Secret');
      expect(text).not.toContain('Ask us');
      expect(tags).toContain(`product:${hidden.productId}`);
      expect(tags).toContain(`product:${plain.productId}`);
      expect(tags).toContain(`catalog:${catalogId}`);
      expect(tags).toContain('settings');
    }
  });

  it('streams many products in batches, each once', async () => {
    // more than one batch (BATCH = 200) of shown products, each with one priced variation
    await app.deps.db.execute(sql`
      insert into products (id, slug, title) select 'bulk-' || g, 'bulk-' || g, jsonb_build_object('en', 'Bulk ' || g, 'ru', 'Опт ' || g)
      from generate_series(1, 205) g`);
    await app.deps.db.execute(sql`
      insert into variations (id, product_id, full_price_cents, is_default) select 'bulk-v-' || g, 'bulk-' || g, 100 + g, true
      from generate_series(1, 205) g`);
    const { doc } = await read('yandex');
    const ids = [...doc.getElementsByTagName('offer')].map((o) => o.getAttribute('id'));
    expect(ids.length).toBe(208);
    expect(new Set(ids).size).toBe(208);
  });
});
