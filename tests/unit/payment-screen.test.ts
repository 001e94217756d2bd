import { describe, expect, it } from 'vitest';
import { isAwaitingPayment, isUnpaid, paymentResultPath, paymentScreen } from '../../src/islands/payment/payment-screen';
import { serverFieldErrors } from '../../src/lib/form-engine';

const online = (paymentStatus: string) => ({ paymentKind: 'online' as const, paymentStatus });

describe('payment result screens (spec 4)', () => {
  it('show success / order received while an online payment is new, pending or completed', () => {
    for (const status of ['new', 'pending', 'completed']) {
      expect(paymentScreen({ order: online(status), cash: false, initializationFailed: false })).toBe('success');
    }
  });

  it('offer to try again when the payment failed or was canceled', () => {
    expect(paymentScreen({ order: online('failed'), cash: false, initializationFailed: false })).toBe('tryAgain');
    expect(paymentScreen({ order: online('canceled'), cash: false, initializationFailed: true })).toBe('tryAgain');
  });

  it('say the payment initialization failed while nothing was paid yet', () => {
    expect(paymentScreen({ order: online('new'), cash: false, initializationFailed: true })).toBe('initializationFailed');
    expect(paymentScreen({ order: online('completed'), cash: false, initializationFailed: true })).toBe('success');
  });

  it('end cash orders on the cash success screen, or cash failed when the placed order cannot be shown', () => {
    expect(paymentScreen({ order: { paymentKind: 'cash', paymentStatus: 'new' }, cash: true, initializationFailed: false })).toBe(
      'cashSuccess',
    );
    expect(paymentScreen({ order: null, cash: true, initializationFailed: false })).toBe('cashFailed');
    expect(paymentScreen({ order: null, cash: false, initializationFailed: false })).toBe('notFound');
  });

  it('keep asking only while an online payment may still change', () => {
    expect(isAwaitingPayment(online('new'))).toBe(true);
    expect(isAwaitingPayment(online('pending'))).toBe(true);
    expect(isAwaitingPayment(online('completed'))).toBe(false);
    expect(isAwaitingPayment({ paymentKind: 'cash', paymentStatus: 'new' })).toBe(false);
    expect(isAwaitingPayment(null)).toBe(false);
  });

  it('offer to pay now only for an online order whose payment never started or was left unfinished', () => {
    expect(isUnpaid(online('new'))).toBe(true);
    for (const status of ['pending', 'completed', 'failed', 'canceled']) expect(isUnpaid(online(status)), status).toBe(false);
    expect(isUnpaid({ paymentKind: 'cash', paymentStatus: 'new' })).toBe(false);
    expect(isUnpaid(null)).toBe(false);
  });

  it('address the result page with the order number, its secret token, the cash kind and the initialization error', () => {
    expect(paymentResultPath({ number: 12, paymentKind: 'online', secretToken: 'a b&c' })).toBe('/payment?order=12&token=a+b%26c');
    expect(paymentResultPath({ number: 12, paymentKind: 'cash', secretToken: 't' })).toBe('/payment?order=12&token=t&kind=cash');
    expect(paymentResultPath({ number: 12, paymentKind: 'online', secretToken: 't' }, { initializationFailed: true })).toBe(
      '/payment?order=12&token=t&error=initialization',
    );
  });
});

describe('API field errors (read by the form engine, as the checkout shows them)', () => {
  // The first message per path is the one shown (the engine's fieldMessage).
  const fieldErrorsOf = (data: unknown) =>
    Object.fromEntries(Object.entries(serverFieldErrors(data)).map(([path, messages]) => [path, messages[0]]));

  it('flatten errors.children into one message per dotted path', () => {
    const data = {
      success: false,
      errorPath: 'customer.phone',
      errors: {
        errors: [],
        children: {
          customer: { errors: [], children: { phone: { errors: ['incorrect phone number format', 'second'], children: {} } } },
          items: {
            errors: [],
            children: { '0': { errors: [], children: { quantity: { errors: ['Only 1 items are available'], children: {} } } } },
          },
        },
      },
    };
    expect(fieldErrorsOf(data)).toEqual({
      'customer.phone': 'incorrect phone number format',
      'items.0.quantity': 'Only 1 items are available',
    });
  });

  it('use errorPath with the message when there are no children, and nothing for other answers', () => {
    expect(fieldErrorsOf({ message: 'Validation Failed', errorPath: 'code', errors: { errors: ['x'], children: {} } })).toEqual({
      code: 'Validation Failed',
    });
    expect(fieldErrorsOf('Bad gateway')).toEqual({});
    expect(fieldErrorsOf(null)).toEqual({});
  });
});
