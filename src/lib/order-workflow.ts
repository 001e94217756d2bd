/** Which order states a manager may move an order to (pure rules, shared by the API and the back office). */

export const CANCELED_STATUS = 'canceled';

/** Any other state of the shop, except canceled (canceling returns stock, so it has its own action); none once canceled. */
export function allowedNextStatuses(current: string, stateCodes: readonly string[]): string[] {
  if (current === CANCELED_STATUS) return [];
  return stateCodes.filter((code) => code !== current && code !== CANCELED_STATUS);
}

export function canCancelOrder(order: { status: string }): boolean {
  return order.status !== CANCELED_STATUS;
}

/** The manager may (re)price delivery until the payment is under way or done, and never on a canceled order. */
export function canSetDeliveryPrice(order: { status: string; paymentStatus: string; deliveryPriceByManager: boolean }): boolean {
  return (
    order.deliveryPriceByManager &&
    order.status !== CANCELED_STATUS &&
    order.paymentStatus !== 'completed' &&
    order.paymentStatus !== 'pending'
  );
}

/**
 * Whether an online payment may start: not for a canceled order, nor while the manager has not priced delivery; a paid
 * order only for what an edit left to pay.
 */
export function canStartPayment(order: {
  status: string;
  paymentStatus: string;
  deliveryPriceByManager: boolean;
  deliveryPriceSet: boolean;
  amountDueCents?: number;
}): boolean {
  return (
    order.status !== CANCELED_STATUS &&
    (order.paymentStatus !== 'completed' || (order.amountDueCents ?? 0) > 0) &&
    (!order.deliveryPriceByManager || order.deliveryPriceSet)
  );
}
