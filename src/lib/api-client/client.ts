/**
 * The storefront's typed API client: one method per call of spec 7. Every method answers
 * `{ error, data }` and never throws; on failure `data` is the documented fallback. Inputs and answers are
 * typed from the contract the routes validate with (src/contract/storefront, through ./types).
 */
import { NOTIFICATION_EVENT, notificationOfFailure } from '../notifications';
import type { ApiClientError } from './errors';
import type { QueryParams } from './query';
import { type ApiClientOptions, type ApiResult, createCaller } from './request';
import type {
  ArticleDto,
  BackInStockDto,
  BackInStockInput,
  BackInStockLinkDto,
  BackInStockLinkInput,
  ArticleListDto,
  CartDto,
  CartItemDto,
  CartLineInput,
  CatalogPageDto,
  CatalogPageParams,
  CommentDto,
  CountDto,
  CommentInput,
  CreatedDto,
  DiscountCheckDto,
  DiscountCheckInput,
  FacetFilterInput,
  GroupedArticlesDto,
  ImageDto,
  LeadInput,
  LoginInput,
  MenuItemDto,
  MenusDto,
  OrderDto,
  OrderStateDto,
  PageDto,
  PaymentInitDto,
  PaymentInitInput,
  CustomerReturnInput,
  PaymentMethodsDto,
  PickupLocationDto,
  PlacedOrderDto,
  PlaceOrderInput,
  ProductDetailDto,
  ProductDto,
  ProfileChangeInput,
  ProfileDto,
  RecoveryRestoreDto,
  RecoveryUpdateDto,
  RecoveryUpdateInput,
  UnsubscribeDto,
  RedirectDto,
  RegistrationInput,
  ReviewDto,
  ReviewInput,
  SearchDto,
  ShippingZoneDto,
  ShopConfigDto,
  SignedInDto,
  PendingModerationDto,
  SuccessDto,
  TagDto,
  UserChangeInput,
  UserDto,
  UserReviewDto,
  WishlistDto,
} from './types';

export const REVIEWS_PER_PAGE = 10;
export const DEFAULT_MENU_NAMES = ['info', 'main', 'footer'] as const;
/** Image ids are 36-character UUIDs; shorter strings (30 or fewer characters) are file names or uris. */
const MAX_NON_IMAGE_ID_LENGTH = 30;

export type ReviewsPage = { items: ReviewDto[]; hasMore: boolean };

const segment = encodeURIComponent;

/** `{ Title: { Value: 1 } }`, the `[Title][Value]=1` form of a facet filter. */
function facetQuery(input: FacetFilterInput | undefined): Record<string, Record<string, 1>> | undefined {
  if (!input) return undefined;
  const entries: (readonly [string, readonly string[]])[] = isFacetList(input)
    ? input.map((f) => [f.title, f.values] as const)
    : Object.entries(input);
  const query: Record<string, Record<string, 1>> = {};
  for (const [title, values] of entries) {
    const chosen = values.filter((value) => value !== '');
    if (title !== '' && chosen.length > 0) query[title] = Object.fromEntries(chosen.map((value) => [value, 1 as const]));
  }
  return Object.keys(query).length > 0 ? query : undefined;
}

const isFacetList = (input: FacetFilterInput): input is Extract<FacetFilterInput, readonly unknown[]> => Array.isArray(input);

function catalogPageQuery({ page, sort, filter }: CatalogPageParams): QueryParams {
  return {
    page,
    sort,
    filter: filter && {
      minPrice: filter.minPrice,
      maxPrice: filter.maxPrice,
      properties: facetQuery(filter.properties),
      options: facetQuery(filter.options),
    },
  };
}

// What the methods below rely on is checked, so an answer of another shape is a failure, not a crash later.
function readCount(answer: CountDto | null): number {
  if (typeof answer?.count !== 'number') throw new Error('The answer has no count');
  return answer.count;
}

function readCartItems(answer: CartDto | null): CartItemDto[] {
  if (!Array.isArray(answer?.items)) throw new Error('The answer has no cart items');
  return answer.items;
}

