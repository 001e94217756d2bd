import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countAnswer, reviewAnswer, searchAnswer } from '../../src/contract/storefront/catalog';
import {
  createdAnswer,
  discountCheckAnswer,
  orderStateAnswer,
  paymentMethodsAnswer,
  pickupLocationAnswer,
  shippingZoneAnswer,
} from '../../src/contract/storefront/commerce';
import { imageAnswer, pendingModerationAnswer, successAnswer } from '../../src/contract/storefront/common';
import {
  articleListAnswer,
  commentAnswer,
  groupedArticlesAnswer,
  menuItemAnswer,
  menusAnswer,
  previewSectionDataAnswer,
  redirectAnswer,
  tagAnswer,
} from '../../src/contract/storefront/content';
import { profileAnswer, signedInAnswer, userAnswer, userReviewAnswer } from '../../src/contract/storefront/users';
import { createApiClient, type ApiClient } from '../../src/lib/api-client';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/**
 * The storefront API answers what its contract (src/contract/storefront) declares: each answer the contract has a
 * schema for is read through the storefront's client and must parse to itself (no field missing, none undeclared).
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
  const raw = async (path: string) => (await app.api.request(`/api${path}`, { headers: { accept: 'application/json' } })).json();

  function expectAnswer<S extends z.ZodType>(schema: S, answer: unknown): void {
    const parsed = schema.safeParse(answer);
    expect(parsed.error?.issues ?? [], JSON.stringify(answer).slice(0, 300)).toEqual([]);
    expect(parsed.data).toEqual(answer);
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

    const articles = (await api.getArticles('blog')).data;
    expectAnswer(articleListAnswer, articles);
    const article = articles.items[0]!;
    expectAnswer(groupedArticlesAnswer, (await api.getGroupedArticles()).data);
    expectAnswer(z.array(tagAnswer), (await api.getTags('blog')).data);
    expectAnswer(z.array(commentAnswer), (await api.getArticleComments(article.slug)).data);
    expectAnswer(menusAnswer, (await api.getMenus()).data);
    expectAnswer(z.array(menuItemAnswer), (await api.getMenuEntries('main')).data);
    expectAnswer(pendingModerationAnswer, (await api.postComment({ article: article.id, name: 'Ada', text: 'Nice.' })).data);
    expectAnswer(redirectAnswer, (await api.getRedirect('/old-shop')).data);
    const home = await api.getHomepage();
    const imageId = /"id":"([0-9a-f-]{36})","name"/.exec(JSON.stringify(home.data))![1]!;
    expectAnswer(imageAnswer, (await api.getImage(imageId)).data);
    const preview = await app.api.request('/api/preview/section-data', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sections: [{ id: 's1', type: 'SectionProductWidget', options: { catalog: catalog.id, limit: 2 } }] }),
    });
    expectAnswer(previewSectionDataAnswer, await preview.json());
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
    expectAnswer(createdAnswer, (await api.sendLead({ type: 'enquiry', product: product.id, name: 'Ada', phone: '+1 212 555 0101' })).data);
    expectAnswer(successAnswer, (await api.requestPasswordReset(email)).data);
    expectAnswer(successAnswer, (await api.logout()).data);
    token = null;
  });
});
