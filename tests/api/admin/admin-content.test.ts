import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidate, onInvalidate } from '../../../src/server/cache/invalidation';
import { articles, articleTags, auditLog, menuItems, menus, redirects, sections, tags } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import {
  addArticle,
  addCatalog,
  addPage,
  addProduct,
  addSection,
  addTag,
  tagArticle,
  text,
  uniqueSlug,
} from '../../helpers/content-fixtures';
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
  /** The tags invalidated by `write`, in one call. */
  async function tagsOf(write: () => Promise<unknown>): Promise<string[]> {
    invalidated.length = 0;
    await write();
    return invalidated.flat().sort();
  }
  async function auditRows(entityId: string) {
    return app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
  }
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

      expect((await get('/link-targets?kind=catalog&search=velvet', owner)).items).toContainEqual(
        expect.objectContaining({ title: 'Velvet chairs', url: slug, path: `/catalogs/${slug}` }),
      );
      expect((await get(`/link-targets?kind=product&search=${encodeURIComponent('Латунная')}`)).items).toContainEqual(
        expect.objectContaining({ title: 'Brass lamp', url: productSlug, path: `/products/${productSlug}` }),
      );
      // both titles come along: a menu item linking there takes them
      expect((await get(`/link-targets?kind=page&search=${pageSlug}`)).items).toEqual([
        expect.objectContaining({
          title: 'About the studio',
          titles: { en: 'About the studio', ru: 'О студии' },
          url: pageSlug,
          path: `/${pageSlug}`,
        }),
      ]);
      expect((await get(`/link-targets?kind=page&search=${categorySlug}`)).items).toEqual([]);
      expect((await get(`/link-targets?kind=category&search=${categorySlug}`)).items).toEqual([
        expect.objectContaining({ title: 'Journal', titles: { en: 'Journal', ru: 'Журнал' }, url: categorySlug, path: `/${categorySlug}` }),
      ]);
      expect((await get('/link-targets?kind=article&search=oak')).items).toContainEqual(
        expect.objectContaining({
          title: 'Caring for oak',
          url: `${categorySlug}/${articleSlug}`,
          path: `/${categorySlug}/${articleSlug}`,
        }),
      );
      const ru = await expectJson(
        await adminRequest(app, '/link-targets?kind=catalog&search=velvet', {
          cookie: manager.cookie,
          headers: { 'x-shop-language': 'ru' },
        }),
        200,
      );
      expect(ru.items).toContainEqual(expect.objectContaining({ title: 'Бархатные кресла' }));
    });

    it('refuses an unknown kind with a field error, and strangers', async () => {
      const bad = await expectJson(await call('GET', '/link-targets?kind=external'), 400);
      expect(bad.errors.children.kind).toBeTruthy();
      await expectRefusedToStrangers('GET', '/link-targets?kind=catalog');
    });
  });

  describe('articles', () => {
    let categoryId: string;
    let categorySlug: string;
    let otherCategoryId: string;
    let tagId: string;
    let foreignTagId: string;
    beforeAll(async () => {
      const db = app.deps.db;
      categorySlug = uniqueSlug('blog');
      categoryId = await addPage(db, { slug: categorySlug, type: 'category', title: text('Blog', 'Блог') });
      otherCategoryId = await addPage(db, { slug: uniqueSlug('news'), type: 'category', title: text('News', 'Новости') });
      tagId = await addTag(db, { type: categorySlug, title: text('Care', 'Уход') });
      foreignTagId = await addTag(db, { type: 'somewhere-else' });
    });
    const articleBody = (overrides: Record<string, unknown> = {}) => ({
      slug: uniqueSlug('oak-care'),
      categoryId,
      title: { en: 'Caring for oak', ru: 'Уход за дубом' },
      excerpt: { en: 'Oil twice a year', ru: '' },
      metaTitle: { en: '', ru: '' },
      metaDescription: { en: 'How to care for oak furniture', ru: '' },
      authorName: 'Ivan Carpenter',
      previewImageId: null,
      publishedAt: '2026-11-01T10:00:00Z',
      enabled: true,
      tagIds: [tagId],
      body: {
        en: '<p>Use <strong>linseed</strong> oil.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
        ru: '<p>Масло.</p>',
      },
      ...overrides,
    });

    it('creates an article with its tags and its body as a sanitised text section; visitors read it; audited and invalidated', async () => {
      let created: any;
      const invalidatedTags = await tagsOf(async () => {
        created = await expectJson(await call('POST', '/articles', articleBody()), 201);
      });
      expect(created).toMatchObject({
        categoryId,
        title: { en: 'Caring for oak', ru: 'Уход за дубом' },
        authorName: 'Ivan Carpenter',
        tagIds: [tagId],
        enabled: true,
        version: 1,
        path: `/${categorySlug}/${created.slug}`,
      });
      expect(invalidatedTags).toEqual([`article:${created.id}`, `page:${categoryId}`].sort());
      expect(created.body.en).toContain('<strong>linseed</strong>');
      expect(created.body.en).not.toContain('<script');
      expect(created.body.en).not.toContain('onerror');
      const [section] = await app.deps.db
        .select()
        .from(sections)
        .where(and(eq(sections.ownerType, 'article'), eq(sections.ownerId, created.id)));
      expect(section).toMatchObject({ type: 'SectionTextBlockBase', id: created.bodySectionId });
      expect((section!.options as any).content.html.en).not.toContain('<script');

      const read = await app.request(`/articles/${created.slug}`);
      const article = await expectJson(read, 200);
      expect(article.tags.map((t: { id: string }) => t.id)).toEqual([tagId]);
      expect(JSON.stringify(article.sections)).toContain('<strong>linseed</strong>');

      const [entry] = await auditRows(created.id);
      expect(entry).toMatchObject({ action: 'article.create', entityType: 'article', staffName: 'Max Manager' });
      expect((entry!.after as any).searchVector).toBeUndefined();

      const list = await get(`/articles?categoryId=${categoryId}&q=oak`);
      expect(list.items.map((a: { id: string }) => a.id)).toContain(created.id);
      expect(list.items.find((a: { id: string }) => a.id === created.id)).toMatchObject({
        categoryTitle: 'Blog',
        categorySlug,
        title: 'Caring for oak',
      });
      const categories = await get('/article-categories');
      expect(categories).toContainEqual({ id: categoryId, slug: categorySlug, title: 'Blog' });
    });

    it('edits an article: the body goes to its existing text section, tags are replaced, both categories are invalidated; a stale version is refused', async () => {
      const created = await expectJson(await call('POST', '/articles', articleBody({ tagIds: [] })), 201);
      const builderSection = await addSection(app.deps.db, {
        ownerType: 'article',
        ownerId: created.id,
        type: 'SectionQuote',
        position: 5,
        options: { quote: text('Kept') },
      });
      const invalidatedTags = await tagsOf(async () => {
        const updated = await expectJson(
          await call(
            'PUT',
            `/articles/${created.id}`,
            {
              ...articleBody({ slug: created.slug, categoryId: otherCategoryId, tagIds: [] }),
              body: { en: '<p>New <em>text</em><script>x()</script></p>', ru: '' },
              version: 1,
            },
            owner,
          ),
          200,
        );
        expect(updated).toMatchObject({
          version: 2,
          categoryId: otherCategoryId,
          body: { en: '<p>New <em>text</em></p>', ru: '' },
          bodySectionId: created.bodySectionId,
        });
      });
      expect(invalidatedTags).toEqual([`article:${created.id}`, `page:${categoryId}`, `page:${otherCategoryId}`].sort());
      const rows = await app.deps.db
        .select()
        .from(sections)
        .where(and(eq(sections.ownerType, 'article'), eq(sections.ownerId, created.id)));
      expect(rows.map((r) => r.id).sort()).toEqual([created.bodySectionId, builderSection].sort());

      const stale = await expectJson(
        await call('PUT', `/articles/${created.id}`, { ...articleBody({ slug: created.slug }), version: 1 }),
        409,
      );
      expect(stale.errors.children.version).toBeTruthy();
      expect((await get(`/articles/${created.id}`)).categoryId).toBe(otherCategoryId);
      expect((await auditRows(created.id)).map((r) => r.action).sort()).toEqual(['article.create', 'article.update']);
    });

    it('refuses bad input with field errors and writes nothing', async () => {
      const before = (await app.deps.db.select().from(articles)).length;
      const bad = await expectJson(
        await call(
          'POST',
          '/articles',
          articleBody({ slug: 'Not a slug', title: { en: '  ', ru: '' }, publishedAt: 'yesterday', enabled: 'yes' }),
        ),
        400,
      );
      expect(Object.keys(bad.errors.children)).toEqual(expect.arrayContaining(['slug', 'title', 'publishedAt', 'enabled']));
      expect(bad.errors.children.title.children.en).toBeTruthy();
      const notCategory = await expectJson(await call('POST', '/articles', articleBody({ categoryId: await addPage(app.deps.db) })), 400);
      expect(notCategory.errors.children.categoryId).toBeTruthy();
      const noImage = await expectJson(
        await call('POST', '/articles', articleBody({ previewImageId: '00000000-0000-4000-8000-000000000000' })),
        400,
      );
      expect(noImage.errors.children.previewImageId).toBeTruthy();
      const foreignTag = await expectJson(await call('POST', '/articles', articleBody({ tagIds: [foreignTagId] })), 400);
      expect(foreignTag.errors.children.tagIds).toBeTruthy();
      const taken = await expectJson(await call('POST', '/articles', articleBody()), 201);
      const duplicate = await expectJson(await call('POST', '/articles', articleBody({ slug: taken.slug })), 400);
      expect(duplicate.errors.children.slug).toBeTruthy();
      expect((await app.deps.db.select().from(articles)).length).toBe(before + 1);
    });

    it('deletes an article with its sections; a stale version is refused; strangers may not touch articles', async () => {
      const created = await expectJson(await call('POST', '/articles', articleBody()), 201);
      await expectJson(await call('DELETE', `/articles/${created.id}?version=2`), 409);
      const invalidatedTags = await tagsOf(async () =>
        expect((await call('DELETE', `/articles/${created.id}?version=1`)).status).toBe(204),
      );
      expect(invalidatedTags).toEqual([`article:${created.id}`, `page:${categoryId}`].sort());
      expect(await app.deps.db.select().from(sections).where(eq(sections.ownerId, created.id))).toEqual([]);
      expect(await app.deps.db.select().from(articleTags).where(eq(articleTags.articleId, created.id))).toEqual([]);
      expect((await auditRows(created.id)).map((r) => r.action)).toContain('article.delete');
      await expectJson(await call('GET', `/articles/${created.id}`), 404);
      await expectJson(await call('DELETE', `/articles/${created.id}?version=abc`), 400);

      await expectRefusedToStrangers('GET', '/articles');
      await expectRefusedToStrangers('POST', '/articles', articleBody());
      await expectRefusedToStrangers('PUT', `/articles/${created.id}`, { ...articleBody(), version: 1 });
      await expectRefusedToStrangers('DELETE', `/articles/${created.id}?version=1`);
      await expectRefusedToStrangers('GET', '/article-categories');
    });
  });

  describe('tags', () => {
    it('creates, renames and deletes tags of a category, invalidating the category and the tagged articles', async () => {
      const db = app.deps.db;
      const slug = uniqueSlug('garden');
      const categoryId = await addPage(db, { slug, type: 'category', title: text('Garden') });
      const articleId = await addArticle(db, { categoryId });
      let tag: any;
      expect(
        await tagsOf(async () => {
          tag = await expectJson(
            await call('POST', `/article-categories/${categoryId}/tags`, { slug: 'roses', title: { en: 'Roses', ru: 'Розы' } }),
            201,
          );
        }),
      ).toEqual([`page:${categoryId}`]);
      expect(tag).toMatchObject({ slug: 'roses', title: { en: 'Roses', ru: 'Розы' }, articleCount: 0, version: 1 });
      const [stored] = await db.select().from(tags).where(eq(tags.id, tag.id));
      expect(stored!.type).toBe(slug);
      await tagArticle(db, articleId, tag.id);

      const duplicate = await expectJson(
        await call('POST', `/article-categories/${categoryId}/tags`, { slug: 'roses', title: { en: 'Again' } }),
        400,
      );
      expect(duplicate.errors.children.slug).toBeTruthy();
      const blank = await expectJson(await call('POST', `/article-categories/${categoryId}/tags`, { slug: '', title: { en: '' } }), 400);
      expect(Object.keys(blank.errors.children).sort()).toEqual(['slug', 'title']);
      await expectJson(await call('POST', `/article-categories/${await addPage(db)}/tags`, { slug: 'x', title: { en: 'X' } }), 404);

      expect(
        await tagsOf(async () => {
          const renamed = await expectJson(
            await call('PATCH', `/tags/${tag.id}`, { slug: 'old-roses', title: { en: 'Old roses', ru: 'Старые розы' }, version: 1 }, owner),
            200,
          );
          expect(renamed).toMatchObject({ slug: 'old-roses', articleCount: 1, version: 2 });
        }),
      ).toEqual([`article:${articleId}`, `page:${categoryId}`].sort());
      await expectJson(await call('PATCH', `/tags/${tag.id}`, { slug: 'roses', title: { en: 'Roses' }, version: 1 }), 409);
      expect((await get(`/article-categories/${categoryId}/tags`)).map((t: { slug: string }) => t.slug)).toEqual(['old-roses']);

      await expectJson(await call('DELETE', `/tags/${tag.id}?version=1`), 409);
      expect(await tagsOf(async () => expect((await call('DELETE', `/tags/${tag.id}?version=2`)).status).toBe(204))).toEqual(
        [`article:${articleId}`, `page:${categoryId}`].sort(),
      );
      expect(await db.select().from(articleTags).where(eq(articleTags.tagId, tag.id))).toEqual([]);
      expect((await auditRows(tag.id)).map((r) => r.action).sort()).toEqual(['tag.create', 'tag.delete', 'tag.update']);

      await expectRefusedToStrangers('GET', `/article-categories/${categoryId}/tags`);
      await expectRefusedToStrangers('POST', `/article-categories/${categoryId}/tags`, { slug: 'x', title: { en: 'X' } });
      await expectRefusedToStrangers('PATCH', `/tags/${tag.id}`, { slug: 'x', title: { en: 'X' }, version: 2 });
      await expectRefusedToStrangers('DELETE', `/tags/${tag.id}?version=2`);
    });
  });

  describe('menus', () => {
    const catalogLink = (url: string) => ({ type: 'catalog' as const, url });

    it('saves a menu as one versioned document with nesting and order; the storefront shows it; audited and invalidated', async () => {
      const first = await get('/menus/main');
      expect(first).toEqual({ name: 'main', items: [], version: 0 });
      let saved: any;
      expect(
        await tagsOf(async () => {
          saved = await expectJson(
            await call('PUT', '/menus/main', {
              version: 0,
              items: [
                {
                  title: { en: 'Chairs', ru: 'Стулья' },
                  link: catalogLink('chairs'),
                  children: [{ title: { en: 'Oak guide' }, link: { type: 'article', url: 'blog/oak' } }],
                },
                { title: { en: 'Partner' }, link: { type: 'external', url: 'https://example.com/x' } },
              ],
            }),
            200,
          );
        }),
      ).toEqual(['menus']);
      expect(saved.version).toBe(1);
      expect(saved.items.map((i: any) => i.title.en)).toEqual(['Chairs', 'Partner']);
      expect(saved.items[0].children[0]).toMatchObject({ title: { en: 'Oak guide', ru: '' }, link: { type: 'article', url: 'blog/oak' } });

      // reordered: Partner first, the guide moved to the top level; ids of kept items stay
      const [chairs, partner] = saved.items;
      const reordered = await expectJson(
        await call('PUT', '/menus/main', { version: 1, items: [partner, { ...chairs, children: [] }, chairs.children[0]] }, owner),
        200,
      );
      expect(reordered.version).toBe(2);
      expect(reordered.items.map((i: any) => i.id)).toEqual([partner.id, chairs.id, chairs.children[0].id]);
      const storefront = await expectJson(await app.request('/menus/batch?names=main'), 200);
      expect(storefront.main.map((i: any) => [i.title, i.url])).toEqual([
        ['Partner', 'https://example.com/x'],
        ['Chairs', '/catalogs/chairs'],
        ['Oak guide', '/blog/oak'],
      ]);

      const stale = await expectJson(await call('PUT', '/menus/main', { version: 1, items: [] }), 409);
      expect(stale.errors.children.version).toBeTruthy();
      const [menu] = await app.deps.db.select().from(menus).where(eq(menus.name, 'main'));
      expect(await app.deps.db.select().from(menuItems).where(eq(menuItems.menuId, menu!.id))).toHaveLength(3);
      const audit = await auditRows('main');
      expect(audit.map((r) => r.action)).toEqual(['menu.update', 'menu.update']);
      expect((audit.find((r) => (r.after as any).version === 2)!.before as any).items[0].title.en).toBe('Chairs');
      expect((await get('/menus')).map((m: any) => [m.name, m.itemCount, m.version])).toEqual([
        ['main', 3, 2],
        ['info', 0, 0],
        ['footer', 0, 0],
      ]);
    });

    it('refuses bad links, blank titles, too deep nesting and unknown menus with field errors', async () => {
      const bad = await expectJson(
        await call('PUT', '/menus/footer', {
          version: 0,
          items: [
            { title: { en: '' }, link: catalogLink('x') },
            { title: { en: 'Evil' }, link: { type: 'external', url: 'javascript:alert(1)' } },
            { title: { en: 'Nowhere' }, link: { type: 'unknown', url: 'x' } },
          ],
        }),
        400,
      );
      expect(bad.errors.children.items.children['0'].children.title.children.en).toBeTruthy();
      expect(bad.errors.children.items.children['1'].children.link).toBeTruthy();
      expect(bad.errors.children.items.children['2'].children.link).toBeTruthy();
      const leaf = { title: { en: 'Deep' }, link: catalogLink('x') };
      const deep = await expectJson(
        await call('PUT', '/menus/footer', {
          version: 0,
          items: [{ ...leaf, children: [{ ...leaf, children: [{ ...leaf, children: [leaf] }] }] }],
        }),
        400,
      );
      expect(
        deep.errors.children.items.children['0'].children.children.children['0'].children.children.children['0'].children.children.children[
          '0'
        ],
      ).toBeTruthy();
      await expectJson(await call('PUT', '/menus/sidebar', { version: 0, items: [] }), 400);
      expect((await get('/menus/footer')).version).toBe(0);

      await expectRefusedToStrangers('GET', '/menus/main');
      await expectRefusedToStrangers('PUT', '/menus/main', { version: 2, items: [] });
    });
  });

  describe('redirects', () => {
    it('creates, edits and deletes redirects that answer on the storefront; audited and invalidated', async () => {
      const from = `/${uniqueSlug('old')}`;
      let created: any;
      expect(
        await tagsOf(async () => {
          created = await expectJson(await call('POST', '/redirects', { fromPath: from, toPath: '/catalogs/chairs' }), 201);
        }),
      ).toEqual(['redirects']);
      expect(created).toMatchObject({ fromPath: from, toPath: '/catalogs/chairs', version: 1 });
      expect(await expectJson(await app.request(`/redirects?from=${encodeURIComponent(from)}`), 200)).toEqual({
        from,
        to: '/catalogs/chairs',
      });

      expect(
        await tagsOf(async () => {
          const edited = await expectJson(
            await call('PUT', `/redirects/${created.id}`, { fromPath: from, toPath: 'https://example.com/new', version: 1 }, owner),
            200,
          );
          expect(edited).toMatchObject({ toPath: 'https://example.com/new', version: 2 });
        }),
      ).toEqual(['redirects']);
      await expectJson(await call('PUT', `/redirects/${created.id}`, { fromPath: from, toPath: '/x', version: 1 }), 409);
      expect((await get(`/redirects?q=${from.slice(1)}`)).items.map((r: any) => r.id)).toEqual([created.id]);

      await expectJson(await call('DELETE', `/redirects/${created.id}?version=1`), 409);
      expect(await tagsOf(async () => expect((await call('DELETE', `/redirects/${created.id}?version=2`)).status).toBe(204))).toEqual([
        'redirects',
      ]);
      expect(await app.deps.db.select().from(redirects).where(eq(redirects.id, created.id))).toEqual([]);
      expect((await auditRows(created.id)).map((r) => r.action).sort()).toEqual(['redirect.create', 'redirect.delete', 'redirect.update']);
    });

    it('refuses a redirect to itself, a loop, a path redirected twice and bad paths, with field errors', async () => {
      const a = `/${uniqueSlug('a')}`;
      const b = `/${uniqueSlug('b')}`;
      const c = `/${uniqueSlug('c')}`;
      const self = await expectJson(await call('POST', '/redirects', { fromPath: a, toPath: `${a.toUpperCase()}/` }), 400);
      expect(self.errors.children.toPath).toBeTruthy();
      await expectJson(await call('POST', '/redirects', { fromPath: a, toPath: b }), 201);
      const ab = await expectJson(await call('POST', '/redirects', { fromPath: b, toPath: c }), 201);
      const loop = await expectJson(await call('POST', '/redirects', { fromPath: c, toPath: a }), 400);
      expect(loop.errors.children.toPath).toBeTruthy();
      const loopByEdit = await expectJson(await call('PUT', `/redirects/${ab.id}`, { fromPath: b, toPath: `${a}?utm=1`, version: 1 }), 400);
      expect(loopByEdit.errors.children.toPath).toBeTruthy();
      const twice = await expectJson(await call('POST', '/redirects', { fromPath: `${a}/`, toPath: c }), 400);
      expect(twice.errors.children.fromPath).toBeTruthy();
      for (const reserved of ['/', '/admin/orders', '/API/x']) {
        const refused = await expectJson(await call('POST', '/redirects', { fromPath: reserved, toPath: c }), 400);
        expect(refused.errors.children.fromPath).toBeTruthy();
      }
      const badPaths = await expectJson(await call('POST', '/redirects', { fromPath: 'no-slash', toPath: 'javascript:alert(1)' }), 400);
      expect(Object.keys(badPaths.errors.children).sort()).toEqual(['fromPath', 'toPath']);
      expect((await get(`/redirects?q=${c.slice(1)}`)).total).toBe(1);

      await expectRefusedToStrangers('GET', '/redirects');
      await expectRefusedToStrangers('POST', '/redirects', { fromPath: '/x', toPath: '/y' });
      await expectRefusedToStrangers('PUT', `/redirects/${ab.id}`, { fromPath: '/x', toPath: '/y', version: 1 });
      await expectRefusedToStrangers('DELETE', `/redirects/${ab.id}?version=1`);
    });

    it('never sends the cart, checkout, payment or account pages to another site, even by a row stored before the rule', async () => {
      for (const fromPath of ['/checkout', '/Payment/', '/account', '/account/orders', '/cart', '/reset_password_confirm/x'])
        for (const toPath of ['https://evil.example/checkout', 'http://evil.example']) {
          const refused = await expectJson(await call('POST', '/redirects', { fromPath, toPath }, owner), 400);
          expect(Object.keys(refused.errors.children), `${fromPath} → ${toPath}`).toEqual(['toPath']);
        }
      const inside = await expectJson(await call('POST', '/redirects', { fromPath: '/account/old-orders', toPath: '/account' }), 201);
      const elsewhere = `/${uniqueSlug('old')}`;
      const outside = await expectJson(await call('POST', '/redirects', { fromPath: elsewhere, toPath: 'https://example.com/new' }), 201);
      await expectJson(
        await call('PUT', `/redirects/${inside.id}`, { fromPath: '/account/old-orders', toPath: 'https://evil.example', version: 1 }),
        400,
      );
      await expectJson(
        await call('PUT', `/redirects/${outside.id}`, { fromPath: '/checkout', toPath: 'https://example.com/new', version: 1 }),
        400,
      );
      // stored before the rule existed: not followed
      await app.deps.db.insert(redirects).values({ id: crypto.randomUUID(), fromPath: '/payment', toPath: 'https://evil.example/pay' });
      await invalidate(['redirects']);
      expect((await app.request('/redirects?from=%2Fpayment')).status).toBe(404);
      expect(await expectJson(await app.request('/redirects?from=%2Faccount%2Fold-orders'), 200)).toMatchObject({ to: '/account' });
    });
  });
});
