import { describe, expect, it } from 'vitest';
import { paymentScreen, paysAtCheckout } from '../../src/islands/payment/payment-screen';
import { allowedNextStatuses, canCancelOrder, canSetDeliveryPrice, canStartPayment } from '../../src/lib/order-workflow';

const STATES = ['new', 'processing', 'shipped', 'delivered', 'canceled'];

describe('order workflow rules', () => {
  it('lets a manager move an order to any other state but canceled, and nowhere once canceled', () => {
    expect(allowedNextStatuses('new', STATES)).toEqual(['processing', 'shipped', 'delivered']);
    expect(allowedNextStatuses('shipped', STATES)).toEqual(['new', 'processing', 'delivered']);
    expect(allowedNextStatuses('canceled', STATES)).toEqual([]);
    expect(canCancelOrder({ status: 'delivered' })).toBe(true);
    expect(canCancelOrder({ status: 'canceled' })).toBe(false);
  });

  it('prices delivery only for "by manager" orders that are neither paid, being paid, nor canceled', () => {
    const order = { status: 'new', paymentStatus: 'new', deliveryPriceByManager: true };
    expect(canSetDeliveryPrice(order)).toBe(true);
    expect(canSetDeliveryPrice({ ...order, paymentStatus: 'failed' })).toBe(true);
    expect(canSetDeliveryPrice({ ...order, deliveryPriceByManager: false })).toBe(false);
    expect(canSetDeliveryPrice({ ...order, paymentStatus: 'pending' })).toBe(false);
    expect(canSetDeliveryPrice({ ...order, paymentStatus: 'completed' })).toBe(false);
    expect(canSetDeliveryPrice({ ...order, status: 'canceled' })).toBe(false);
  });

  it('starts an online payment only once the total is final and the order is live', () => {
    const order = { status: 'new', paymentStatus: 'new', deliveryPriceByManager: true, deliveryPriceSet: false };
    expect(canStartPayment(order)).toBe(false);
    expect(canStartPayment({ ...order, deliveryPriceSet: true })).toBe(true);
    expect(canStartPayment({ ...order, deliveryPriceByManager: false })).toBe(true);
    expect(canStartPayment({ ...order, deliveryPriceSet: true, status: 'canceled' })).toBe(false);
    expect(canStartPayment({ ...order, deliveryPriceSet: true, paymentStatus: 'completed' })).toBe(false);
  });

  it('sends the shopper to pay at checkout unless the manager must price the delivery first', () => {
    const delivery = (priceByManager: boolean, priceSet: boolean) => ({ priceByManager, priceSet }) as never;
    expect(paysAtCheckout({ paymentKind: 'online', deliveryInformation: delivery(false, true) })).toBe(true);
    expect(paysAtCheckout({ paymentKind: 'online', deliveryInformation: delivery(true, false) })).toBe(false);
    expect(paysAtCheckout({ paymentKind: 'cash', deliveryInformation: delivery(false, true) })).toBe(false);
  });

  it('shows "awaiting the delivery price", then "pay now" on the result page of a "by manager" order', () => {
    const order = (priceSet: boolean, paymentStatus = 'new') => ({
      paymentKind: 'online' as const,
      paymentStatus,
      deliveryInformation: { priceByManager: true, priceSet },
    });
    expect(paymentScreen({ order: order(false), cash: false, initializationFailed: false })).toBe('awaitingDeliveryPrice');
    expect(paymentScreen({ order: order(true), cash: false, initializationFailed: false })).toBe('payNow');
    expect(paymentScreen({ order: order(true), cash: false, initializationFailed: true })).toBe('initializationFailed');
    expect(paymentScreen({ order: order(true, 'completed'), cash: false, initializationFailed: false })).toBe('success');
    expect(paymentScreen({ order: order(true, 'pending'), cash: false, initializationFailed: false })).toBe('success');
  });
});
