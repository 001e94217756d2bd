import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onInvalidate } from '../../../src/server/cache/invalidation';
import { auditLog, comments, reviews } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { createProduct, createReview } from '../../helpers/catalog-fixtures';
import { addArticle, addComment, addPage } from '../../helpers/content-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

describe.each(databaseKinds)('back office moderation (%s)', (kind) => {
  let app: TestApp;
  let manager: TestStaff;
  let product: { id: string; slug: string };
  let articleId: string;
  let articleSlug: string;
  const tags: string[] = [];
  let stopListening: () => void;

  beforeAll(async () => {
    app = await createTestApp(kind);
    manager = await createSignedInStaff(app, 'manager', 'Mo Derator');
    product = await createProduct(app.deps.db, { title: 'Teapot' } as never);
    const categoryId = await addPage(app.deps.db, { type: 'category', slug: 'blog' });
    articleSlug = `tea-${Date.now()}`;
    articleId = await addArticle(app.deps.db, { categoryId, slug: articleSlug });
    stopListening = onInvalidate((t) => void tags.push(...t));
  });
  afterAll(async () => {
    stopListening();
    await app.close();
  });

  const patch = (path: string, body: unknown) =>
    adminRequest(app, path, { method: 'PATCH', cookie: manager.cookie, body: JSON.stringify(body) });
  const post = (path: string, body: unknown) =>
    adminRequest(app, path, { method: 'POST', cookie: manager.cookie, body: JSON.stringify(body) });
  const get = (path: string) => adminRequest(app, path, { cookie: manager.cookie }).then((r) => expectJson(r, 200));
  const storefrontReviews = async () =>
    (await (await app.request(`/products/${product.id}/reviews`)).json()) as { id: string; text: string; reply?: string }[];

  describe('reviews', () => {
    it('lists the queue with product, filters by status, search and product', async () => {
      const pending = await createReview(app.deps.db, { productId: product.id, status: 'pending', text: 'Pours beautifully' });
      await createReview(app.deps.db, { productId: product.id, status: 'rejected', text: 'Spam spam' });
      const list = await get(`/reviews?status=pending&productId=${product.id}`);
      expect(list.items.map((r: { id: string }) => r.id)).toContain(pending);
      expect(list.items.every((r: { status: string }) => r.status === 'pending')).toBe(true);
      expect(list.items.find((r: { id: string }) => r.id === pending)).toMatchObject({
        productId: product.id,
        productSlug: product.slug,
        authorName: 'Reviewer',
        rating: 5,
        reply: null,
        version: 1,
      });
      expect((await get('/reviews?q=beautiful')).items.map((r: { id: string }) => r.id)).toEqual([pending]);
      const bad = await expectJson(await adminRequest(app, '/reviews?status=hidden', { cookie: manager.cookie }), 400);
      expect(bad.errors.children.status).toBeTruthy();
    });

    it('approving shows the review on the storefront at once; edits and replies are audited', async () => {
      const id = await createReview(app.deps.db, { productId: product.id, status: 'pending', text: 'Lovely tea pot' });
      expect((await storefrontReviews()).map((r) => r.id)).not.toContain(id);
      tags.length = 0;
      const approved = await expectJson(
        await patch(`/reviews/${id}`, { status: 'approved', text: 'Lovely teapot', reply: 'Thank you!', version: 1 }),
        200,
      );
      expect(approved).toMatchObject({ status: 'approved', text: 'Lovely teapot', reply: 'Thank you!', version: 2 });
      expect(tags).toContain(`product:${product.id}`);
      expect((await storefrontReviews()).find((r) => r.id === id)).toMatchObject({ text: 'Lovely teapot', reply: 'Thank you!' });
      const [entry] = await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));
      expect(entry).toMatchObject({
        action: 'review.update',
        staffName: 'Mo Derator',
        before: { status: 'pending', text: 'Lovely tea pot', reply: null, version: 1 },
      });
      // a blank reply removes it
      const noReply = await expectJson(await patch(`/reviews/${id}`, { reply: '  ', version: 2 }), 200);
      expect(noReply.reply).toBeNull();
    });

    it('refuses a stale version (409), an empty change, bad fields and unknown reviews', async () => {
      const id = await createReview(app.deps.db, { productId: product.id, status: 'pending' });
      await expectJson(await patch(`/reviews/${id}`, { status: 'rejected', version: 1 }), 200);
      const stale = await expectJson(await patch(`/reviews/${id}`, { status: 'approved', version: 1 }), 409);
      expect(stale.message).toBe('Changed by someone else; reload to see their change');
      const [row] = await app.deps.db.select().from(reviews).where(eq(reviews.id, id));
      expect(row).toMatchObject({ status: 'rejected', version: 2 });
      expect((await patch(`/reviews/${id}`, { version: 2 })).status).toBe(400);
      const bad = await expectJson(await patch(`/reviews/${id}`, { status: 'published', text: '', version: 2 }), 400);
      expect(Object.keys(bad.errors.children).sort()).toEqual(['status', 'text']);
      await expectJson(await patch('/reviews/00000000-0000-4000-8000-000000000000', { status: 'approved', version: 1 }), 404);
    });

    it('approves, rejects and deletes in bulk', async () => {
      const ids = await Promise.all(
        [1, 2, 3].map((n) => createReview(app.deps.db, { productId: product.id, status: 'pending', text: `bulk ${n}` })),
      );
      expect(await expectJson(await post('/reviews/bulk', { ids: ids.slice(0, 2), action: 'approve' }), 200)).toEqual({ updated: 2 });
      expect((await storefrontReviews()).map((r) => r.id)).toEqual(expect.arrayContaining(ids.slice(0, 2)));
      expect(await expectJson(await post('/reviews/bulk', { ids: [ids[2]], action: 'delete' }), 200)).toEqual({ updated: 1 });
      expect(await app.deps.db.select().from(reviews).where(eq(reviews.id, ids[2]!))).toEqual([]);
      const bad = await expectJson(await post('/reviews/bulk', { ids: [], action: 'publish' }), 400);
      expect(Object.keys(bad.errors.children).sort()).toEqual(['action', 'ids']);
      const audited = await app.deps.db.select().from(auditLog).where(eq(auditLog.entityType, 'review'));
      expect(
        audited
          .filter((e) => ids.includes(e.entityId))
          .map((e) => e.action)
          .sort(),
      ).toEqual(['review.approve', 'review.approve', 'review.delete']);
    });
  });

  describe('comments', () => {
    it('lists, approves (shown at once on the article), replies and refuses stale versions', async () => {
      const id = await addComment(app.deps.db, { articleId, status: 'pending', text: 'Which leaves do you use?' });
      const list = await get(`/comments?status=pending&articleId=${articleId}`);
      expect(list.items.find((c: { id: string }) => c.id === id)).toMatchObject({
        articleId,
        articleSlug,
        categorySlug: 'blog',
        version: 1,
      });
      tags.length = 0;
      const approved = await expectJson(await patch(`/comments/${id}`, { status: 'approved', reply: 'Assam, mostly', version: 1 }), 200);
      expect(approved).toMatchObject({ status: 'approved', reply: 'Assam, mostly', version: 2 });
      expect(tags).toContain(`article:${articleId}`);
      const shown = (await (await app.request(`/articles/${articleSlug}/comments`)).json()) as { id: string; reply?: string }[];
      expect(shown.find((c) => c.id === id)).toMatchObject({ reply: 'Assam, mostly' });
      await expectJson(await patch(`/comments/${id}`, { status: 'rejected', version: 1 }), 409);
      const bulk = await expectJson(await post('/comments/bulk', { ids: [id], action: 'reject' }), 200);
      expect(bulk).toEqual({ updated: 1 });
      const [row] = await app.deps.db.select().from(comments).where(eq(comments.id, id));
      expect(row).toMatchObject({ status: 'rejected', version: 3 });
      expect((await get('/comments?q=leaves')).items.map((c: { id: string }) => c.id)).toEqual([id]);
      expect((await adminRequest(app, '/comments?sort=rating', { cookie: manager.cookie })).status).toBe(400);
    });
  });
});
