export { createApiClient, createBrowserApiClient, type ApiClient } from './client';
export type { ApiClientError } from './errors';
export type { ApiResult } from './request';
export type * from './types';
