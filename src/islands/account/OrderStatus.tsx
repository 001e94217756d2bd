import type { CSSProperties } from 'react';
import type { OrderDto, OrderStateDto } from '../../lib/api-client';

/** The order's state as a coloured badge, titled by the shop's order states. */
export function OrderStatus({ order, states }: { order: Pick<OrderDto, 'status'>; states: Map<string, OrderStateDto> }) {
  const state = states.get(order.status);
  return (
    <span className="account-badge" style={state?.color ? ({ '--badge-color': state.color } as CSSProperties) : undefined}>
      {state?.title ?? order.status}
    </span>
  );
}
