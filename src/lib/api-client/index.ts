export { createApiClient, createBrowserApiClient, DEFAULT_MENU_NAMES, REVIEWS_PER_PAGE, type ApiClient, type ReviewsPage } from './client';
export { NO_RESPONSE_MESSAGE, UNKNOWN_ERROR_MESSAGE, type ApiClientError } from './errors';
export { buildQueryString, type QueryParams } from './query';
export type { ApiClientOptions, ApiLog, ApiResult, Fetcher } from './request';
export type * from './types';
