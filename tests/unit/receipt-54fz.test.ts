import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  paymentReceipt,
  receiptAmount,
  receiptCustomer,
  receiptDescription,
  receiptTotalCents,
  refundReceipt,
  spreadDiscount,
} from '../../src/lib/receipt-54fz';

const settings = {
  vatCode: 4,
  paymentSubject: 'commodity',
  paymentMode: 'full_prepayment',
  deliveryPaymentSubject: 'service',
  taxSystemCode: null,
};

describe('54-FZ receipts', () => {
  it('lists every line and the delivery, totals equal to what is paid', () => {
    const receipt = paymentReceipt({
      lines: [
        { title: 'Linen shirt, M', quantity: 2, totalCents: 5000, vatCode: null },
        { title: 'Socks', quantity: 3, totalCents: 1000, vatCode: 1 },
      ],
      discountCents: 0,
      delivery: { title: 'Courier', cents: 450 },
      customer: { email: 'anna@example.com' },
      currency: 'RUB',
      settings,
    });
    expect(receipt).toEqual({
      customer: { email: 'anna@example.com' },
      items: [
        {
          description: 'Linen shirt, M',
          quantity: 2,
          amount: { value: '25.00', currency: 'RUB' },
          vat_code: 4,
          payment_subject: 'commodity',
          payment_mode: 'full_prepayment',
        },
        {
          description: 'Socks',
          quantity: 2,
          amount: { value: '3.33', currency: 'RUB' },
          vat_code: 1,
          payment_subject: 'commodity',
          payment_mode: 'full_prepayment',
        },
        {
          description: 'Socks',
          quantity: 1,
          amount: { value: '3.34', currency: 'RUB' },
          vat_code: 1,
          payment_subject: 'commodity',
          payment_mode: 'full_prepayment',
        },
        {
          description: 'Courier',
          quantity: 1,
          amount: { value: '4.50', currency: 'RUB' },
          vat_code: 4,
          payment_subject: 'service',
          payment_mode: 'full_prepayment',
        },
      ],
    });
    expect(receiptTotalCents(receipt)).toBe(6450);
  });

  it('spreads a discount so the receipt always adds up to the order total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 20 }), totalCents: fc.integer({ min: 1, max: 500_000 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, rawDiscount, delivery) => {
          const items = lines.reduce((sum, l) => sum + l.totalCents, 0);
          const discount = Math.min(rawDiscount, items);
          const receipt = paymentReceipt({
            lines: lines.map((l, i) => ({ title: `Line ${i}`, ...l, vatCode: null })),
            discountCents: discount,
            delivery: { title: 'Delivery', cents: delivery },
            customer: { phone: '79001234567' },
            currency: 'RUB',
            settings,
          });
          expect(receiptTotalCents(receipt)).toBe(items - discount + delivery);
          for (const item of receipt.items) expect(Number(item.amount.value)).toBeGreaterThan(0);
        },
      ),
    );
    expect(spreadDiscount([100, 300], 100)).toEqual([75, 225]);
  });

  it('writes amounts with two decimals, cuts descriptions at 128 characters, prefers the e-mail', () => {
    expect(receiptAmount(123456)).toBe('1234.56');
    expect(receiptAmount(5)).toBe('0.05');
    const long = receiptDescription('Очень '.repeat(40));
    expect([...long]).toHaveLength(128);
    expect(long.endsWith('…')).toBe(true);
    expect(receiptCustomer({ email: 'a@b.ru', phone: '+7 900 123-45-67' })).toEqual({ email: 'a@b.ru' });
    expect(receiptCustomer({ email: '', phone: '+7 900 123-45-67' })).toEqual({ phone: '79001234567' });
    expect(receiptCustomer({})).toBeNull();
  });

  it('gives a refund its own receipt of the refunded units, with the tax system when set', () => {
    const receipt = refundReceipt({
      items: [{ title: 'Linen shirt', quantity: 1, cents: 2500, vatCode: 11 }],
      customer: { email: 'anna@example.com' },
      currency: 'RUB',
      settings: { ...settings, taxSystemCode: 2 },
    });
    expect(receipt.tax_system_code).toBe(2);
    expect(receipt.items).toEqual([
      {
        description: 'Linen shirt',
        quantity: 1,
        amount: { value: '25.00', currency: 'RUB' },
        vat_code: 11,
        payment_subject: 'commodity',
        payment_mode: 'full_prepayment',
      },
    ]);
  });
});
