import { ADMIN_API_BASE } from '../../contract/admin/common';
import { errorsOfBody, type FlatErrors } from '../lib/form-errors';

/**
 * The one way the back office talks to `/api/admin`: JSON in and out, the session cookie
 * (`credentials: 'same-origin'`), and `X-Shop-Admin: 1` on every write (the server refuses writes without
 * it, the CSRF defence). A failing call throws an AdminApiError carrying the status and the error body's
 * messages per field; a 401 also tells the app to show the sign-in screen.
 */
export class AdminApiError extends Error {
  readonly status: number;
  readonly errors: FlatErrors;
  constructor(status: number, message: string, errors: FlatErrors) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
    this.errors = errors;
  }
  get isConflict() {
    return this.status === 409;
  }
}

/** Status 0: the request got no answer (offline, server down). */
export const NO_ANSWER = 0;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined | null> | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
};

let requestLanguage = 'en';
/** Server messages (validation, conflicts) come back in the language the staff member reads. */
export function setRequestLanguage(lang: string): void {
  requestLanguage = lang;
}

let unauthorizedListener: (() => void) | null = null;
/** Called when a request other than the session check answers 401 (the session ended). */
export function onUnauthorized(listener: (() => void) | null): void {
  unauthorizedListener = listener;
}

export function adminUrl(path: string, query?: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${ADMIN_API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}, fetcher: typeof fetch = fetch): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-shop-language': requestLanguage };
  if (method !== 'GET') headers['x-shop-admin'] = '1';
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetcher(adminUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new AdminApiError(NO_ANSWER, 'No answer from the server', { form: [], fields: {} });
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const errors = errorsOfBody(body);
    const message = errors.form[0] ?? Object.values(errors.fields)[0]?.[0] ?? response.statusText ?? `HTTP ${response.status}`;
    if (response.status === 401 && path !== '/session') unauthorizedListener?.();
    throw new AdminApiError(response.status, message, errors);
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
