/**
 * Cart state of spec 3.2 and 4 as pure functions: every change returns a new value.
 * Amounts are decimal (as the API speaks them); sums are computed in integer cents.
 */
import type { ProductDto, VariationDto } from '../contract/storefront/catalog';
import { amountToCents, centsToAmount } from './money';
import { isRecord } from './is-record';

export const CART_VERSION = '0.0.14';

export const STOCK_ERROR_MESSAGE = 'Only {count} items are available';

export type CartItem = {
  /** Server id of the line, once the cart has been saved for a signed-in user. */
  id?: string;
  variationId: string;
  quantity: number;
  /** The full product loaded by variation, when known. */
  product?: ProductDto | null;
};

export type CartState = {
  version: typeof CART_VERSION;
  list: CartItem[];
  checkoutFields: Record<string, unknown>;
  /** Free-form progress flag owned by the storefront's cart store. */
  status: string | null;
  discountCodeId: string | null;
  discountOrderPrice: number | null;
};

export type CartLine = CartItem & {
  variation: VariationDto | null;
  /** price (discount price when set) times quantity */
  sumDiscountPrice: number;
  /** full price times quantity */
  sumFullPrice: number;
};

export type CartTotals = {
  lines: CartLine[];
  /** total number of pieces */
  quantity: number;
  totalPrice: number;
  totalFullPrice: number;
  totalDiscount: number;
};

export function emptyCartState(): CartState {
  return { version: CART_VERSION, list: [], checkoutFields: {}, status: null, discountCodeId: null, discountOrderPrice: null };
}

/** A whole number of pieces; anything else counts as 0. */
function toQuantity(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

export function variationOf(item: Pick<CartItem, 'variationId' | 'product'>): VariationDto | null {
  return item.product?.variations.find((v) => v.id === item.variationId) ?? null;
}

export function quantityOf(items: readonly CartItem[], variationId: string): number {
  return items.find((i) => i.variationId === variationId)?.quantity ?? 0;
}

/** Adds pieces of a variation: merges into its line when present, else appends a line. Non-positive quantities change nothing. */
export function addItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  const quantity = toQuantity(item.quantity);
  if (quantity === 0) return [...items];
  const existing = items.find((i) => i.variationId === item.variationId);
  if (!existing) return [...items, { ...item, quantity }];
  return items.map((i) => (i === existing ? { ...i, quantity: i.quantity + quantity, product: item.product ?? i.product } : i));
}

/** Sets the quantity of a line; a quantity below 1 removes it. */
export function setQuantity(items: readonly CartItem[], variationId: string, quantity: number): CartItem[] {
  const pieces = toQuantity(quantity);
  if (pieces === 0) return removeItem(items, variationId);
  return items.map((i) => (i.variationId === variationId ? { ...i, quantity: pieces } : i));
}

export function removeItem(items: readonly CartItem[], variationId: string): CartItem[] {
  return items.filter((i) => i.variationId !== variationId);
}

/** Empties the cart and forgets its discount code; checkout fields stay for the next order. */
export function emptyCart(state: CartState): CartState {
  return { ...state, list: [], discountCodeId: null, discountOrderPrice: null };
}

export function saveDiscount(state: CartState, discountCodeId: string, discountOrderPrice: number): CartState {
  return { ...state, discountCodeId, discountOrderPrice };
}

export function clearDiscount(state: CartState): CartState {
  return { ...state, discountCodeId: null, discountOrderPrice: null };
}

/** The number of pieces available when the line asks for more than a limited stock, else null. */
export function stockLimitFor(item: Pick<CartItem, 'variationId' | 'quantity' | 'product'>): number | null {
  const stock = variationOf(item)?.stock;
  return stock !== null && stock !== undefined && item.quantity > stock ? Math.max(0, stock) : null;
}

/** 'Only {count} items are available', from a translated template when given. */
export function stockErrorText(count: number, template: string = STOCK_ERROR_MESSAGE): string {
  return template.replaceAll('{count}', String(count));
}

/** False when any line asks for more than its variation's limited stock. */
export function isAvailable(items: readonly CartItem[]): boolean {
  return items.every((item) => stockLimitFor(item) === null);
}

