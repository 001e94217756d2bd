import { describe, expect, it } from 'vitest';
import {
  CART_VERSION,
  type CartItem,
  addItem,
  cartTotals,
  clearDiscount,
  dropUnavailable,
  emptyCart,
  emptyCartState,
  isAvailable,
  mergeCarts,
  parseStoredCart,
  quantityOf,
  removeItem,
  saveDiscount,
  setQuantity,
  stockErrorText,
  stockLimitFor,
  toServerCart,
} from '../../src/lib/cart';
import { productDto, variationDto } from './fixtures/products';

const shirt = productDto('shirt', {
  variations: [
    variationDto('shirt-s', { fullPrice: 19.99, stock: 3 }),
    variationDto('shirt-m', { fullPrice: 19.99, discountPrice: 14.99, stock: null }),
  ],
});
const mug = productDto('mug', { variations: [variationDto('mug-1', { fullPrice: 0.1, stock: 0 })] });

const line = (variationId: string, quantity: number, extra: Partial<CartItem> = {}): CartItem => ({ variationId, quantity, ...extra });

describe('addItem', () => {
  it('appends a new variation', () => {
    const items = addItem([line('a', 1)], line('b', 2));
    expect(items.map((i) => [i.variationId, i.quantity])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('merges the quantity when the variation is already in the cart', () => {
    const items = addItem([line('a', 1, { id: 'server-1' }), line('b', 1)], line('a', 2));
    expect(items).toEqual([line('a', 3, { id: 'server-1', product: undefined }), line('b', 1)]);
  });

  it('refreshes the product of a merged line when one is given', () => {
    const items = addItem([line('shirt-s', 1)], line('shirt-s', 1, { product: shirt }));
    expect(items[0]!.product).toBe(shirt);
  });

  it('ignores non-positive or invalid quantities and floors fractions', () => {
    const start = [line('a', 1)];
    expect(addItem(start, line('a', 0))).toEqual(start);
    expect(addItem(start, line('a', -2))).toEqual(start);
    expect(addItem(start, line('a', Number.NaN))).toEqual(start);
    expect(addItem(start, line('b', 2.7))[1]!.quantity).toBe(2);
  });

  it('does not change the given list', () => {
    const start = [line('a', 1)];
    addItem(start, line('a', 1));
    expect(start[0]!.quantity).toBe(1);
  });
});

describe('setQuantity, removeItem, quantityOf', () => {
  it('sets the quantity of one line', () => {
    expect(setQuantity([line('a', 1), line('b', 1)], 'b', 5)).toEqual([line('a', 1), line('b', 5)]);
  });

  it('removes the line when set below 1', () => {
    expect(setQuantity([line('a', 1), line('b', 1)], 'a', 0)).toEqual([line('b', 1)]);
  });

  it('removes a line by variation', () => {
    expect(removeItem([line('a', 1), line('b', 1)], 'a')).toEqual([line('b', 1)]);
    expect(removeItem([line('a', 1)], 'zzz')).toEqual([line('a', 1)]);
  });

  it('reads the quantity in the cart', () => {
    expect(quantityOf([line('a', 4)], 'a')).toBe(4);
    expect(quantityOf([line('a', 4)], 'b')).toBe(0);
  });
});

describe('cart state', () => {
  it('empties the list and the discount but keeps checkout fields', () => {
    const state = { ...saveDiscount(emptyCartState(), 'code-1', 12.5), list: [line('a', 1)], checkoutFields: { name: 'Ann' } };
    expect(emptyCart(state)).toEqual({ ...emptyCartState(), checkoutFields: { name: 'Ann' } });
  });

  it('saves and clears a discount code', () => {
    const saved = saveDiscount(emptyCartState(), 'code-1', 12.5);
    expect(saved).toMatchObject({ discountCodeId: 'code-1', discountOrderPrice: 12.5 });
    expect(clearDiscount(saved)).toMatchObject({ discountCodeId: null, discountOrderPrice: null });
  });

  it('starts at version 0.0.14', () => {
    expect(emptyCartState().version).toBe('0.0.14');
    expect(CART_VERSION).toBe('0.0.14');
  });
});

describe('stock', () => {
  it('reports the available count when a line exceeds a limited stock', () => {
    expect(stockLimitFor(line('shirt-s', 4, { product: shirt }))).toBe(3);
    expect(stockLimitFor(line('shirt-s', 3, { product: shirt }))).toBeNull();
    expect(stockLimitFor(line('mug-1', 1, { product: mug }))).toBe(0);
  });

  it('never limits unlimited (null) stock or lines without a known product', () => {
    expect(stockLimitFor(line('shirt-m', 1000, { product: shirt }))).toBeNull();
    expect(stockLimitFor(line('shirt-s', 1000))).toBeNull();
  });

  it('is unavailable when any line exceeds its stock', () => {
    expect(isAvailable([line('shirt-s', 3, { product: shirt }), line('shirt-m', 99, { product: shirt })])).toBe(true);
    expect(isAvailable([line('shirt-m', 1, { product: shirt }), line('shirt-s', 4, { product: shirt })])).toBe(false);
    expect(isAvailable([])).toBe(true);
  });

  it('fills the stock error text', () => {
    expect(stockErrorText(3)).toBe('Only 3 items are available');
    expect(stockErrorText(2, 'Доступно только {count} шт.')).toBe('Доступно только 2 шт.');
  });
});

describe('mergeCarts', () => {
  it('keeps server lines first, then new local lines, with the larger quantity per variation', () => {
    const server = [line('a', 2, { id: 's-a' }), line('b', 5, { id: 's-b' })];
    const local = [line('c', 1), line('b', 7), line('a', 1)];
    expect(mergeCarts(server, local)).toEqual([
      line('a', 2, { id: 's-a', product: undefined }),
      line('b', 7, { id: 's-b', product: undefined }),
      line('c', 1),
    ]);
  });

  it('handles empty sides', () => {
    expect(mergeCarts([], [line('a', 1)])).toEqual([line('a', 1)]);
    expect(mergeCarts([line('a', 1)], [])).toEqual([line('a', 1)]);
  });

  it('keeps a known product from either side', () => {
    const [merged] = mergeCarts([line('shirt-s', 1)], [line('shirt-s', 1, { product: shirt })]);
    expect(merged!.product).toBe(shirt);
  });
});

describe('dropUnavailable', () => {
  it('drops lines whose product or variation is gone and attaches the fresh product to the rest', () => {
    const items = [line('shirt-s', 1), line('gone', 1), line('mug-1', 2)];
    const { kept, dropped } = dropUnavailable(items, [shirt, mug]);
    expect(kept.map((i) => i.variationId)).toEqual(['shirt-s', 'mug-1']);
    expect(kept[0]!.product).toBe(shirt);
    expect(dropped).toEqual([line('gone', 1)]);
  });

  it('drops everything when no product is available', () => {
    expect(dropUnavailable([line('a', 1)], [])).toEqual({ kept: [], dropped: [line('a', 1)] });
  });
});

describe('cartTotals', () => {
  it('sums price and full price times quantity without floating-point drift', () => {
    const totals = cartTotals([
      line('shirt-s', 3, { product: shirt }),
      line('shirt-m', 2, { product: shirt }),
      line('mug-1', 3, { product: mug }),
    ]);
    expect(totals.lines.map((l) => l.sumDiscountPrice)).toEqual([59.97, 29.98, 0.3]);
    expect(totals.lines.map((l) => l.sumFullPrice)).toEqual([59.97, 39.98, 0.3]);
    expect(totals.totalPrice).toBe(90.25);
    expect(totals.totalFullPrice).toBe(100.25);
    expect(totals.totalDiscount).toBe(10);
    expect(totals.quantity).toBe(8);
    expect(totals.lines[1]!.variation?.id).toBe('shirt-m');
  });

  it('counts lines without a loaded product as 0', () => {
    const totals = cartTotals([line('unknown', 2)]);
    expect(totals).toMatchObject({ totalPrice: 0, totalFullPrice: 0, quantity: 2 });
    expect(totals.lines[0]).toMatchObject({ variation: null, sumDiscountPrice: 0 });
  });

  it('is zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({ lines: [], quantity: 0, totalPrice: 0, totalFullPrice: 0, totalDiscount: 0 });
  });
});

describe('toServerCart', () => {
  it('sends id (when saved), variationId and quantity only', () => {
    expect(toServerCart([line('a', 1, { id: 's-1', product: shirt }), line('b', 2, { product: mug })])).toEqual([
      { id: 's-1', variationId: 'a', quantity: 1 },
      { variationId: 'b', quantity: 2 },
    ]);
  });
});

describe('parseStoredCart', () => {
  const stored = {
    version: '0.0.14',
    list: [{ id: 's-1', variationId: 'shirt-s', quantity: 2, product: shirt }],
    checkoutFields: { email: 'a@b.cd' },
    status: 'ready',
    discountCodeId: 'code',
    discountOrderPrice: 5,
  };

  it('reads a stored cart of the current version, from JSON or a value', () => {
    const expected = { ...stored, list: [{ id: 's-1', variationId: 'shirt-s', quantity: 2, product: shirt }] };
    expect(parseStoredCart(JSON.stringify(stored))).toEqual(expected);
    expect(parseStoredCart(stored)).toEqual(expected);
  });

  it('discards a cart of another version', () => {
    expect(parseStoredCart({ ...stored, version: '0.0.13' })).toEqual(emptyCartState());
    expect(parseStoredCart({ ...stored, version: undefined })).toEqual(emptyCartState());
  });

  it.each([null, undefined, 'not json', '[]', 42, '{"version":"0.0.14"'])('gives an empty cart for %j', (value) => {
    expect(parseStoredCart(value)).toEqual(emptyCartState());
  });

  it('skips malformed lines, merges repeated variations and resets malformed fields', () => {
    const state = parseStoredCart({
      version: '0.0.14',
      list: [
        { variationId: 'a', quantity: 1 },
        { variationId: '', quantity: 1 },
        { variationId: 'b', quantity: 0 },
        { variationId: 'c', quantity: 'two' },
        { quantity: 1 },
        'junk',
        { variationId: 'a', quantity: 2, product: { no: 'variations' } },
      ],
      checkoutFields: 'x',
      status: 5,
      discountCodeId: 7,
      discountOrderPrice: 'NaN',
    });
    expect(state).toEqual({ ...emptyCartState(), list: [{ variationId: 'a', quantity: 3, product: null }] });
  });

  it('treats a missing list as empty', () => {
    expect(parseStoredCart({ version: '0.0.14' }).list).toEqual([]);
  });
});
