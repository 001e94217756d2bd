import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pages } from '../../src/server/db/schema';
import {
  addArticle,
  addCatalog,
  addImage,
  addPage,
  addProduct,
  addSection,
  addTag,
  clearSettings,
  daysAgo,
  putSettings,
  text,
  uniqueSlug,
  useTestApp,
} from '../helpers/content-fixtures';
import { databaseKinds } from '../helpers/test-app';

describe.each(databaseKinds)('content pages on %s', (kind) => {
  const t = useTestApp(kind);
  const { get, getJson } = t;

  describe('GET /pages/:slug', () => {
    it('answers the page with its visible sections in both languages', async () => {
      const db = t.app.deps.db;
      const preview = await addImage(db, { alt: text('Preview', 'Превью') });
      const slug = uniqueSlug('about');
      const id = await addPage(db, {
        slug,
        title: text('About us', 'О нас'),
        metaTitle: text('About the shop', 'О магазине'),
        metaDescription: text('Who we are', 'Кто мы'),
        previewImageId: preview,
        authorName: 'Anna',
        noindex: true,
        publishedAt: new Date('2024-05-01T10:00:00Z'),
      });
      await addSection(db, {
        ownerType: 'page',
        ownerId: id,
        type: 'SectionTextBlockBase',
        position: 2,
        options: { heading: { title: text('Second', 'Второй') } },
      });
      await addSection(db, { ownerType: 'page', ownerId: id, type: 'SectionHeadingH1', position: 1 });
      await addSection(db, { ownerType: 'page', ownerId: id, type: 'SectionFaq', position: 3, hidden: true });
      await addSection(db, { ownerType: 'page', ownerId: id, type: 'SectionFaq', position: 4, enable: false });

      const en = await getJson(`/pages/${slug}?lang=en`);
      expect(en).toMatchObject({
        id,
        slug,
        type: 'page',
        title: 'About us',
        h1: 'About us',
        metaTitle: 'About the shop',
        metaDescription: 'Who we are',
        noindex: true,
        nofollow: false,
        previewImage: { id: preview, alt: 'Preview' },
        author: { name: 'Anna' },
        publishedAt: '2024-05-01T10:00:00.000Z',
      });
      expect(typeof en.updatedAt).toBe('string');
      expect(en.sections.map((s: { type: string }) => s.type)).toEqual(['SectionHeadingH1', 'SectionTextBlockBase']);
      expect(en.sections[1].options.heading.title).toBe('Second');
      expect(en.sections[1]).not.toHaveProperty('data');

      const ru = await getJson(`/pages/${slug}?lang=ru`);
      expect(ru).toMatchObject({ title: 'О нас', metaTitle: 'О магазине', metaDescription: 'Кто мы', previewImage: { alt: 'Превью' } });
      expect(ru.sections[1].options.heading.title).toBe('Второй');
    });

    it('fills missing heading and meta texts from the seo templates', async () => {
      const db = t.app.deps.db;
      await putSettings(db, {
        seo: {
          metaTemplates: {
            page: {
              h1: text('Welcome to {name}', 'Добро пожаловать: {name}'),
              title: text('{name} | Shop', '{name} | Магазин'),
              description: 'All about {name}',
            },
            category: { h1: 'Blog: {name}', title: 'Read {name}' },
          },
        },
      });
      const pageSlug = uniqueSlug('delivery');
      await addPage(db, { slug: pageSlug, title: text('Delivery', 'Доставка') });
      const categorySlug = uniqueSlug('blog');
      await addPage(db, {
        slug: categorySlug,
        type: 'category',
        title: text('Blog', 'Блог'),
        metaDescription: text('Own description', 'Своё описание'),
      });
      try {
        expect(await getJson(`/pages/${pageSlug}?lang=en`)).toMatchObject({
          title: 'Delivery',
          h1: 'Welcome to Delivery',
          metaTitle: 'Delivery | Shop',
          metaDescription: 'All about Delivery',
          author: null,
          previewImage: null,
        });
        expect(await getJson(`/pages/${pageSlug}?lang=ru`)).toMatchObject({
          h1: 'Добро пожаловать: Доставка',
          metaTitle: 'Доставка | Магазин',
          metaDescription: 'All about Доставка',
        });
        expect(await getJson(`/pages/${categorySlug}?lang=en`)).toMatchObject({
          type: 'category',
          h1: 'Blog: Blog',
          metaTitle: 'Read Blog',
          metaDescription: 'Own description',
        });
      } finally {
        await clearSettings(db);
      }
    });

    it('uses the page name when no template is set', async () => {
      const slug = uniqueSlug('plain');
      await addPage(t.app.deps.db, { slug, title: text('Plain', 'Простая') });
      expect(await getJson(`/pages/${slug}?lang=ru`)).toMatchObject({ h1: 'Простая', metaTitle: 'Простая', metaDescription: '' });
    });

    it('finds a page whatever the case of the slug', async () => {
      const slug = uniqueSlug('contacts');
      await addPage(t.app.deps.db, { slug });
      expect((await getJson(`/pages/${slug.toUpperCase()}`)).slug).toBe(slug);
    });

    it('answers 404 in the error shape for unknown and disabled pages', async () => {
      const disabled = uniqueSlug('hidden');
      await addPage(t.app.deps.db, { slug: disabled, enabled: false });
      for (const path of ['/pages/no-such-page', `/pages/${disabled}`, '/pages/v2/no-such-page', `/pages/v2/${disabled}`]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(await res.json()).toMatchObject({
          success: false,
          status: 404,
          message: 'Page not found',
          detail: { message: 'Page not found' },
        });
      }
    });

    it('refuses slugs that cannot be a page with 400, never 500', async () => {
      for (const path of ['/pages/a%00b', `/pages/${'x'.repeat(300)}`, '/pages/v2/a%00b']) {
        const res = await get(path);
        expect(res.status, path).toBe(400);
        expect(await res.json()).toMatchObject({ success: false, status: 400 });
      }
    });
  });

  describe('GET /homepage', () => {
    it('answers 404 while there is no homepage, then the homepage on every variant of the path', async () => {
      expect((await get('/homepage')).status).toBe(404);
      const db = t.app.deps.db;
      const catalogSlug = uniqueSlug('hits');
      const product = await addProduct(db, { title: text('Rose', 'Роза') });
      await addCatalog(db, [product], { slug: catalogSlug });
      const id = await addPage(db, { slug: uniqueSlug('home'), type: 'homepage', title: text('Home', 'Главная') });
      await addSection(db, { ownerType: 'page', ownerId: id, type: 'SectionProductWidget', options: { catalogSlug } });

      for (const path of ['/homepage', '/homepage/']) {
        const page = await getJson(path);
        expect(page).toMatchObject({ id, type: 'homepage', title: 'Home' });
        expect(page.sections[0]).not.toHaveProperty('data');
      }
      for (const path of ['/homepage/v2?lang=ru', '/homepage/v2/?lang=ru']) {
        const page = await getJson(path);
        expect(page).toMatchObject({ id, title: 'Главная' });
        expect(page.sections[0].data.products).toMatchObject([{ id: product, title: 'Роза' }]);
      }

      await db.update(pages).set({ enabled: false }).where(eq(pages.id, id));
      expect((await get('/homepage/v2')).status).toBe(404);
    });
  });

  describe('GET /pages/v2/:slug widget data', () => {
    it('resolves product widgets from a catalog in catalog order, up to the limit', async () => {
      const db = t.app.deps.db;
      const [a, b, c, hidden] = [
        await addProduct(db, { title: text('A', 'А'), priceCents: 1250 }),
        await addProduct(db, { title: text('B', 'Б') }),
        await addProduct(db, { title: text('C', 'В') }),
        await addProduct(db, { enabled: false }),
      ];
      const catalogSlug = uniqueSlug('catalog');
      await addCatalog(db, [hidden, b, a, c], { slug: catalogSlug });
      const disabledCatalog = uniqueSlug('off');
      await addCatalog(db, [a], { slug: disabledCatalog, enabled: false });
      const slug = uniqueSlug('widgets');
      const id = await addPage(db, { slug });
      await addSection(db, {
        ownerType: 'page',
        ownerId: id,
        type: 'SectionProductWidget',
        position: 1,
        options: { catalogSlug, limit: 2 },
      });
      await addSection(db, {
        ownerType: 'page',
        ownerId: id,
        type: 'SectionProductWidget',
        position: 2,
        options: { catalogSlug: catalogSlug.toUpperCase() },
      });
      await addSection(db, {
        ownerType: 'page',
        ownerId: id,
        type: 'SectionProductWidget',
        position: 3,
        options: { catalogSlug: 'no-such-catalog' },
      });
      await addSection(db, {
        ownerType: 'page',
        ownerId: id,
        type: 'SectionProductWidget',
        position: 4,
        options: { catalogSlug: disabledCatalog },
      });
      await addSection(db, { ownerType: 'page', ownerId: id, type: 'SectionProductWidget', position: 5, options: {} });

      const page = await getJson(`/pages/v2/${slug}?lang=ru`);
      const ids = (n: number) => page.sections[n].data.products.map((p: { id: string }) => p.id);
      expect(ids(0)).toEqual([b, a]);
      expect(ids(1)).toEqual([b, a, c]);
      expect(ids(2)).toEqual([]);
      expect(ids(3)).toEqual([]);
      expect(ids(4)).toEqual([]);
      expect(page.sections[0].data.products[1]).toMatchObject({
        title: 'А',
        price: 12.5,
        priceFull: 12.5,
        variations: [{ default: true }],
      });
    });

    it('resolves product widgets by items in item order, skipping unknown products', async () => {
      const db = t.app.deps.db;
      const first = await addProduct(db, { title: text('First', 'Первый') });
      const second = await addProduct(db);
      const slug = uniqueSlug('picked');
      const id = await addPage(db, { slug });
      await addSection(db, {
        ownerType: 'page',
        ownerId: id,
        type: 'SectionProductWidgetByItems',
        items: [
          { id: 'i1', options: { product: { id: second } } },
          { id: 'i2', options: { product: { id: 'missing-product' } } },
          { id: 'i3', options: { product: first } },
          { id: 'i4', options: {} },
        ],
      });
      const page = await getJson(`/pages/v2/${slug}`);
      expect(page.sections[0].data.products.map((p: { id: string }) => p.id)).toEqual([second, first]);
    });

    it('resolves media widgets, media lists and tag lists of a category', async () => {
      const db = t.app.deps.db;
      const categorySlug = uniqueSlug('news');
      const categoryId = await addPage(db, { slug: categorySlug, type: 'category', title: text('News', 'Новости') });
      const otherCategory = await addPage(db, { slug: uniqueSlug('other'), type: 'category' });
      const newest = await addArticle(db, { categoryId, title: text('Newest', 'Новейшая'), publishedAt: daysAgo(1) });
      const middle = await addArticle(db, { categoryId, publishedAt: daysAgo(2) });
      const oldest = await addArticle(db, { categoryId, publishedAt: daysAgo(3) });
      await addArticle(db, { categoryId, publishedAt: daysAgo(-1) });
      await addArticle(db, { categoryId, enabled: false, publishedAt: daysAgo(1) });
      await addArticle(db, { categoryId: otherCategory, publishedAt: daysAgo(1) });
      const tagB = await addTag(db, { type: categorySlug, title: text('Second', 'Второй'), position: 2 });
      const tagA = await addTag(db, { type: categorySlug, title: text('First', 'Первый'), position: 1 });

      const slug = uniqueSlug('landing');
      const id = await addPage(db, { slug });
      await addSection(db, {
        ownerType: 'page',
        ownerId: id,
        type: 'SectionMediaWidget',
        position: 1,
        options: { categorySlug, limit: 2 },
      });
      await addSection(db, { ownerType: 'page', ownerId: id, type: 'SectionMediaList', position: 2, options: { categorySlug } });
      await addSection(db, { ownerType: 'page', ownerId: id, type: 'SectionMediaTagsList', position: 3, options: { categorySlug } });
      await addSection(db, {
        ownerType: 'page',
        ownerId: id,
        type: 'SectionMediaWidget',
        position: 4,
        options: { categorySlug: 'no-such-category' },
      });
      await addSection(db, { ownerType: 'page', ownerId: id, type: 'SectionMediaList', position: 5 });

      const page = await getJson(`/pages/v2/${slug}?lang=ru`);
      const [widget, list, tagList, unknown, noCategory] = page.sections;
      expect(widget.data.articles.map((a: { id: string }) => a.id)).toEqual([newest, middle]);
      expect(widget.data.articles[0]).toMatchObject({
        title: 'Новейшая',
        url: expect.stringMatching(new RegExp(`^/${categorySlug}/`)),
        category: { slug: categorySlug, title: 'Новости' },
      });
      expect(list.data).toMatchObject({ total: 3, limit: 12 });
      expect(list.data.articles.map((a: { id: string }) => a.id)).toEqual([newest, middle, oldest]);
      expect(tagList.data.tags).toEqual([
        { id: tagA, slug: expect.any(String), title: 'Первый' },
        { id: tagB, slug: expect.any(String), title: 'Второй' },
      ]);
      expect(unknown.data).toEqual({ articles: [] });
      expect(noCategory.data).toEqual({ articles: [], total: 0, limit: 12 });
    });

    it('lists the category itself on a category page and pages it by the media setting', async () => {
      const db = t.app.deps.db;
      await putSettings(db, { media: { itemsPerPage: 2 } });
      try {
        const categorySlug = uniqueSlug('journal');
        const categoryId = await addPage(db, { slug: categorySlug, type: 'category' });
        const ids = [];
        for (let i = 1; i <= 3; i++) ids.push(await addArticle(db, { categoryId, publishedAt: daysAgo(i) }));
        await addTag(db, { type: categorySlug });
        await addSection(db, { ownerType: 'page', ownerId: categoryId, type: 'SectionMediaList', position: 1 });
        await addSection(db, { ownerType: 'page', ownerId: categoryId, type: 'SectionMediaTagsList', position: 2 });
        const page = await getJson(`/pages/v2/${categorySlug}`);
        expect(page.sections[0].data).toMatchObject({ total: 3, limit: 2 });
        expect(page.sections[0].data.articles.map((a: { id: string }) => a.id)).toEqual(ids.slice(0, 2));
        expect(page.sections[1].data.tags).toHaveLength(1);
      } finally {
        await clearSettings(db);
      }
    });

    it('leaves sections that are not widgets without data', async () => {
      const slug = uniqueSlug('text');
      const id = await addPage(t.app.deps.db, { slug });
      await addSection(t.app.deps.db, {
        ownerType: 'page',
        ownerId: id,
        type: 'SectionTextBlockBase',
        options: { content: { html: '<p>Hi</p>' } },
      });
      const page = await getJson(`/pages/v2/${slug}`);
      expect(page.sections[0]).not.toHaveProperty('data');
      expect(page.sections[0].options.content.html).toBe('<p>Hi</p>');
    });
  });
});
