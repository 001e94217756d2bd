import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  builderRevisionListSchema,
  builderRevisionSchema,
  builderSectionTypesSchema,
  builderTargetDetailSchema,
  builderTargetListSchema,
  type BuilderSectionsContent,
  type BuilderTargetDetail,
  type FormErrors,
} from '../../../src/contract/admin';
import { publishDueDrafts } from '../../../src/server/api/admin/builder/publish';
import { onInvalidate } from '../../../src/server/cache/invalidation';
import { auditLog, builderDrafts, builderRevisions, catalogs, pages, sections, settings } from '../../../src/server/db/schema';
import { SECTION_TYPES } from '../../../src/lib/section-types';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { addArticle, addCatalog, addPage, addProduct, addSection, text, uniqueSlug } from '../../helpers/content-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser } from '../../helpers/users-fixtures';

describe.each(databaseKinds)('site builder API (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;
  const invalidated: string[][] = [];
  let unsubscribe: () => void;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    manager = await createSignedInStaff(app, 'manager', 'Mia Manager');
    unsubscribe = onInvalidate((tags) => void invalidated.push([...tags]));
  });
  afterAll(async () => {
    unsubscribe();
    await app.close();
  });
  afterEach(() => {
    invalidated.length = 0;
  });

  const t = (target: string) => encodeURIComponent(target);
  const get = (path: string, staff: TestStaff = manager) => adminRequest(app, path, { cookie: staff.cookie });
  const send = (method: string, path: string, body: unknown, staff: TestStaff = manager) =>
    adminRequest(app, path, { method, cookie: staff.cookie, body: JSON.stringify(body) });
  const detail = async (target: string): Promise<BuilderTargetDetail> =>
    builderTargetDetailSchema.parse(await expectJson(await get(`/builder/target/${t(target)}`), 200));

  /** A text page with a FAQ of two questions, as stored. */
  async function pageWithFaq() {
    const slug = uniqueSlug('faq-page');
    const pageId = await addPage(app.deps.db, { slug, title: text('Help', 'Помощь') });
    const sectionId = await addSection(app.deps.db, {
      ownerType: 'page',
      ownerId: pageId,
      type: 'SectionFaq',
      position: 0,
      options: { heading: { title: text('Questions', 'Вопросы') } },
      items: [
        { id: 'q1', options: { question: text('Delivery?', 'Доставка?'), answer: text('<p>Two days.</p>', '<p>Два дня.</p>') } },
        { id: 'q2', options: { question: text('Returns?', 'Возврат?'), answer: text('<p>30 days.</p>', '<p>30 дней.</p>') } },
      ],
    });
    return { pageId, slug, sectionId, target: `page:${pageId}` };
  }

  /** The messages of a field in the error shape's nested children (`content.sections.0.type`). */
  const fieldMessages = (errors: FormErrors, path: string) =>
    path.split('.').reduce<FormErrors | undefined>((node, key) => node?.children[key], errors)?.errors;

  const contentOf = (d: BuilderTargetDetail) => (d.draft?.content ?? d.published.content) as BuilderSectionsContent;

  describe('access', () => {
    it('refuses no session, a customer token and writes without the CSRF header', async () => {
      const { target } = await pageWithFaq();
      const customer = await createUser(app);
      for (const path of ['/builder/section-types', '/builder/targets', `/builder/target/${t(target)}`]) {
        expect((await adminRequest(app, path)).status).toBe(401);
        expect((await adminRequest(app, path, { headers: { authorization: `Bearer ${customer.token}` } })).status).toBe(401);
      }
      const write = await adminRequest(app, `/builder/target/${t(target)}/draft`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${customer.token}` },
        body: JSON.stringify({ content: {}, version: 0 }),
      });
      expect([401, 403]).toContain(write.status);
      const noCsrf = await adminRequest(app, `/builder/target/${t(target)}/publish`, {
        method: 'POST',
        cookie: manager.cookie,
        csrf: false,
        body: JSON.stringify({ version: 1 }),
      });
      expect(noCsrf.status).toBe(403);
      expect(await app.deps.db.select().from(builderDrafts).where(eq(builderDrafts.target, target))).toEqual([]);
    });

    it('answers 404 for an unknown or malformed target', async () => {
      apiErrorSchema.parse(await expectJson(await get(`/builder/target/${t('page:nope')}`), 404));
      await expectJson(await get(`/builder/target/${t('widget:1')}`), 400);
      await expectJson(await get(`/builder/target/${t('settings:seo')}`), 400);
    });
  });

  describe('GET /builder/section-types', () => {
    it('lists every section type with fields, presets and labels in both languages', async () => {
      const answer = builderSectionTypesSchema.parse(await expectJson(await get('/builder/section-types'), 200));
      expect(answer.types.map((type) => type.type).sort()).toEqual([...SECTION_TYPES].sort());
      const faq = answer.types.find((type) => type.type === 'SectionFaq')!;
      expect(faq.label).toEqual({ en: expect.any(String), ru: 'Вопросы и ответы' });
      expect(faq.hasItems).toBe(true);
      expect(faq.itemFields?.map((f) => f.path)).toEqual(['question', 'answer']);
      expect(faq.presets[0]!.items[0]).toMatchObject({ question: { en: 'How long does delivery take?', ru: 'Сколько идёт доставка?' } });
      expect(answer.types.find((type) => type.type === 'SectionProductWidget')!.dataNeed).toBe('catalogProducts');
      expect(faq.dataNeed).toBeNull();
      const title = answer.frameFields.find((f) => f.path === 'heading.title')!;
      expect(title.label.en).not.toMatch(/^sections\./);
      expect(title.label.ru).not.toMatch(/^sections\./);
      // no label is left as its i18next key
      const keys = JSON.stringify(answer).match(/"(en|ru)":"sections\.[^"]*"/g);
      expect(keys).toBeNull();
    });
  });

  describe('targets', () => {
    it('lists pages, catalogs, articles, products and settings with their drafts and revisions, and searches', async () => {
      const { target, slug } = await pageWithFaq();
      const productId = await addProduct(app.deps.db, { title: text('Builder lamp', 'Лампа') });
      const catalogId = await addCatalog(app.deps.db, [productId], { title: text('Builder lamps', 'Лампы') });
      const categoryId = await addPage(app.deps.db, { type: 'category', slug: uniqueSlug('blog') });
      const articleId = await addArticle(app.deps.db, { categoryId, title: text('Builder story', 'История') });
      const all = builderTargetListSchema.parse(await expectJson(await get('/builder/targets'), 200));
      const byTarget = new Map(all.items.map((item) => [item.target, item]));
      expect(byTarget.get(target)).toMatchObject({
        kind: 'page',
        path: `/${slug}`,
        draft: null,
        revision: 0,
        title: { en: 'Help', ru: 'Помощь' },
      });
      expect(byTarget.get(`catalog:${catalogId}`)).toMatchObject({ kind: 'catalog', path: expect.stringMatching(/^\/catalogs\/catalog-/) });
      expect(byTarget.get(`product:${productId}`)).toMatchObject({ kind: 'product', path: expect.stringMatching(/^\/products\//) });
      expect(byTarget.get(`article:${articleId}`)?.path).toMatch(/^\/blog-[^/]+\/article-/);
      expect(byTarget.get('settings:header')).toMatchObject({ kind: 'settings', title: { en: 'Header', ru: 'Шапка' } });

      const found = builderTargetListSchema.parse(await expectJson(await get('/builder/targets?kind=product&search=lamp'), 200));
      expect(found.items.map((item) => item.target)).toEqual([`product:${productId}`]);
      expect((await expectJson(await get('/builder/targets?search=Лампы'), 200)).items.map((i: { target: string }) => i.target)).toEqual([
        `catalog:${catalogId}`,
      ]);
      await expectJson(await get('/builder/targets?kind=widget'), 400);
    });

    it('opens a target never published through the builder: the live rows as revision 0', async () => {
      const { target, sectionId, slug } = await pageWithFaq();
      const d = await detail(target);
      expect(d).toMatchObject({ target, kind: 'page', path: `/${slug}`, draft: null, published: { revision: 0 } });
      const content = d.published.content as BuilderSectionsContent;
      expect(content.page).toMatchObject({ title: { en: 'Help', ru: 'Помощь' }, slug, enabled: true });
      expect(content.sections).toEqual([
        expect.objectContaining({
          id: sectionId,
          type: 'SectionFaq',
          enable: true,
          hidden: false,
          options: { heading: { title: { en: 'Questions', ru: 'Вопросы' } } },
        }),
      ]);
      expect(content.sections[0]!.items).toHaveLength(2);
    });
  });

  describe('drafts', () => {
    it('saves a draft (version 0 creates it), validates content, and answers 409 naming who saved a newer one', async () => {
      const { target } = await pageWithFaq();
      const content = contentOf(await detail(target));
      content.sections[0]!.options = { heading: { title: { en: 'FAQ', ru: 'ЧаВо' } } };
      const first = await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content, version: 0 }), 200);
      expect(first).toEqual({ version: 1, updatedAt: expect.any(String) });

      // the owner edits on from version 1; the manager's stale save (version 0, then 1 again) is refused
      const second = await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content, version: 1 }, owner), 200);
      expect(second.version).toBe(2);
      const stale = apiErrorSchema.parse(
        await expectJson(
          await send('PUT', `/builder/target/${t(target)}/draft`, { content: { ...content, sections: [] }, version: 1 }),
          409,
        ),
      );
      expect(stale.message).toMatch(/^Changed by Olga Owner at \d{4}-\d\d-\d\d \d\d:\d\d UTC; reload to see their changes$/);
      expect(fieldMessages(stale.errors, 'version')).toEqual([stale.message]);
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content, version: 0 }), 409);
      const d = await detail(target);
      expect(d.draft).toMatchObject({ version: 2, updatedByName: 'Olga Owner', baseRevision: 0, publishAt: null });
      expect((d.draft!.content as BuilderSectionsContent).sections).toHaveLength(1);

      // the Russian message
      const ru = await adminRequest(app, `/builder/target/${t(target)}/draft?lang=ru`, {
        method: 'PUT',
        cookie: manager.cookie,
        body: JSON.stringify({ content, version: 1 }),
      });
      expect((await expectJson(ru, 409)).message).toMatch(
        /^Черновик изменил\(а\) Olga Owner в \d{4}-\d\d-\d\d \d\d:\d\d UTC; обновите страницу/,
      );

      const audits = await app.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, target), eq(auditLog.action, 'builder.draft')));
      expect(audits).toHaveLength(2);
    });

    it('refuses bad content with field errors and writes nothing', async () => {
      const { target } = await pageWithFaq();
      const content = contentOf(await detail(target));
      const unknown = { ...content, sections: [{ ...content.sections[0]!, type: 'SectionNope' }] };
      const bad = apiErrorSchema.parse(
        await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content: unknown, version: 0 }), 400),
      );
      expect(fieldMessages(bad.errors, 'content.sections.0.type')?.[0]).toMatch(/Unknown section type/);
      const twice = { ...content, sections: [content.sections[0]!, content.sections[0]!] };
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content: twice, version: 0 }), 400);
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content: { value: {} }, version: 0 }), 400);
      await expectJson(
        await send('PUT', `/builder/target/${t(target)}/draft`, {
          content: { ...content, page: { ...content.page, slug: 'Not a slug' } },
          version: 0,
        }),
        400,
      );
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content, version: -1 }), 400);
      await expectJson(await send('PUT', `/builder/target/${t('settings:header')}/draft`, { content, version: 0 }), 400);
      expect(await app.deps.db.select().from(builderDrafts).where(eq(builderDrafts.target, target))).toEqual([]);
    });

    it('cleans rich text when saving', async () => {
      const { target } = await pageWithFaq();
      const content = contentOf(await detail(target));
      content.sections[0]!.items[0]!.options['answer'] = { en: '<p>Hi<script>alert(1)</script></p>', ru: '<p onclick="x()">Привет</p>' };
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content, version: 0 }), 200);
      const saved = contentOf(await detail(target)).sections[0]!.items[0]!.options['answer'];
      expect(saved).toEqual({ en: '<p>Hi</p>', ru: '<p>Привет</p>' });
    });

    it('discards a draft with its version (stale: 409)', async () => {
      const { target } = await pageWithFaq();
      const content = contentOf(await detail(target));
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content, version: 0 }), 200);
      await expectJson(await send('DELETE', `/builder/target/${t(target)}/draft`, { version: 2 }), 409);
      await expectJson(await send('DELETE', `/builder/target/${t(target)}/draft`, { version: 0 }), 400);
      expect((await send('DELETE', `/builder/target/${t(target)}/draft`, { version: 1 })).status).toBe(204);
      expect((await detail(target)).draft).toBeNull();
      const gone = await expectJson(await send('DELETE', `/builder/target/${t(target)}/draft`, { version: 1 }), 409);
      expect(gone.message).toMatch(/published or discarded meanwhile/);
    });
  });

  describe('publish', () => {
    it('writes the live sections and page fields, appends the revision, deletes the draft, audits and invalidates the page', async () => {
      const { target, pageId, sectionId, slug } = await pageWithFaq();
      const content = contentOf(await detail(target));
      const newSlug = uniqueSlug('help');
      content.page = { ...content.page, title: { en: 'Help centre', ru: 'Центр помощи' }, slug: newSlug };
      content.sections[0]!.options = { heading: { title: { en: 'FAQ', ru: 'ЧаВо' } } };
      content.sections.push({
        id: 'intro',
        type: 'SectionTextBlockBase',
        enable: true,
        hidden: false,
        options: { content: { html: { en: '<p>Hello</p>', ru: '<p>Привет</p>' } } },
        items: [],
        styles: {},
      });
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content, version: 0 }), 200);

      await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 2 }), 409);
      invalidated.length = 0;
      expect(await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 1 }), 200)).toEqual({ revision: 1 });
      expect(invalidated).toEqual([[`page:${pageId}`]]);

      const live = await app.deps.db.select().from(sections).where(eq(sections.ownerId, pageId)).orderBy(sections.position);
      expect(live.map((s) => [s.id, s.type, s.position])).toEqual([
        [sectionId, 'SectionFaq', 0],
        ['intro', 'SectionTextBlockBase', 1],
      ]);
      expect(live[0]!.options).toEqual({ heading: { title: { en: 'FAQ', ru: 'ЧаВо' } } });
      expect(live[0]!.items).toHaveLength(2);
      const [page] = await app.deps.db.select().from(pages).where(eq(pages.id, pageId));
      expect(page).toMatchObject({ slug: newSlug, title: { en: 'Help centre', ru: 'Центр помощи' }, version: 2 });

      // visitors see it
      const visitor = await expectJson(await app.request(`/pages/${newSlug}?lang=ru`), 200);
      expect(visitor.sections.map((s: { id: string }) => s.id)).toEqual([sectionId, 'intro']);
      expect(visitor.sections[0].options.heading.title).toBe('ЧаВо');
      expect((await app.request(`/pages/${slug}`)).status).toBe(404);

      const d = await detail(target);
      expect(d.draft).toBeNull();
      expect(d.published.revision).toBe(1);
      const revisions = builderRevisionListSchema.parse(await expectJson(await get(`/builder/target/${t(target)}/revisions`), 200));
      expect(revisions.items.map((r) => [r.number, r.publishedByName])).toEqual([
        [1, 'Mia Manager'],
        [0, ''],
      ]);
      const original = builderRevisionSchema.parse(await expectJson(await get(`/builder/target/${t(target)}/revisions/0`), 200));
      expect((original.content as BuilderSectionsContent).page.slug).toBe(slug);
      await expectJson(await get(`/builder/target/${t(target)}/revisions/7`), 404);
      const [audit] = await app.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, target), eq(auditLog.action, 'builder.publish')));
      expect(audit).toMatchObject({ staffName: 'Mia Manager', before: { revision: 0 }, after: { revision: 1 } });

      // publishing the same draft again: it is gone, published by Mia
      const gone = await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 1 }), 409);
      expect(gone.message).toMatch(/^Changed by Mia Manager at /);
      // a draft discarded by someone: nobody to name
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content, version: 0 }, owner), 200);
      expect((await send('DELETE', `/builder/target/${t(target)}/draft`, { version: 1 }, owner)).status).toBe(204);
    });

    it('refuses a slug another page has (nothing written)', async () => {
      const { target, pageId } = await pageWithFaq();
      const other = await pageWithFaq();
      const content = contentOf(await detail(target));
      content.page.slug = other.slug;
      content.sections = [];
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content, version: 0 }), 200);
      const refused = await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 1 }), 409);
      expect(fieldMessages(refused.errors, 'content.page.slug')).toEqual([refused.message]);
      expect(await app.deps.db.select().from(sections).where(eq(sections.ownerId, pageId))).toHaveLength(1);
      expect(await app.deps.db.select().from(builderRevisions).where(eq(builderRevisions.target, target))).toEqual([]);
      expect((await detail(target)).draft?.version).toBe(1);

      // nor the address of one of the shop's own screens
      await expectJson(
        await send('PUT', `/builder/target/${t(target)}/draft`, {
          content: { ...content, page: { ...content.page, slug: 'checkout' } },
          version: 1,
        }),
        200,
      );
      const reserved = await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 2 }), 400);
      expect(fieldMessages(reserved.errors, 'content.page.slug')).toEqual([reserved.message]);
    });

    it('publishes catalog, product and article fields and sections with their own tags', async () => {
      const productId = await addProduct(app.deps.db);
      const catalogId = await addCatalog(app.deps.db, [productId]);
      const categoryId = await addPage(app.deps.db, { type: 'category', slug: uniqueSlug('news') });
      const articleId = await addArticle(app.deps.db, { categoryId });
      for (const target of [`catalog:${catalogId}`, `product:${productId}`, `article:${articleId}`]) {
        const content = contentOf(await detail(target));
        content.page.title = { en: `New ${target}`, ru: 'Новое' };
        content.sections = [
          {
            id: `s-${target.replace(':', '-')}`,
            type: 'SectionHeadingH1',
            enable: true,
            hidden: false,
            options: {},
            items: [],
            styles: {},
          },
        ];
        await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content, version: 0 }), 200);
        invalidated.length = 0;
        await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 1 }), 200);
        expect(invalidated).toEqual([[target]]);
        expect(contentOf(await detail(target)).page.title.en).toBe(`New ${target}`);
      }
      const [catalog] = await app.deps.db.select().from(catalogs).where(eq(catalogs.id, catalogId));
      expect(catalog!.title.en).toBe(`New catalog:${catalogId}`);
      const product = await expectJson(await app.request(`/products/${productId}`), 200);
      expect(JSON.stringify(product)).toContain(`New product:${productId}`);
    });

    it('publishes a settings group and invalidates the settings', async () => {
      const target = 'settings:footer';
      const d = await detail(target);
      const value = { ...(d.published.content as { value: Record<string, unknown> }).value, menuColumns: 3 };
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content: { value }, version: 0 }), 200);
      invalidated.length = 0;
      await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 1 }), 200);
      expect(invalidated).toEqual([['settings']]);
      const [row] = await app.deps.db.select().from(settings).where(eq(settings.group, 'footer'));
      expect(row!.value['menuColumns']).toBe(3);
    });
  });

  describe('settings targets are checked as the settings save checks them', () => {
    const settingsValue = (d: BuilderTargetDetail) => (d.draft?.content ?? d.published.content) as { value: Record<string, unknown> };
    const liveGroup = async (group: string) =>
      (await app.deps.db.select().from(settings).where(eq(settings.group, group)))[0]?.value ?? null;

    it('answers the live group as the settings forms read it: every declared field, no other key', async () => {
      const stored = { template: 'default', oldKey: 'x', sendEnquiry: { isShow: true, extra: 1 } };
      await app.deps.db
        .insert(settings)
        .values({ group: 'header', value: stored, updatedAt: new Date() })
        .onConflictDoUpdate({ target: settings.group, set: { value: stored } });
      const { value } = settingsValue(await detail('settings:header'));
      expect(value).not.toHaveProperty('oldKey');
      expect(value['sendEnquiry']).toMatchObject({ isShow: true });
      expect(value['sendEnquiry']).not.toHaveProperty('extra');
      expect(value).toHaveProperty('contactsSize', 'medium');
    });

    it('refuses a draft with an undeclared key or a wrong type, naming the field under content.value in the request language; writes nothing', async () => {
      const target = 'settings:header';
      const { value } = settingsValue(await detail(target));
      const undeclared = { ...value, oldKey: 'x', sendEnquiry: { ...(value['sendEnquiry'] as object), extra: 1 } };
      const en = apiErrorSchema.parse(
        await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content: { value: undeclared }, version: 0 }), 400),
      );
      expect(en.message).toBe('These settings are not valid; correct the marked fields');
      expect(['content.value.oldKey', 'content.value.sendEnquiry.extra']).toContain(en.errorPath);
      expect(fieldMessages(en.errors, 'content.value.oldKey')).toEqual(['This field was not expected.']);
      expect(fieldMessages(en.errors, 'content.value.sendEnquiry.extra')).toEqual(['This field was not expected.']);
      const ru = apiErrorSchema.parse(
        await expectJson(
          await adminRequest(app, `/builder/target/${t(target)}/draft`, {
            method: 'PUT',
            cookie: manager.cookie,
            headers: { 'x-shop-language': 'ru' },
            body: JSON.stringify({ content: { value: undeclared }, version: 0 }),
          }),
          400,
        ),
      );
      expect(ru.message).toBe('Настройки заполнены неверно; исправьте отмеченные поля');
      expect(fieldMessages(ru.errors, 'content.value.oldKey')).toEqual(['Такое поле не предусмотрено.']);

      const wrongType = { ...value, contactsSize: 42, sendEnquiry: { ...(value['sendEnquiry'] as object), isShow: 'yes' } };
      const typeEn = apiErrorSchema.parse(
        await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content: { value: wrongType }, version: 0 }), 400),
      );
      expect(fieldMessages(typeEn.errors, 'content.value.sendEnquiry.isShow')).toEqual(['This value is not valid.']);
      expect(fieldMessages(typeEn.errors, 'content.value.contactsSize')).toHaveLength(1);
      const typeRu = apiErrorSchema.parse(
        await expectJson(
          await adminRequest(app, `/builder/target/${t(target)}/draft`, {
            method: 'PUT',
            cookie: manager.cookie,
            headers: { 'x-shop-language': 'ru' },
            body: JSON.stringify({ content: { value: wrongType }, version: 0 }),
          }),
          400,
        ),
      );
      expect(fieldMessages(typeRu.errors, 'content.value.sendEnquiry.isShow')).toEqual(['Недопустимое значение.']);
      expect(await app.deps.db.select().from(builderDrafts).where(eq(builderDrafts.target, target))).toEqual([]);
    });

    it('saves and publishes a valid draft as before, and invalidates the settings', async () => {
      const target = 'settings:styles';
      const before = await detail(target);
      const value = { ...settingsValue(before).value, content_width: 1200 };
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content: { value }, version: 0 }), 200);
      invalidated.length = 0;
      await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 1 }), 200);
      expect(invalidated).toEqual([['settings']]);
      expect(await liveGroup('styles')).toEqual(value);
      expect(settingsValue(await detail(target)).value).toEqual(value);
    });

    it('cannot publish a draft stored before the check that no longer passes, now or scheduled; the live group is unchanged', async () => {
      const target = 'settings:themes';
      const live = await liveGroup('themes');
      const { value } = settingsValue(await detail(target));
      const bad = { ...value, fonts: 'Roboto', oldKey: true };
      await app.deps.db
        .insert(builderDrafts)
        .values({ target, content: { value: bad }, version: 1, updatedBy: manager.id, updatedByName: manager.name, updatedAt: new Date() });
      invalidated.length = 0;
      const refused = apiErrorSchema.parse(
        await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 1 }), 400),
      );
      expect(fieldMessages(refused.errors, 'content.value.fonts')).toHaveLength(1);
      expect(fieldMessages(refused.errors, 'content.value.oldKey')).toEqual(['This field was not expected.']);
      expect(await liveGroup('themes')).toEqual(live);
      expect(await app.deps.db.select().from(builderRevisions).where(eq(builderRevisions.target, target))).toEqual([]);
      expect(invalidated).toEqual([]);

      // scheduled: the worker skips it, keeps it as an unscheduled draft and writes nothing live
      const at = new Date(Date.now() + 60_000);
      await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 1, publishAt: at.toISOString() }), 200);
      expect(await publishDueDrafts(app.deps, new Date(at.getTime() + 1000))).toBe(0);
      const [draft] = await app.deps.db.select().from(builderDrafts).where(eq(builderDrafts.target, target));
      expect(draft).toMatchObject({ publishAt: null, version: 1, content: { value: bad } });
      expect(await liveGroup('themes')).toEqual(live);
      expect(invalidated).toEqual([]);

      // corrected, it publishes
      await expectJson(
        await send('PUT', `/builder/target/${t(target)}/draft`, { content: { value: { ...value, fonts: ['Roboto'] } }, version: 1 }),
        200,
      );
      await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 2 }), 200);
      expect(await liveGroup('themes')).toEqual({ ...value, fonts: ['Roboto'] });
    });
  });

  describe('restore', () => {
    it('puts a revision into the draft under the draft version rules', async () => {
      const { target } = await pageWithFaq();
      const content = contentOf(await detail(target));
      const emptied = { ...content, sections: [] };
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content: emptied, version: 0 }), 200);
      await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 1 }), 200);
      expect(contentOf(await detail(target)).sections).toEqual([]);

      // restore the original (revision 0): a new draft
      expect(await expectJson(await send('POST', `/builder/target/${t(target)}/revisions/0/restore`, { version: 0 }), 200)).toEqual({
        version: 1,
      });
      await expectJson(await send('POST', `/builder/target/${t(target)}/revisions/1/restore`, { version: 0 }, owner), 409);
      expect(await expectJson(await send('POST', `/builder/target/${t(target)}/revisions/1/restore`, { version: 1 }, owner), 200)).toEqual({
        version: 2,
      });
      await expectJson(await send('POST', `/builder/target/${t(target)}/revisions/9/restore`, { version: 2 }), 404);
      await expectJson(await send('POST', `/builder/target/${t(target)}/revisions/0/restore`, { version: 'x' }), 400);
      expect(await expectJson(await send('POST', `/builder/target/${t(target)}/revisions/0/restore`, { version: 2 }), 200)).toEqual({
        version: 3,
      });
      const d = await detail(target);
      expect((d.draft!.content as BuilderSectionsContent).sections).toHaveLength(1);
      expect(d.draft).toMatchObject({ baseRevision: 1, version: 3 });
      await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 3 }), 200);
      expect(contentOf(await detail(target)).sections[0]!.items).toHaveLength(2);
    });
  });

  describe('scheduled publishing', () => {
    it('schedules a future publish; two workers at once publish it exactly once', async () => {
      const { target, pageId } = await pageWithFaq();
      const content = contentOf(await detail(target));
      content.sections[0]!.options = { heading: { title: { en: 'Later', ru: 'Позже' } } };
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content, version: 0 }), 200);
      const at = new Date(Date.now() + 60 * 60 * 1000);
      expect(
        await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 1, publishAt: at.toISOString() }), 200),
      ).toEqual({ scheduled: at.toISOString() });
      await expectJson(
        await send('POST', `/builder/target/${t(target)}/publish`, {
          version: 1,
          publishAt: new Date(Date.now() + 400 * 86_400_000).toISOString(),
        }),
        400,
      );
      await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 1, publishAt: 'tomorrow' }), 400);
      expect((await detail(target)).draft).toMatchObject({ publishAt: at.toISOString(), version: 1 });

      // not due yet (the instance's own scheduler, started with the runtime, runs on the real clock)
      expect(await app.builderScheduler.run()).toBe(0);
      expect(await publishDueDrafts(app.deps, new Date(at.getTime() - 1000))).toBe(0);
      invalidated.length = 0;
      const results = await Promise.all([
        publishDueDrafts(app.deps, new Date(at.getTime() + 1000)),
        publishDueDrafts(app.deps, new Date(at.getTime() + 1000)),
      ]);
      expect(results.reduce((a, b) => a + b, 0)).toBe(1);
      const revisions = await app.deps.db.select().from(builderRevisions).where(eq(builderRevisions.target, target));
      expect(revisions.map((r) => r.number).sort()).toEqual([0, 1]);
      expect(revisions.find((r) => r.number === 1)!.publishedByName).toBe('Mia Manager');
      expect(invalidated.flat().filter((tag) => tag === `page:${pageId}`)).toHaveLength(1);
      expect((await detail(target)).draft).toBeNull();
      const [live] = await app.deps.db.select().from(sections).where(eq(sections.ownerId, pageId));
      expect(live!.options).toEqual({ heading: { title: { en: 'Later', ru: 'Позже' } } });
    });

    it('keeps a due draft it cannot publish (its page is gone) as an unscheduled draft', async () => {
      const { target, pageId } = await pageWithFaq();
      await expectJson(
        await send('PUT', `/builder/target/${t(target)}/draft`, { content: contentOf(await detail(target)), version: 0 }),
        200,
      );
      const at = new Date(Date.now() + 60_000);
      await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 1, publishAt: at.toISOString() }), 200);
      await app.deps.db.delete(pages).where(eq(pages.id, pageId));
      expect(await publishDueDrafts(app.deps, new Date(at.getTime() + 1000))).toBe(0);
      const [draft] = await app.deps.db.select().from(builderDrafts).where(eq(builderDrafts.target, target));
      expect(draft).toMatchObject({ publishAt: null, version: 1 });
      expect(await app.deps.db.select().from(builderRevisions).where(eq(builderRevisions.target, target))).toEqual([]);
    });

    it('publishes at once when the time is not in the future', async () => {
      const { target } = await pageWithFaq();
      await expectJson(
        await send('PUT', `/builder/target/${t(target)}/draft`, { content: contentOf(await detail(target)), version: 0 }),
        200,
      );
      expect(
        await expectJson(
          await send('POST', `/builder/target/${t(target)}/publish`, { version: 1, publishAt: new Date(Date.now() - 1000).toISOString() }),
          200,
        ),
      ).toEqual({ revision: 1 });
    });
  });

  describe('visitors never see a draft', () => {
    it('the storefront API answers the published sections while a draft exists', async () => {
      const { target, slug, sectionId } = await pageWithFaq();
      const content = contentOf(await detail(target));
      content.page.title = { en: 'Draft title', ru: 'Черновик' };
      content.sections = [
        {
          id: 'draft-only',
          type: 'SectionHeadingH1',
          enable: true,
          hidden: false,
          options: { heading: { title: { en: 'Secret', ru: 'Секрет' } } },
          items: [],
          styles: {},
        },
      ];
      await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content, version: 0 }), 200);
      for (const lang of ['en', 'ru']) {
        const visitor = await expectJson(await app.request(`/pages/${slug}?lang=${lang}`), 200);
        expect(visitor.sections.map((s: { id: string }) => s.id)).toEqual([sectionId]);
        expect(JSON.stringify(visitor)).not.toMatch(/Secret|Секрет|Draft title|Черновик|draft-only/);
      }
    });
  });

  describe('POST /builder/pages', () => {
    it('creates a page from the template, hidden until published, with a draft ready', async () => {
      const slug = uniqueSlug('about');
      const created = await expectJson(
        await send('POST', '/builder/pages', { template: 'page', title: { en: 'About', ru: 'О нас' }, slug }),
        201,
      );
      expect(created.target).toMatch(/^page:/);
      const pageId = created.target.slice('page:'.length);
      expect((await app.request(`/pages/${slug}`)).status).toBe(404);
      const d = await detail(created.target);
      expect(d.path).toBe('/new-page');
      expect((d.published.content as BuilderSectionsContent).page.enabled).toBe(false);
      const draft = d.draft!.content as BuilderSectionsContent;
      expect(draft.page).toMatchObject({ title: { en: 'About', ru: 'О нас' }, slug, enabled: true });
      expect(draft.sections).toEqual([
        expect.objectContaining({ type: 'SectionHeadingH1', options: { heading: { title: { en: 'About', ru: 'О нас' } } } }),
      ]);
      await expectJson(await send('POST', `/builder/target/${t(created.target)}/publish`, { version: 1 }), 200);
      const visitor = await expectJson(await app.request(`/pages/${slug}?lang=ru`), 200);
      expect(visitor).toMatchObject({ id: pageId, title: 'О нас' });
      expect((await detail(created.target)).path).toBe(`/${slug}`);

      await expectJson(await send('POST', '/builder/pages', { template: 'page', title: { en: 'Again', ru: 'Снова' }, slug }), 409);
      await expectJson(await send('POST', '/builder/pages', { template: 'page', title: { en: 'Cart', ru: 'Корзина' }, slug: 'cart' }), 400);
      await expectJson(await send('POST', '/builder/pages', { template: 'page', title: { en: '', ru: 'x' }, slug: uniqueSlug('x') }), 400);
      await expectJson(await send('POST', '/builder/pages', { template: 'blog', title: { en: 'x', ru: 'x' }, slug: uniqueSlug('x') }), 400);
    });

    it('creates a catalog from the new-catalog template (12 products, 3/2/1 a row)', async () => {
      const slug = uniqueSlug('lamps');
      const created = await expectJson(
        await send('POST', '/builder/pages', { template: 'catalog', title: { en: 'Lamps', ru: 'Лампы' }, slug }, owner),
        201,
      );
      const d = await detail(created.target);
      const [catalog] = await app.deps.db
        .select()
        .from(catalogs)
        .where(eq(catalogs.id, created.target.slice('catalog:'.length)));
      expect(catalog).toMatchObject({ slug, enabled: false });
      expect(d.path).toBe('/catalogs/new-page');
      const [list] = (d.draft!.content as BuilderSectionsContent).sections;
      expect(list).toMatchObject({
        type: 'SectionProductList',
        options: {
          limit: { isCustom: true, count: 12 },
          template: { desktop: { type: 'grid', columns: 3 }, tablet: { type: 'grid', columns: 2 }, mobile: { type: 'grid', columns: 1 } },
        },
      });
      await expectJson(await send('POST', '/builder/pages', { template: 'catalog', title: { en: 'Lamps', ru: 'Лампы' }, slug }), 409);
      const [audit] = await app.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, created.target), eq(auditLog.action, 'builder.create')));
      expect(audit).toMatchObject({ staffName: 'Olga Owner' });
    });
  });
});