function readReviewsPage(answer: ReviewDto[]): ReviewsPage {
  if (!Array.isArray(answer)) throw new Error('The answer is not a list of reviews');
  return { items: answer.slice(0, REVIEWS_PER_PAGE), hasMore: answer.length > REVIEWS_PER_PAGE };
}

const skipped = <T>(data: T): Promise<ApiResult<T>> => Promise.resolve({ error: null, data });

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const call = createCaller(options);

  return {
    // ---------------------------------------------------------------- settings
    getConfig: () => call<ShopConfigDto | null>({ context: 'getConfig', path: '/config', fallback: null, severity: 'alert' }),

    // ---------------------------------------------------------------- catalog
    getProduct: (idOrSlug: string) =>
      call<ProductDetailDto | null>({ context: 'getProduct', path: `/products/${segment(idOrSlug)}`, fallback: null }),

    getSimilar: (id: string, limit = 6) =>
      call<ProductDto[]>({ context: 'getSimilar', path: `/products/${segment(id)}/similar`, query: { limit }, fallback: [] }),

    getCatalogProducts: (id: string, offset = 0, limit = 20) =>
      call<ProductDto[]>({
        context: 'getCatalogProducts',
        path: `/catalogs/${segment(id)}/products`,
        query: { offset, limit },
        fallback: [],
        severity: 'alert',
      }),

    countCatalogProducts: (id: string) =>
      call<CountDto | null, number>({
        context: 'countCatalogProducts',
        path: `/catalogs/${segment(id)}/countProducts`,
        fallback: 0,
        read: readCount,
        severity: 'alert',
      }),

    /** Page `page` (0-based) of published reviews; one review more than a page is asked for to tell whether another page exists. */
    getReviews: (idOrSlug: string, page = 0) =>
      call<ReviewDto[], ReviewsPage>({
        context: 'getReviews',
        path: `/products/${segment(idOrSlug)}/reviews`,
        query: { offset: page * REVIEWS_PER_PAGE, limit: REVIEWS_PER_PAGE + 1 },
        fallback: { items: [], hasMore: false },
        read: readReviewsPage,
      }),

    /** The review is published only after moderation. */
    postReview: (review: ReviewInput) =>
      call<PendingModerationDto | null>({ context: 'postReview', method: 'POST', path: '/product-reviews', body: review, fallback: null }),

    getProductByVariation: (variationId: string) =>
      call<ProductDto | null>({ context: 'getProductByVariation', path: `/products/variation/${segment(variationId)}`, fallback: null }),

    /** Suggestions for the given (cart) products; no request when none is given. */
    getRelatedProducts: (ids: readonly string[], limit = 20) =>
      ids.length === 0
        ? skipped<ProductDto[]>([])
        : call<ProductDto[]>({ context: 'getRelatedProducts', path: '/products/related-products', query: { ids, limit }, fallback: [] }),

    getCatalogV3: (slug: string, params: CatalogPageParams = {}) =>
      call<CatalogPageDto | null>({
        context: 'getCatalogV3',
        path: `/catalogs/v3/${segment(slug)}`,
        query: catalogPageQuery(params),
        fallback: null,
        severity: 'alert',
      }),

    search: (q: string, offset = 0, limit = 30) =>
      call<SearchDto>({ context: 'search', path: '/search', query: { q, offset, limit }, fallback: { results: [], totalResultCount: 0 } }),

    // ---------------------------------------------------------------- cart and orders
    /** The signed-in user's cart; nothing is asked without a token. */
    getCart: () =>
      call<CartDto | null, CartItemDto[]>({ context: 'getCart', path: '/cart', fallback: [], read: readCartItems, needsToken: true }),

    /** Saves the signed-in user's cart and answers it as stored. */
    putCart: (items: readonly CartLineInput[]) =>
      call<CartDto | null, CartItemDto[]>({
        context: 'putCart',
        method: 'PUT',
        path: '/cart',
        body: items.map(({ id, variationId, quantity }) => (id ? { id, variationId, quantity } : { variationId, quantity })),
        fallback: [],
        read: readCartItems,
        needsToken: true,
      }),

    placeOrder: (order: PlaceOrderInput) =>
      call<PlacedOrderDto | null>({ context: 'placeOrder', method: 'POST', path: '/orders', body: order, fallback: null }),

    checkDiscountCode: (check: DiscountCheckInput) =>
      call<DiscountCheckDto | null>({ context: 'checkDiscountCode', method: 'POST', path: '/discount-code', body: check, fallback: null }),

    /** An order by number or id, for its owner or whoever holds its secret token. */
    getOrder: (numberOrId: string | number, token?: string | null) =>
      call<OrderDto | null>({
        context: 'getOrder',
        path: `/orders/${segment(String(numberOrId))}`,
        query: { token: token || undefined },
        fallback: null,
      }),

    /** The signed-in user's orders among the given numbers or ids. */
    getOrdersBatch: (ids: readonly (string | number)[]) =>
      ids.length === 0
        ? skipped<OrderDto[]>([])
        : call<OrderDto[]>({
            context: 'getOrdersBatch',
            path: '/orders/batch',
            query: { ids: ids.map(String) },
            fallback: [],
            needsToken: true,
          }),

    /** The customer asks to return units of their order (its owner, or with its secret token); answers the order. */
    openReturn: (numberOrId: string | number, request: CustomerReturnInput) =>
      call<OrderDto | null>({
        context: 'openReturn',
        method: 'POST',
        path: `/orders/${segment(String(numberOrId))}/returns`,
        body: request,
        fallback: null,
      }),

    getOrderStates: () => call<OrderStateDto[]>({ context: 'getOrderStates', path: '/order-states', fallback: [] }),

    getUserOrders: () => call<OrderDto[]>({ context: 'getUserOrders', path: '/users/orders', fallback: [], needsToken: true }),

    getShippingZones: () => call<ShippingZoneDto[]>({ context: 'getShippingZones', path: '/shipping-zones', fallback: [] }),

    getLocations: () => call<PickupLocationDto[]>({ context: 'getLocations', path: '/locations', fallback: [] }),

    getPaymentMethods: () =>
      call<PaymentMethodsDto>({ context: 'getPaymentMethods', path: '/configs/payments-available-methods', fallback: {} }),

    getPaymentMethodsByLocation: (code: string) =>
      call<PaymentMethodsDto>({
        context: 'getPaymentMethodsByLocation',
        path: '/configs/payments-available-methods-by-location',
        query: { code },
        fallback: {},
      }),

    initializePayment: (payment: PaymentInitInput) =>
      call<PaymentInitDto | null>({
        context: 'initializePayment',
        method: 'POST',
        path: '/payment/initialize',
        body: payment,
        fallback: null,
      }),

    // ---------------------------------------------------------------- checkout recovery
    reportCheckout: (report: RecoveryUpdateInput) =>
      call<RecoveryUpdateDto>({
        context: 'reportCheckout',
        method: 'PUT',
        path: '/checkout-recovery',
        body: report,
        fallback: { tracked: false },
      }),
    restoreCheckout: (token: string) =>
      call<RecoveryRestoreDto | null>({
        context: 'restoreCheckout',
        method: 'POST',
        path: '/checkout-recovery/restore',
        body: { token },
        fallback: null,
      }),
    unsubscribeTarget: (token: string) =>
      call<UnsubscribeDto | null>({
        context: 'unsubscribeTarget',
        path: '/checkout-recovery/unsubscribe',
        query: { token },
        fallback: null,
      }),
    unsubscribe: (token: string) =>
      call<UnsubscribeDto | null>({
        context: 'unsubscribe',
        method: 'POST',
        path: '/checkout-recovery/unsubscribe',
        body: { token },
        fallback: null,
      }),

    // ---------------------------------------------------------------- back-in-stock alerts and the wishlist
    /** Signed in: the account's address, confirmed at once; a guest's `email` gets a confirmation link first. */
    subscribeBackInStock: (input: BackInStockInput) =>
      call<BackInStockDto | null>({ context: 'subscribeBackInStock', method: 'POST', path: '/back-in-stock', body: input, fallback: null }),

    /** The e-mailed link's `action`: confirm a guest's alert, or unsubscribe from one. */
    followBackInStockLink: (action: 'confirm' | 'unsubscribe', link: BackInStockLinkInput) =>
      call<BackInStockLinkDto | null>({
        context: 'followBackInStockLink',
        method: 'POST',
        path: `/back-in-stock/${action}`,
        body: link,
        fallback: null,
      }),

    getWishlist: () => call<WishlistDto | null>({ context: 'getWishlist', path: '/wishlist', fallback: null, needsToken: true }),

    addToWishlist: (productId: string) =>
      call<WishlistDto | null>({
        context: 'addToWishlist',
        method: 'PUT',
        path: `/wishlist/${segment(productId)}`,
        fallback: null,
        needsToken: true,
      }),

    removeFromWishlist: (productId: string) =>
      call<WishlistDto | null>({
        context: 'removeFromWishlist',
        method: 'DELETE',
        path: `/wishlist/${segment(productId)}`,
        fallback: null,
        needsToken: true,
      }),

    /** A guest's list, kept in the browser, added to the account's on sign-in. */
    mergeWishlist: (productIds: readonly string[]) =>
      call<WishlistDto | null>({
        context: 'mergeWishlist',
        method: 'POST',
        path: '/wishlist/merge',
        body: { productIds },
        fallback: null,
        needsToken: true,
      }),

    // ---------------------------------------------------------------- leads and content
    sendLead: (lead: LeadInput) =>
      call<CreatedDto | null>({ context: 'sendLead', method: 'POST', path: '/leads', body: lead, fallback: null }),

    getArticles: (type: string, { offset = 0, limit = 12, tagIds }: { offset?: number; limit?: number; tagIds?: readonly string[] } = {}) =>
      call<ArticleListDto>({
        context: 'getArticles',
        path: `/articles/${segment(type)}/list`,
        query: { offset, limit, tagIds: tagIds && tagIds.length > 0 ? tagIds : undefined },
        fallback: { items: [], total: 0 },
      }),

    getArticle: (slug: string) => call<ArticleDto | null>({ context: 'getArticle', path: `/articles/${segment(slug)}`, fallback: null }),

    getGroupedArticles: ({ categoryIds, limit }: { categoryIds?: readonly string[]; limit?: number } = {}) =>
      call<GroupedArticlesDto>({ context: 'getGroupedArticles', path: '/articles/grouped', query: { categoryIds, limit }, fallback: [] }),

    getTags: (type: string) => call<TagDto[]>({ context: 'getTags', path: `/tags/${segment(type)}/list`, fallback: [] }),

    /** The comment is published only after moderation. */
    postComment: (comment: CommentInput) =>
      call<PendingModerationDto | null>({
        context: 'postComment',
        method: 'POST',
        path: '/articles/comments',
        body: comment,
        fallback: null,
      }),

    /** Published comments of an article, oldest first. */
    getArticleComments: (articleIdOrSlug: string, { offset = 0, limit = 20 }: { offset?: number; limit?: number } = {}) =>
      call<CommentDto[]>({
        context: 'getArticleComments',
        path: `/articles/${segment(articleIdOrSlug)}/comments`,
        query: { offset, limit },
        fallback: [],
      }),

    /** A page; a category page lists its articles at `list.page`, only those of the tag `list.tag` when given. */
    getPage: (slug: string, list: { page?: number; tag?: string | null } = {}) =>
      call<PageDto | null>({
        context: 'getPage',
        path: `/pages/v2/${segment(slug)}`,
        query: { page: list.page && list.page > 1 ? list.page : undefined, tag: list.tag || undefined },
        fallback: null,
      }),

    getHomepage: () => call<PageDto | null>({ context: 'getHomepage', path: '/homepage/v2', fallback: null }),

    getImage: (id: string) => call<ImageDto | null>({ context: 'getImage', path: `/images/${segment(id)}`, fallback: null }),

    /** Images by id; strings of 30 characters or fewer are not image ids and are left out (no request when none is left). */
    getImagesBatch: (ids: readonly (string | null | undefined)[]) => {
      const imageIds = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > MAX_NON_IMAGE_ID_LENGTH))];
      return imageIds.length === 0
        ? skipped<ImageDto[]>([])
        : call<ImageDto[]>({ context: 'getImagesBatch', path: '/images/batch', query: { ids: imageIds }, fallback: [] });
    },

    /** The stored redirect for a path, or null when there is none. */
    getRedirect: (from: string) =>
      call<RedirectDto | null>({ context: 'getRedirect', path: '/redirects', query: { from }, fallback: null, notFoundIsEmpty: true }),

    getMenus: (names: readonly string[] = DEFAULT_MENU_NAMES) =>
      call<MenusDto>({ context: 'getMenus', path: '/menus/batch', query: { names }, fallback: {} }),

    getMenuEntries: (slug: string) =>
      call<MenuItemDto[]>({ context: 'getMenuEntries', path: `/menus/${segment(slug)}/entries`, fallback: [] }),

    // ---------------------------------------------------------------- users
    login: (credentials: LoginInput) =>
      call<SignedInDto | null>({ context: 'login', method: 'POST', path: '/login_check', body: credentials, fallback: null }),

    register: (registration: RegistrationInput) =>
      call<SignedInDto | null>({ context: 'register', method: 'POST', path: '/register', body: registration, fallback: null }),

    getUsers: () => call<UserDto[]>({ context: 'getUsers', path: '/users', fallback: [], needsToken: true }),

    /** Changes the signed-in user's email or password; answers a fresh token. */
    putUser: (change: UserChangeInput) =>
      call<SignedInDto | null>({ context: 'putUser', method: 'PUT', path: '/users', body: change, fallback: null, needsToken: true }),

    /** Revokes the signed-in user's token on the server. */
    logout: () => call<SuccessDto | null>({ context: 'logout', method: 'POST', path: '/logout', fallback: null, needsToken: true }),

    deleteUser: () =>
      call<SuccessDto | null>({ context: 'deleteUser', method: 'DELETE', path: '/users', fallback: null, needsToken: true }),

    /** The signed-in user's own reviews with their moderation state, newest first. */
    getUserReviews: (offset = 0, limit = 50) =>
      call<UserReviewDto[]>({
        context: 'getUserReviews',
        path: '/users/reviews',
        query: { offset, limit },
        fallback: [],
        needsToken: true,
      }),

    getProfile: () => call<ProfileDto | null>({ context: 'getProfile', path: '/users/profile', fallback: null, needsToken: true }),

    putProfile: (profile: ProfileChangeInput) =>
      call<ProfileDto | null>({
        context: 'putProfile',
        method: 'PUT',
        path: '/users/profile',
        body: profile,
        fallback: null,
        needsToken: true,
      }),

    requestPasswordReset: (email: string) =>
      call<SuccessDto | null>({
        context: 'requestPasswordReset',
        method: 'POST',
        path: '/reset_password_request',
        body: { email },
        fallback: null,
      }),

    confirmPasswordReset: (token: string, password: string) =>
      call<SuccessDto | null>({
        context: 'confirmPasswordReset',
        method: 'POST',
        path: `/reset_password_confirm/${segment(token)}`,
        body: { password },
        fallback: null,
      }),
  };
}

/** Failed calls in the browser: logged, and announced to the page's notifications area (scripts/notifications.ts). */
const browserLog = (severity: 'notify' | 'alert') => (error: ApiClientError) => {
  (severity === 'alert' ? console.error : console.log)(`[api] ${error.context} failed: ${error.message}`, error);
  const notification = notificationOfFailure(error, severity);
  if (notification && typeof document !== 'undefined')
    document.dispatchEvent(new CustomEvent(NOTIFICATION_EVENT, { detail: notification }));
};

/**
 * A client for the browser, calling the API on the page's own origin under `baseUrl` (default '/api'). Failed
 * calls show in the page's notifications unless the caller passes its own `log`.
 */
export function createBrowserApiClient(options: Omit<ApiClientOptions, 'fetcher'> & { baseUrl?: string } = {}) {
  const { baseUrl = '/api', ...rest } = options;
  return createApiClient({
    log: { notify: browserLog('notify'), alert: browserLog('alert') },
    ...rest,
    fetcher: (path, init) => fetch(`${baseUrl}${path}`, init),
  });
}
