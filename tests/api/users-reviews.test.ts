import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../src/server/db/schema';
import { createUserReview, moderateReview } from '../helpers/accounts-fixtures';
import { createProduct, type Json } from '../helpers/catalog-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';
import { createUser, fieldMessages } from '../helpers/users-fixtures';

describe.each(databaseKinds)('the signed-in user’s reviews on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  const listReviews = async (token: string | undefined, query = '') => {
    const res = await app.request(`/users/reviews${query}`, token ? { token } : {});
    return { status: res.status, body: (await res.json()) as Json };
  };
  const reviewCount = async () => (await app.deps.db.select({ n: count() }).from(reviews))[0]!.n;

  it('lists only the user’s own reviews, newest first, with their moderation state and product', async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const lamp = await createProduct(app.deps.db, { title: { en: 'Lamp', ru: 'Лампа' } });
    const older = await createUserReview(app.deps.db, {
      userId: user.id,
      productId: lamp.id,
      status: 'approved',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    const newer = await createUserReview(app.deps.db, {
      userId: user.id,
      productId: lamp.id,
      status: 'pending',
      createdAt: new Date('2026-02-01T10:00:00Z'),
      text: 'Bright and warm',
    });
    const rejected = await createUserReview(app.deps.db, {
      userId: user.id,
      productId: lamp.id,
      status: 'rejected',
      createdAt: new Date('2025-12-01T10:00:00Z'),
    });
    await createUserReview(app.deps.db, { userId: other.id, productId: lamp.id, status: 'approved' });

    const { status, body } = await listReviews(user.token);
    expect(status).toBe(200);
    expect(body.map((r: Json) => [r.id, r.status])).toEqual([
      [newer, 'pending'],
      [older, 'approved'],
      [rejected, 'rejected'],
    ]);
    expect(body[0]).toEqual({
      id: newer,
      product: { id: lamp.id, slug: lamp.slug, title: 'Lamp', image: null },
      authorName: 'Ada',
      rating: 4,
      text: 'Bright and warm',
      status: 'pending',
      createdAt: '2026-02-01T10:00:00.000Z',
    });
    const othersReviews = await listReviews(other.token);
    expect(othersReviews.body).toHaveLength(1);
    expect(othersReviews.body[0].id).not.toBe(newer);
  });

  it('names the product in the request’s language and leaves it out once the product is gone', async () => {
    const user = await createUser(app);
    const lamp = await createProduct(app.deps.db, { title: { en: 'Lamp', ru: 'Лампа' } });
    const hidden = await createProduct(app.deps.db, { title: 'Old chair', enabled: false });
    await createUserReview(app.deps.db, { userId: user.id, productId: lamp.id, createdAt: new Date('2026-02-01T00:00:00Z') });
    await createUserReview(app.deps.db, { userId: user.id, productId: hidden.id, createdAt: new Date('2026-01-01T00:00:00Z') });
    const res = await app.request('/users/reviews?lang=ru', { token: user.token, headers: { 'x-shop-language': 'ru' } });
    const body = (await res.json()) as Json;
    expect(body[0].product.title).toBe('Лампа');
    expect(body[1].product).toBeNull();
  });

  it('pages with offset and limit', async () => {
    const user = await createUser(app);
    const lamp = await createProduct(app.deps.db);
    const ids: string[] = [];
    for (let day = 1; day <= 5; day++) {
      ids.unshift(
        await createUserReview(app.deps.db, { userId: user.id, productId: lamp.id, createdAt: new Date(`2026-03-0${day}T00:00:00Z`) }),
      );
    }
    expect((await listReviews(user.token, '?offset=1&limit=2')).body.map((r: Json) => r.id)).toEqual(ids.slice(1, 3));
    expect((await listReviews(user.token)).body).toHaveLength(5);
  });

  it('refuses visitors and bad tokens with 401', async () => {
    const anonymous = await listReviews(undefined);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, status: 401, detail: { message: 'Authentication required' } });
    expect((await listReviews('not-a-token')).status).toBe(401);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?offset=-1', 'offset'],
    ['?offset=abc', 'offset'],
  ])('answers %s with a 400 on the field', async (query, field) => {
    const user = await createUser(app);
    const { status, body } = await listReviews(user.token, query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, status: 400, message: 'Validation Failed', errorPath: field });
    expect(fieldMessages(body, field)).toHaveLength(1);
  });

  it('shows a review written through the shop as pending, and on the product only once approved', async () => {
    const user = await createUser(app, { firstName: 'Grace' });
    const lamp = await createProduct(app.deps.db);
    const before = await reviewCount();
    const posted = await app.request('/product-reviews', {
      method: 'POST',
      token: user.token,
      json: { product: lamp.slug, name: 'Grace', rating: 5, text: 'Lovely light' },
    });
    expect(posted.status).toBe(201);
    const { id, message } = (await posted.json()) as Json;
    expect(message).toBe('Thank you! Your review will appear after moderation.');
    expect(await reviewCount()).toBe(before + 1);

    expect((await listReviews(user.token)).body).toMatchObject([{ id, status: 'pending', text: 'Lovely light' }]);
    const published = async () => (await (await app.request(`/products/${lamp.slug}/reviews`)).json()) as Json[];
    expect(await published()).toEqual([]);

    await moderateReview(app.deps.db, id, 'approved');
    expect((await listReviews(user.token)).body).toMatchObject([{ id, status: 'approved' }]);
    expect((await published()).map((r) => r.text)).toEqual(['Lovely light']);
  });

  it('names a too long field in the request language, with the plural form of its count', async () => {
    const user = await createUser(app);
    const lamp = await createProduct(app.deps.db);
    const post = async (lang: 'en' | 'ru', name: string) => {
      const res = await app.request('/product-reviews', {
        method: 'POST',
        token: user.token,
        headers: { 'x-shop-language': lang },
        json: { product: lamp.id, name, rating: 5, text: 'Fine' },
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Json;
      expect(body.errorPath).toBe('name');
      return body.errors.children.name.errors;
    };
    expect(await post('en', 'x'.repeat(101))).toEqual(['This value is too long: at most 100 characters.']);
    expect(await post('ru', 'x'.repeat(101))).toEqual(['Слишком длинное значение: не более 100 символов.']);
  });

  it('writes nothing for an invalid review', async () => {
    const user = await createUser(app);
    const lamp = await createProduct(app.deps.db);
    const before = await reviewCount();
    const res = await app.request('/product-reviews', {
      method: 'POST',
      token: user.token,
      json: { product: lamp.id, name: ' ', rating: 9, text: '' },
    });
    expect(res.status).toBe(400);
    expect(await reviewCount()).toBe(before);
    expect((await listReviews(user.token)).body).toEqual([]);
  });
});
