import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, createApiClient, createBrowserApiClient } from '../../src/lib/api-client';
import { parseQueryString } from '../../src/lib/query-string';

type Sent = { path: string; method: string; headers: Record<string, string>; body: unknown };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A client over a fake fetcher that answers `answer` (or what `respond` gives) and records what was sent. */
function fakeClient(
  respond: (sent: Sent) => Response = () => json(200, null),
  options: { token?: string | null; lang?: 'en' | 'ru' } = {},
) {
  const sent: Sent[] = [];
  const log = { notify: vi.fn(), alert: vi.fn() };
  const fetcher = vi.fn(async (path: string, init: RequestInit) => {
    const request: Sent = {
      path,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    return respond(request);
  });
  const api = createApiClient({ fetcher, getToken: () => options.token, lang: options.lang, log });
  return { api, sent, log, fetcher };
}

const UUID_A = '0d3c9a5e-6f7b-4c1d-9e2f-3a4b5c6d7e8f';
const UUID_B = '1e4d0b6f-7a8c-4d2e-8f3a-4b5c6d7e8f90';

type Case = {
  name: keyof ApiClient;
  invoke: (api: ApiClient) => Promise<{ error: unknown; data: unknown }>;
  method: string;
  path: string;
  body?: unknown;
  fallback: unknown;
  /** a successful answer and what the method makes of it (the answer itself when left out) */
  answer?: unknown;
  data?: unknown;
  severity?: 'alert';
};

const product = { id: 'p1', slug: 'shirt' };
const order = {
  items: [{ variationId: 'v1', quantity: 2 }],
  customer: { name: 'Ann', phone: '+971501234567' },
  delivery: { method: 'pickup' as const, locationId: 'loc-1' },
  paymentMethod: 'cash',
  agreement: true as const,
};

const cases: Case[] = [
  {
    name: 'getConfig',
    invoke: (a) => a.getConfig(),
    method: 'GET',
    path: '/config',
    fallback: null,
    answer: { common: {} },
    severity: 'alert',
  },
  {
    name: 'getProduct',
    invoke: (a) => a.getProduct('red shirt'),
    method: 'GET',
    path: '/products/red%20shirt',
    fallback: null,
    answer: product,
  },
  {
    name: 'getSimilar',
    invoke: (a) => a.getSimilar('p1'),
    method: 'GET',
    path: '/products/p1/similar?limit=6',
    fallback: [],
    answer: [product],
  },
  {
    name: 'getCatalogProducts',
    invoke: (a) => a.getCatalogProducts('c1'),
    method: 'GET',
    path: '/catalogs/c1/products?offset=0&limit=20',
    fallback: [],
    answer: [product],
    severity: 'alert',
  },
  {
    name: 'countCatalogProducts',
    invoke: (a) => a.countCatalogProducts('c1'),
    method: 'GET',
    path: '/catalogs/c1/countProducts',
    fallback: 0,
    answer: { count: 42 },
    data: 42,
    severity: 'alert',
  },
  {
    name: 'getReviews',
    invoke: (a) => a.getReviews('shirt', 2),
    method: 'GET',
    path: '/products/shirt/reviews?offset=20&limit=11',
    fallback: { items: [], hasMore: false },
    answer: [{ id: 'r1' }],
    data: { items: [{ id: 'r1' }], hasMore: false },
  },
  {
    name: 'postReview',
    invoke: (a) => a.postReview({ product: 'p1', name: 'Ann', rating: 5, text: 'Great' }),
    method: 'POST',
    path: '/product-reviews',
    body: { product: 'p1', name: 'Ann', rating: 5, text: 'Great' },
    fallback: null,
    answer: { success: true, status: 'pending', id: 'r1', message: 'Thanks' },
  },
  {
    name: 'getProductByVariation',
    invoke: (a) => a.getProductByVariation('v1'),
    method: 'GET',
    path: '/products/variation/v1',
    fallback: null,
    answer: product,
  },
  {
    name: 'getRelatedProducts',
    invoke: (a) => a.getRelatedProducts(['p1', 'p2']),
    method: 'GET',
    path: '/products/related-products?ids[]=p1&ids[]=p2&limit=20',
    fallback: [],
    answer: [product],
  },
  {
    name: 'getCatalogV3',
    invoke: (a) => a.getCatalogV3('shirts'),
    method: 'GET',
    path: '/catalogs/v3/shirts',
    fallback: null,
    answer: { slug: 'shirts', sections: [] },
    severity: 'alert',
  },
  {
    name: 'search',
    invoke: (a) => a.search('red shirt'),
    method: 'GET',
    path: '/search?q=red%20shirt&offset=0&limit=30',
    fallback: { results: [], totalResultCount: 0 },
    answer: { results: [{ id: 'p1' }], totalResultCount: 1 },
  },
  {
    name: 'getCart',
    invoke: (a) => a.getCart(),
    method: 'GET',
    path: '/cart',
    fallback: [],
    answer: { items: [{ id: 'i1' }] },
    data: [{ id: 'i1' }],
  },
  {
    name: 'putCart',
    invoke: (a) =>
      a.putCart([
        { id: 'i1', variationId: 'v1', quantity: 2 },
        { id: null, variationId: 'v2', quantity: 1 },
      ]),
    method: 'PUT',
    path: '/cart',
    body: [
      { id: 'i1', variationId: 'v1', quantity: 2 },
      { variationId: 'v2', quantity: 1 },
    ],
    fallback: [],
    answer: { items: [] },
    data: [],
  },
  {
    name: 'placeOrder',
    invoke: (a) => a.placeOrder(order),
    method: 'POST',
    path: '/orders',
    body: order,
    fallback: null,
    answer: { number: 1001 },
  },
  {
    name: 'checkDiscountCode',
    invoke: (a) => a.checkDiscountCode({ code: 'SALE', items: order.items }),
    method: 'POST',
    path: '/discount-code',
    body: { code: 'SALE', items: order.items },
    fallback: null,
    answer: { id: 'd1', code: 'SALE', price: 5, totalPrice: 15 },
  },
  {
    name: 'getOrder',
    invoke: (a) => a.getOrder(1001, 'secret'),
    method: 'GET',
    path: '/orders/1001?token=secret',
    fallback: null,
    answer: { number: 1001 },
  },
  {
    name: 'getOrdersBatch',
    invoke: (a) => a.getOrdersBatch([1001, 'o-2']),
    method: 'GET',
    path: '/orders/batch?ids[]=1001&ids[]=o-2',
    fallback: [],
    answer: [{ number: 1001 }],
  },
  {
    name: 'getOrderStates',
    invoke: (a) => a.getOrderStates(),
    method: 'GET',
    path: '/order-states',
    fallback: [],
    answer: [{ code: 'new' }],
  },
  { name: 'getUserOrders', invoke: (a) => a.getUserOrders(), method: 'GET', path: '/users/orders', fallback: [], answer: [{ number: 1 }] },
  {
    name: 'getUserReviews',
    invoke: (a) => a.getUserReviews(),
    method: 'GET',
    path: '/users/reviews?offset=0&limit=50',
    fallback: [],
    answer: [{ id: 'r1' }],
  },
  {
    name: 'sendLead',
    invoke: (a) => a.sendLead({ type: 'enquiry', product: 'p1', name: 'Ann', phone: '+7 999 123-45-67', email: null, text: 'Call me' }),
    method: 'POST',
    path: '/leads',
    body: { type: 'enquiry', product: 'p1', name: 'Ann', phone: '+7 999 123-45-67', email: null, text: 'Call me' },
    fallback: null,
    answer: { success: true },
  },
  {
    name: 'getArticles',
    invoke: (a) => a.getArticles('blog', { tagIds: ['t1', 't2'] }),
    method: 'GET',
    path: '/articles/blog/list?offset=0&limit=12&tagIds[]=t1&tagIds[]=t2',
    fallback: { items: [], total: 0 },
    answer: { items: [{ id: 'a1' }], total: 1 },
  },
  {
    name: 'getArticle',
    invoke: (a) => a.getArticle('hello'),
    method: 'GET',
    path: '/articles/hello',
    fallback: null,
    answer: { slug: 'hello' },
  },
  {
    name: 'getGroupedArticles',
    invoke: (a) => a.getGroupedArticles({ categoryIds: ['c1', 'c2'], limit: 3 }),
    method: 'GET',
    path: '/articles/grouped?categoryIds[]=c1&categoryIds[]=c2&limit=3',
    fallback: [],
    answer: [{ category: { id: 'c1' }, items: [] }],
  },
  { name: 'getTags', invoke: (a) => a.getTags('blog'), method: 'GET', path: '/tags/blog/list', fallback: [], answer: [{ id: 't1' }] },
  {
    name: 'postComment',
    invoke: (a) => a.postComment({ article: 'a1', name: 'Ann', text: 'Nice' }),
    method: 'POST',
    path: '/articles/comments',
    body: { article: 'a1', name: 'Ann', text: 'Nice' },
    fallback: null,
    answer: { success: true },
  },
  {
    name: 'getArticleComments',
    invoke: (a) => a.getArticleComments('hello'),
    method: 'GET',
    path: '/articles/hello/comments?offset=0&limit=20',
    fallback: [],
    answer: [{ id: 'c1' }],
  },
  { name: 'getPage', invoke: (a) => a.getPage('about'), method: 'GET', path: '/pages/v2/about', fallback: null, answer: { slug: 'about' } },
  { name: 'getHomepage', invoke: (a) => a.getHomepage(), method: 'GET', path: '/homepage/v2', fallback: null, answer: { slug: 'home' } },
  { name: 'getImage', invoke: (a) => a.getImage(UUID_A), method: 'GET', path: `/images/${UUID_A}`, fallback: null, answer: { id: UUID_A } },
  {
    name: 'getImagesBatch',
    invoke: (a) => a.getImagesBatch([UUID_A, UUID_B]),
    method: 'GET',
    path: `/images/batch?ids[]=${UUID_A}&ids[]=${UUID_B}`,
    fallback: [],
    answer: [{ id: UUID_A }],
  },
  {
    name: 'getRedirect',
    invoke: (a) => a.getRedirect('/old-page'),
    method: 'GET',
    path: '/redirects?from=%2Fold-page',
    fallback: null,
    answer: { from: '/old-page', to: '/new' },
  },
  { name: 'getUsers', invoke: (a) => a.getUsers(), method: 'GET', path: '/users', fallback: [], answer: [{ id: 'u1' }] },
  {
    name: 'putUser',
    invoke: (a) => a.putUser({ email: 'new@example.com', currentPassword: 'secret1' }),
    method: 'PUT',
    path: '/users',
    body: { email: 'new@example.com', currentPassword: 'secret1' },
    fallback: null,
    answer: { success: true, token: 't2', data: { id: 'u1', email: 'new@example.com' } },
  },
  { name: 'logout', invoke: (a) => a.logout(), method: 'POST', path: '/logout', fallback: null, answer: { success: true } },
  { name: 'deleteUser', invoke: (a) => a.deleteUser(), method: 'DELETE', path: '/users', fallback: null, answer: { success: true } },
  {
    name: 'login',
    invoke: (a) => a.login({ username: 'ann@example.com', password: 'secret1' }),
    method: 'POST',
    path: '/login_check',
    body: { username: 'ann@example.com', password: 'secret1' },
    fallback: null,
    answer: { success: true, token: 't', data: { id: 'u1', email: 'ann@example.com' } },
  },
  {
    name: 'register',
    invoke: (a) => a.register({ email: 'ann@example.com', password: 'secret1', profile: { firstName: 'Ann', lastName: 'Lee' } }),
    method: 'POST',
    path: '/register',
    body: { email: 'ann@example.com', password: 'secret1', profile: { firstName: 'Ann', lastName: 'Lee' } },
    fallback: null,
    answer: { success: true, token: 't', data: { id: 'u1', email: 'ann@example.com' } },
  },
  {
    name: 'getProfile',
    invoke: (a) => a.getProfile(),
    method: 'GET',
    path: '/users/profile',
    fallback: null,
    answer: { id: 'u1', firstName: 'Ann' },
  },
  {
    name: 'putProfile',
    invoke: (a) => a.putProfile({ firstName: 'Ann', address: { country: 'AE' } }),
    method: 'PUT',
    path: '/users/profile',
    body: { firstName: 'Ann', address: { country: 'AE' } },
    fallback: null,
    answer: { id: 'u1', firstName: 'Ann' },
  },
  {
    name: 'requestPasswordReset',
    invoke: (a) => a.requestPasswordReset('ann@example.com'),
    method: 'POST',
    path: '/reset_password_request',
    body: { email: 'ann@example.com' },
    fallback: null,
    answer: { success: true },
  },
  {
    name: 'confirmPasswordReset',
    invoke: (a) => a.confirmPasswordReset('tok/en', 'newsecret'),
    method: 'POST',
    path: '/reset_password_confirm/tok%2Fen',
    body: { password: 'newsecret' },
    fallback: null,
    answer: { success: true },
  },
  {
    name: 'getShippingZones',
    invoke: (a) => a.getShippingZones(),
    method: 'GET',
    path: '/shipping-zones',
    fallback: [],
    answer: [{ id: 'z1' }],
  },
  { name: 'getLocations', invoke: (a) => a.getLocations(), method: 'GET', path: '/locations', fallback: [], answer: [{ id: 'l1' }] },
  {
    name: 'getMenus',
    invoke: (a) => a.getMenus(),
    method: 'GET',
    path: '/menus/batch?names[]=info&names[]=main&names[]=footer',
    fallback: {},
    answer: { main: [] },
  },
  {
    name: 'getMenuEntries',
    invoke: (a) => a.getMenuEntries('main'),
    method: 'GET',
    path: '/menus/main/entries',
    fallback: [],
    answer: [{ id: 'm1' }],
  },
  {
    name: 'getPaymentMethods',
    invoke: (a) => a.getPaymentMethods(),
    method: 'GET',
    path: '/configs/payments-available-methods',
    fallback: {},
    answer: { cash: { methodName: 'Cash' } },
  },
  {
    name: 'getPaymentMethodsByLocation',
    invoke: (a) => a.getPaymentMethodsByLocation('loc 1'),
    method: 'GET',
    path: '/configs/payments-available-methods-by-location?code=loc%201',
    fallback: {},
    answer: { cash: { methodName: 'Cash' } },
  },
  {
    name: 'openReturn',
    invoke: (a) => a.openReturn(1001, { lines: [{ itemId: 'i 1', quantity: 1 }], reason: 'Too small' }),
    method: 'POST',
    path: '/orders/1001/returns',
    body: { lines: [{ itemId: 'i 1', quantity: 1 }], reason: 'Too small' },
    fallback: null,
    answer: { id: 'o1' },
  },
  {
    name: 'initializePayment',
    invoke: (a) => a.initializePayment({ order: 1001, token: 'secret' }),
    method: 'POST',
    path: '/payment/initialize',
    body: { order: 1001, token: 'secret' },
    fallback: null,
    answer: { url: 'https://pay.example/1' },
  },
  {
    name: 'reportCheckout',
    invoke: (a) => a.reportCheckout({ key: 'k'.repeat(32), items: [{ variationId: 'v1', quantity: 1 }] }),
    method: 'PUT',
    path: '/checkout-recovery',
    body: { key: 'k'.repeat(32), items: [{ variationId: 'v1', quantity: 1 }] },
    fallback: { tracked: false },
    answer: { tracked: true },
  },
  {
    name: 'restoreCheckout',
    invoke: (a) => a.restoreCheckout('t1'),
    method: 'POST',
    path: '/checkout-recovery/restore',
    body: { token: 't1' },
    fallback: null,
    answer: { key: 'k1', items: [] },
  },
  {
    name: 'unsubscribeTarget',
    invoke: (a) => a.unsubscribeTarget('t 1'),
    method: 'GET',
    path: '/checkout-recovery/unsubscribe?token=t%201',
    fallback: null,
    answer: { email: 'a@example.com' },
  },
  {
    name: 'unsubscribe',
    invoke: (a) => a.unsubscribe('t1'),
    method: 'POST',
    path: '/checkout-recovery/unsubscribe',
    body: { token: 't1' },
    fallback: null,
    answer: { email: 'a@example.com' },
  },
  {
    name: 'subscribeBackInStock',
    invoke: (a) => a.subscribeBackInStock({ variation: 'v1', email: 'a@example.com' }),
    method: 'POST',
    path: '/back-in-stock',
    body: { variation: 'v1', email: 'a@example.com' },
    fallback: null,
    answer: { success: true, confirmed: false },
  },
  {
    name: 'followBackInStockLink',
    invoke: (a) => a.followBackInStockLink('confirm', { id: 's1', token: 't1' }),
    method: 'POST',
    path: '/back-in-stock/confirm',
    body: { id: 's1', token: 't1' },
    fallback: null,
    answer: { success: true, product: { title: 'Shirt', slug: 'shirt' } },
  },
  {
    name: 'getWishlist',
    invoke: (a) => a.getWishlist(),
    method: 'GET',
    path: '/wishlist',
    fallback: null,
    answer: { items: [] },
  },
  {
    name: 'addToWishlist',
    invoke: (a) => a.addToWishlist('p 1'),
    method: 'PUT',
    path: '/wishlist/p%201',
    fallback: null,
    answer: { items: [] },
  },
  {
    name: 'removeFromWishlist',
    invoke: (a) => a.removeFromWishlist('p1'),
    method: 'DELETE',
    path: '/wishlist/p1',
    fallback: null,
    answer: { items: [] },
  },
  {
    name: 'mergeWishlist',
    invoke: (a) => a.mergeWishlist(['p1', 'p2']),
    method: 'POST',
    path: '/wishlist/merge',
    body: { productIds: ['p1', 'p2'] },
    fallback: null,
    answer: { items: [] },
  },
];

describe('every call of spec 7', () => {
  it('has a case here for every client method', () => {
    const { api } = fakeClient();
    expect(cases.map((c) => c.name).sort()).toEqual(Object.keys(api).sort());
  });

  it.each(cases)('$name sends $method $path and answers the data', async (c) => {
    const { api, sent, log } = fakeClient(() => json(200, c.answer), { token: 'tok' });
    const result = await c.invoke(api);
    expect(result).toEqual({ error: null, data: 'data' in c ? c.data : c.answer });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: c.method, path: c.path });
    expect(sent[0]!.body).toEqual(c.body);
    expect(log.notify).not.toHaveBeenCalled();
    expect(log.alert).not.toHaveBeenCalled();
  });

  it.each(cases)('$name answers its fallback with a normalised error on failure', async (c) => {
    const { api, log } = fakeClient(() => json(500, { message: 'Internal server error, notify administrator' }), { token: 'tok' });
    const result = await c.invoke(api);
    expect(result.data).toEqual(c.fallback);
    expect(result.error).toMatchObject({
      message: 'Internal server error, notify administrator',
      statusCode: 500,
      status: 500,
      context: c.name,
      path: c.path,
    });
    const [used, unused] = c.severity === 'alert' ? [log.alert, log.notify] : [log.notify, log.alert];
    expect(used).toHaveBeenCalledWith(result.error);
    expect(unused).not.toHaveBeenCalled();
  });

  it.each(cases)('$name answers its fallback when no response arrives', async (c) => {
    const { api } = fakeClient(
      () => {
        throw new TypeError('network down');
      },
      { token: 'tok' },
    );
    const result = await c.invoke(api);
    expect(result.data).toEqual(c.fallback);
    expect(result.error).toMatchObject({
      message: 'No response received from server',
      status: 'no status',
      statusCode: 500,
      context: c.name,
    });
  });

  it('gives every call a fresh fallback value', async () => {
    const { api } = fakeClient(() => json(500, {}));
    const first = await api.getSimilar('p1');
    first.data.push({} as never);
    expect((await api.getSimilar('p1')).data).toEqual([]);
  });
});

