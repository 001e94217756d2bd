import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClientError, ApiResult, CartItemDto, ProductDto } from '../../src/lib/api-client';
import { CART_VERSION } from '../../src/lib/cart';
import { productDto, variationDto } from './fixtures/products';

// The persistent stores read browser storage when their module loads: the test engine goes first.
useTestStorageEngine();
const store = await import('../../src/stores/cart');
const { $user } = await import('../../src/stores/user');
const { $cart, $cartCount } = store;

const shirt = productDto('shirt', {
  variations: [variationDto('shirt-s', { fullPrice: 20, stock: 3 }), variationDto('shirt-m', { fullPrice: 20, stock: null })],
});
const mug = productDto('mug', { variations: [variationDto('mug-1', { fullPrice: 8, stock: 10 })] });

const ok = <T>(data: T): Promise<ApiResult<T>> => Promise.resolve({ error: null, data });
const failed = <T>(data: T, statusCode = 500): Promise<ApiResult<T>> =>
  Promise.resolve({ error: { message: 'failed', statusCode, context: 'test', path: '/', status: statusCode } as ApiClientError, data });

/** A fake server cart and catalog behind the store's API. */
function fakeServer() {
  const server = {
    cart: [] as CartItemDto[],
    products: new Map<string, ProductDto>([
      ['shirt-s', shirt],
      ['shirt-m', shirt],
      ['mug-1', mug],
    ]),
    failPut: false,
    puts: [] as { variationId: string; quantity: number }[][],
    tokens: [] as (string | null | undefined)[],
  };
  const productOf = (variationId: string) => server.products.get(variationId)!;
  store.setCartApi((token) => ({
    getCart: () => {
      server.tokens.push(token ?? $user.get()?.token);
      return ok(server.cart.map((item) => ({ ...item })));
    },
    putCart: (items) => {
      server.puts.push(items.map(({ variationId, quantity }) => ({ variationId, quantity })));
      if (server.failPut) return failed<CartItemDto[]>([]);
      server.cart = items.map((item, index) => ({
        id: `line-${item.variationId}-${index}`,
        variationId: item.variationId,
        quantity: item.quantity,
        product: productOf(item.variationId),
      }));
      return ok(server.cart);
    },
    getProductByVariation: (variationId) => {
      const product = server.products.get(variationId);
      if (variationId === 'flaky') return failed(null, 503);
      return product ? ok(product) : failed(null, 404);
    },
  }));
  return server;
}

const lines = () => $cart.get().list.map((item) => [item.variationId, item.quantity]);

beforeAll(() => {
  vi.useFakeTimers();
});

beforeEach(() => {
  $user.set(null);
  $cart.set({ ...$cart.get(), list: [], status: null, discountCodeId: null, discountOrderPrice: null, checkoutFields: {} });
  cleanTestStorage();
});

afterEach(async () => {
  await vi.runOnlyPendingTimersAsync();
});

