import { beforeAll, describe, expect, it, vi } from 'vitest';
import { menuItems } from '../../src/server/db/schema';
import { addImage, addMenu, addRedirect, text, uniqueSlug, useTestApp } from '../helpers/content-fixtures';
import { databaseKinds } from '../helpers/test-app';

describe.each(databaseKinds)('images, redirects and menus on %s', (kind) => {
  const t = useTestApp(kind);
  const { get, getJson } = t;

  describe('GET /images/:id', () => {
    it('answers the image with texts in the request language', async () => {
      const id = await addImage(t.app.deps.db, { alt: text('A rose', 'Роза'), title: text('Rose', 'Роза крупно'), dir: 'products' });
      const image = await getJson(`/images/${id}?lang=ru`);
      expect(image).toEqual({
        id,
        name: expect.any(String),
        alt: 'Роза',
        title: 'Роза крупно',
        uri: `/uploads/${id}.jpg`,
        mime: 'image/jpeg',
        width: 800,
        height: 600,
        extension: 'jpg',
        size: 12345,
        createdAt: expect.any(String),
        type: 'image',
        dir: 'products',
      });
      expect((await getJson(`/images/${id}?lang=en`)).alt).toBe('A rose');
    });

    it('answers 404 for an unknown image and 400 for an impossible id', async () => {
      const res = await get('/images/00000000-0000-4000-8000-000000000000');
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, status: 404, message: 'Image not found' });
      expect((await get('/images/a%00b')).status).toBe(400);
    });
  });

  describe('GET /images/batch', () => {
    it('answers the images in request order, without unknown or repeated ids', async () => {
      const a = await addImage(t.app.deps.db);
      const b = await addImage(t.app.deps.db);
      const unknown = '00000000-0000-4000-8000-000000000001';
      const images = await getJson(`/images/batch?ids[]=${b}&ids[]=${unknown}&ids[]=${a}&ids[]=${b}`);
      expect(images.map((i: { id: string }) => i.id)).toEqual([b, a]);
    });

    it('drops ids of 30 characters or fewer before the lookup', async () => {
      const shortId = 'short-image-id-of-30-chars-xyz';
      expect(shortId).toHaveLength(30);
      await addImage(t.app.deps.db, { id: shortId });
      const longId = await addImage(t.app.deps.db);
      expect(await getJson(`/images/batch?ids[]=${shortId}`)).toEqual([]);
      expect((await getJson(`/images/batch?ids[]=${shortId}&ids[]=${longId}`)).map((i: { id: string }) => i.id)).toEqual([longId]);
    });

    it('accepts a single id and no ids', async () => {
      const id = await addImage(t.app.deps.db);
      expect((await getJson(`/images/batch?ids=${id}`)).map((i: { id: string }) => i.id)).toEqual([id]);
      expect(await getJson('/images/batch')).toEqual([]);
    });

    it('refuses too many or impossible ids with 400', async () => {
      const many = Array.from({ length: 201 }, (_, i) => `ids[]=${String(i).padStart(36, '0')}`).join('&');
      expect((await get(`/images/batch?${many}`)).status).toBe(400);
      expect((await get('/images/batch?ids[]=a%00b')).status).toBe(400);
    });
  });

  describe('GET /redirects', () => {
    it('finds the stored redirect with or without a trailing slash, in any case', async () => {
      const base = uniqueSlug('old-page');
      await addRedirect(t.app.deps.db, `/${base}`, '/new-page');
      await addRedirect(t.app.deps.db, `/${base}-folder/`, 'catalogs/roses');
      for (const from of [`/${base}`, `/${base}/`, `/${base.toUpperCase()}`, `${base}`, `/${base}?utm=1`]) {
        expect(await getJson(`/redirects?from=${encodeURIComponent(from)}`), from).toEqual({ from: `/${base}`, to: '/new-page' });
      }
      expect(await getJson(`/redirects?from=/${base}-folder`)).toEqual({ from: `/${base}-folder/`, to: 'catalogs/roses' });
    });

    it('prefers the redirect stored exactly as asked when both spellings exist', async () => {
      const base = uniqueSlug('twin');
      await addRedirect(t.app.deps.db, `/${base}`, '/one');
      await addRedirect(t.app.deps.db, `/${base}/`, '/two');
      expect((await getJson(`/redirects?from=/${base}/`)).to).toBe('/two');
      expect((await getJson(`/redirects?from=/${base}`)).to).toBe('/one');
    });

    it('answers 404 when no redirect is stored', async () => {
      const res = await get('/redirects?from=/nothing-here');
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, status: 404, message: 'Redirect not found' });
    });

    it('needs a from path', async () => {
      for (const query of ['', '?from=', '?from=%20', '?from[]=/a&from[]=/b']) {
        const res = await get(`/redirects${query}`);
        expect(res.status, query).toBe(400);
        const body = await res.json();
        expect(body).toMatchObject({ success: false, message: 'Validation Failed', errorPath: 'from' });
        expect(body.errors.children.from.errors.length).toBeGreaterThan(0);
      }
      const nul = await get('/redirects?from=a%00b');
      expect(nul.status).toBe(400);
      expect(await nul.json()).toMatchObject({ success: false, status: 400 });
    });
  });

  describe('menus', () => {
    let mainItemIds: string[] = [];
    beforeAll(async () => {
      const db = t.app.deps.db;
      mainItemIds = (
        await addMenu(db, 'main', [
          {
            title: text('Shop', 'Магазин'),
            link: { type: 'catalog', url: 'roses' },
            children: [
              { title: text('Red rose', 'Красная роза'), link: { type: 'product', url: '/red-rose' } },
              {
                title: text('Blog', 'Блог'),
                link: { type: 'category', url: 'blog' },
                children: [{ title: text('Post', 'Статья'), link: { type: 'article', url: 'blog/post' } }],
              },
            ],
          },
          { title: text('About', 'О нас'), link: { type: 'page', url: 'about' } },
          { title: text('Partner', 'Партнёр'), link: { type: 'external', url: 'https://example.com/x' } },
        ])
      ).itemIds;
      await addMenu(db, 'info', [{ title: text('Delivery', 'Доставка'), link: { type: 'page', url: 'delivery' } }]);
      await addMenu(db, 'footer', []);
    });

    it('answers the named menus as trees with storefront urls, in the request language', async () => {
      const menus = await getJson('/menus/batch?names[]=info&names[]=main&names[]=footer&lang=ru');
      expect(Object.keys(menus)).toEqual(['info', 'main', 'footer']);
      expect(menus.info).toEqual([{ id: expect.any(String), title: 'Доставка', url: '/delivery', type: 'page', children: [] }]);
      expect(menus.footer).toEqual([]);
      const [shopId, roseId, blogId, postId, aboutId, partnerId] = mainItemIds;
      expect(menus.main).toEqual([
        {
          id: shopId,
          title: 'Магазин',
          url: '/catalogs/roses',
          type: 'catalog',
          children: [
            { id: roseId, title: 'Красная роза', url: '/products/red-rose', type: 'product', children: [] },
            {
              id: blogId,
              title: 'Блог',
              url: '/blog',
              type: 'category',
              children: [{ id: postId, title: 'Статья', url: '/blog/post', type: 'article', children: [] }],
            },
          ],
        },
        { id: aboutId, title: 'О нас', url: '/about', type: 'page', children: [] },
        { id: partnerId, title: 'Партнёр', url: 'https://example.com/x', type: 'external', children: [] },
      ]);
      expect((await getJson('/menus/batch?names[]=main&lang=en')).main[0].title).toBe('Shop');
    });

    it('answers the storefront menus when no names are given', async () => {
      expect(Object.keys(await getJson('/menus/batch'))).toEqual(['info', 'main', 'footer']);
    });

    it('logs and leaves out unknown menu names', async () => {
      const warn = vi.spyOn(t.app.deps.logger, 'warn');
      try {
        const menus = await getJson('/menus/batch?names[]=sidebar&names[]=info');
        expect(Object.keys(menus)).toEqual(['info']);
        expect(warn).toHaveBeenCalledWith({ menu: 'sidebar' }, 'unknown menu requested');
      } finally {
        warn.mockRestore();
      }
    });

    it('leaves out items whose parent is gone', async () => {
      const db = t.app.deps.db;
      const { menuId } = await addMenu(db, 'orphans', [{ title: text('Kept'), link: { type: 'page', url: 'kept' } }]);
      await db
        .insert(menuItems)
        .values({ id: crypto.randomUUID(), menuId, parentId: 'deleted-parent', title: text('Lost'), link: { type: 'page', url: 'lost' } });
      expect((await getJson('/menus/orphans/entries')).map((i: { title: string }) => i.title)).toEqual(['Kept']);
    });

    it('answers the entries of one menu, and 404 for an unknown one', async () => {
      const entries = await getJson('/menus/main/entries');
      expect(entries.map((i: { url: string }) => i.url)).toEqual(['/catalogs/roses', '/about', 'https://example.com/x']);
      const res = await get('/menus/sidebar/entries');
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, status: 404, message: 'Menu not found' });
    });

    it('refuses too many or impossible names with 400', async () => {
      const many = Array.from({ length: 21 }, (_, i) => `names[]=m${i}`).join('&');
      expect((await get(`/menus/batch?${many}`)).status).toBe(400);
      expect((await get('/menus/batch?names[]=a%00')).status).toBe(400);
    });
  });
});
