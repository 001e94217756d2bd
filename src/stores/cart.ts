/**
 * The shopper's cart (spec 3.2 and 4), kept in browser storage with version 0.0.14 and shared by every
 * island. The rules live in ../lib/cart.ts; this store applies them and keeps a signed-in shopper's cart
 * on the server: every change is saved, signing in merges the server and local carts (larger quantity
 * wins), and coming back after more than 120000 ms idle (or loading a page) syncs from the server.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { ApiClient } from '../lib/api-client';
import {
  addItem,
  clearDiscount as withoutDiscount,
  dropUnavailable,
  emptyCart,
  emptyCartState,
  mergeCarts,
  parseStoredCart,
  quantityOf,
  removeItem,
  saveDiscount as withDiscount,
  setQuantity,
  stockLimitFor,
  toServerCart,
  type CartItem,
  type CartState,
} from '../lib/cart';
import type { ProductDto } from '../lib/api-client';
import { onReturnFromIdle, startActivityTracking } from './activity';
import { $user, shopApi } from './user';

export const CART_STORAGE_KEY = 'cart';
/** Rapid changes (a quantity stepper) are saved to the server together. */
export const SAVE_DELAY_MS = 300;
/** The cart's status while a signed-in shopper's change has not reached the server yet. */
export const UNSAVED = 'unsaved';

export const $cart = persistentAtom<CartState>(CART_STORAGE_KEY, emptyCartState(), {
  encode: JSON.stringify,
  decode: parseStoredCart,
});

/** Pieces in the cart (the header badge). */
export const $cartCount = computed($cart, (state) => state.list.reduce((count, item) => count + item.quantity, 0));

type CartApi = Pick<ApiClient, 'getCart' | 'putCart' | 'getProductByVariation'>;
let apiFor: (token?: string | null) => CartApi = (token) => shopApi({ token });

/** Replaces the API the store talks to (tests). */
export function setCartApi(factory: (token?: string | null) => CartApi): void {
  apiFor = factory;
}

const signedIn = () => !!$user.get()?.token;

/** A local change: marked unsaved and saved to the server shortly when the shopper is signed in. */
function change(next: CartState): void {
  const mine = signedIn();
  $cart.set(mine ? { ...next, status: UNSAVED } : next);
  if (mine) scheduleSave();
}

// ---------------------------------------------------------------- changes

export type AddResult = { ok: true } | { ok: false; available: number };

/**
 * Adds pieces of a variation, merging with its line. Refused when the cart would then hold more than a
 * limited stock; `available` is the stock to report ('Only {count} items are available').
 */
export function addToCart(product: ProductDto, variationId: string, quantity: number): AddResult {
  const state = $cart.get();
  const wanted = quantityOf(state.list, variationId) + quantity;
  const available = stockLimitFor({ variationId, quantity: wanted, product });
  if (available !== null) return { ok: false, available };
  change({ ...state, list: addItem(state.list, { variationId, quantity, product }) });
  return { ok: true };
}

/** Sets a line's quantity (below 1 removes it); refused above a limited stock. */
export function setCartQuantity(variationId: string, quantity: number): AddResult {
  const state = $cart.get();
  const line = state.list.find((item) => item.variationId === variationId);
  if (!line) return { ok: true };
  const available = stockLimitFor({ ...line, quantity });
  if (available !== null) return { ok: false, available };
  change({ ...state, list: setQuantity(state.list, variationId, quantity) });
  return { ok: true };
}

export function removeFromCart(variationId: string): void {
  const state = $cart.get();
  change({ ...state, list: removeItem(state.list, variationId) });
}

/** Empties the cart (after an order exists, or on the shopper's request). */
export function clearCart(): void {
  change(emptyCart($cart.get()));
}

/** Remembers a checked discount code: its id and the discount the server computed, and the code as typed. */
export function saveDiscountCode(code: string, id: string, price: number): void {
  const state = withDiscount($cart.get(), id, price);
  $cart.set({ ...state, checkoutFields: { ...state.checkoutFields, discountCode: code } });
}

export function clearDiscountCode(): void {
  const state = withoutDiscount($cart.get());
  const { discountCode: _removed, ...checkoutFields } = state.checkoutFields;
  $cart.set({ ...state, checkoutFields });
}

/** The discount code as the shopper typed it, when one is saved. */
export function savedDiscountCode(state: CartState = $cart.get()): string | null {
  const code = state.checkoutFields.discountCode;
  return state.discountCodeId && typeof code === 'string' && code !== '' ? code : null;
}

