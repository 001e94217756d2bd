import { describe, expect, it } from 'vitest';
import { canMoveTo, PAYMENT_STATUSES } from '../../src/server/api/commerce/payments/payment-status';

describe('payment state machine', () => {
  it('moves a new payment to any outcome', () => {
    for (const to of ['pending', 'completed', 'failed', 'canceled']) expect(canMoveTo('new', to)).toBe(true);
  });

  it('moves a pending payment to a final outcome only', () => {
    expect(canMoveTo('pending', 'completed')).toBe(true);
    expect(canMoveTo('pending', 'failed')).toBe(true);
    expect(canMoveTo('pending', 'canceled')).toBe(true);
    expect(canMoveTo('pending', 'pending')).toBe(false);
    expect(canMoveTo('pending', 'new')).toBe(false);
  });

  it('never leaves a final state', () => {
    for (const from of ['completed', 'failed', 'canceled']) {
      for (const to of PAYMENT_STATUSES) expect(canMoveTo(from, to)).toBe(false);
    }
  });

  it('knows nothing of unknown states', () => {
    expect(canMoveTo('refunded', 'completed')).toBe(false);
    expect(canMoveTo('new', 'refunded')).toBe(false);
  });
});
