import { afterEach, describe, expect, it } from 'vitest';
import { AdminApiError, NO_ANSWER, onUnauthorized, request } from '../../src/admin/api/client';
import { flattenFormErrors } from '../../src/admin/lib/form-errors';

type Call = { url: string; init: RequestInit };
function fakeFetch(status: number, body: unknown, calls: Call[] = []): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}
const errorBody = (status: number, message: string, children: Record<string, unknown> = {}) => ({
  success: false,
  status,
  message,
  errors: { errors: Object.keys(children).length ? [] : [message], children },
  detail: { message },
});

afterEach(() => onUnauthorized(null));

describe('admin fetch client', () => {
  it('sends the CSRF header and same-origin credentials on writes, not on reads', async () => {
    const calls: Call[] = [];
    await request('POST', '/orders/1/notes', { body: { text: 'hi' } }, fakeFetch(200, { id: '1' }, calls));
    await request('GET', '/orders', { query: { page: 2, q: '', status: undefined } }, fakeFetch(200, { items: [] }, calls));
    const [write, read] = calls;
    expect(write!.url).toBe('/api/admin/orders/1/notes');
    expect((write!.init.headers as Record<string, string>)['x-shop-admin']).toBe('1');
    expect(write!.init.credentials).toBe('same-origin');
    expect(write!.init.body).toBe('{"text":"hi"}');
    expect(read!.url).toBe('/api/admin/orders?page=2');
    expect((read!.init.headers as Record<string, string>)['x-shop-admin']).toBeUndefined();
    expect(read!.init.credentials).toBe('same-origin');
  });

  it('maps field errors of the error shape to field paths', async () => {
    const body = errorBody(400, 'Validation Failed', {
      priceCents: { errors: ['Too big'], children: {} },
      items: { errors: [], children: { 0: { errors: ['Bad'], children: {} } } },
    });
    const error = await request('POST', '/x', { body: {} }, fakeFetch(400, body)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminApiError);
    expect((error as AdminApiError).status).toBe(400);
    expect((error as AdminApiError).errors.fields).toEqual({ priceCents: ['Too big'], 'items.0': ['Bad'] });
    expect((error as AdminApiError).message).toBe('Too big');
  });

  it('marks a version conflict', async () => {
    const error = (await request('POST', '/orders/1/status', { body: {} }, fakeFetch(409, errorBody(409, 'Changed by someone else'))).catch(
      (e: unknown) => e,
    )) as AdminApiError;
    expect(error.isConflict).toBe(true);
    expect(error.errors.form).toEqual(['Changed by someone else']);
  });

  it('reports an ended session on 401, except for the session check itself', async () => {
    let ended = 0;
    onUnauthorized(() => ended++);
    await request('GET', '/orders', {}, fakeFetch(401, errorBody(401, 'Authentication required'))).catch(() => null);
    expect(ended).toBe(1);
    await request('GET', '/session', {}, fakeFetch(401, errorBody(401, 'Authentication required'))).catch(() => null);
    expect(ended).toBe(1);
  });

  it('turns a network failure into status 0 and a 204 into undefined', async () => {
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const error = (await request('GET', '/dashboard', {}, offline).catch((e: unknown) => e)) as AdminApiError;
    expect(error.status).toBe(NO_ANSWER);
    expect(await request('DELETE', '/session', {}, fakeFetch(204, undefined))).toBeUndefined();
  });

  it('flattens nested form errors and ignores junk', () => {
    expect(flattenFormErrors({ errors: ['Form'], children: { a: { errors: ['A'], children: { b: { errors: ['B'] } } } } })).toEqual({
      form: ['Form'],
      fields: { a: ['A'], 'a.b': ['B'] },
    });
    expect(flattenFormErrors('nonsense')).toEqual({ form: [], fields: {} });
  });
});