describe('headers', () => {
  it('attaches Bearer and the language to every request when set', async () => {
    const { api, sent } = fakeClient(() => json(200, []), { token: 'tok-9', lang: 'ru' });
    await api.getSimilar('p1');
    await api.placeOrder(order);
    for (const request of sent) {
      expect(request.headers.authorization).toBe('Bearer tok-9');
      expect(request.headers['x-shop-language']).toBe('ru');
    }
    expect(sent[1]!.headers['content-type']).toBe('application/json');
    expect(sent[0]!.headers).not.toHaveProperty('content-type');
  });

  it('sends neither when there is no token and no language', async () => {
    const { api, sent } = fakeClient(() => json(200, []));
    await api.getSimilar('p1');
    expect(sent[0]!.headers).not.toHaveProperty('authorization');
    expect(sent[0]!.headers).not.toHaveProperty('x-shop-language');
  });
});

describe('signed-in calls', () => {
  const signedInOnly: Case['name'][] = [
    'getCart',
    'putCart',
    'getUserOrders',
    'getUserReviews',
    'getOrdersBatch',
    'getUsers',
    'putUser',
    'logout',
    'deleteUser',
    'getProfile',
    'putProfile',
  ];

  it.each(signedInOnly)('%s does nothing without a token and answers its fallback', async (name) => {
    const c = cases.find((x) => x.name === name)!;
    const { api, fetcher, log } = fakeClient(() => json(200, c.answer), { token: null });
    expect(await c.invoke(api)).toEqual({ error: null, data: c.fallback });
    expect(fetcher).not.toHaveBeenCalled();
    expect(log.notify).not.toHaveBeenCalled();
  });

  it('sends a guest order lookup without a token', async () => {
    const { api, sent } = fakeClient(() => json(200, { number: 5 }));
    await api.getOrder('5');
    expect(sent[0]!.path).toBe('/orders/5');
  });
});

