import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onInvalidate } from '../../../src/server/cache/invalidation';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { addArticle, addCatalog, addPage, addProduct, text, uniqueSlug } from '../../helpers/content-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser } from '../../helpers/users-fixtures';

describe.each(databaseKinds)('back office content (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;
  let customerToken: string;
  const invalidated: string[][] = [];
  let stopListening: () => void;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    manager = await createSignedInStaff(app, 'manager', 'Max Manager');
    customerToken = (await createUser(app)).token;
    stopListening = onInvalidate((tags) => void invalidated.push([...tags]));
  });
  afterAll(async () => {
    stopListening();
    await app.close();
  });

  const call = (method: string, path: string, body?: unknown, who: TestStaff | null = manager) =>
    adminRequest(app, path, { method, cookie: who?.cookie ?? null, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const get = (path: string, who: TestStaff = manager) => call('GET', path, undefined, who).then((r) => expectJson(r, 200));
  /** Answers of a route to no session, a customer's token, and (when owner-only) a manager. */
  async function expectRefusedToStrangers(method: string, path: string, body?: unknown) {
    await expectJson(await call(method, path, body, null), 401);
    const withToken = await adminRequest(app, path, {
      method,
      headers: { authorization: `Bearer ${customerToken}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(withToken.status).toBe(401);
  }

  describe('link targets', () => {
    it('finds catalogs, products, pages, categories and articles by title or slug, with the stored url and the storefront path', async () => {
      const db = app.deps.db;
      const slug = uniqueSlug('velvet');
      await addCatalog(db, [], { slug, title: text('Velvet chairs', 'Бархатные кресла') });
      const productSlug = uniqueSlug('lamp');
      await addProduct(db, { slug: productSlug, title: text('Brass lamp', 'Латунная лампа') });
      const pageSlug = uniqueSlug('about');
      await addPage(db, { slug: pageSlug, title: text('About the studio', 'О студии') });
      const categorySlug = uniqueSlug('journal');
      const categoryId = await addPage(db, { slug: categorySlug, type: 'category', title: text('Journal', 'Журнал') });
      const articleSlug = uniqueSlug('oak');
      await addArticle(db, { categoryId, slug: articleSlug, title: text('Caring for oak', 'Уход за дубом') });

      expect((await get('/link-targets?kind=catalog&search=velvet', owner)).items).toContainEqual({ title: 'Velvet chairs', url: slug, path: `/catalogs/${slug}` });
      expect((await get('/link-targets?kind=product&search=' + encodeURIComponent('Латунная'))).items).toContainEqual({ title: 'Brass lamp', url: productSlug, path: `/products/${productSlug}` });
      expect((await get(`/link-targets?kind=page&search=${pageSlug}`)).items).toEqual([{ title: 'About the studio', url: pageSlug, path: `/${pageSlug}` }]);
      expect((await get(`/link-targets?kind=page&search=${categorySlug}`)).items).toEqual([]);
      expect((await get(`/link-targets?kind=category&search=${categorySlug}`)).items).toEqual([{ title: 'Journal', url: categorySlug, path: `/${categorySlug}` }]);
      expect((await get('/link-targets?kind=article&search=oak')).items).toContainEqual({ title: 'Caring for oak', url: `${categorySlug}/${articleSlug}`, path: `/${categorySlug}/${articleSlug}` });
      const ru = await expectJson(await adminRequest(app, '/link-targets?kind=catalog&search=velvet', { cookie: manager.cookie, headers: { 'x-shop-language': 'ru' } }), 200);
      expect(ru.items).toContainEqual(expect.objectContaining({ title: 'Бархатные кресла' }));
    });

    it('refuses an unknown kind with a field error, and strangers', async () => {
      const bad = await expectJson(await call('GET', '/link-targets?kind=external'), 400);
      expect(bad.errors.children.kind).toBeTruthy();
      await expectRefusedToStrangers('GET', '/link-targets?kind=catalog');
    });
  });
});
