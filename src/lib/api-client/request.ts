/** The request wrapper of spec 7 and 8: every call answers `{ error, data }` and never throws. */
import type { Language } from '../localize';
import { type ApiClientError, NoResponseError, ResponseError, messageOfBody, normalizeError } from './errors';
import { type QueryParams, buildQueryString } from './query';

/** Sends a request to an API path such as '/products/x?limit=6'; the base ('/api') is the fetcher's business. */
export type Fetcher = (path: string, init: RequestInit) => Promise<Response>;

export type ApiLog = {
  /** Failures the storefront shows as a notification (most calls). */
  notify: (error: ApiClientError) => void;
  /** Failures the storefront shows as an alert (settings and catalog calls). */
  alert: (error: ApiClientError) => void;
};

export type ApiResult<T> = { error: ApiClientError | null; data: T };

export type ApiClientOptions = {
  fetcher: Fetcher;
  getToken?: () => string | null | undefined;
  lang?: Language;
  log?: Partial<ApiLog>;
  /** The answer object a same-process server handed over with a response (read instead of the body's JSON). */
  handedAnswer?: (response: Response) => { answer: unknown } | undefined;
};

/**
 * One call: `A` is the answer as the contract (src/contract/storefront) or the server module declares it, `T` what
 * the method gives its caller (the answer itself unless `read` turns it into something else).
 */
export type CallSpec<A, T = A> = {
  /** The client method name, kept on errors. */
  context: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: QueryParams;
  /** Sent as JSON when defined. */
  body?: unknown;
  /** The answer on failure (a fresh value per call). */
  fallback: T;
  /** Turns the answer into the method's result, checking what it relies on; throwing counts as a failure. */
  read?: (answer: A) => T;
  severity?: keyof ApiLog;
  /** Calls that only make sense signed in: without a token nothing is sent and the fallback is answered. */
  needsToken?: boolean;
  /** A 404 means "there is none": the fallback is answered without an error. */
  notFoundIsEmpty?: boolean;
};

export type Caller = <A, T = A>(spec: CallSpec<A, T>) => Promise<ApiResult<T>>;

const defaultLog: ApiLog = {
  notify: (error) => console.log(`[api] ${error.context} failed: ${error.message}`, error),
  alert: (error) => console.error(`[api] ${error.context} failed: ${error.message}`, error),
};

/** The response body: parsed JSON, text when a failure answered something else, null when empty. */
async function readResponse(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    throw new ResponseError(cause instanceof Error ? cause.message : 'The response body could not be read', { status: response.status });
  }
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (response.status >= 400) return text;
    throw new ResponseError('The response is not valid JSON', { status: response.status, data: text });
  }
}

export function createCaller(options: ApiClientOptions): Caller {
  const log: ApiLog = { ...defaultLog, ...options.log };

  function headersFor(token: string | null | undefined, hasBody: boolean): Record<string, string> {
    return {
      accept: 'application/json',
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.lang ? { 'x-shop-language': options.lang } : {}),
    };
  }

  return async function call<A, T = A>(spec: CallSpec<A, T>): Promise<ApiResult<T>> {
    const path = spec.path + buildQueryString(spec.query);
    try {
      const token = options.getToken?.();
      if (spec.needsToken && !token) return { error: null, data: spec.fallback };
      const hasBody = spec.body !== undefined;
      const init: RequestInit = {
        method: spec.method ?? 'GET',
        headers: headersFor(token, hasBody),
        ...(hasBody ? { body: JSON.stringify(spec.body) } : {}),
      };
      let response: Response;
      try {
        response = await options.fetcher(path, init);
      } catch (cause) {
        throw normalizeThrownByFetcher(cause);
      }
      if (spec.notFoundIsEmpty && response.status === 404) return { error: null, data: spec.fallback };
      const handed = options.handedAnswer?.(response);
      const data = handed ? handed.answer : await readResponse(response);
      if (response.status >= 400) {
        throw new ResponseError(messageOfBody(data) ?? `Request failed with status code ${response.status}`, {
          status: response.status,
          data,
        });
      }
      // The one place an answer gets its type: the one the route declares in the contract (a 2xx answer of the
      // route named by the method); what a method relies on beyond that, `read` checks.
      const answer = data as A;
      return { error: null, data: spec.read ? spec.read(answer) : (answer as unknown as T) };
    } catch (thrown) {
      const error = normalizeError(thrown, spec.context, path);
      log[spec.severity ?? 'notify'](error);
      return { error, data: spec.fallback };
    }
  };
}

/** A fetcher failure that carries a response keeps it; any other rejection means no answer came. */
function normalizeThrownByFetcher(cause: unknown): unknown {
  const hasResponse = typeof cause === 'object' && cause !== null && 'response' in cause && cause.response != null;
  return hasResponse ? cause : new NoResponseError(cause);
}