/**
 * Cart after sign-in: server lines first, then local lines the server lacks; a variation in both keeps
 * the larger quantity.
 */
export function mergeCarts(server: readonly CartItem[], local: readonly CartItem[]): CartItem[] {
  const localByVariation = new Map(local.map((i) => [i.variationId, i]));
  const merged = server.map((s) => {
    const l = localByVariation.get(s.variationId);
    return l ? { ...s, quantity: Math.max(s.quantity, l.quantity), product: s.product ?? l.product } : { ...s };
  });
  const onServer = new Set(server.map((i) => i.variationId));
  return [...merged, ...local.filter((l) => !onServer.has(l.variationId)).map((l) => ({ ...l }))];
}

/**
 * Splits lines by whether their variation still exists in the freshly loaded (available) products.
 * Kept lines carry the fresh product.
 */
export function dropUnavailable(items: readonly CartItem[], products: readonly ProductDto[]): { kept: CartItem[]; dropped: CartItem[] } {
  const productByVariation = new Map(products.flatMap((p) => p.variations.map((v) => [v.id, p] as const)));
  const kept: CartItem[] = [];
  const dropped: CartItem[] = [];
  for (const item of items) {
    const product = productByVariation.get(item.variationId);
    if (product) kept.push({ ...item, product });
    else dropped.push(item);
  }
  return { kept, dropped };
}

export function cartTotals(items: readonly CartItem[]): CartTotals {
  let quantity = 0;
  let totalCents = 0;
  let totalFullCents = 0;
  const lines = items.map((item): CartLine => {
    const variation = variationOf(item);
    const lineCents = variation ? amountToCents(variation.price) * item.quantity : 0;
    const lineFullCents = variation ? amountToCents(variation.fullPrice) * item.quantity : 0;
    quantity += item.quantity;
    totalCents += lineCents;
    totalFullCents += lineFullCents;
    return { ...item, variation, sumDiscountPrice: centsToAmount(lineCents), sumFullPrice: centsToAmount(lineFullCents) };
  });
  return {
    lines,
    quantity,
    totalPrice: centsToAmount(totalCents),
    totalFullPrice: centsToAmount(totalFullCents),
    totalDiscount: centsToAmount(totalFullCents - totalCents),
  };
}

/** Lines as PUT /cart takes them. */
export function toServerCart(items: readonly CartItem[]): { id?: string; variationId: string; quantity: number }[] {
  return items.map(({ id, variationId, quantity }) => (id ? { id, variationId, quantity } : { variationId, quantity }));
}

function parseItem(value: unknown): CartItem | null {
  if (!isRecord(value)) return null;
  const quantity = toQuantity(value.quantity);
  if (typeof value.variationId !== 'string' || value.variationId === '' || quantity === 0) return null;
  const product = isRecord(value.product) && Array.isArray(value.product.variations) ? (value.product as ProductDto) : null;
  return {
    ...(typeof value.id === 'string' ? { id: value.id } : {}),
    variationId: value.variationId,
    quantity,
    product,
  };
}

/**
 * Cart state from browser storage (a JSON string or the parsed value). Anything unreadable or stored by
 * another cart version gives an empty cart; malformed lines are skipped.
 */
export function parseStoredCart(stored: unknown): CartState {
  let value = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      return emptyCartState();
    }
  }
  if (!isRecord(value) || value.version !== CART_VERSION) return emptyCartState();
  const storedItems = Array.isArray(value.list) ? value.list.map(parseItem).filter((i): i is CartItem => i !== null) : [];
  // Folding through addItem keeps one line per variation even if the stored list repeats one.
  const list = storedItems.reduce<CartItem[]>((items, item) => addItem(items, item), []);
  return {
    version: CART_VERSION,
    list,
    checkoutFields: isRecord(value.checkoutFields) ? value.checkoutFields : {},
    status: typeof value.status === 'string' ? value.status : null,
    discountCodeId: typeof value.discountCodeId === 'string' ? value.discountCodeId : null,
    discountOrderPrice:
      typeof value.discountOrderPrice === 'number' && Number.isFinite(value.discountOrderPrice) ? value.discountOrderPrice : null,
  };
}
