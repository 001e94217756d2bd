import { describe, expect, it, vi } from 'vitest';
import { NO_RESPONSE_MESSAGE, UNKNOWN_ERROR_MESSAGE, normalizeError } from '../../src/lib/api-client/errors';
import { buildQueryString } from '../../src/lib/api-client/query';
import { type ApiClientOptions, type CallSpec, createCaller } from '../../src/lib/api-client/request';
import { parseQueryString } from '../../src/lib/query-string';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(respond: (path: string, init: RequestInit) => Promise<Response> | Response, options: Partial<ApiClientOptions> = {}) {
  const fetcher = vi.fn(async (path: string, init: RequestInit) => respond(path, init));
  const log = { notify: vi.fn(), alert: vi.fn() };
  const call = createCaller({ fetcher, log, ...options });
  return { fetcher, log, call };
}

const spec = (overrides: Partial<CallSpec<string[]>> = {}): CallSpec<string[]> => ({
  context: 'getThings',
  path: '/things',
  fallback: [],
  ...overrides,
});

const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

describe('buildQueryString', () => {
  it('is empty without params or when every value is missing', () => {
    expect(buildQueryString()).toBe('');
    expect(buildQueryString({ a: undefined, b: null })).toBe('');
  });

  it('writes scalars, lists with [] and nested objects with brackets', () => {
    expect(buildQueryString({ q: 'red shoes', offset: 0, ids: ['a', 'b'], filter: { minPrice: 1, options: { Colour: { Red: 1 } } } })).toBe(
      '?q=red%20shoes&offset=0&ids[]=a&ids[]=b&filter[minPrice]=1&filter[options][Colour][Red]=1',
    );
  });

  it('encodes keys and values so that any title survives the round trip', () => {
    const qs = buildQueryString({ filter: { properties: { 'Size & Fit #EU': { '42=big? 100%': 1 } } }, q: 'a&b=c', ключ: 'значение' });
    expect(parseQueryString(qs.slice(1))).toEqual({
      filter: { properties: { 'Size & Fit #EU': { '42=big? 100%': '1' } } },
      q: 'a&b=c',
      ключ: 'значение',
    });
  });

  it('skips missing list items and writes booleans', () => {
    expect(buildQueryString({ ids: ['a', null, 'b'], flag: true })).toBe('?ids[]=a&ids[]=b&flag=true');
  });
});

describe('createCaller: success', () => {
  it('sends GET with JSON accept and answers the body', async () => {
    const { call, fetcher, log } = setup(() => json(200, ['x']));
    const result = await call(spec({ query: { limit: 2 } }));
    expect(result).toEqual({ error: null, data: ['x'] });
    expect(fetcher).toHaveBeenCalledOnce();
    const [path, init] = fetcher.mock.calls[0]!;
    expect(path).toBe('/things?limit=2');
    expect(init.method).toBe('GET');
    expect(headersOf(init)).toEqual({ accept: 'application/json' });
    expect(init.body).toBeUndefined();
    expect(log.notify).not.toHaveBeenCalled();
  });

  it('sends a JSON body with its content type', async () => {
    const { call, fetcher } = setup(() => json(201, ['ok']));
    await call(spec({ method: 'POST', body: { name: 'Ann' } }));
    const [, init] = fetcher.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Ann"}');
    expect(headersOf(init)['content-type']).toBe('application/json');
  });

  it('attaches the bearer token whenever getToken gives one', async () => {
    let token: string | null = 'tok-1';
    const { call, fetcher } = setup(() => json(200, []), { getToken: () => token });
    await call(spec());
    token = null;
    await call(spec());
    expect(headersOf(fetcher.mock.calls[0]![1]).authorization).toBe('Bearer tok-1');
    expect(headersOf(fetcher.mock.calls[1]![1])).not.toHaveProperty('authorization');
  });

  it('sends the shop language when set', async () => {
    const { call, fetcher } = setup(() => json(200, []), { lang: 'ru' });
    await call(spec());
    expect(headersOf(fetcher.mock.calls[0]![1])['x-shop-language']).toBe('ru');
  });

  it('answers null for an empty body', async () => {
    const { call } = setup(() => new Response(null, { status: 204 }));
    expect(await call(spec({ fallback: ['fallback'] }))).toEqual({ error: null, data: null });
  });

  it('reads the body through the method reader', async () => {
    const { call } = setup(() => json(200, { count: 7 }));
    expect(await call({ context: 'count', path: '/c', fallback: 0, read: (d) => (d as { count: number }).count })).toEqual({
      error: null,
      data: 7,
    });
  });

  it('skips calls that need a token when there is none, without an error', async () => {
    const { call, fetcher, log } = setup(() => json(200, ['x']));
    expect(await call(spec({ needsToken: true, fallback: ['none'] }))).toEqual({ error: null, data: ['none'] });
    expect(fetcher).not.toHaveBeenCalled();
    expect(log.notify).not.toHaveBeenCalled();
  });

  it('sends calls that need a token when there is one', async () => {
    const { call, fetcher } = setup(() => json(200, ['x']), { getToken: () => 't' });
    expect((await call(spec({ needsToken: true }))).data).toEqual(['x']);
    expect(fetcher).toHaveBeenCalledOnce();
  });
});

