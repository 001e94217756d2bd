import { persistentAtom } from '@nanostores/persistent';

/** Spec 3.3 / 9: the signed-in user kept in browser storage, version 0.0.13. */
export const USER_STORE_VERSION = '0.0.13';
export const USER_STORAGE_KEY = 'user';

export type SignedInUser = { id: string; email: string; token: string };

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The stored user, or null for anything unreadable or written by another store version. */
export function parseStoredUser(stored: string): SignedInUser | null {
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return null;
    const { version, id, email, token } = value as Record<string, unknown>;
    if (version !== USER_STORE_VERSION || !isNonEmptyString(id) || !isNonEmptyString(token)) return null;
    return { id, email: typeof email === 'string' ? email : '', token };
  } catch {
    return null;
  }
}

/** null when signed out (the storage key is then removed). */
export const $user = persistentAtom<SignedInUser | null>(USER_STORAGE_KEY, null, {
  encode: (user) => (user ? JSON.stringify({ version: USER_STORE_VERSION, ...user }) : undefined),
  decode: parseStoredUser,
});

export function signIn(user: SignedInUser): void {
  $user.set(user);
}

export function signOut(): void {
  $user.set(null);
}