describe('query building', () => {
  it('builds the catalog page query with price, property and option filters', async () => {
    const { api, sent } = fakeClient(() => json(200, {}));
    await api.getCatalogV3('shirts', {
      page: 2,
      sort: 'price_asc',
      filter: {
        minPrice: 10,
        maxPrice: 99.5,
        properties: { Material: ['Cotton', 'Linen'] },
        options: [{ title: 'Colour', values: ['Red'] }],
      },
    });
    expect(sent[0]!.path).toBe(
      '/catalogs/v3/shirts?page=2&sort=price_asc&filter[minPrice]=10&filter[maxPrice]=99.5' +
        '&filter[properties][Material][Cotton]=1&filter[properties][Material][Linen]=1&filter[options][Colour][Red]=1',
    );
    expect(parseQueryString(sent[0]!.path.split('?')[1]!)).toEqual({
      page: '2',
      sort: 'price_asc',
      filter: {
        minPrice: '10',
        maxPrice: '99.5',
        properties: { Material: { Cotton: '1', Linen: '1' } },
        options: { Colour: { Red: '1' } },
      },
    });
  });

  it('leaves out empty filters and missing prices', async () => {
    const { api, sent } = fakeClient(() => json(200, {}));
    await api.getCatalogV3('shirts', {
      filter: { minPrice: null, properties: { Fit: [''] }, options: { Colour: [], '': ['x'], Size: ['', 'M'] } },
    });
    await api.getCatalogV3('shirts', { page: 1, filter: { properties: [{ title: 'Fit', values: [''] }] } });
    expect(sent.map((s) => s.path)).toEqual(['/catalogs/v3/shirts?filter[options][Size][M]=1', '/catalogs/v3/shirts?page=1']);
  });

  it('encodes facet titles and values', async () => {
    const { api, sent } = fakeClient(() => json(200, {}));
    await api.getCatalogV3('shirts', { filter: { properties: { 'Size & fit': ['42/44'] } } });
    expect(sent[0]!.path).toBe('/catalogs/v3/shirts?filter[properties][Size%20%26%20fit][42%2F44]=1');
  });

  it('passes limits and offsets given to list calls', async () => {
    const { api, sent } = fakeClient(() => json(200, []));
    await api.getSimilar('p1', 3);
    await api.getCatalogProducts('c1', 40, 10);
    await api.getRelatedProducts(['p1'], 5);
    await api.search('x', 30, 10);
    await api.getArticles('blog', { offset: 12, limit: 6 });
    await api.getMenus(['main']);
    expect(sent.map((s) => s.path)).toEqual([
      '/products/p1/similar?limit=3',
      '/catalogs/c1/products?offset=40&limit=10',
      '/products/related-products?ids[]=p1&limit=5',
      '/search?q=x&offset=30&limit=10',
      '/articles/blog/list?offset=12&limit=6',
      '/menus/batch?names[]=main',
    ]);
  });

  it('asks for reviews of page 0 from offset 0', async () => {
    const { api, sent } = fakeClient(() => json(200, []));
    await api.getReviews('shirt');
    expect(sent[0]!.path).toBe('/products/shirt/reviews?offset=0&limit=11');
  });
});