describe('the cart store', () => {
  it('keeps the cart in browser storage under "cart" with version 0.0.14', () => {
    fakeServer();
    expect(store.addToCart(shirt, 'shirt-s', 2)).toEqual({ ok: true });
    const stored = JSON.parse(getTestStorage()['cart']!);
    expect(stored.version).toBe(CART_VERSION);
    expect(stored.list).toEqual([expect.objectContaining({ variationId: 'shirt-s', quantity: 2 })]);
    expect($cartCount.get()).toBe(2);
  });

  it('merges quantities of the same variation and refuses to go beyond a limited stock', () => {
    fakeServer();
    store.addToCart(shirt, 'shirt-s', 2);
    expect(store.addToCart(shirt, 'shirt-s', 2)).toEqual({ ok: false, available: 3 });
    expect(lines()).toEqual([['shirt-s', 2]]);
    expect(store.addToCart(shirt, 'shirt-s', 1)).toEqual({ ok: true });
    expect(store.addToCart(shirt, 'shirt-m', 50)).toEqual({ ok: true });
    expect(lines()).toEqual([
      ['shirt-s', 3],
      ['shirt-m', 50],
    ]);
  });

  it('sets quantities within stock, removes and empties', () => {
    fakeServer();
    store.addToCart(shirt, 'shirt-s', 1);
    store.addToCart(mug, 'mug-1', 1);
    expect(store.setCartQuantity('shirt-s', 4)).toEqual({ ok: false, available: 3 });
    expect(store.setCartQuantity('shirt-s', 3)).toEqual({ ok: true });
    expect(lines()).toEqual([
      ['shirt-s', 3],
      ['mug-1', 1],
    ]);
    store.removeFromCart('mug-1');
    expect(lines()).toEqual([['shirt-s', 3]]);
    store.saveDiscountCode('welcome10', 'code-1', 6);
    store.clearCart();
    expect(lines()).toEqual([]);
    expect($cart.get().discountCodeId).toBeNull();
  });

  it('saves and clears a discount code with the code as typed', () => {
    fakeServer();
    store.saveDiscountCode('Welcome10', 'code-1', 4.5);
    expect($cart.get()).toMatchObject({ discountCodeId: 'code-1', discountOrderPrice: 4.5 });
    expect(store.savedDiscountCode()).toBe('Welcome10');
    store.clearDiscountCode();
    expect($cart.get()).toMatchObject({ discountCodeId: null, discountOrderPrice: null });
    expect(store.savedDiscountCode()).toBeNull();
  });

  it('never talks to the server for a visitor who is not signed in', async () => {
    const server = fakeServer();
    store.addToCart(shirt, 'shirt-s', 1);
    await vi.runAllTimersAsync();
    expect(server.puts).toEqual([]);
    expect($cart.get().status).toBeNull();
  });

  it('saves every change of a signed-in shopper to the server and takes the server line ids', async () => {
    const server = fakeServer();
    $user.set({ id: 'u1', email: 'a@b.co', token: 'tok' });
    store.addToCart(shirt, 'shirt-s', 1);
    store.setCartQuantity('shirt-s', 2);
    expect($cart.get().status).toBe(store.UNSAVED);
    await vi.advanceTimersByTimeAsync(store.SAVE_DELAY_MS);
    expect(server.puts).toEqual([[{ variationId: 'shirt-s', quantity: 2 }]]);
    expect($cart.get().status).toBeNull();
    expect($cart.get().list[0]!.id).toBe('line-shirt-s-0');
  });

  it('stays unsaved when the server refuses, and sends the cart on the next sync', async () => {
    const server = fakeServer();
    $user.set({ id: 'u1', email: 'a@b.co', token: 'tok' });
    server.failPut = true;
    store.addToCart(mug, 'mug-1', 2);
    await vi.advanceTimersByTimeAsync(store.SAVE_DELAY_MS);
    expect($cart.get().status).toBe(store.UNSAVED);
    server.failPut = false;
    await store.syncCartFromServer();
    expect(server.cart.map((i) => [i.variationId, i.quantity])).toEqual([['mug-1', 2]]);
    expect($cart.get().status).toBeNull();
  });

  it('replaces a saved local cart with the server cart on sync (changed on another device)', async () => {
    const server = fakeServer();
    $user.set({ id: 'u1', email: 'a@b.co', token: 'tok' });
    store.addToCart(mug, 'mug-1', 1);
    await vi.advanceTimersByTimeAsync(store.SAVE_DELAY_MS);
    server.cart = [{ id: 'x', variationId: 'shirt-m', quantity: 5, product: shirt }];
    await store.syncCartFromServer();
    expect(lines()).toEqual([['shirt-m', 5]]);
  });

  it('merges the server and local carts on sign-in keeping the larger quantity, and writes the result back', async () => {
    const server = fakeServer();
    server.cart = [
      { id: 'a', variationId: 'shirt-s', quantity: 1, product: shirt },
      { id: 'b', variationId: 'mug-1', quantity: 4, product: mug },
    ];
    store.addToCart(shirt, 'shirt-s', 3);
    store.addToCart(shirt, 'shirt-m', 1);
    store.addToCart(mug, 'mug-1', 2);
    $user.set({ id: 'u1', email: 'a@b.co', token: 'fresh-token' });
    await store.syncCartAfterSignIn('fresh-token');
    expect(server.tokens).toEqual(['fresh-token']);
    expect(lines()).toEqual([
      ['shirt-s', 3],
      ['mug-1', 4],
      ['shirt-m', 1],
    ]);
    expect(server.puts.at(-1)).toEqual([
      { variationId: 'shirt-s', quantity: 3 },
      { variationId: 'mug-1', quantity: 4 },
      { variationId: 'shirt-m', quantity: 1 },
    ]);
  });

  it('drops lines whose product or variation is gone and keeps lines that could not be checked', async () => {
    const server = fakeServer();
    store.addToCart(shirt, 'shirt-s', 1);
    store.addToCart(mug, 'mug-1', 1);
    $cart.set({ ...$cart.get(), list: [...$cart.get().list, { variationId: 'flaky', quantity: 1, product: null }] });
    server.products.delete('mug-1');
    const dropped = await store.refreshCart();
    expect(dropped.map((item) => item.variationId)).toEqual(['mug-1']);
    expect(lines()).toEqual([
      ['shirt-s', 1],
      ['flaky', 1],
    ]);
  });

  it('reads stored data of another cart version as an empty cart', async () => {
    setTestStorageKey('cart', JSON.stringify({ version: '0.0.13', list: [{ variationId: 'old', quantity: 1 }] }));
    vi.resetModules();
    const fresh = await import('../../src/stores/cart');
    expect(fresh.$cart.get().list).toEqual([]);
    expect(fresh.$cart.get().version).toBe(CART_VERSION);
  });
});
