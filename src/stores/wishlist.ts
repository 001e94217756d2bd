/**
 * The shopper's wishlist in the browser: the product ids behind the hearts. A guest's list lives only here
 * (localStorage); a signed-in shopper's is the account's, kept on the server, with its ids mirrored here so the
 * hearts show without asking the server on every page. A guest's list is added to the account's once they sign
 * in (on the first page with hearts or the account's wishlist after that), and the mirror is emptied on sign-out.
 */
import { persistentAtom } from '@nanostores/persistent';
import type { WishlistDto } from '../lib/api-client';
import { $user, shopApi } from './user';

export const WISHLIST_STORAGE_KEY = 'wishlist';
/** As the server keeps at most (WISHLIST_MAX_ITEMS). */
const MAX_ITEMS = 200;

/** `owner`: the account the ids are of, null for a guest's own list. */
export type WishlistState = { owner: string | null; ids: string[] };

const EMPTY: WishlistState = { owner: null, ids: [] };

export function parseStoredWishlist(stored: string): WishlistState {
  try {
    const value = JSON.parse(stored) as Partial<WishlistState> | null;
    const ids = Array.isArray(value?.ids) ? value.ids.filter((id): id is string => typeof id === 'string' && id !== '') : [];
    return { owner: typeof value?.owner === 'string' ? value.owner : null, ids: [...new Set(ids)].slice(0, MAX_ITEMS) };
  } catch {
    return EMPTY;
  }
}

export const $wishlist = persistentAtom<WishlistState>(WISHLIST_STORAGE_KEY, EMPTY, {
  encode: JSON.stringify,
  decode: parseStoredWishlist,
});

const idsOf = (answer: WishlistDto) => answer.items.map((product) => product.id);

/** The account's list now, after any change the server answered with. */
function keepAnswer(owner: string, answer: WishlistDto | null): void {
  if (answer && $user.get()?.id === owner) $wishlist.set({ owner, ids: idsOf(answer) });
}

/** Adds or removes a product; answers whether it is in the list afterwards. */
export async function toggleWishlist(productId: string): Promise<boolean> {
  const state = $wishlist.get();
  const adding = !state.ids.includes(productId);
  const ids = adding ? [productId, ...state.ids].slice(0, MAX_ITEMS) : state.ids.filter((id) => id !== productId);
  const user = $user.get();
  $wishlist.set({ owner: user?.id ?? null, ids });
  if (!user) return adding;
  const api = shopApi();
  const { error, data } = adding ? await api.addToWishlist(productId) : await api.removeFromWishlist(productId);
  if (error) {
    // the server refused it (the list is full, the product is gone): the heart goes back
    $wishlist.set(state);
    return !adding;
  }
  keepAnswer(user.id, data);
  return adding;
}

/** The account's products with their prices and stock now (signed in), after merging a guest's list. */
export async function loadWishlist(): Promise<WishlistDto | null> {
  const user = $user.get();
  if (!user) return null;
  const state = $wishlist.get();
  const api = shopApi();
  const { data } = state.owner === null && state.ids.length > 0 ? await api.mergeWishlist(state.ids) : await api.getWishlist();
  keepAnswer(user.id, data);
  return data;
}

/** Brings the mirror in step with who is signed in: a guest's list merged into the account, an account's cleared on sign-out. */
async function settle(): Promise<void> {
  const user = $user.get();
  const state = $wishlist.get();
  if (!user) {
    if (state.owner !== null) $wishlist.set(EMPTY);
    return;
  }
  if (state.owner !== user.id) await loadWishlist();
}

let started = false;

/** Starts keeping the hearts in step with the signed-in shopper on this page (idempotent). */
export function startWishlistSync(): void {
  if (started) return;
  started = true;
  void settle();
  $user.listen(() => void settle());
}
