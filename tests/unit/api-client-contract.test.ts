/**
 * The API client against the real routes, in-process: paths, query strings, bodies and the answers the
 * client reads must line up with what the server does.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiClient, createApiClient } from '../../src/lib/api-client';
import type { Language } from '../../src/lib/localize';
import { type ContractShop, createContractShop } from './fixtures/api-contract-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('API client against the API on %s', (kind) => {
  let app: TestApp;
  let shop: ContractShop;

  beforeAll(async () => {
    app = await createTestApp(kind);
    shop = await createContractShop(app.deps.db);
  });
  afterAll(async () => {
    await app.close();
  });

  function client(options: { token?: string | null; lang?: Language } = {}): ApiClient {
    return createApiClient({
      fetcher: async (path, init) => app.api.request(`/api${path}`, init),
      getToken: () => options.token,
      lang: options.lang ?? 'en',
      log: { notify: vi.fn(), alert: vi.fn() },
    });
  }

  describe('catalog', () => {
    it('reads a product by slug, in the language asked for', async () => {
      const en = await client().getProduct(shop.shirt.slug);
      expect(en.error).toBeNull();
      expect(en.data).toMatchObject({ id: shop.shirt.id, title: 'Shirt', price: 10 });
      expect((await client({ lang: 'ru' }).getProduct(shop.shirt.slug)).data?.title).toBe('Рубашка');
    });

    it('turns a missing product into a 404 error with the server message and a null product', async () => {
      const { error, data } = await client().getProduct('no-such-product');
      expect(data).toBeNull();
      expect(error).toMatchObject({
        statusCode: 404,
        status: 404,
        message: 'Product not found',
        context: 'getProduct',
        data: { success: false, detail: { message: 'Product not found' } },
      });
    });

    it('reads similar products, products by variation and related products', async () => {
      const api = client();
      expect((await api.getSimilar(shop.shirt.id)).data.map((p) => p.id)).toEqual([shop.mug.id]);
      expect((await api.getProductByVariation(shop.shirt.blueVariationId)).data?.id).toBe(shop.shirt.id);
      expect((await api.getRelatedProducts([shop.mug.id])).data.map((p) => p.id)).toEqual([shop.shirt.id]);
    });

    it('lists and counts catalog products', async () => {
      const api = client();
      expect((await api.getCatalogProducts(shop.catalogId)).data.map((p) => p.id)).toEqual([shop.shirt.id, shop.mug.id]);
      expect((await api.getCatalogProducts(shop.catalogId, 1, 1)).data.map((p) => p.id)).toEqual([shop.mug.id]);
      expect(await api.countCatalogProducts(shop.catalogId)).toEqual({ error: null, data: 2 });
    });

    it('pages reviews ten at a time, telling whether another page exists', async () => {
      const api = client();
      const first = await api.getReviews(shop.shirt.slug);
      expect(first.data.items).toHaveLength(10);
      expect(first.data.hasMore).toBe(true);
      const second = await api.getReviews(shop.shirt.slug, 1);
      expect(second.data.items).toHaveLength(1);
      expect(second.data.hasMore).toBe(false);
    });

    it('filters the catalog page by price, property and option', async () => {
      const api = client();
      const listed = async (filter: Parameters<ApiClient['getCatalogV3']>[1]) => {
        const { data, error } = await api.getCatalogV3(shop.catalogSlug, filter);
        expect(error).toBeNull();
        const list = data!.sections.find((s) => s.type === 'SectionProductList') as { items: { id: string }[] };
        return list.items.map((p) => p.id);
      };
      expect(await listed({ sort: 'price_asc' })).toEqual([shop.mug.id, shop.shirt.id]);
      expect(await listed({ filter: { minPrice: 6 } })).toEqual([shop.shirt.id]);
      expect(await listed({ filter: { maxPrice: 6 } })).toEqual([shop.mug.id]);
      expect(await listed({ filter: { properties: { Material: ['Cotton'] } } })).toEqual([shop.shirt.id]);
      expect(await listed({ filter: { options: [{ title: 'Colour', values: ['Blue'] }] } })).toEqual([shop.shirt.id]);
      expect(await listed({ filter: { options: { Colour: ['Green'] } } })).toEqual([]);
    });

    it('reports an invalid catalog query as a validation error', async () => {
      const { error, data } = await client().getCatalogV3(shop.catalogSlug, { filter: { minPrice: 10, maxPrice: 5 } });
      expect(data).toBeNull();
      expect(error).toMatchObject({ statusCode: 400, message: 'Validation Failed' });
    });

    it('searches the shop', async () => {
      const { data } = await client().search('shirt');
      expect(data.results.map((r) => r.id)).toContain(shop.shirt.id);
      expect(data.totalResultCount).toBeGreaterThanOrEqual(1);
    });

    it('posts a review for moderation and reports field errors', async () => {
      const api = client();
      const posted = await api.postReview({ product: shop.shirt.id, name: 'Ann', rating: 5, text: 'Lovely' });
      expect(posted.data).toMatchObject({ success: true, status: 'pending' });
      const rejected = await api.postReview({ product: shop.shirt.id, name: '', rating: 9, text: 'x' });
      expect(rejected.data).toBeNull();
      expect(rejected.error).toMatchObject({ statusCode: 400, message: 'Validation Failed' });
      const children = (rejected.error!.data as { errors: { children: Record<string, unknown> } }).errors.children;
      expect(Object.keys(children)).toEqual(expect.arrayContaining(['name', 'rating']));
    });
  });

  describe('account, cart and orders', () => {
    it('registers, signs in, keeps a cart, orders and deletes the account', async () => {
      const email = `contract-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const guest = client();
      const registered = await guest.register({ email, password: 'secret12', profile: { firstName: 'Ann', lastName: 'Lee' } });
      expect(registered.data).toMatchObject({ success: true, data: { email } });

      const badLogin = await guest.login({ username: email, password: 'wrong-password' });
      expect(badLogin.data).toBeNull();
      expect(badLogin.error).toMatchObject({ statusCode: 401, message: 'The username or password you entered is incorrect' });

      const login = await guest.login({ username: email, password: 'secret12' });
      const api = client({ token: login.data!.token });

      expect((await api.getProfile()).data).toMatchObject({ email, firstName: 'Ann' });
      expect((await api.putProfile({ lastName: 'Smith' })).data).toMatchObject({ lastName: 'Smith' });
      expect((await api.getUsers()).data.map((u) => u.email)).toEqual([email]);

      const saved = await api.putCart([{ variationId: shop.shirt.redVariationId, quantity: 2 }]);
      expect(saved.data.map((i) => [i.variationId, i.quantity])).toEqual([[shop.shirt.redVariationId, 2]]);
      expect((await api.getCart()).data.map((i) => i.product.id)).toEqual([shop.shirt.id]);

      const discount = await api.checkDiscountCode({
        code: 'NO-SUCH-CODE',
        items: [{ variationId: shop.shirt.redVariationId, quantity: 2 }],
      });
      expect(discount.data).toBeNull();
      expect(discount.error).toMatchObject({ statusCode: 400, errorCode: 1 });

      const placed = await api.placeOrder({
        items: [{ variationId: shop.shirt.redVariationId, quantity: 2 }],
        customer: { name: 'Ann', phone: '+971 50 123 4567', email },
        delivery: { method: 'pickup', locationId: shop.locationId },
        paymentMethod: shop.paymentCode,
        agreement: true,
      });
      expect(placed.error).toBeNull();
      const order = placed.data!;
      expect(order).toMatchObject({ totalPrice: 20, method: shop.paymentCode });

      expect((await client().getOrder(order.number, order.secretToken)).data?.id).toBe(order.id);
      expect((await client().getOrder(order.number)).error).toMatchObject({ statusCode: 404 });
      expect((await api.getOrdersBatch([order.number])).data.map((o) => o.id)).toEqual([order.id]);
      expect((await api.getUserOrders()).data.map((o) => o.id)).toEqual([order.id]);
      expect((await api.getCart()).data).toEqual([]);

      const payment = await api.initializePayment({ order: order.number });
      expect(payment.data).toBeNull();
      expect(payment.error?.statusCode).toBe(400);

      expect((await api.deleteUser()).data).toEqual({ success: true });
      expect((await api.getProfile()).error).toMatchObject({ statusCode: 401 });
    });

    it('asks for a password reset with the same answer for any address', async () => {
      expect((await client().requestPasswordReset('nobody@example.com')).data).toEqual({ success: true });
    });

    it('reads delivery options, payment methods and order states', async () => {
      const api = client();
      expect((await api.getLocations()).data.map((l) => l.code)).toContain(shop.locationCode);
      expect((await api.getShippingZones()).data[0]?.rates[0]).toMatchObject({ price: 3 });
      expect(Object.keys((await api.getPaymentMethods()).data)).toContain(shop.paymentCode);
      expect((await api.getPaymentMethodsByLocation(shop.locationCode)).data[shop.paymentCode]).toMatchObject({ methodName: 'Cash' });
      expect((await api.getPaymentMethodsByLocation('no-such-location')).error?.statusCode).toBe(404);
      expect((await api.getOrderStates()).data.length).toBeGreaterThan(0);
    });

    it('sends an enquiry', async () => {
      const { data, error } = await client().sendLead({ type: 'enquiry', product: shop.shirt.id, name: 'Ann', phone: '+7 999 123-45-67' });
      expect(error).toBeNull();
      expect(data).toMatchObject({ success: true });
    });
  });

  describe('content', () => {
    it('reads the shop settings', async () => {
      const { data, error } = await client().getConfig();
      expect(error).toBeNull();
      expect(data?.common.sitename).toBe('Sitename');
      expect(data?.languages).toEqual(['en', 'ru']);
    });

    it('reads pages and the homepage', async () => {
      const api = client({ lang: 'ru' });
      expect((await api.getPage(shop.aboutSlug)).data?.title).toBe('О нас');
      expect((await api.getHomepage()).data?.type).toBe('homepage');
      expect((await api.getPage('no-such-page')).error).toMatchObject({ statusCode: 404, message: 'Page not found' });
    });

    it('reads images one by one and in batches', async () => {
      const api = client();
      expect((await api.getImage(shop.imageId)).data?.id).toBe(shop.imageId);
      expect((await api.getImagesBatch([shop.imageId, 'logo.png'])).data.map((i) => i.id)).toEqual([shop.imageId]);
    });

    it('finds a stored redirect and answers null without an error for others', async () => {
      const api = client();
      expect((await api.getRedirect(shop.redirectFrom)).data).toEqual({ from: shop.redirectFrom, to: `/products/${shop.shirt.slug}` });
      expect(await api.getRedirect('/no-such-redirect')).toEqual({ error: null, data: null });
    });

    it('reads menus', async () => {
      const api = client();
      const menus = await api.getMenus([shop.menuName, 'info']);
      expect(Object.keys(menus.data)).toEqual([shop.menuName]);
      expect((await api.getMenuEntries(shop.menuName)).data[0]).toMatchObject({ title: 'Shirts', url: `/catalogs/${shop.catalogSlug}` });
    });

    it('reads articles, tags and comments and posts a comment for moderation', async () => {
      const api = client();
      const list = await api.getArticles(shop.blogSlug, { tagIds: [shop.tagId] });
      expect(list.data).toMatchObject({ total: 1, items: [{ slug: shop.article.slug }] });
      expect((await api.getArticles(shop.blogSlug, { offset: 1 })).data.items).toEqual([]);
      expect((await api.getArticle(shop.article.slug)).data).toMatchObject({ id: shop.article.id, commentCount: 0 });
      expect((await api.getTags(shop.blogSlug)).data.map((t) => t.id)).toEqual([shop.tagId]);
      const grouped = await api.getGroupedArticles({ categoryIds: [shop.blogSlug], limit: 3 });
      expect(grouped.data.map((g) => [g.category.slug, g.items.length])).toEqual([[shop.blogSlug, 1]]);
      const comment = await api.postComment({ article: shop.article.slug, name: 'Ann', text: 'Nice post' });
      expect(comment.data).toMatchObject({ success: true, status: 'pending' });
      expect((await api.getArticleComments(shop.article.slug)).data).toEqual([]);
    });
  });
});
