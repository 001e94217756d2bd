import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  catalogPageAnswer,
  countAnswer,
  productAnswer,
  productDetailAnswer,
  productListSectionAnswer,
  reviewAnswer,
  searchAnswer,
} from '../../src/contract/storefront/catalog';
import {
  cartAnswer,
  cartItemAnswer,
  createdAnswer,
  discountCheckAnswer,
  orderAnswer,
  orderStateAnswer,
  paymentMethodsAnswer,
  pickupLocationAnswer,
  placedOrderAnswer,
  shippingZoneAnswer,
} from '../../src/contract/storefront/commerce';
import { imageAnswer, pendingModerationAnswer, successAnswer } from '../../src/contract/storefront/common';
import {
  articleAnswer,
  articleListAnswer,
  commentAnswer,
  groupedArticlesAnswer,
  menuItemAnswer,
  menusAnswer,
  pageAnswer,
  previewSectionDataAnswer,
  redirectAnswer,
  shopConfigAnswer,
  tagAnswer,
  widgetDataAnswer,
} from '../../src/contract/storefront/content';
import { profileAnswer, signedInAnswer, userAnswer, userReviewAnswer } from '../../src/contract/storefront/users';
import { createApiClient, type ApiClient, type ShippingRateDto } from '../../src/lib/api-client';
import { createSignedInStaff } from '../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/**
 * The storefront API answers what its contract (src/contract/storefront) declares: each answer is read through the
 * storefront's client from the seeded shop and must parse to itself against its strict schema (no field missing,
 * none undeclared), the widget data inside page sections included.
 */
