import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/lib/api-client';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/**
 * The platform's promise: a fresh shop seeded with the demo data answers every call of spec section 7
 * through the storefront's own typed client, in both languages, without a single error.
 */
describe.each(databaseKinds)('the seeded demo shop on %s', (kind) => {
  let app: TestApp;
  let token: string | null = null;
  const client = (lang: 'en' | 'ru' = 'en'): ApiClient =>
    createApiClient({
      fetcher: (path, init) => Promise.resolve(app.api.request(`/api${path}`, init)),
      getToken: () => token,
      lang,
      log: { notify: () => {}, alert: () => {} },
    });

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it('links its menus to no made-up site (only real social networks leave the shop)', async () => {
    const api = client('en');
    for (const name of ['main', 'info', 'footer']) {
      const entries = (await api.getMenuEntries(name)).data;
      const urls = entries.flatMap((entry) => [entry, ...entry.children]).map((entry) => entry.url);
      expect(urls.length, name).toBeGreaterThan(0);
      for (const url of urls) expect(url, `${name}: ${url}`).not.toMatch(/\.example(\/|$)/);
    }
  });

  it('describes cash payment in words that fit shipping, where it is offered too, not only a pick-up point', async () => {
    for (const lang of ['en', 'ru'] as const) {
      const methods = (await client(lang).getPaymentMethods()).data;
      const cash = Object.values(methods).find((method) => method.kind === 'cash');
      expect(cash?.description, lang).toBeTruthy();
      expect(cash?.description, lang).not.toMatch(/SoHo|Сохо|collect|магазине/);
    }
  });

  it('serves settings, menus, the homepage and pages in both languages', async () => {
    for (const lang of ['en', 'ru'] as const) {
      const api = client(lang);
      const config = await api.getConfig();
      expect(config.error).toBeNull();
      expect(config.data?.common.sitename).toBeTruthy();
      const menus = await api.getMenus();
      expect(menus.error).toBeNull();
      expect(Object.keys(menus.data).sort()).toEqual(['footer', 'info', 'main']);
      expect((await api.getMenuEntries('main')).data.length).toBeGreaterThan(0);
      const home = await api.getHomepage();
      expect(home.error).toBeNull();
      expect(new Set(home.data?.sections.map((s) => s.type)).size).toBeGreaterThanOrEqual(8);
      const about = await api.getPage('about');
      expect(about.error).toBeNull();
    }
    const en = (await client('en').getPage('about')).data?.title;
    const ru = (await client('ru').getPage('about')).data?.title;
    expect(en).not.toEqual(ru);
  });

  it('serves catalogs, products, reviews, related and similar products, and search', async () => {
    const api = client();
    const catalog = await api.getCatalogV3('clothing', { page: 1, sort: 'price_asc' });
    expect(catalog.error).toBeNull();
    expect(catalog.data?.productCount).toBeGreaterThan(0);
    const list = catalog.data!.sections.find((s) => s.type === 'SectionProductList') as { items: { id: string; slug: string }[] };
    const first = list.items[0]!;
    expect((await api.getCatalogProducts(catalog.data!.id)).data.length).toBeGreaterThan(0);
    expect((await api.countCatalogProducts(catalog.data!.id)).data).toBe(catalog.data!.productCount);
    const product = await api.getProduct(first.slug);
    expect(product.data?.id).toBe(first.id);
    expect((await api.getProductByVariation(product.data!.variations[0]!.id)).data?.id).toBe(first.id);
    expect((await api.getSimilar(first.id)).error).toBeNull();
    expect((await api.getRelatedProducts([first.id])).data.length).toBeGreaterThan(0);
    expect((await api.getReviews(first.slug, 0)).error).toBeNull();
    const search = await api.search('linen');
    expect(search.data.totalResultCount).toBeGreaterThan(0);
  });

  it('serves the blog: articles, grouped articles, tags and comments', async () => {
    const api = client();
    const articles = await api.getArticles('blog');
    expect(articles.error).toBeNull();
    expect(articles.data.items.length).toBeGreaterThanOrEqual(8);
    const article = await api.getArticle(articles.data.items[0]!.slug);
    expect(article.error).toBeNull();
    expect((await api.getTags('blog')).data.length).toBeGreaterThan(0);
    expect((await api.getGroupedArticles()).error).toBeNull();
    expect((await api.getArticleComments(article.data!.slug)).error).toBeNull();
  });

  it('serves images, image batches and stored redirects', async () => {
    const api = client();
    const home = await api.getHomepage();
    const ids = [...JSON.stringify(home.data).matchAll(/"id":"([0-9a-f-]{36})","name"/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(0);
    expect((await api.getImage(ids[0]!)).data?.width).toBeGreaterThan(0);
    expect((await api.getImagesBatch(ids.slice(0, 3))).data.length).toBe(Math.min(3, ids.length));
    expect((await api.getRedirect('/old-shop')).data?.to).toBeTruthy();
  });

  it('lets a customer register, fill the cart, check a code and order with pickup and cash', async () => {
    const api = client();
    const registered = await api.register({
      email: `shopper-${kind}@example.com`,
      password: 'secret-pass',
      profile: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(registered.error).toBeNull();
    const login = await api.login({ username: `shopper-${kind}@example.com`, password: 'secret-pass' });
    expect(login.error).toBeNull();
    token = login.data!.token;
    expect((await api.getUsers()).data).toHaveLength(1);
    expect((await api.getProfile()).data?.firstName).toBe('Ada');

    const catalog = await api.getCatalogProducts('clothing', 0, 20);
    const product = catalog.data.find((p) => p.variations.some((v) => v.inStock && v.price > 0))!;
    const variation = product.variations.find((v) => v.inStock && v.price > 0)!;
    expect((await api.putCart([{ variationId: variation.id, quantity: 1 }])).error).toBeNull();
    expect((await api.getCart()).data).toHaveLength(1);

    const check = await api.checkDiscountCode({ code: 'WELCOME10', items: [{ variationId: variation.id, quantity: 1 }] });
    expect(check.error).toBeNull();
    const unknown = await api.checkDiscountCode({ code: 'NO-SUCH-CODE', items: [{ variationId: variation.id, quantity: 1 }] });
    expect(unknown.error?.errorCode).toBe(1);

    const locations = await api.getLocations();
    expect(locations.data.length).toBeGreaterThanOrEqual(2);
    expect((await api.getShippingZones()).data.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys((await api.getPaymentMethods()).data)).toEqual(expect.arrayContaining(['cash', 'card']));
    const methods = await api.getPaymentMethodsByLocation(locations.data[0]!.code);
    expect(methods.data.cash).toBeTruthy();
    expect((await api.getOrderStates()).data.length).toBeGreaterThan(0);

    const order = await api.placeOrder({
      items: [{ variationId: variation.id, quantity: 1 }],
      discountCodeId: check.data!.id,
      customer: { name: 'Ada', phone: '+1 212 555 0101', email: `shopper-${kind}@example.com` },
      delivery: { method: 'pickup', locationId: locations.data[0]!.id },
      paymentMethod: 'cash',
      agreement: true,
    });
    expect(order.error).toBeNull();
    expect(order.data!.totalPrice).toBeCloseTo(variation.price * 0.9, 2);
    expect((await api.getCart()).data).toHaveLength(0);
    expect((await api.getUserOrders()).data).toHaveLength(1);
    expect((await api.getOrder(order.data!.number)).data?.id).toBe(order.data!.id);
    expect((await api.getOrdersBatch([order.data!.id])).data).toHaveLength(1);

    expect(
      (await api.sendLead({ type: 'enquiry', product: product.id, name: 'Ada', phone: '+1 212 555 0101', text: 'Hello' })).error,
    ).toBeNull();
    expect((await api.requestPasswordReset(`shopper-${kind}@example.com`)).error).toBeNull();
    expect((await api.deleteUser()).error).toBeNull();
    token = null;
  });
});
