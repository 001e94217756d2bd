import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUserToken } from '../../src/server/api/core/auth';
import { comments, users } from '../../src/server/db/schema';
import {
  addArticle,
  addComment,
  addImage,
  addPage,
  addProduct,
  addCatalog,
  addSection,
  addTag,
  clearSettings,
  daysAgo,
  putSettings,
  tagArticle,
  text,
  uniqueSlug,
  useTestApp,
} from '../helpers/content-fixtures';
import { databaseKinds } from '../helpers/test-app';

const idsOf = (items: { id: string }[]) => items.map((i) => i.id);

describe.each(databaseKinds)('articles, comments and tags on %s', (kind) => {
  const t = useTestApp(kind);
  const { get, getJson } = t;

  /** A category with three published articles (newest first: a1, a2, a3) and hidden ones around them. */
  const blog = {
    id: '',
    slug: '',
    articles: [] as string[],
    articleSlugs: [] as string[],
    tagNews: '',
    tagTips: '',
    otherCategoryId: '',
    disabledArticleSlug: '',
    futureArticleSlug: '',
    hiddenCategoryArticleSlug: '',
    hiddenCategorySlug: '',
    previewImage: '',
  };

  beforeAll(async () => {
    const db = t.app.deps.db;
    blog.slug = uniqueSlug('blog');
    blog.id = await addPage(db, { slug: blog.slug, type: 'category', title: text('Blog', 'Блог') });
    blog.otherCategoryId = await addPage(db, { slug: uniqueSlug('recipes'), type: 'category', title: text('Recipes', 'Рецепты') });
    blog.previewImage = await addImage(db, { alt: text('Cover', 'Обложка') });
    for (const [i, title] of [
      text('Spring planting', 'Весенняя посадка'),
      text('Watering', 'Полив'),
      text('Pruning', 'Обрезка'),
    ].entries()) {
      const slug = uniqueSlug('post');
      blog.articleSlugs.push(slug);
      blog.articles.push(
        await addArticle(db, {
          categoryId: blog.id,
          slug,
          title,
          excerpt: text(`Excerpt ${i}`, `Анонс ${i}`),
          authorName: i === 0 ? 'Olga' : null,
          previewImageId: i === 0 ? blog.previewImage : null,
          publishedAt: daysAgo(i + 1),
        }),
      );
    }
    blog.tagTips = await addTag(db, { type: blog.slug, slug: uniqueSlug('tips'), title: text('Tips', 'Советы'), position: 2 });
    blog.tagNews = await addTag(db, { type: blog.slug, slug: uniqueSlug('news'), title: text('News', 'Новости'), position: 1 });
    await tagArticle(db, blog.articles[0]!, blog.tagTips, blog.tagNews);
    await tagArticle(db, blog.articles[2]!, blog.tagTips);

    blog.disabledArticleSlug = uniqueSlug('draft');
    await addArticle(db, { categoryId: blog.id, slug: blog.disabledArticleSlug, enabled: false, publishedAt: daysAgo(1) });
    blog.futureArticleSlug = uniqueSlug('scheduled');
    await addArticle(db, { categoryId: blog.id, slug: blog.futureArticleSlug, publishedAt: daysAgo(-1) });
    await addArticle(db, { categoryId: blog.otherCategoryId, publishedAt: daysAgo(1) });
    blog.hiddenCategorySlug = uniqueSlug('closed');
    const hiddenCategory = await addPage(db, { slug: blog.hiddenCategorySlug, type: 'category', enabled: false });
    blog.hiddenCategoryArticleSlug = uniqueSlug('closed-post');
    await addArticle(db, { categoryId: hiddenCategory, slug: blog.hiddenCategoryArticleSlug, publishedAt: daysAgo(1) });
  });

  describe('GET /articles/:type/list', () => {
    it('lists the published articles of the category, newest first, with their total', async () => {
      const list = await getJson(`/articles/${blog.slug}/list`);
      expect(list.total).toBe(3);
      expect(idsOf(list.items)).toEqual(blog.articles);
    });

    it('answers article summaries in the request language', async () => {
      const [first] = (await getJson(`/articles/${blog.slug}/list?lang=ru`)).items;
      expect(first).toEqual({
        id: blog.articles[0],
        slug: blog.articleSlugs[0],
        url: `/${blog.slug}/${blog.articleSlugs[0]}`,
        title: 'Весенняя посадка',
        excerpt: 'Анонс 0',
        previewImage: expect.objectContaining({ id: blog.previewImage, alt: 'Обложка' }),
        author: { name: 'Olga' },
        publishedAt: expect.any(String),
        updatedAt: expect.any(String),
        tags: [
          { id: blog.tagNews, slug: expect.any(String), title: 'Новости' },
          { id: blog.tagTips, slug: expect.any(String), title: 'Советы' },
        ],
        category: { slug: blog.slug, title: 'Блог' },
      });
      const [, second] = (await getJson(`/articles/${blog.slug}/list?lang=en`)).items;
      expect(second).toMatchObject({ title: 'Watering', excerpt: 'Excerpt 1', author: null, previewImage: null, tags: [] });
    });

    it('pages with offset and limit', async () => {
      const page = await getJson(`/articles/${blog.slug}/list?offset=1&limit=1`);
      expect(page.total).toBe(3);
      expect(idsOf(page.items)).toEqual([blog.articles[1]]);
      expect((await getJson(`/articles/${blog.slug}/list?offset=10`)).items).toEqual([]);
    });

    it('filters by tags: articles having any of them', async () => {
      const tips = await getJson(`/articles/${blog.slug}/list?tagIds[]=${blog.tagTips}`);
      expect(idsOf(tips.items)).toEqual([blog.articles[0], blog.articles[2]]);
      expect(tips.total).toBe(2);
      const either = await getJson(`/articles/${blog.slug}/list?tagIds[]=${blog.tagNews}&tagIds[]=${blog.tagTips}`);
      expect(idsOf(either.items)).toEqual([blog.articles[0], blog.articles[2]]);
      const single = await getJson(`/articles/${blog.slug}/list?tagIds=${blog.tagNews}`);
      expect(idsOf(single.items)).toEqual([blog.articles[0]]);
      expect(await getJson(`/articles/${blog.slug}/list?tagIds[]=unknown`)).toEqual({ items: [], total: 0 });
      expect((await getJson(`/articles/${blog.slug}/list?tagIds[]=`)).total).toBe(3);
    });

    it('answers 404 for an unknown, disabled or non-category page', async () => {
      const plainPage = uniqueSlug('about');
      await addPage(t.app.deps.db, { slug: plainPage });
      for (const slug of ['no-such-category', blog.hiddenCategorySlug, plainPage]) {
        const res = await get(`/articles/${slug}/list`);
        expect(res.status, slug).toBe(404);
        expect(await res.json()).toMatchObject({ success: false, status: 404, message: 'Category not found' });
      }
    });

    it('refuses bad paging with 400', async () => {
      for (const query of ['limit=0', 'limit=abc', 'limit=1000', 'offset=-1', 'offset=1.5']) {
        const res = await get(`/articles/${blog.slug}/list?${query}`);
        expect(res.status, query).toBe(400);
        expect(await res.json()).toMatchObject({ success: false, message: 'Validation Failed' });
      }
      const nul = await get(`/articles/${blog.slug}/list?tagIds[]=a%00`);
      expect(nul.status).toBe(400);
      expect(await nul.json()).toMatchObject({ success: false, status: 400 });
    });
  });

  describe('GET /articles/grouped', () => {
    it('groups the newest articles of the asked categories in the asked order', async () => {
      const grouped = await getJson(`/articles/grouped?categoryIds[]=${blog.otherCategoryId}&categoryIds[]=${blog.id}&limit=2&lang=ru`);
      expect(grouped.map((g: { category: { id: string } }) => g.category.id)).toEqual([blog.otherCategoryId, blog.id]);
      expect(grouped[0].category).toEqual({ id: blog.otherCategoryId, slug: expect.any(String), title: 'Рецепты' });
      expect(grouped[0].items).toHaveLength(1);
      expect(idsOf(grouped[1].items)).toEqual(blog.articles.slice(0, 2));
      expect(grouped[1].items[0].tags).toHaveLength(2);
    });

    it('accepts slugs, skips unknown categories and names each category once', async () => {
      const grouped = await getJson(`/articles/grouped?categoryIds[]=${blog.slug}&categoryIds[]=nope&categoryIds[]=${blog.id}`);
      expect(grouped).toHaveLength(1);
      expect(grouped[0].category.id).toBe(blog.id);
      expect(idsOf(grouped[0].items)).toEqual(blog.articles);
    });

    it('groups every enabled category when none is named', async () => {
      const grouped = await getJson('/articles/grouped?limit=1');
      const ids = grouped.map((g: { category: { id: string } }) => g.category.id);
      expect(ids).toContain(blog.id);
      expect(ids).toContain(blog.otherCategoryId);
      expect(grouped.every((g: { items: unknown[] }) => g.items.length <= 1)).toBe(true);
    });

    it('refuses a bad limit with 400', async () => {
      expect((await get('/articles/grouped?limit=0')).status).toBe(400);
      expect((await get('/articles/grouped?limit=x')).status).toBe(400);
    });
  });

  describe('GET /articles/:slug', () => {
    it('answers the article with meta texts, sections and the approved comment count', async () => {
      const db = t.app.deps.db;
      const articleId = blog.articles[0]!;
      const product = await addProduct(db, { title: text('Seeds', 'Семена') });
      const catalogSlug = uniqueSlug('seeds');
      await addCatalog(db, [product], { slug: catalogSlug });
      await addSection(db, {
        ownerType: 'article',
        ownerId: articleId,
        type: 'SectionTextBlockBase',
        position: 1,
        options: { content: { html: text('<p>Body</p>', '<p>Текст</p>') } },
      });
      await addSection(db, {
        ownerType: 'article',
        ownerId: articleId,
        type: 'SectionProductWidget',
        position: 2,
        options: { catalogSlug },
      });
      await addComment(db, { articleId });
      await addComment(db, { articleId });
      await addComment(db, { articleId, status: 'pending' });
      await addComment(db, { articleId, status: 'rejected' });

      const article = await getJson(`/articles/${blog.articleSlugs[0]}?lang=ru`);
      expect(article).toMatchObject({
        id: articleId,
        slug: blog.articleSlugs[0],
        url: `/${blog.slug}/${blog.articleSlugs[0]}`,
        title: 'Весенняя посадка',
        h1: 'Весенняя посадка',
        metaTitle: 'Весенняя посадка',
        metaDescription: '',
        author: { name: 'Olga' },
        category: { slug: blog.slug, title: 'Блог' },
        commentCount: 2,
      });
      expect(article.tags).toHaveLength(2);
      expect(article.sections[0].options.content.html).toBe('<p>Текст</p>');
      expect(article.sections[1].data.products).toMatchObject([{ id: product, title: 'Семена' }]);
      expect((await getJson(`/articles/${articleId}`)).id).toBe(articleId);
    });

    it('prefers its own meta texts and else fills the article template', async () => {
      const db = t.app.deps.db;
      const slug = uniqueSlug('meta');
      await addArticle(db, {
        categoryId: blog.id,
        slug,
        title: text('Roses'),
        metaDescription: text('All on roses', 'Всё о розах'),
        publishedAt: daysAgo(5),
      });
      await putSettings(db, {
        seo: { metaTemplates: { article: { title: '{name} — blog', h1: 'Article: {name}', description: 'ignored {name}' } } },
      });
      try {
        expect(await getJson(`/articles/${slug}?lang=ru`)).toMatchObject({
          h1: 'Article: Roses (ru)',
          metaTitle: 'Roses (ru) — blog',
          metaDescription: 'Всё о розах',
        });
      } finally {
        await clearSettings(db);
      }
    });

    it('answers 404 for unknown, disabled, scheduled and hidden-category articles', async () => {
      for (const slug of ['no-such-article', blog.disabledArticleSlug, blog.futureArticleSlug, blog.hiddenCategoryArticleSlug]) {
        const res = await get(`/articles/${slug}`);
        expect(res.status, slug).toBe(404);
        expect(await res.json()).toMatchObject({ success: false, status: 404, message: 'Article not found' });
      }
    });
  });

  describe('GET /articles/:slug/comments', () => {
    it('answers approved comments only, oldest first, paged', async () => {
      const db = t.app.deps.db;
      const articleId = blog.articles[1]!;
      const firstAt = daysAgo(3);
      const first = await addComment(db, { articleId, authorName: 'Ivan', text: 'First!', email: 'ivan@example.com', createdAt: firstAt });
      await addComment(db, { articleId, text: 'Spam', status: 'pending', createdAt: daysAgo(2) });
      const reply = await addComment(db, { articleId, parentId: first, text: 'Reply', createdAt: daysAgo(1) });

      const list = await getJson(`/articles/${blog.articleSlugs[1]}/comments`);
      expect(list).toEqual([
        { id: first, authorName: 'Ivan', text: 'First!', createdAt: firstAt.toISOString(), parentId: null },
        { id: reply, authorName: 'Reader', text: 'Reply', createdAt: expect.any(String), parentId: first },
      ]);
      expect(JSON.stringify(list)).not.toContain('ivan@example.com');
      expect(idsOf(await getJson(`/articles/${blog.articleSlugs[1]}/comments?offset=1&limit=1`))).toEqual([reply]);
    });

    it('answers 404 for an unknown article and 400 for bad paging', async () => {
      expect((await get('/articles/no-such-article/comments')).status).toBe(404);
      expect((await get(`/articles/${blog.articleSlugs[1]}/comments?limit=500`)).status).toBe(400);
    });
  });

  describe('POST /articles/comments', () => {
    const countComments = async () => Number((await t.app.deps.db.select({ n: count() }).from(comments))[0]!.n);

    it('stores the comment for moderation and keeps it hidden', async () => {
      const articleId = blog.articles[2]!;
      const before = (await getJson(`/articles/${blog.articleSlugs[2]}`)).commentCount;
      const res = await t.app.request('/articles/comments?lang=ru', {
        method: 'POST',
        json: { article: blog.articleSlugs[2], name: '  Maria ', email: 'maria@example.com', text: ' Great post ' },
      });
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body).toEqual({
        success: true,
        status: 'pending',
        id: expect.any(String),
        message: 'Спасибо! Комментарий появится после проверки модератором.',
      });

      const [stored] = await t.app.deps.db.select().from(comments).where(eq(comments.id, body.id));
      expect(stored).toMatchObject({
        articleId,
        authorName: 'Maria',
        email: 'maria@example.com',
        text: 'Great post',
        status: 'pending',
        userId: null,
        parentId: null,
      });
      expect(idsOf(await getJson(`/articles/${blog.articleSlugs[2]}/comments`))).not.toContain(body.id);
      expect((await getJson(`/articles/${blog.articleSlugs[2]}`)).commentCount).toBe(before);
    });

    it('answers in English and accepts the article id and a reply to an approved comment', async () => {
      const articleId = blog.articles[2]!;
      const parent = await addComment(t.app.deps.db, { articleId });
      const res = await t.app.request('/articles/comments?lang=en', {
        method: 'POST',
        json: { article: articleId, name: 'Li', text: 'Agreed', parentId: parent, email: '' },
      });
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body.message).toBe('Thank you! Your comment will appear after moderation.');
      const [stored] = await t.app.deps.db.select().from(comments).where(eq(comments.id, body.id));
      expect(stored).toMatchObject({ parentId: parent, email: null, status: 'pending' });
    });

    it('records the signed-in user', async () => {
      const userId = randomUUID();
      await t.app.deps.db.insert(users).values({ id: userId, email: `${userId}@example.com`, passwordHash: 'x' });
      const token = await signUserToken(t.app.deps, { id: userId, email: `${userId}@example.com`, tokenVersion: 0 });
      const res = await t.app.request('/articles/comments', {
        method: 'POST',
        token,
        json: { article: blog.articleSlugs[0], name: 'Member', text: 'Hello' },
      });
      expect(res.status).toBe(201);
      const [stored] = await t.app.deps.db
        .select()
        .from(comments)
        .where(eq(comments.id, (await res.json()).id));
      expect(stored?.userId).toBe(userId);
    });

    it('refuses invalid comments with field errors and writes nothing', async () => {
      const before = await countComments();
      const cases: [unknown, string][] = [
        [{ article: blog.articleSlugs[0], text: 'No name' }, 'name'],
        [{ article: blog.articleSlugs[0], name: '   ', text: 'Blank name' }, 'name'],
        [{ article: blog.articleSlugs[0], name: 'A', text: '' }, 'text'],
        [{ article: blog.articleSlugs[0], name: 'A', text: 'x'.repeat(5001) }, 'text'],
        [{ article: blog.articleSlugs[0], name: 'A', text: 'Hi', email: 'not-an-email' }, 'email'],
        [{ article: blog.articleSlugs[0], name: 'A', text: 'Hi', email: 42 }, 'email'],
        [{ name: 'A', text: 'Hi' }, 'article'],
      ];
      for (const [json, field] of cases) {
        const res = await t.app.request('/articles/comments', { method: 'POST', json });
        expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
        const body = await res.json();
        expect(body).toMatchObject({ success: false, status: 400, message: 'Validation Failed' });
        expect(body.errors.children[field].errors.length).toBeGreaterThan(0);
      }
      const email = await t.app.request('/articles/comments', {
        method: 'POST',
        json: { article: blog.articleSlugs[0], name: 'A', text: 'Hi', email: 'bad@' },
      });
      expect((await email.json()).errors.children.email.errors).toEqual(['incorrect email format']);

      const nul = await t.app.request('/articles/comments', {
        method: 'POST',
        json: { article: blog.articleSlugs[0], name: 'A\u0000', text: 'Hi' },
      });
      expect(nul.status).toBe(400);
      const malformed = await t.app.request('/articles/comments', {
        method: 'POST',
        body: '{"article":',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.status).toBe(400);
      expect(await countComments()).toBe(before);
    });

    it('refuses comments on articles readers cannot see and replies to hidden comments', async () => {
      const before = await countComments();
      for (const article of ['no-such-article', blog.disabledArticleSlug, blog.futureArticleSlug]) {
        const res = await t.app.request('/articles/comments', { method: 'POST', json: { article, name: 'A', text: 'Hi' } });
        expect(res.status, article).toBe(404);
        expect(await res.json()).toMatchObject({ success: false, errorPath: 'article', message: 'Article not found' });
      }
      const pending = await addComment(t.app.deps.db, { articleId: blog.articles[0]!, status: 'pending' });
      const elsewhere = await addComment(t.app.deps.db, { articleId: blog.articles[1]! });
      for (const parentId of [pending, elsewhere, 'no-such-comment']) {
        const res = await t.app.request('/articles/comments', {
          method: 'POST',
          json: { article: blog.articleSlugs[0], name: 'A', text: 'Hi', parentId },
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ errorPath: 'parentId' });
      }
      expect(await countComments()).toBe(before + 2);
    });

    it('refuses comments while the shop has switched comments off', async () => {
      await putSettings(t.app.deps.db, { media: { pageStyle: { showComments: false } } });
      try {
        const before = await countComments();
        const res = await t.app.request('/articles/comments', {
          method: 'POST',
          json: { article: blog.articleSlugs[0], name: 'A', text: 'Hi' },
        });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ success: false, status: 403, message: 'Comments are disabled' });
        expect(await countComments()).toBe(before);
      } finally {
        await clearSettings(t.app.deps.db);
      }
    });
  });

  describe('GET /tags/:type/list', () => {
    it('answers the tags of the category in display order and language', async () => {
      expect(await getJson(`/tags/${blog.slug}/list?lang=ru`)).toEqual([
        { id: blog.tagNews, slug: expect.any(String), title: 'Новости' },
        { id: blog.tagTips, slug: expect.any(String), title: 'Советы' },
      ]);
      expect((await getJson(`/tags/${blog.slug}/list?lang=en`)).map((t: { title: string }) => t.title)).toEqual(['News', 'Tips']);
    });

    it('finds the category whatever the case of its slug', async () => {
      expect(await getJson(`/tags/${blog.slug.toUpperCase()}/list`)).toHaveLength(2);
    });

    it('answers an empty list for a category without tags and 404 for an unknown or disabled one', async () => {
      const bare = uniqueSlug('bare');
      await addPage(t.app.deps.db, { slug: bare, type: 'category' });
      expect(await getJson(`/tags/${bare}/list`)).toEqual([]);
      for (const slug of ['no-such-category', blog.hiddenCategorySlug]) {
        const res = await get(`/tags/${slug}/list`);
        expect(res.status, slug).toBe(404);
        expect(await res.json()).toMatchObject({ success: false, message: 'Category not found' });
      }
    });
  });
});
