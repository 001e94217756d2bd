import { describe, expect, it } from 'vitest';
import { orderTotals } from '../../src/lib/order-totals';
import { paymentReceipt, receiptTotalCents } from '../../src/lib/receipt-54fz';
import { NO_TAXES, orderTax, ratesFor, receiptVatCode, taxOfAmount, type TaxSettings } from '../../src/lib/tax';

const exclusive: TaxSettings = { ...NO_TAXES, enabled: true, standardRate: 20, reducedRate: 10 };
const inclusive: TaxSettings = { ...exclusive, pricesIncludeTax: true };

describe('tax of an amount', () => {
  it('adds the rate on top when prices are without tax, rounding half up', () => {
    expect(taxOfAmount(10_000, 20, false)).toBe(2_000);
    expect(taxOfAmount(1_999, 20, false)).toBe(400); // 399.8
    expect(taxOfAmount(1_005, 10, false)).toBe(101); // 100.5 rounds up
    expect(taxOfAmount(1_000, 8.875, false)).toBe(89); // 88.75
  });

  it('takes the part of the price that is tax when prices include it', () => {
    expect(taxOfAmount(12_000, 20, true)).toBe(2_000);
    expect(taxOfAmount(1_999, 20, true)).toBe(333); // 1999 / 6 = 333.17
    expect(taxOfAmount(110, 10, true)).toBe(10);
  });

  it('is 0 at a 0 rate, on nothing, and never negative', () => {
    expect(taxOfAmount(1_000, 0, false)).toBe(0);
    expect(taxOfAmount(0, 20, true)).toBe(0);
    expect(taxOfAmount(-500, 20, false)).toBe(0);
    expect(taxOfAmount(1_000, -5, false)).toBe(0);
  });
});

describe('rates by place', () => {
  const settings: TaxSettings = {
    ...exclusive,
    areas: [
      { area: 'US', standard: 5, reduced: 2 },
      { area: 'US-CA', standard: 7.25, reduced: 0 },
    ],
  };

  it('takes the region, else the country, else the default', () => {
    expect(ratesFor(settings, { country: 'us', region: 'ca' })).toEqual({ standard: 7.25, reduced: 0 });
    expect(ratesFor(settings, { country: 'US', region: 'NY' })).toEqual({ standard: 5, reduced: 2 });
    expect(ratesFor(settings, { country: 'DE', region: null })).toEqual({ standard: 20, reduced: 10 });
    expect(ratesFor(settings, null)).toEqual({ standard: 20, reduced: 10 });
  });
});

describe('order tax', () => {
  const lines = [
    { totalCents: 3 * 1_999, taxClass: 'standard' as const },
    { totalCents: 1_000, taxClass: 'reduced' as const },
    { totalCents: 700, taxClass: 'zero' as const },
    { totalCents: 500, taxClass: 'exempt' as const },
  ];

  it('taxes each line at its class rate and rounds per line (exclusive)', () => {
    const tax = orderTax({ settings: exclusive, place: null, lines, discountCents: 0, deliveryCents: 0 });
    expect(tax.lines.map((l) => [l.ratePercent, l.taxCents])).toEqual([
      [20, 1_199], // 5997 × 0.2 = 1199.4
      [10, 100],
      [0, 0],
      [0, 0],
    ]);
    expect(tax.taxCents).toBe(1_299);
    expect(tax.included).toBe(false);
  });

  it('is the sum of rounded lines, not the rounded sum', () => {
    const three = [1, 2, 3].map(() => ({ totalCents: 5, taxClass: 'standard' as const })); // each 1 cent of tax
    const tax = orderTax({ settings: exclusive, place: null, lines: three, discountCents: 0, deliveryCents: 0 });
    expect(tax.lines.map((l) => l.taxCents)).toEqual([1, 1, 1]);
    expect(tax.taxCents).toBe(3);
  });

  it('spreads the order discount over the lines before taxing them', () => {
    const two = [
      { totalCents: 10_000, taxClass: 'standard' as const },
      { totalCents: 10_000, taxClass: 'exempt' as const },
    ];
    const tax = orderTax({ settings: exclusive, place: null, lines: two, discountCents: 2_000, deliveryCents: 0 });
    expect(tax.lines.map((l) => l.taxableCents)).toEqual([9_000, 9_000]);
    expect(tax.taxCents).toBe(1_800);
    const spent = orderTax({ settings: exclusive, place: null, lines: two, discountCents: 50_000, deliveryCents: 0 });
    expect(spent.taxCents).toBe(0);
  });

  it('taxes delivery at the standard rate, or not when the shop says so', () => {
    const one = [{ totalCents: 1_000, taxClass: 'reduced' as const }];
    const tax = orderTax({ settings: exclusive, place: null, lines: one, discountCents: 0, deliveryCents: 500 });
    expect(tax.delivery).toEqual({ ratePercent: 20, taxCents: 100 });
    expect(tax.taxCents).toBe(200);
    const untaxed = orderTax({
      settings: { ...exclusive, taxDelivery: false },
      place: null,
      lines: one,
      discountCents: 0,
      deliveryCents: 500,
    });
    expect(untaxed.taxCents).toBe(100);
  });

  it('answers 0 with taxes off, whatever the rates', () => {
    const tax = orderTax({ settings: { ...exclusive, enabled: false }, place: null, lines, discountCents: 0, deliveryCents: 900 });
    expect(tax.taxCents).toBe(0);
    expect(tax.lines.every((l) => l.taxCents === 0 && l.ratePercent === 0)).toBe(true);
  });

  it('a line without a class is standard', () => {
    const tax = orderTax({ settings: exclusive, place: null, lines: [{ totalCents: 1_000 }], discountCents: 0, deliveryCents: 0 });
    expect(tax.lines[0]).toMatchObject({ taxClass: 'standard', taxCents: 200 });
  });
});

