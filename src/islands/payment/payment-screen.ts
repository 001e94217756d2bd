/** Which payment result screen (spec 4) an order shows, and the address of that page. */
import type { OrderDto } from '../../lib/api-client';

export type PaymentScreen =
  | 'success'
  | 'tryAgain'
  | 'cashSuccess'
  | 'cashFailed'
  | 'initializationFailed'
  | 'notFound'
  /** an online order whose delivery the manager still has to price: payment waits for the e-mailed link */
  | 'awaitingDeliveryPrice'
  /** the manager priced the delivery: the customer (back from the e-mail) can pay now */
  | 'payNow'
  /** the shop changed a paid order and its total went up: the customer pays what is left */
  | 'payDifference';

/** Query of /payment: the order's number and secret token, and what the checkout already knows. */
export const PAYMENT_QUERY = { order: 'order', token: 'token', kind: 'kind', error: 'error' } as const;
export const INITIALIZATION_ERROR = 'initialization';
export const CASH_KIND = 'cash';

/** /payment?order={number}&token={secret}, with kind=cash for cash orders and error=initialization when starting the payment failed. */
export function paymentResultPath(
  order: Pick<OrderDto, 'number' | 'paymentKind'> & { secretToken: string },
  options: { initializationFailed?: boolean } = {},
): string {
  const query = new URLSearchParams({ [PAYMENT_QUERY.order]: String(order.number), [PAYMENT_QUERY.token]: order.secretToken });
  if (order.paymentKind === 'cash') query.set(PAYMENT_QUERY.kind, CASH_KIND);
  if (options.initializationFailed) query.set(PAYMENT_QUERY.error, INITIALIZATION_ERROR);
  return `/payment?${query}`;
}

/**
 * The screen for an order: cash orders end on the cash success screen (or cash failed when the placed
 * order cannot be shown); online ones on success / order received while the payment is new, pending or
 * completed, on try again when it failed or was canceled, and on 'payment initialization failed' when
 * the payment could not be started.
 */
type ScreenOrder = Pick<OrderDto, 'paymentKind' | 'paymentStatus'> & {
  deliveryInformation?: Pick<OrderDto['deliveryInformation'], 'priceByManager' | 'priceSet'>;
  amountDue?: number;
  status?: string;
};

export function paymentScreen(input: { order: ScreenOrder | null; cash: boolean; initializationFailed: boolean }): PaymentScreen {
  const { order } = input;
  if (!order) return input.cash ? 'cashFailed' : 'notFound';
  if (order.paymentKind === 'cash') return 'cashSuccess';
  if (order.paymentStatus === 'completed' && (order.amountDue ?? 0) > 0 && order.status !== 'canceled')
    return input.initializationFailed ? 'initializationFailed' : 'payDifference';
  if (order.paymentStatus === 'completed' || order.paymentStatus === 'authorized' || order.paymentStatus === 'refunded') return 'success';
  if (order.paymentStatus === 'failed' || order.paymentStatus === 'canceled') return 'tryAgain';
  if (order.deliveryInformation?.priceByManager && order.paymentStatus === 'new') {
    if (!order.deliveryInformation.priceSet) return 'awaitingDeliveryPrice';
    if (!input.initializationFailed) return 'payNow';
  }
  return input.initializationFailed ? 'initializationFailed' : 'success';
}

/** Whether the checkout should start the online payment now: not while the manager still has to price the delivery. */
export function paysAtCheckout(order: Pick<OrderDto, 'paymentKind' | 'deliveryInformation'>): boolean {
  return order.paymentKind === 'online' && !(order.deliveryInformation.priceByManager && !order.deliveryInformation.priceSet);
}

/** The payment may still change: the page keeps asking for it. */
export function isAwaitingPayment(order: Pick<OrderDto, 'paymentKind' | 'paymentStatus'> | null): boolean {
  return order?.paymentKind === 'online' && (order.paymentStatus === 'new' || order.paymentStatus === 'pending');
}

/** An online order whose payment never started or was left at the provider's page: it can be paid now. */
export function isUnpaid(order: Pick<OrderDto, 'paymentKind' | 'paymentStatus'> | null): boolean {
  return order?.paymentKind === 'online' && order.paymentStatus === 'new';
}