describe('createCaller: failures', () => {
  const errorBody = {
    success: false,
    status: 400,
    message: 'Validation Failed',
    errorCode: 2,
    errorPath: 'code',
    errors: { errors: [], children: { code: { errors: ['bad'], children: {} } } },
    detail: { message: 'Validation Failed' },
  };

  it('turns a status of 400 or more into an error carrying the response data, and answers the fallback', async () => {
    const { call, log } = setup(() => json(400, errorBody));
    const result = await call(spec({ query: { a: 1 }, fallback: ['fallback'] }));
    expect(result.data).toEqual(['fallback']);
    expect(result.error).toEqual({
      message: 'Validation Failed',
      statusCode: 400,
      context: 'getThings',
      path: '/things?a=1',
      status: 400,
      errorCode: 2,
      detail: { message: 'Validation Failed' },
      data: errorBody,
    });
    expect(log.notify).toHaveBeenCalledWith(result.error);
    expect(log.alert).not.toHaveBeenCalled();
  });

  it('takes the message from detail.message when the body has no message', async () => {
    const { call } = setup(() => json(404, { detail: { message: 'Product not found' } }));
    const { error } = await call(spec());
    expect(error).toMatchObject({ message: 'Product not found', statusCode: 404, status: 404, detail: { message: 'Product not found' } });
    expect(error).not.toHaveProperty('errorCode');
  });

  it('falls back to a status message for a failure without a readable message', async () => {
    const { call } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const { error } = await call(spec());
    expect(error).toMatchObject({
      message: 'Request failed with status code 502',
      statusCode: 502,
      status: 502,
      data: '<html>Bad gateway</html>',
    });
  });

  it('treats a successful status with a body that is not JSON as a failed request with a response', async () => {
    const { call } = setup(() => new Response('not json', { status: 200 }));
    const { error, data } = await call(spec());
    expect(data).toEqual([]);
    expect(error).toMatchObject({ message: 'The response is not valid JSON', statusCode: 200, status: 200, data: 'not json' });
  });

  it('keeps the data of a fetcher error that carries a response', async () => {
    const { call } = setup(() => {
      throw Object.assign(new Error('Request failed'), { response: { status: 409, data: { message: 'Conflict here', errorCode: 4 } } });
    });
    const { error } = await call(spec());
    expect(error).toEqual({
      message: 'Conflict here',
      statusCode: 409,
      context: 'getThings',
      path: '/things',
      status: 409,
      errorCode: 4,
      data: { message: 'Conflict here', errorCode: 4 },
    });
  });

  it('uses the thrown message when the carried response has no message', async () => {
    const { call } = setup(() => {
      throw Object.assign(new Error('Upstream said no'), { response: { status: 503 } });
    });
    expect((await call(spec())).error).toMatchObject({ message: 'Upstream said no', statusCode: 503, status: 503 });
  });

  it("reports 'No response received from server' when the fetcher rejects", async () => {
    const { call, log } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await call(spec({ fallback: ['fb'] }));
    expect(result).toEqual({
      data: ['fb'],
      error: { message: NO_RESPONSE_MESSAGE, statusCode: 500, context: 'getThings', path: '/things', status: 'no status' },
    });
    expect(log.notify).toHaveBeenCalledOnce();
  });

  it('reports the message of anything else that throws', async () => {
    const { call } = setup(() => json(200, {}), {
      getToken: () => {
        throw new Error('storage unavailable');
      },
    });
    expect((await call(spec())).error).toEqual({
      message: 'storage unavailable',
      statusCode: 500,
      context: 'getThings',
      path: '/things',
      status: 'no status',
    });
  });

  it('reports a reader that cannot use the body', async () => {
    const { call } = setup(() => json(200, 'unexpected'));
    const result = await call({
      context: 'count',
      path: '/c',
      fallback: 0,
      read: () => {
        throw new Error('count missing');
      },
    });
    expect(result).toMatchObject({ data: 0, error: { message: 'count missing', status: 'no status' } });
  });

  it("reports 'Unknown error occurred' for a throw without a message", async () => {
    const { call } = setup(() => json(200, {}), {
      getToken: () => {
        throw 42;
      },
    });
    expect((await call(spec())).error?.message).toBe(UNKNOWN_ERROR_MESSAGE);
  });

  it('alerts instead of notifying for alert-level calls', async () => {
    const { call, log } = setup(() => json(500, { message: 'boom' }));
    await call(spec({ severity: 'alert' }));
    expect(log.alert).toHaveBeenCalledOnce();
    expect(log.notify).not.toHaveBeenCalled();
  });

  it('logs to the console by default: notify with console.log, alert with console.error', async () => {
    const consoleLog = vi.spyOn(console, 'log').mockImplementation(() => {});
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const call = createCaller({ fetcher: async () => json(500, { message: 'boom' }) });
    await call(spec());
    await call(spec({ severity: 'alert' }));
    expect(consoleLog).toHaveBeenCalledOnce();
    expect(consoleError).toHaveBeenCalledOnce();
    expect(String(consoleLog.mock.calls[0]![0])).toContain('boom');
    consoleLog.mockRestore();
    consoleError.mockRestore();
  });
});

