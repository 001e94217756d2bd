import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Language } from '../../lib/localize';
import { $cart, clearDiscountCode, saveDiscountCode, savedDiscountCode } from '../../stores/cart';
import { shopApi } from '../../stores/user';

/** The cart's lines as the order and discount calls take them. */
export function orderLinesOf(list: readonly { variationId: string; quantity: number }[]) {
  return list.map(({ variationId, quantity }) => ({ variationId, quantity }));
}

/** A key that changes whenever a line or a quantity changes. */
const linesKey = (list: readonly { variationId: string; quantity: number }[]) =>
  list.map((l) => `${l.variationId}:${l.quantity}`).join(',');

export type DiscountCodeState = {
  /** the applied code and the discount the server computed for the current cart */
  applied: { code: string; price: number } | null;
  /** the server's message for the last refused code (spec 8), in the page language */
  error: string;
  checking: boolean;
  apply: (code: string) => Promise<boolean>;
  remove: () => void;
};

/**
 * The cart's discount code: checked by the server (POST /discount-code) when applied and again whenever
 * the cart's lines change, so the discount shown is always the server's for the current cart. A code
 * that no longer applies is removed, with the server's reason.
 */
export function useDiscountCode(lang: Language, enabled: boolean): DiscountCodeState {
  const cart = useStore($cart);
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(false);
  const latest = useRef(0);

  const check = useCallback(
    async (code: string): Promise<boolean> => {
      const list = $cart.get().list;
      if (list.length === 0) return false;
      const request = ++latest.current;
      setChecking(true);
      const { error: refused, data } = await shopApi({ lang }).checkDiscountCode({ code, items: orderLinesOf(list) });
      if (request !== latest.current) return false;
      setChecking(false);
      if (!data) {
        clearDiscountCode();
        setError(refused?.message ?? '');
        return false;
      }
      saveDiscountCode(data.code, data.id, data.price);
      setError('');
      return true;
    },
    [lang],
  );

  const key = linesKey(cart.list);
  useEffect(() => {
    const code = savedDiscountCode();
    if (enabled && code) void check(code);
  }, [enabled, key, check]);

  const code = savedDiscountCode(cart);
  return {
    applied: enabled && code && cart.discountOrderPrice !== null ? { code, price: cart.discountOrderPrice } : null,
    error,
    checking,
    apply: (typed: string) => check(typed.trim()),
    remove: () => {
      latest.current += 1;
      clearDiscountCode();
      setError('');
    },
  };
}
