import { useEffect, useState } from 'react';
import type { OrderDto, OrderStateDto } from '../../lib/api-client';
import { formatPrice } from '../../lib/format-price';
import { shopApi } from '../../stores/user';
import type { AccountTextKey } from './texts';

/** The payment outcome of an order as the customer reads it (spec 3.2: new, pending, completed, failed, canceled). */
export function paymentLabelKey(order: Pick<OrderDto, 'paymentStatus' | 'paymentKind'>): AccountTextKey {
  if (order.paymentKind === 'cash') return 'payCash';
  switch (order.paymentStatus) {
    case 'pending':
      return 'payPending';
    case 'completed':
      return 'payCompleted';
    case 'failed':
      return 'payFailed';
    case 'canceled':
      return 'payCanceled';
    default:
      return 'payNew';
  }
}

export type OrderMoney = (amount: number) => string;

/** Amounts of an order in its own currency, with the shop's separator. */
export function orderMoney(order: Pick<OrderDto, 'currency'>, separator: string | undefined): OrderMoney {
  return (amount) => formatPrice(amount, { currency: order.currency, separator });
}

/** The shop's order states (title and colour by code), loaded once per page. */
let states: Promise<Map<string, OrderStateDto>> | undefined;
export function useOrderStates(): Map<string, OrderStateDto> {
  const [value, setValue] = useState(new Map<string, OrderStateDto>());
  useEffect(() => {
    states ??= shopApi()
      .getOrderStates()
      .then((result) => new Map(result.data.map((state) => [state.code, state])));
    let live = true;
    void states.then((loaded) => live && setValue(loaded));
    return () => {
      live = false;
    };
  }, []);
  return value;
}
