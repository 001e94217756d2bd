import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $cart, setCartApi, startCartSync } from '../../src/stores/cart';
import {
  $authErrors,
  $orders,
  $profile,
  $user,
  USER_STORE_VERSION,
  changeCredentials,
  loadOrders,
  loadProfile,
  login,
  parseStoredProfile,
  parseStoredUser,
  register,
  signOut,
} from '../../src/stores/user';

const profile = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: null,
  birthDate: null,
  address: { country: null, region: null, locality: null, street: null, postalCode: null },
};
const signedIn = { success: true, token: 'token-1', data: { id: 'u1', email: 'ada@example.com' } };

type Answer = { status: number; body?: unknown };
/** A fake API: answers by "METHOD /path", and records every request. */
function fakeApi(answers: Record<string, Answer>) {
  const requests: { route: string; authorization: string | null; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const route = `${init.method ?? 'GET'} ${url.replace(/\?.*$/, '')}`;
    const headers = new Headers(init.headers);
    requests.push({ route, authorization: headers.get('authorization'), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[route] ?? { status: 404, body: { success: false, status: 404, message: 'Not found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  return requests;
}

const failure = (status: number, errorPath: string, message: string) => ({
  status,
  body: {
    success: false,
    status,
    message,
    errorPath,
    errors: { errors: [], children: { [errorPath]: { errors: [message], children: {} } } },
    detail: { message },
  },
});

describe('the user store', () => {
  const cartCalls: string[] = [];
  beforeEach(() => {
    // Failed calls are logged by the API client; the tests look at the store instead.
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    signOut();
    $authErrors.set({ registrationError: false, loginError: false });
    cartCalls.length = 0;
    setCartApi(() => ({
      getCart: async () => {
        cartCalls.push('get');
        return { error: null, data: [] };
      },
      putCart: async (items) => {
        cartCalls.push('put');
        return { error: null, data: items.map((item) => ({ ...item, id: 'line', product: null })) as never };
      },
      getProductByVariation: async () => ({ error: null, data: null }),
    }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps only stored data of its own version', () => {
    const user = { id: 'u1', email: 'a@b.co', token: 't' };
    expect(parseStoredUser(JSON.stringify({ version: USER_STORE_VERSION, ...user }))).toEqual(user);
    expect(parseStoredUser(JSON.stringify({ version: '0.0.12', ...user }))).toBeNull();
    expect(parseStoredUser(JSON.stringify({ version: USER_STORE_VERSION, id: 'u1' }))).toBeNull();
    expect(parseStoredUser('not json')).toBeNull();
    expect(parseStoredProfile(JSON.stringify({ version: USER_STORE_VERSION, profile }))).toEqual(profile);
    expect(parseStoredProfile(JSON.stringify({ version: '0.0.1', profile }))).toBeNull();
  });

  it('signs in: the user is kept, the profile loaded and the carts merged once', async () => {
    // every page starts the cart store (the header's badge); it alone merges the carts on sign-in
    startCartSync();
    $cart.set({ ...$cart.get(), list: [{ variationId: 'v1', quantity: 2 }] });
    const requests = fakeApi({
      'POST /api/login_check': { status: 200, body: signedIn },
      'GET /api/users/profile': { status: 200, body: profile },
    });
    const result = await login({ username: 'ada@example.com', password: 'secret' });
    expect(result.error).toBeNull();
    expect($user.get()).toEqual({ id: 'u1', email: 'ada@example.com', token: 'token-1' });
    expect($profile.get()).toEqual(profile);
    expect($authErrors.get().loginError).toBe(false);
    expect(requests.find((r) => r.route === 'GET /api/users/profile')?.authorization).toBe('Bearer token-1');
    await vi.waitFor(() => expect(cartCalls).toEqual(['get', 'put']));
    await vi.waitFor(() => expect($cart.get().status).toBeNull());
    expect(cartCalls).toEqual(['get', 'put']);
    expect($cart.get().list.map((item) => [item.variationId, item.quantity])).toEqual([['v1', 2]]);
  });

  it('raises the login error flag on a refused sign-in, not on a server failure', async () => {
    fakeApi({ 'POST /api/login_check': failure(401, 'password', 'The username or password you entered is incorrect') });
    await login({ username: 'ada@example.com', password: 'wrong' });
    expect($authErrors.get().loginError).toBe(true);
    expect($user.get()).toBeNull();

    fakeApi({ 'POST /api/login_check': { status: 500, body: { success: false, status: 500, message: 'Internal' } } });
    await login({ username: 'ada@example.com', password: 'wrong' });
    expect($authErrors.get().loginError).toBe(false);

    fakeApi({ 'POST /api/login_check': { status: 200, body: signedIn }, 'GET /api/users/profile': { status: 200, body: profile } });
    await login({ username: 'ada@example.com', password: 'secret' });
    expect($authErrors.get().loginError).toBe(false);
  });

  it('registration signs the customer in, and a taken e-mail raises the registration error flag', async () => {
    fakeApi({ 'POST /api/register': failure(400, 'email', 'A user with this email already exists') });
    const refused = await register({ email: 'ada@example.com', password: 'secret', profile: { firstName: 'Ada', lastName: 'L' } });
    expect(refused.error?.statusCode).toBe(400);
    expect($authErrors.get().registrationError).toBe(true);
    expect($user.get()).toBeNull();

    fakeApi({ 'POST /api/register': { status: 201, body: signedIn }, 'GET /api/users/profile': { status: 200, body: profile } });
    await register({ email: 'ada@example.com', password: 'secret', profile: { firstName: 'Ada', lastName: 'L' } });
    expect($authErrors.get().registrationError).toBe(false);
    expect($user.get()?.token).toBe('token-1');
    expect($profile.get()?.firstName).toBe('Ada');
  });

  it('logging out clears the user, the profile and the orders', async () => {
    fakeApi({
      'POST /api/login_check': { status: 200, body: signedIn },
      'GET /api/users/profile': { status: 200, body: profile },
      'GET /api/users/orders': { status: 200, body: [{ id: 'o1', number: 1 }] },
    });
    await login({ username: 'ada@example.com', password: 'secret' });
    await loadOrders();
    expect($orders.get()).toHaveLength(1);
    signOut();
    expect([$user.get(), $profile.get(), $orders.get()]).toEqual([null, null, []]);
  });

  it('asks nothing without a token, and ends a session the server no longer accepts', async () => {
    const requests = fakeApi({});
    expect(await loadProfile()).toBeNull();
    expect(requests).toEqual([]);

    $user.set({ id: 'u1', email: 'ada@example.com', token: 'expired' });
    fakeApi({ 'GET /api/users/profile': { status: 401, body: { success: false, status: 401, message: 'Authentication required' } } });
    await loadProfile();
    expect($user.get()).toBeNull();
  });

  it('a changed password brings a fresh token; a wrong current password keeps the session', async () => {
    $user.set({ id: 'u1', email: 'ada@example.com', token: 'token-1' });
    $profile.set(profile);
    fakeApi({ 'PUT /api/users': failure(400, 'currentPassword', 'The current password is incorrect') });
    await changeCredentials({ currentPassword: 'wrong', password: 'new secret' });
    expect($user.get()?.token).toBe('token-1');

    fakeApi({ 'PUT /api/users': { status: 200, body: { success: true, token: 'token-2', data: { id: 'u1', email: 'new@example.com' } } } });
    await changeCredentials({ currentPassword: 'secret', email: 'new@example.com' });
    expect($user.get()).toEqual({ id: 'u1', email: 'new@example.com', token: 'token-2' });
    expect($profile.get()?.email).toBe('new@example.com');
  });
});
