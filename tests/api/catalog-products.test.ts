import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUserToken } from '../../src/server/api/core/auth';
import { reviews, users, variations } from '../../src/server/db/schema';
import {
  createCatalog,
  createImage,
  createProduct,
  createReview,
  createSection,
  setSettingsGroup,
  getJson,
  type CreatedProduct,
  type Json,
} from '../helpers/catalog-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('catalog products API on %s', (kind) => {
  let app: TestApp;
  let chair: CreatedProduct;
  let stool: CreatedProduct;
  let bench: CreatedProduct;
  let sofa: CreatedProduct;
  let hidden: CreatedProduct;
  let orphanOfDisabledCatalog: CreatedProduct;
  let lamp: CreatedProduct;
  let imageId: string;

  const get = (path: string) => getJson(app, path);
  const ids = (list: { id: string }[]) => list.map((p) => p.id);
  const expectError = (body: Json, status: number) =>
    expect(body).toMatchObject({
      success: false,
      status,
      message: expect.any(String),
      detail: { message: expect.any(String) },
      errors: expect.any(Object),
    });

  beforeAll(async () => {
    app = await createTestApp(kind);
    const db = app.deps.db;
    imageId = await createImage(db);
    const seating = await createCatalog(db, { title: 'Seating', position: 0 });
    const living = await createCatalog(db, { title: 'Living', position: 1 });
    const retired = await createCatalog(db, { title: 'Retired', enabled: false });

    chair = await createProduct(db, {
      slug: 'oak-chair',
      title: { en: 'Oak chair', ru: 'Дубовый стул' },
      description: { en: '<p>Solid oak</p>', ru: '<p>Массив дуба</p>' },
      imageIds: [imageId],
      properties: [{ title: { en: 'Material', ru: 'Материал' }, value: { en: 'Oak', ru: 'Дуб' } }],
      options: [
        { title: { en: 'Colour', ru: 'Цвет' }, values: [{ en: 'Natural', ru: 'Натуральный' }, 'Black'] },
        { title: 'Size', values: ['S', 'M'] },
      ],
      variations: [
        { price: 120, options: { Colour: 'Natural', Size: 'S' }, stock: 0 },
        { price: 150, discountPrice: 99.5, isDefault: true, options: { Colour: 'Black', Size: 'M' }, stock: 3 },
      ],
      catalogs: [
        { id: seating.id, position: 0 },
        { id: retired.id, position: 0 },
      ],
    });
    stool = await createProduct(db, { title: 'Stool', catalogs: [{ id: seating.id, position: 1 }] });
    bench = await createProduct(db, {
      title: 'Bench',
      catalogs: [
        { id: seating.id, position: 2 },
        { id: living.id, position: 1 },
      ],
    });
    sofa = await createProduct(db, { title: 'Sofa', catalogs: [{ id: living.id, position: 0 }] });
    hidden = await createProduct(db, { title: 'Hidden', enabled: false, catalogs: [{ id: seating.id, position: 3 }] });
    orphanOfDisabledCatalog = await createProduct(db, { title: 'Old', catalogs: [{ id: retired.id, position: 1 }] });
    lamp = await createProduct(db, { title: 'Lamp', relatedProductIds: [sofa.id, hidden.id, chair.id, 'no-such-product'] });

    await createSection(db, {
      ownerType: 'product',
      ownerId: chair.id,
      type: 'SectionTextBlockBase',
      position: 1,
      options: { heading: { title: { en: 'Care', ru: 'Уход' } } },
    });
    await createSection(db, { ownerType: 'product', ownerId: chair.id, type: 'SectionFaq', position: 2, hidden: true });
  });

  afterAll(async () => {
    await app.close();
  });

  describe('GET /products/:idOrSlug', () => {
    it('returns the full product with its visible sections, by id or slug', async () => {
      const byId = await get(`/products/${chair.id}`);
      expect(byId.status).toBe(200);
      expect(byId.body).toMatchObject({
        id: chair.id,
        slug: 'oak-chair',
        title: 'Oak chair',
        description: '<p>Solid oak</p>',
        price: 99.5,
        priceFull: 150,
        discount: 50.5,
        hasDiscount: true,
        inStock: true,
        reviewCount: 0,
        rating: null,
        properties: [{ title: 'Material', value: 'Oak' }],
        optionsTextValue: [
          { title: 'Colour', value: 'Black', unit: '' },
          { title: 'Size', value: 'M', unit: '' },
        ],
        images: [{ id: imageId }],
        sections: [{ type: 'SectionTextBlockBase', options: { heading: { title: 'Care' } } }],
      });
      expect(byId.body.sections).toHaveLength(1);
      expect(byId.body.variations).toHaveLength(2);
      expect(byId.body.options.map((o: Json) => o.title)).toEqual(['Colour', 'Size']);
      // the disabled catalog is not shown
      expect(byId.body.catalogs.map((c: Json) => c.title)).toEqual(['Seating']);

      const bySlug = await get('/products/OAK-CHAIR');
      expect(bySlug.status).toBe(200);
      expect(bySlug.body.id).toBe(chair.id);
    });

    it("carries a variation's own image, one the product's gallery does not list", async () => {
      const own = await createImage(app.deps.db, 'variation.jpg');
      const product = await createProduct(app.deps.db, { imageIds: [imageId], variations: [{ price: 10 }, { price: 12 }] });
      await app.deps.db.update(variations).set({ imageId: own }).where(eq(variations.id, product.variationIds[1]!));
      const { body } = await get(`/products/${product.slug}`);
      expect(body.images.map((image: Json) => image.id)).toEqual([imageId]);
      const shown = body.variations.find((variation: Json) => variation.id === product.variationIds[1]);
      expect(shown.image).toMatchObject({ id: own });
      expect(body.variations.find((variation: Json) => variation.id === product.variationIds[0]).image).toBeNull();
    });

    it('speaks the shop language', async () => {
      const { body } = await get(`/products/${chair.slug}?lang=ru`);
      expect(body).toMatchObject({
        title: 'Дубовый стул',
        properties: [{ title: 'Материал', value: 'Дуб' }],
        sections: [{ options: { heading: { title: 'Уход' } } }],
      });
      // a text without a Russian translation falls back to English
      expect(body.options[1].title).toBe('Size');
    });

    it('answers 404 in the error shape for unknown and disabled products', async () => {
      for (const path of ['/products/no-such-product', `/products/${hidden.id}`, `/products/${hidden.slug}`]) {
        const { status, body } = await get(path);
        expect(status).toBe(404);
        expectError(body, 404);
        expect(body.message).toBe('Product not found');
      }
    });
  });

  describe('GET /products/:id/similar', () => {
    it('lists products sharing an enabled catalog, in catalog order, without the product itself', async () => {
      expect(ids((await get(`/products/${chair.id}/similar`)).body)).toEqual([stool.id, bench.id]);
      // bench is in both catalogs: the first catalog's products come first
      expect(ids((await get(`/products/${bench.id}/similar`)).body)).toEqual([chair.id, stool.id, sofa.id]);
    });

    it('honours the limit', async () => {
      expect(ids((await get(`/products/${bench.id}/similar?limit=2`)).body)).toEqual([chair.id, stool.id]);
    });

    it('is empty without a shared enabled catalog', async () => {
      expect((await get(`/products/${lamp.id}/similar`)).body).toEqual([]);
      expect((await get(`/products/${orphanOfDisabledCatalog.id}/similar`)).body).toEqual([]);
    });

    it('rejects a bad limit and unknown products', async () => {
      for (const limit of ['0', '51', 'abc', '2.5']) {
        const { status, body } = await get(`/products/${chair.id}/similar?limit=${limit}`);
        expect(status).toBe(400);
        expect(body).toMatchObject({ message: 'Validation Failed', errors: { children: { limit: { errors: [expect.any(String)] } } } });
      }
      expect((await get('/products/nope/similar')).status).toBe(404);
      expect((await get(`/products/${hidden.id}/similar`)).status).toBe(404);
    });
  });

  describe('GET /products/variation/:id', () => {
    it('returns the product owning the variation', async () => {
      const { status, body } = await get(`/products/variation/${chair.variationIds[0]}`);
      expect(status).toBe(200);
      expect(body.id).toBe(chair.id);
      expect(body.variations.map((v: Json) => v.id)).toContain(chair.variationIds[0]);
    });

    it('answers 404 for unknown variations and variations of disabled products', async () => {
      for (const id of ['no-such-variation', hidden.variationIds[0]]) {
        const { status, body } = await get(`/products/variation/${id}`);
        expect(status).toBe(404);
        expectError(body, 404);
      }
    });
  });

  describe('GET /products/related-products', () => {
    it('puts the related products first, then products of the same catalogs, without the given ones', async () => {
      // lamp: related sofa, (hidden: disabled), chair, (unknown); it has no catalog
      expect(ids((await get(`/products/related-products?ids[]=${lamp.id}`)).body)).toEqual([sofa.id, chair.id]);
      // chair is given, so it is not suggested; chair's catalog mates follow lamp's related sofa
      expect(ids((await get(`/products/related-products?ids[]=${lamp.id}&ids[]=${chair.id}`)).body)).toEqual([sofa.id, stool.id, bench.id]);
    });

    it('accepts a single id without brackets and never repeats a product', async () => {
      const { body } = await get(`/products/related-products?ids=${bench.id}`);
      expect(ids(body)).toEqual([chair.id, stool.id, sofa.id]);
      expect(new Set(ids(body)).size).toBe(body.length);
    });

    it('honours the limit', async () => {
      expect(ids((await get(`/products/related-products?ids[]=${lamp.id}&ids[]=${chair.id}&limit=2`)).body)).toEqual([sofa.id, stool.id]);
      expect(ids((await get(`/products/related-products?ids[]=${lamp.id}&limit=1`)).body)).toEqual([sofa.id]);
    });

    it('is empty for no or unknown ids', async () => {
      expect((await get('/products/related-products')).body).toEqual([]);
      expect((await get('/products/related-products?ids[]=unknown')).body).toEqual([]);
    });

    it('rejects a bad limit and too many ids', async () => {
      expect((await get('/products/related-products?limit=0')).status).toBe(400);
      expect((await get('/products/related-products?limit=51')).status).toBe(400);
      const many = Array.from({ length: 101 }, (_, i) => `ids[]=p${i}`).join('&');
      const { status, body } = await get(`/products/related-products?${many}`);
      expect(status).toBe(400);
      expect(body.errors.children.ids).toBeDefined();
    });
  });

  describe('reviews', () => {
    let reviewed: CreatedProduct;
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));

    beforeAll(async () => {
      const db = app.deps.db;
      reviewed = await createProduct(db, { slug: 'reviewed-table', title: 'Table' });
      for (let n = 1; n <= 12; n++) {
        await createReview(db, {
          productId: reviewed.id,
          status: 'approved',
          text: `approved ${n}`,
          rating: n <= 3 ? 4 : 5,
          createdAt: day(n),
        });
      }
      await createReview(db, { productId: reviewed.id, status: 'pending', text: 'waiting', rating: 1, createdAt: day(20) });
      await createReview(db, { productId: reviewed.id, status: 'rejected', text: 'spam', createdAt: day(21) });
    });

    const reviewCount = async () =>
      (await app.deps.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.productId, reviewed.id))).length;

    it('lists approved reviews newest first, 11 by default', async () => {
      const { status, body } = await get(`/products/${reviewed.slug}/reviews`);
      expect(status).toBe(200);
      expect(body).toHaveLength(11);
      expect(body[0]).toEqual({
        id: expect.any(String),
        authorName: 'Reviewer',
        rating: 5,
        text: 'approved 12',
        createdAt: day(12).toISOString(),
      });
      expect(body.map((r: Json) => r.text)).not.toContain('waiting');
      expect(body.map((r: Json) => r.text)).not.toContain('spam');
    });

    it('pages with offset and limit', async () => {
      const second = await get(`/products/${reviewed.id}/reviews?offset=10&limit=11`);
      expect(second.body.map((r: Json) => r.text)).toEqual(['approved 2', 'approved 1']);
      expect((await get(`/products/${reviewed.id}/reviews?offset=20`)).body).toEqual([]);
    });

    it('counts only approved reviews in reviewCount', async () => {
      expect((await get(`/products/${reviewed.id}`)).body.reviewCount).toBe(12);
    });

    it('averages the approved reviews into rating, to a tenth', async () => {
      // (3 × 4 + 9 × 5) / 12 = 4.75; the pending 1-star review does not count
      expect((await get(`/products/${reviewed.id}`)).body.rating).toBe(4.8);
    });

    it('rejects bad paging and unknown products', async () => {
      for (const query of ['limit=51', 'limit=0', 'offset=-1', 'offset=x']) {
        expect((await get(`/products/${reviewed.id}/reviews?${query}`)).status).toBe(400);
      }
      expect((await get('/products/nope/reviews')).status).toBe(404);
    });

    it('stores a new review as pending and keeps it out of the lists until approved', async () => {
      const res = await app.request('/product-reviews', {
        method: 'POST',
        json: { product: reviewed.slug, name: '  Ann ', email: 'ann@example.com', rating: 4, text: 'Sturdy and nice' },
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as Json;
      expect(body).toEqual({
        success: true,
        status: 'pending',
        id: expect.any(String),
        message: 'Thank you! Your review will appear after moderation.',
      });

      const [stored] = await app.deps.db.select().from(reviews).where(eq(reviews.id, body.id));
      expect(stored).toMatchObject({
        productId: reviewed.id,
        authorName: 'Ann',
        email: 'ann@example.com',
        rating: 4,
        status: 'pending',
        userId: null,
      });
      const listed = await get(`/products/${reviewed.id}/reviews?limit=50`);
      expect(listed.body.map((r: Json) => r.id)).not.toContain(body.id);
      expect((await get(`/products/${reviewed.id}`)).body.reviewCount).toBe(12);

      await app.deps.db.update(reviews).set({ status: 'approved' }).where(eq(reviews.id, body.id));
      expect((await get(`/products/${reviewed.id}/reviews?limit=50`)).body.map((r: Json) => r.id)).toContain(body.id);
      expect((await get(`/products/${reviewed.id}`)).body.reviewCount).toBe(13);
    });

    it('thanks in Russian and links the review to a signed-in customer', async () => {
      const userId = randomUUID();
      await app.deps.db.insert(users).values({ id: userId, email: `${userId}@example.com`, passwordHash: 'x' });
      const token = await signUserToken(app.deps, { id: userId, email: `${userId}@example.com`, tokenVersion: 0 });
      const res = await app.request('/product-reviews', {
        method: 'POST',
        token,
        headers: { 'x-shop-language': 'ru' },
        json: { product: reviewed.id, name: 'Иван', email: '', rating: '5', text: 'Отлично' },
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as Json;
      expect(body.message).toBe('Спасибо! Ваш отзыв появится после модерации.');
      const [stored] = await app.deps.db.select().from(reviews).where(eq(reviews.id, body.id));
      expect(stored).toMatchObject({ userId, email: null, rating: 5, status: 'pending' });
    });

    it('rejects invalid reviews field by field and writes nothing', async () => {
      const before = await reviewCount();
      const post = async (json: unknown) => {
        const res = await app.request('/product-reviews', { method: 'POST', json });
        return { status: res.status, body: (await res.json()) as Json };
      };

      const empty = await post({});
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ success: false, message: 'Validation Failed' });
      for (const field of ['product', 'name', 'rating', 'text']) {
        expect(empty.body.errors.children[field].errors.length).toBeGreaterThan(0);
      }
      expect(empty.body.errors.children.name.errors).toEqual(['This value should not be blank.']);

      const valid = { product: reviewed.id, name: 'Ann', rating: 5, text: 'Good' };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...valid, name: '   ' }, 'name'],
        [{ ...valid, text: '' }, 'text'],
        [{ ...valid, rating: 0 }, 'rating'],
        [{ ...valid, rating: 6 }, 'rating'],
        [{ ...valid, rating: 4.5 }, 'rating'],
        [{ ...valid, rating: 'five' }, 'rating'],
        [{ ...valid, email: 'not-an-email' }, 'email'],
        [{ ...valid, text: 'x'.repeat(5001) }, 'text'],
        [{ ...valid, product: 42 }, 'product'],
      ];
      for (const [json, field] of cases) {
        const { status, body } = await post(json);
        expect(status, JSON.stringify(json).slice(0, 80)).toBe(400);
        expect(body.errorPath).toBe(field);
        expect(body.errors.children[field].errors.length).toBeGreaterThan(0);
      }
      expect((await post({ ...valid, email: 'bad' })).body.errors.children.email.errors).toEqual(['incorrect email format']);

      for (const product of ['no-such-product', hidden.id]) {
        const { status, body } = await post({ ...valid, product });
        expect(status).toBe(400);
        expect(body).toMatchObject({ errorPath: 'product', errors: { children: { product: { errors: ['Product not found'] } } } });
      }

      const malformed = await app.request('/product-reviews', {
        method: 'POST',
        body: '{"product":',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.status).toBe(400);
      expect(await reviewCount()).toBe(before);
    });

    it('refuses reviews when the shop switched them off', async () => {
      await setSettingsGroup(app.deps.db, 'ecommerce', { productReviewsEnabled: false });
      const before = await reviewCount();
      const res = await app.request('/product-reviews', {
        method: 'POST',
        json: { product: reviewed.id, name: 'Ann', rating: 5, text: 'Good' },
      });
      expect(res.status).toBe(403);
      expectError(await res.json(), 403);
      expect(await reviewCount()).toBe(before);
      await setSettingsGroup(app.deps.db, 'ecommerce', {});
    });
  });
});