describe('reviews paging', () => {
  const reviews = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}` }));

  it('shows at most 10 reviews and signals another page by the 11th', async () => {
    const { api } = fakeClient(() => json(200, reviews(11)));
    const { data } = await api.getReviews('shirt');
    expect(data.items).toHaveLength(10);
    expect(data.items.at(-1)).toEqual({ id: 'r9' });
    expect(data.hasMore).toBe(true);
  });

  it('has no further page with 10 or fewer', async () => {
    const { api } = fakeClient(() => json(200, reviews(10)));
    expect((await api.getReviews('shirt')).data).toMatchObject({ hasMore: false });
  });

  it('reports an answer that is not a list', async () => {
    const { api } = fakeClient(() => json(200, { items: [] }));
    const result = await api.getReviews('shirt');
    expect(result.data).toEqual({ items: [], hasMore: false });
    expect(result.error?.context).toBe('getReviews');
  });
});

describe('answers in an unexpected shape', () => {
  it('reports a count answer without a count and answers 0', async () => {
    const { api } = fakeClient(() => json(200, [1, 2]));
    const result = await api.countCatalogProducts('c1');
    expect(result.data).toBe(0);
    expect(result.error).toMatchObject({ context: 'countCatalogProducts', statusCode: 500 });
  });

  it('reports a cart answer without items and answers an empty cart', async () => {
    const { api } = fakeClient(() => json(200, null), { token: 't' });
    const result = await api.getCart();
    expect(result.data).toEqual([]);
    expect(result.error?.context).toBe('getCart');
  });
});

describe('getRedirect', () => {
  it('answers null without an error when no redirect is stored (404)', async () => {
    const { api, log } = fakeClient(() => json(404, { message: 'Redirect not found' }));
    expect(await api.getRedirect('/nowhere')).toEqual({ error: null, data: null });
    expect(log.notify).not.toHaveBeenCalled();
  });
});

describe('calls without a request', () => {
  it('drops ids of 30 characters or fewer from image batches', async () => {
    const { api, sent } = fakeClient(() => json(200, []));
    await api.getImagesBatch(['logo.png', 'x'.repeat(30), UUID_A, null, undefined, '', UUID_A, 'y'.repeat(31)]);
    expect(sent[0]!.path).toBe(`/images/batch?ids[]=${UUID_A}&ids[]=${'y'.repeat(31)}`);
  });

  it('does not ask for images when no image id is left', async () => {
    const { api, fetcher } = fakeClient();
    expect(await api.getImagesBatch(['logo.png', '/favicon.ico'])).toEqual({ error: null, data: [] });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('does not ask for related products or orders of an empty list', async () => {
    const { api, fetcher } = fakeClient();
    expect(await api.getRelatedProducts([])).toEqual({ error: null, data: [] });
    expect(await api.getOrdersBatch([])).toEqual({ error: null, data: [] });
    expect(fetcher).not.toHaveBeenCalled();
  });
});

describe('createBrowserApiClient', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('calls the global fetch under /api by default', async () => {
    const fetchMock = vi.fn(async () => json(200, { count: 3 }));
    vi.stubGlobal('fetch', fetchMock);
    const api = createBrowserApiClient({ getToken: () => 'tok', lang: 'en' });
    expect(await api.countCatalogProducts('c1')).toEqual({ error: null, data: 3 });
    expect(fetchMock).toHaveBeenCalledWith('/api/catalogs/c1/countProducts', expect.objectContaining({ method: 'GET' }));
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok', 'x-shop-language': 'en' });
  });

  it('uses a given base address', async () => {
    const fetchMock = vi.fn(async () => json(200, []));
    vi.stubGlobal('fetch', fetchMock);
    await createBrowserApiClient({ baseUrl: 'https://shop.example/api' }).getTags('blog');
    expect(fetchMock).toHaveBeenCalledWith('https://shop.example/api/tags/blog/list', expect.anything());
  });
});