/** Keeps what the shopper typed at checkout for the next visit. */
export function saveCheckoutFields(fields: Record<string, unknown>): void {
  const state = $cart.get();
  $cart.set({ ...state, checkoutFields: { ...state.checkoutFields, ...fields } });
}

/**
 * Reloads every line's product from the server. Lines whose product or variation is gone (the server
 * answers 404) are dropped and returned, so the page can tell the shopper; lines that could not be
 * checked for another reason stay as they are.
 */
export async function refreshCart(): Promise<CartItem[]> {
  const variationIds = [...new Set($cart.get().list.map((item) => item.variationId))];
  if (variationIds.length === 0) return [];
  const api = apiFor();
  const answers = await Promise.all(variationIds.map((id) => api.getProductByVariation(id)));
  const products: ProductDto[] = [];
  const unchecked = new Set<string>();
  answers.forEach(({ error, data }, index) => {
    if (data) products.push(data);
    else if (error?.statusCode !== 404) unchecked.add(variationIds[index]!);
  });
  const state = $cart.get();
  const checked = state.list.filter((item) => !unchecked.has(item.variationId));
  const { kept, dropped } = dropUnavailable(checked, products);
  const fresh = new Map(kept.map((item) => [item.variationId, item.product]));
  const gone = new Set(dropped.map((item) => item.variationId));
  const list = state.list
    .filter((item) => !gone.has(item.variationId))
    .map((item) => (fresh.has(item.variationId) ? { ...item, product: fresh.get(item.variationId) } : item));
  if (dropped.length > 0) change({ ...state, list });
  else $cart.set({ ...state, list });
  return dropped;
}

// ---------------------------------------------------------------- server cart

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let saving: Promise<void> = Promise.resolve();

function scheduleSave(): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void saveCartNow(), SAVE_DELAY_MS);
}

/**
 * Saves the signed-in shopper's cart to the server (one save at a time). Lines get the server's ids;
 * the cart stays marked unsaved when the save fails or the cart changed meanwhile.
 */
export function saveCartNow(): Promise<void> {
  clearTimeout(saveTimer);
  saving = saving.then(async () => {
    if (!signedIn()) return;
    const sent = $cart.get().list;
    const { error, data } = await apiFor().putCart(toServerCart(sent));
    if (error) return;
    const idByVariation = new Map(data.map((item) => [item.variationId, item.id]));
    const current = $cart.get();
    const list = current.list.map((item) => {
      const id = idByVariation.get(item.variationId);
      return id ? { ...item, id } : item;
    });
    $cart.set({ ...current, list, status: current.list === sent ? null : current.status });
  });
  return saving;
}

/** Lines as the server keeps them, in the local shape. */
const fromServer = (items: CartItem[]): CartItem[] =>
  items.map(({ id, variationId, quantity, product }) => ({ id, variationId, quantity, product }));

/**
 * After signing in: the server's and the local carts are merged keeping the larger quantity of each
 * variation, and the result is written back. For the accounts code to call once the token is known.
 */
export async function syncCartAfterSignIn(token?: string | null): Promise<void> {
  const { error, data } = await apiFor(token).getCart();
  if (error) return;
  const state = $cart.get();
  $cart.set({ ...state, list: mergeCarts(fromServer(data), state.list), status: UNSAVED });
  await saveCartNow();
}

/**
 * A signed-in shopper's cart brought in step with the server: local changes the server has not got yet
 * are sent, otherwise the server's cart (perhaps changed on another device) replaces the local one.
 */
export async function syncCartFromServer(): Promise<void> {
  if (!signedIn()) return;
  if ($cart.get().status === UNSAVED) return saveCartNow();
  const { error, data } = await apiFor().getCart();
  if (error || $cart.get().status === UNSAVED) return;
  $cart.set({ ...$cart.get(), list: fromServer(data), status: null });
}

let syncStarted = false;

/**
 * Starts keeping the cart in step with the server on this page (idempotent): a sync on load for a
 * signed-in shopper, a merge when someone signs in (in this tab or another), the local cart cleared when
 * they sign out (their cart stays on the server), and a sync when they come back after being idle.
 */
export function startCartSync(): void {
  if (syncStarted) return;
  syncStarted = true;
  let userId = $user.get()?.id ?? null;
  if (userId) void syncCartFromServer();
  $user.listen((user) => {
    const id = user?.id ?? null;
    if (id === userId) return;
    const wasSignedIn = userId !== null;
    userId = id;
    if (user) void syncCartAfterSignIn(user.token);
    else if (wasSignedIn) $cart.set({ ...emptyCart($cart.get()), status: null });
  });
  if (typeof window === 'undefined') return;
  startActivityTracking();
  onReturnFromIdle(() => void syncCartFromServer());
}
