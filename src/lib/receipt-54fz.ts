/**
 * 54-FZ receipts for ЮKassa: the `receipt` object of a payment or refund, built from the order's lines and its delivery.
 *
 * The sum of the receipt's items (amount × quantity) must equal what is paid, so an order discount is spread over the
 * lines in proportion to their totals (largest remainders take the leftover kopecks), and a line whose discounted
 * total does not divide by its quantity becomes two items (some units one kopeck dearer). VAT codes are ЮKassa's
 * `vat_code` values; the shop chooses one, a product may override it. Amounts are minor units until written.
 */

import { spreadDiscount } from './tax';

/** The order discount's spread over the lines (the tax module's, so receipts and taxes agree). */
export { spreadDiscount };

/** ЮKassa's vat_code values (their reference of parameter values); the rate each stands for is the tax office's. */
export const VAT_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** payment_subject values offered for goods and delivery. */
export const PAYMENT_SUBJECTS = ['commodity', 'excise', 'job', 'service', 'payment', 'composite', 'another'] as const;
/** payment_mode values. */
export const PAYMENT_MODES = [
  'full_prepayment',
  'partial_prepayment',
  'advance',
  'full_payment',
  'partial_payment',
  'credit',
  'credit_payment',
] as const;

/** ЮKassa's limit on an item's description. */
export const RECEIPT_DESCRIPTION_MAX = 128;

export type ReceiptSettings = {
  vatCode: number;
  paymentSubject: string;
  paymentMode: string;
  deliveryPaymentSubject: string;
  /** tax_system_code, only when the shop's receipts need it */
  taxSystemCode: number | null;
};

export type ReceiptLine = {
  title: string;
  quantity: number;
  /** the line's total before the order discount */
  totalCents: number;
  /** the line's VAT code (from its tax class and rate: `receiptVatCode` in tax.ts), or null for the method's */
  vatCode: number | null;
  /** a tax added on top of the prices (taxes entered without tax): paid with the line, after its share of the discount */
  addedTaxCents?: number;
};

export type ReceiptItem = {
  description: string;
  quantity: number;
  amount: { value: string; currency: string };
  vat_code: number;
  payment_subject: string;
  payment_mode: string;
};

export type Receipt = {
  customer: { email: string } | { phone: string };
  items: ReceiptItem[];
  tax_system_code?: number;
};

/** Kopecks as ЮKassa writes amounts: "1234.50". */
export function receiptAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A description of at most 128 characters (an ellipsis marks a cut). */
export function receiptDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim() || '—';
  const chars = [...clean];
  return chars.length <= RECEIPT_DESCRIPTION_MAX ? clean : `${chars.slice(0, RECEIPT_DESCRIPTION_MAX - 1).join('')}…`;
}

/** The customer's contact for the receipt: the e-mail, else the phone's digits (ЮKassa wants E.164 without "+"). */
export function receiptCustomer(contact: { email?: string | null; phone?: string | null }): Receipt['customer'] | null {
  const email = contact.email?.trim();
  if (email) return { email };
  const phone = (contact.phone ?? '').replace(/\D/g, '');
  return phone ? { phone } : null;
}

function itemsOfLine(
  description: string,
  quantity: number,
  totalCents: number,
  base: Omit<ReceiptItem, 'description' | 'quantity' | 'amount'>,
  currency: string,
): ReceiptItem[] {
  if (quantity <= 0 || totalCents <= 0) return [];
  const unit = Math.floor(totalCents / quantity);
  const dearer = totalCents - unit * quantity;
  const item = (q: number, cents: number): ReceiptItem => ({
    description,
    quantity: q,
    amount: { value: receiptAmount(cents), currency },
    ...base,
  });
  // units a near-total discount left at 0 kopecks carry nothing to the receipt
  const parts = dearer === 0 ? [item(quantity, unit)] : [item(quantity - dearer, unit), item(dearer, unit + 1)];
  return parts.filter((i) => i.quantity > 0 && i.amount.value !== '0.00');
}

/**
 * The receipt of a payment: every order line (discount spread over them) and the delivery line. The items' sum equals
 * `itemsCents - discountCents + deliveryCents` and any tax added on top of them.
 */
export function paymentReceipt(input: {
  lines: ReceiptLine[];
  discountCents: number;
  /** `cents` as paid (with a tax added on top); `vatCode` from the rate it was taxed at, else the method's */
  delivery: { title: string; cents: number; vatCode?: number } | null;
  customer: Receipt['customer'];
  currency: string;
  settings: ReceiptSettings;
}): Receipt {
  const { settings, currency } = input;
  const discounted = spreadDiscount(
    input.lines.map((l) => l.totalCents),
    input.discountCents,
  );
  const items = input.lines.flatMap((line, i) =>
    itemsOfLine(
      receiptDescription(line.title),
      line.quantity,
      discounted[i]! + (line.addedTaxCents ?? 0),
      { vat_code: line.vatCode ?? settings.vatCode, payment_subject: settings.paymentSubject, payment_mode: settings.paymentMode },
      currency,
    ),
  );
  if (input.delivery && input.delivery.cents > 0) {
    items.push(
      ...itemsOfLine(
        receiptDescription(input.delivery.title),
        1,
        input.delivery.cents,
        {
          vat_code: input.delivery.vatCode ?? settings.vatCode,
          payment_subject: settings.deliveryPaymentSubject,
          payment_mode: settings.paymentMode,
        },
        currency,
      ),
    );
  }
  return withTaxSystem({ customer: input.customer, items }, settings);
}

/**
 * The receipt of a refund: the refunded units of each line at what the customer paid for them (see
 * `refundLines` in payment-rules.ts), or, for a refund by amount, one item for the amount.
 */
export function refundReceipt(input: {
  items: { title: string; quantity: number; cents: number; vatCode: number | null }[];
  customer: Receipt['customer'];
  currency: string;
  settings: ReceiptSettings;
}): Receipt {
  const { settings, currency } = input;
  const items = input.items.flatMap((line) =>
    itemsOfLine(
      receiptDescription(line.title),
      line.quantity,
      line.cents,
      { vat_code: line.vatCode ?? settings.vatCode, payment_subject: settings.paymentSubject, payment_mode: settings.paymentMode },
      currency,
    ),
  );
  return withTaxSystem({ customer: input.customer, items }, settings);
}

function withTaxSystem(receipt: Receipt, settings: ReceiptSettings): Receipt {
  return settings.taxSystemCode ? { ...receipt, tax_system_code: settings.taxSystemCode } : receipt;
}

/** The receipt's total in minor units (what ЮKassa compares with the payment's amount). */
export function receiptTotalCents(receipt: Receipt): number {
  return receipt.items.reduce((sum, item) => sum + Math.round(Number(item.amount.value) * 100) * item.quantity, 0);
}
