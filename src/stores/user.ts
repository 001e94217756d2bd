import { persistentAtom } from '@nanostores/persistent';
import { atom, map } from 'nanostores';
import {
  type ApiClient,
  type ApiResult,
  type LoginInput,
  type OrderDto,
  type ProfileChangeInput,
  type ProfileDto,
  type RegistrationInput,
  type SignedInDto,
  type UserChangeInput,
  createBrowserApiClient,
} from '../lib/api-client';
import { documentLanguage, type Language } from '../lib/localize';

/**
 * The customer's session (spec 3.3, 4): logged out (user and profile null, no orders) or logged in
 * (id, email, token) after a successful sign-in or registration. User and profile persist in browser
 * storage, version 0.0.13; the storage key and the user's stored shape are shared with the cart code.
 */
export const USER_STORE_VERSION = '0.0.13';
export const USER_STORAGE_KEY = 'user';
export const PROFILE_STORAGE_KEY = 'userProfile';

export type SignedInUser = { id: string; email: string; token: string };

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

function readVersioned(stored: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return null;
    return (value as Record<string, unknown>).version === USER_STORE_VERSION ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The stored user, or null for anything unreadable or written by another store version. */
export function parseStoredUser(stored: string): SignedInUser | null {
  const value = readVersioned(stored);
  if (!value) return null;
  const { id, email, token } = value;
  if (!isNonEmptyString(id) || !isNonEmptyString(token)) return null;
  return { id, email: typeof email === 'string' ? email : '', token };
}

/** The stored profile, or null for anything unreadable or written by another store version. */
export function parseStoredProfile(stored: string): ProfileDto | null {
  const value = readVersioned(stored);
  const profile = value?.profile;
  return typeof profile === 'object' && profile !== null && isNonEmptyString((profile as ProfileDto).id) ? (profile as ProfileDto) : null;
}

/** null when signed out (the storage key is then removed). */
export const $user = persistentAtom<SignedInUser | null>(USER_STORAGE_KEY, null, {
  encode: (user) => (user ? JSON.stringify({ version: USER_STORE_VERSION, ...user }) : undefined),
  decode: parseStoredUser,
});

export const $profile = persistentAtom<ProfileDto | null>(PROFILE_STORAGE_KEY, null, {
  encode: (profile) => (profile ? JSON.stringify({ version: USER_STORE_VERSION, profile }) : undefined),
  decode: parseStoredProfile,
});

export const $orders = atom<OrderDto[]>([]);

/** Spec 4: set on a client-level failure (status below 500), cleared on success. */
export const $authErrors = map({ registrationError: false, loginError: false });

export function signIn(user: SignedInUser): void {
  $user.set(user);
}

/** Logged out: user, profile and orders cleared. */
export function signOut(): void {
  $user.set(null);
  $profile.set(null);
  $orders.set([]);
}

/**
 * The browser's API client, the one every island, store and form calls the API through: answers in `lang` (else
 * the page's language) and signs requests with `token`, else the signed-in user's token; `anonymous` calls carry
 * none, so answers the page cache keeps for everyone (the settings, /api/config) can come from it. Failed calls
 * show in the page's notifications (src/lib/api-client createBrowserApiClient).
 */
export function shopApi(options: { lang?: Language | undefined; token?: string | null; anonymous?: boolean } = {}): ApiClient {
  const lang = options.lang ?? documentLanguage();
  return createBrowserApiClient({
    ...(lang ? { lang } : {}),
    getToken: () => (options.anonymous ? null : (options.token ?? $user.get()?.token ?? null)),
  });
}

const isClientFailure = (result: ApiResult<unknown>) => result.error !== null && result.error.statusCode < 500;

/** A request the server refused for the token itself: the session is over. */
function endSessionOnUnauthorized(result: ApiResult<unknown>): void {
  if (result.error?.statusCode === 401) signOut();
}

/**
 * Signed in: the profile loads. The cart store, which every page starts (the header's cart badge), sees the new
 * user and merges the local cart with the server's (spec 4); it alone does, so the merge runs once.
 */
async function afterSignIn(answer: SignedInDto): Promise<void> {
  signIn({ id: answer.data.id, email: answer.data.email, token: answer.token });
  await loadProfile();
}

export async function login(credentials: LoginInput): Promise<ApiResult<SignedInDto | null>> {
  const result = await shopApi().login(credentials);
  $authErrors.setKey('loginError', isClientFailure(result));
  if (result.data) await afterSignIn(result.data);
  return result;
}

/** Registration signs the new customer in at once. */
export async function register(registration: RegistrationInput): Promise<ApiResult<SignedInDto | null>> {
  const result = await shopApi().register(registration);
  $authErrors.setKey('registrationError', isClientFailure(result));
  if (result.data) await afterSignIn(result.data);
  return result;
}

let profileRequest: Promise<ProfileDto | null> | null = null;

/** Nothing is asked without a token; callers at the same moment share one request. */
export function loadProfile(): Promise<ProfileDto | null> {
  if (!$user.get()) return Promise.resolve(null);
  profileRequest ??= shopApi()
    .getProfile()
    .then((result) => {
      endSessionOnUnauthorized(result);
      if (result.data) $profile.set(result.data);
      return result.data;
    })
    .finally(() => {
      profileRequest = null;
    });
  return profileRequest;
}

export async function saveProfile(change: ProfileChangeInput): Promise<ApiResult<ProfileDto | null>> {
  const result = await shopApi().putProfile(change);
  endSessionOnUnauthorized(result);
  if (result.data) $profile.set(result.data);
  return result;
}

/** A new e-mail or password; the answer carries a fresh token (older ones stop working after a password change). */
export async function changeCredentials(change: UserChangeInput): Promise<ApiResult<SignedInDto | null>> {
  const result = await shopApi().putUser(change);
  endSessionOnUnauthorized(result);
  if (result.data) {
    signIn({ id: result.data.data.id, email: result.data.data.email, token: result.data.token });
    const profile = $profile.get();
    if (profile) $profile.set({ ...profile, email: result.data.data.email });
  }
  return result;
}

export async function loadOrders(): Promise<ApiResult<OrderDto[]>> {
  const result = await shopApi().getUserOrders();
  endSessionOnUnauthorized(result);
  if (!result.error) $orders.set(result.data);
  return result;
}

/** Logout revokes the token on the server, clears the session and goes to the homepage. */
export async function logout(): Promise<void> {
  if ($user.get()) await shopApi().logout();
  signOut();
  window.location.assign('/');
}

/** Self-service deletion; afterwards the user is logged out and goes to the homepage. */
export async function deleteAccount(): Promise<ApiResult<unknown>> {
  const result = await shopApi().deleteUser();
  if (!result.error) {
    signOut();
    window.location.assign('/');
  }
  return result;
}