describe('normalizeError', () => {
  it('uses a string thrown as its message', () => {
    expect(normalizeError('plain failure', 'ctx', '/p')).toMatchObject({ message: 'plain failure', statusCode: 500, status: 'no status' });
  });

  it('uses 500 as status code when a carried response has status 0', () => {
    expect(normalizeError({ response: { status: 0 } }, 'ctx', '/p')).toMatchObject({
      statusCode: 500,
      status: 0,
      message: UNKNOWN_ERROR_MESSAGE,
    });
  });

  it('ignores a response without a numeric status', () => {
    expect(normalizeError({ response: { data: 1 }, message: 'x' }, 'ctx', '/p')).toMatchObject({
      status: 'no status',
      message: UNKNOWN_ERROR_MESSAGE,
    });
  });
});

describe('createCaller: calls where a 404 means none', () => {
  it('answers the fallback without an error or a log line', async () => {
    const { call, log } = setup(() => json(404, { message: 'Redirect not found' }));
    expect(await call(spec({ notFoundIsEmpty: true, fallback: ['none'] }))).toEqual({ error: null, data: ['none'] });
    expect(log.notify).not.toHaveBeenCalled();
  });

  it('still reports other failures', async () => {
    const { call } = setup(() => json(400, { message: 'Validation Failed' }));
    expect((await call(spec({ notFoundIsEmpty: true }))).error).toMatchObject({ statusCode: 400, message: 'Validation Failed' });
  });
});