describe.each(databaseKinds)('the storefront contract on %s', (kind) => {
  let app: TestApp;
  let token: string | null = null;
  const api: ApiClient = createApiClient({
    fetcher: (path, init) => Promise.resolve(app.api.request(`/api${path}`, init)),
    getToken: () => token,
    lang: 'en',
    log: { notify: () => {}, alert: () => {} },
  });
  const raw = async (path: string) =>
    (
      await app.api.request(`/api${path}`, {
        headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      })
    ).json();

  function expectAnswer<S extends z.ZodType>(schema: S, answer: unknown): void {
    const parsed = schema.safeParse(answer);
    expect(parsed.error?.issues ?? [], JSON.stringify(answer).slice(0, 300)).toEqual([]);
    expect(parsed.data).toEqual(answer);
  }

  /** Each resolved widget `data` of the sections matches one of the contract's widget data shapes exactly; answers how many had data. */
  function expectWidgetData(sections: { data?: Record<string, unknown> | null }[]): number {
    const resolved = sections.filter((section) => section.data);
    for (const section of resolved) expectAnswer(widgetDataAnswer, section.data);
    return resolved.length;
  }

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers catalog and content calls as declared', async () => {
    const catalog = (await api.getCatalogV3('clothing')).data!;
    expectAnswer(countAnswer, await raw(`/catalogs/${catalog.id}/countProducts`));
    const product = (await api.getCatalogProducts(catalog.id)).data[0]!;
    const review = await api.postReview({ product: product.id, name: 'Ada', rating: 5, text: 'Fits well.' });
    expectAnswer(pendingModerationAnswer, review.data);
    expectAnswer(z.array(reviewAnswer), await raw(`/products/${product.slug}/reviews`));

    expectAnswer(searchAnswer, (await api.search('linen')).data);

    const clothing = await api.getCatalogV3('clothing', { sort: 'price_asc' });
    expectAnswer(catalogPageAnswer, clothing.data);
    expect(clothing.data!.sections.some((s) => s.type === 'SectionProductList' && s.items.length > 0)).toBe(true);
    const facets = productListSectionAnswer.parse(clothing.data!.sections.find((s) => s.type === 'SectionProductList')).data;
    const filtered = await api.getCatalogV3('clothing', {
      page: 1,
      filter: {
        minPrice: 1,
        maxPrice: 10_000,
        options: facets.filters.options.slice(0, 1),
        properties: facets.filters.properties.slice(0, 1),
      },
    });
    expectAnswer(catalogPageAnswer, filtered.data);
    const applied = productListSectionAnswer.parse(filtered.data!.sections.find((s) => s.type === 'SectionProductList')).data
      .appliedFilters;
    expect([applied.options.length, applied.properties.length, applied.minPrice]).toEqual([1, 1, 1]);
    const products = await api.getCatalogProducts(catalog.id);
    expectAnswer(z.array(productAnswer), products.data);
    const detail = await api.getProduct(product.slug);
    expectAnswer(productDetailAnswer, detail.data);
    expectAnswer(z.array(productAnswer).min(1), (await api.getSimilar(product.id)).data);
    expectAnswer(z.array(productAnswer).min(1), (await api.getRelatedProducts([product.id])).data);
    expectAnswer(productAnswer, (await api.getProductByVariation(product.variations[0]!.id)).data);

    const articles = (await api.getArticles('blog')).data;
    expectAnswer(articleListAnswer, articles);
    const article = articles.items[0]!;
    const articlePage = (await api.getArticle(article.slug)).data!;
    expectAnswer(articleAnswer, articlePage);
    const about = (await api.getPage('about')).data!;
    expectAnswer(pageAnswer, about);
    const category = (await api.getPage(article.category.slug, { page: 1 })).data!;
    expectAnswer(pageAnswer, category);
    expectAnswer(groupedArticlesAnswer, (await api.getGroupedArticles()).data);
    expectAnswer(z.array(tagAnswer), (await api.getTags('blog')).data);
    expectAnswer(z.array(commentAnswer), (await api.getArticleComments(article.slug)).data);
    expectAnswer(menusAnswer, (await api.getMenus()).data);
    const config = (await api.getConfig()).data!;
    expectAnswer(shopConfigAnswer, config);
    // the seeded logo is an image id: /config serves it resolved to its image
    expectAnswer(imageAnswer, config.header.logo);
    expectAnswer(z.array(menuItemAnswer), (await api.getMenuEntries('main')).data);
    expectAnswer(pendingModerationAnswer, (await api.postComment({ article: article.id, name: 'Ada', text: 'Nice.' })).data);
    expectAnswer(redirectAnswer, (await api.getRedirect('/old-shop')).data);
    const home = await api.getHomepage();
    expectAnswer(pageAnswer, home.data);
    const widgetSections = [clothing.data!, filtered.data!, detail.data!, articlePage, about, category, home.data!].flatMap(
      (answer) => answer.sections,
    );
    expectWidgetData(widgetSections);
    // every kind of widget data is among them: products, articles, a category's paged list, tags, comments, a listing
    const kinds = new Set(widgetSections.flatMap((section) => (section.data ? [Object.keys(section.data).sort().join()] : [])));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['products', 'articles', 'article,comments', 'tags']));
    expect([...kinds].some((k) => k.startsWith('articles,limit,page'))).toBe(true);
    expect([...kinds].some((k) => k.includes('appliedFilters'))).toBe(true);
    const imageId = /"id":"([0-9a-f-]{36})","name"/.exec(JSON.stringify(home.data))![1]!;
    expectAnswer(imageAnswer, (await api.getImage(imageId)).data);
    const preview = await app.api.request('/api/preview/section-data', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: (await createSignedInStaff(app, 'manager')).cookie },
      body: JSON.stringify({ sections: [{ id: 's1', type: 'SectionProductWidget', options: { catalog: catalog.id, limit: 2 } }] }),
    });
    const previewed = (await preview.json()) as z.infer<typeof previewSectionDataAnswer>;
    expectAnswer(previewSectionDataAnswer, previewed);
    expect(expectWidgetData(previewed.sections)).toBe(1);
  });

  it('answers commerce and account calls as declared', async () => {
    const email = `contract-${kind}@example.com`;
    const registered = await api.register({ email, password: 'secret-pass', profile: { firstName: 'Ada', lastName: 'Lovelace' } });
    expectAnswer(signedInAnswer, registered.data);
    const login = await api.login({ username: email, password: 'secret-pass' });
    expectAnswer(signedInAnswer, login.data);
    token = login.data!.token;
    expectAnswer(z.array(userAnswer), (await api.getUsers()).data);
    expectAnswer(profileAnswer, (await api.getProfile()).data);
    expectAnswer(profileAnswer, (await api.putProfile({ phone: '+1 212 555 0101', address: { country: 'us' } })).data);

    const product = (await api.getCatalogProducts('clothing')).data.find((p) => p.variations.some((v) => v.inStock && v.price > 0))!;
    const variation = product.variations.find((v) => v.inStock && v.price > 0)!;
    await api.postReview({ product: product.id, name: 'Ada', rating: 4, text: 'Good.' });
    expectAnswer(z.array(userReviewAnswer), (await api.getUserReviews()).data);

    const check = await api.checkDiscountCode({ code: 'WELCOME10', items: [{ variationId: variation.id, quantity: 1 }] });
    expectAnswer(discountCheckAnswer, check.data);
    expectAnswer(z.array(shippingZoneAnswer), (await api.getShippingZones()).data);
    const locations = (await api.getLocations()).data;
    expectAnswer(z.array(pickupLocationAnswer), locations);
    expectAnswer(paymentMethodsAnswer, (await api.getPaymentMethods()).data);
    expectAnswer(paymentMethodsAnswer, (await api.getPaymentMethodsByLocation(locations[0]!.code)).data);
    expectAnswer(z.array(orderStateAnswer), (await api.getOrderStates()).data);
    const cart = await api.putCart([{ variationId: variation.id, quantity: 2 }]);
    expectAnswer(z.array(cartItemAnswer).length(1), cart.data);
    expectAnswer(cartAnswer, await raw('/cart'));
    const placed = await api.placeOrder({
      items: [{ variationId: variation.id, quantity: 1 }],
      discountCodeId: check.data!.id,
      customer: { name: 'Ada', lastName: 'Lovelace', phone: '+1 212 555 0101', email },
      delivery: { method: 'pickup', locationId: locations[0]!.id },
      paymentMethod: 'cash',
      comment: 'Ring twice.',
      agreement: true,
    });
    expectAnswer(placedOrderAnswer, placed.data);
    expectAnswer(orderAnswer, (await api.getOrder(placed.data!.number)).data);
    expectAnswer(z.array(orderAnswer).length(1), (await api.getUserOrders()).data);
    expectAnswer(z.array(orderAnswer).length(1), (await api.getOrdersBatch([placed.data!.id])).data);
    expectAnswer(cartAnswer.extend({ items: z.array(cartItemAnswer).length(0) }), await raw('/cart'));
    expectAnswer(createdAnswer, (await api.sendLead({ type: 'enquiry', product: product.id, name: 'Ada', phone: '+1 212 555 0101' })).data);
    expectAnswer(successAnswer, (await api.requestPasswordReset(email)).data);
    expectAnswer(successAnswer, (await api.logout()).data);
    token = null;

    // a guest's order with a shipping address and a receiver, read back with its secret token
    const fits = (r: ShippingRateDto) =>
      (r.minOrderAmount ?? 0) <= variation.price && (r.maxOrderAmount ?? Infinity) >= variation.price && r.minWeight === null;
    const zone = (await api.getShippingZones()).data.find((z) => z.rates.some(fits))!;
    const shipped = await api.placeOrder({
      items: [{ variationId: variation.id, quantity: 1 }],
      customer: { name: 'Grace', phone: '+1 212 555 0102' },
      receiver: { name: 'Alan', phone: '+1 212 555 0103' },
      delivery: {
        method: 'shipping',
        zoneId: zone.id,
        rateId: zone.rates.find(fits)!.id,
        address: { country: zone.countries[0]!.split('-')[0]!, locality: 'Springfield', street: '1 Main St' },
      },
      paymentMethod: 'cash',
      agreement: true,
    });
    expect(shipped.error).toBeNull();
    expectAnswer(placedOrderAnswer, shipped.data);
    expectAnswer(orderAnswer, (await api.getOrder(shipped.data!.id, shipped.data!.secretToken)).data);
  });
});