describe('order totals with tax', () => {
  const priced = [
    { unitPriceCents: 1_999, quantity: 3 },
    { unitPriceCents: 1_000, quantity: 1 },
  ];
  const taxLines = [
    { totalCents: 5_997, taxClass: 'standard' as const },
    { totalCents: 1_000, taxClass: 'reduced' as const },
  ];

  it('adds an exclusive tax to the total', () => {
    const tax = orderTax({ settings: exclusive, place: null, lines: taxLines, discountCents: 997, deliveryCents: 500 });
    const totals = orderTotals(priced, 997, 500, tax);
    expect(totals.taxCents).toBe(tax.taxCents);
    expect(totals.totalCents).toBe(6_997 - 997 + 500 + tax.taxCents);
    expect(totals.taxIncluded).toBe(false);
  });

  it('leaves the total alone when the tax is included in the prices', () => {
    const tax = orderTax({ settings: inclusive, place: null, lines: taxLines, discountCents: 0, deliveryCents: 500 });
    const totals = orderTotals(priced, 0, 500, tax);
    expect(totals.totalCents).toBe(7_497);
    expect(totals.taxCents).toBe(1_000 + 91 + 83); // 5997/6 = 999.5 → 1000; 1000/11 = 90.9; 500/6 = 83.3
    expect(totals.taxIncluded).toBe(true);
  });

  it('without a tax answers what it always did', () => {
    expect(orderTotals(priced, 0, 0)).toEqual({ itemsTotalCents: 6_997, discountCents: 0, deliveryCents: 0, totalCents: 6_997 });
  });
});

describe('the receipt VAT code', () => {
  it('derives from the class and the rate charged', () => {
    expect(receiptVatCode('exempt', 0, 4)).toBe(1);
    expect(receiptVatCode('zero', 0, 4)).toBe(2);
    expect(receiptVatCode('reduced', 10, 4)).toBe(3);
    expect(receiptVatCode('standard', 20, 1)).toBe(4);
    expect(receiptVatCode('standard', 22, 1)).toBe(11);
    expect(receiptVatCode('reduced', 5, 1)).toBe(7);
  });

  it('falls back to 10% for reduced and to the method for standard when the rate says nothing', () => {
    expect(receiptVatCode('reduced', 0, 4)).toBe(3);
    expect(receiptVatCode('standard', 0, 6)).toBe(6);
    expect(receiptVatCode(null, null, 6)).toBe(6);
    expect(receiptVatCode('standard', 8.875, 6)).toBe(6);
  });
});

describe('a 54-FZ receipt of an order taxed on top', () => {
  it('carries each line with its tax, so the items add up to what is paid', () => {
    const settings: TaxSettings = { ...exclusive, standardRate: 22, reducedRate: 10 };
    const lines = [
      { totalCents: 3 * 333, taxClass: 'standard' as const },
      { totalCents: 2_500, taxClass: 'reduced' as const },
    ];
    const tax = orderTax({ settings, place: null, lines, discountCents: 301, deliveryCents: 500 });
    const receipt = paymentReceipt({
      lines: lines.map((line, i) => ({
        title: `Line ${i}`,
        quantity: i === 0 ? 3 : 1,
        totalCents: line.totalCents,
        vatCode: receiptVatCode(line.taxClass, tax.lines[i]!.ratePercent, 1),
        addedTaxCents: tax.lines[i]!.taxCents,
      })),
      discountCents: 301,
      delivery: { title: 'Courier', cents: 500 + tax.delivery.taxCents, vatCode: receiptVatCode('standard', tax.delivery.ratePercent, 1) },
      customer: { email: 'a@example.com' },
      currency: 'RUB',
      settings: {
        vatCode: 1,
        paymentSubject: 'commodity',
        paymentMode: 'full_prepayment',
        deliveryPaymentSubject: 'service',
        taxSystemCode: null,
      },
    });
    const totals = orderTotals(
      [
        { unitPriceCents: 333, quantity: 3 },
        { unitPriceCents: 2_500, quantity: 1 },
      ],
      301,
      500,
      tax,
    );
    expect(receiptTotalCents(receipt)).toBe(totals.totalCents);
    expect(receipt.items.map((i) => i.vat_code)).toEqual(expect.arrayContaining([11, 3]));
  });
});
