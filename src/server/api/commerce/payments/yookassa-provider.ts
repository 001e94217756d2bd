import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { canMoveTo, type TransactionStatus } from '../../../../lib/payment-rules';
import {
  PAYMENT_MODES,
  PAYMENT_SUBJECTS,
  paymentReceipt,
  type Receipt,
  receiptAmount,
  receiptCustomer,
  receiptDescription,
  refundReceipt,
  VAT_CODES,
} from '../../../../lib/receipt-54fz';
import { receiptVatCode } from '../../../../lib/tax';
import { ApiError, forbidden } from '../../core/errors';
import type { AppDeps } from '../../core/context';
import {
  choiceField,
  type OrderItemRow,
  type PaymentProvider,
  type PaymentSnapshot,
  ProviderError,
  type RefundOutcome,
  secretField,
} from './provider';
import { type YookassaPayment, yookassaClient } from './yookassa-client';

/**
 * ЮKassa (the API v3): a payment with a redirect confirmation and our transaction in `metadata.transaction_id`, a 54-FZ
 * receipt of the order's lines and delivery (src/lib/receipt-54fz.ts), capture or cancel of a `waiting_for_capture`
 * payment, refunds with their own receipt. Notifications are not signed: one is taken only from ЮKassa's published
 * address ranges (a setting, defaulting to their list) and only on the payment as re-read with GET /payments/{id}.
 * YOOKASSA_API_URL points the client elsewhere (the test suites' loopback fake).
 */
export const YOOKASSA_PROVIDER_CODE = 'yookassa';

/** Where ЮKassa sends notifications from (their documentation's list). */
export const YOOKASSA_NOTIFICATION_ADDRESSES = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
] as const;

/** An address or a network (address/prefix), IPv4 or IPv6. */
export function isAddressRange(value: string): boolean {
  const [address, prefix, extra] = value.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Whether `address` (an IPv4-mapped IPv6 address counts as its IPv4 one) is in one of `ranges`. */
export function addressInRanges(address: string, ranges: readonly string[]): boolean {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(plain);
  if (!family) return false;
  const list = new BlockList();
  for (const range of ranges) {
    if (!isAddressRange(range)) continue;
    const [net, prefix] = range.split('/');
    const type = isIP(net!) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(net!, type);
    else list.addSubnet(net!, Number(prefix), type);
  }
  return list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

const yookassaSettings = z.object({
  /** the shop's id in ЮKassa (shopId) */
  shopId: z.string().trim().regex(/^\d*$/, 'Digits only').max(20).default(''),
  /** the API secret key: test_… in test mode, live_… for real money */
  secretKey: secretField(z.string().trim().max(255).default('')),
  testMode: z.boolean().default(true),
  /** two stages: ЮKassa holds the money (waiting_for_capture) until a manager captures it */
  twoStage: z.boolean().default(false),
  /** send 54-FZ receipts with payments and refunds */
  receipts: z.boolean().default(true),
  /** the shop's VAT code (a product's own code overrides it) */
  vatCode: choiceField(z.coerce.number().int().min(1).max(VAT_CODES.length).default(1), VAT_CODES),
  paymentSubject: choiceField(z.enum(PAYMENT_SUBJECTS).default('commodity'), PAYMENT_SUBJECTS),
  deliveryPaymentSubject: choiceField(z.enum(PAYMENT_SUBJECTS).default('service'), PAYMENT_SUBJECTS),
  paymentMode: choiceField(z.enum(PAYMENT_MODES).default('full_prepayment'), PAYMENT_MODES),
  /** tax_system_code; 0 leaves it out (only shops with several tax systems need it) */
  taxSystemCode: choiceField(z.coerce.number().int().min(0).max(6).default(0), [0, 1, 2, 3, 4, 5, 6]),
  /** where notifications may come from */
  notificationAddresses: z
    .array(z.string().trim().refine(isAddressRange, 'An IPv4 or IPv6 address or network, such as 185.71.76.0/27'))
    .max(50)
    .default([...YOOKASSA_NOTIFICATION_ADDRESSES]),
});
type YookassaSettings = z.infer<typeof yookassaSettings>;

/** Problems of ЮKassa settings the field rules cannot see: a key of the wrong mode. */
function yookassaSettingsProblems(settings: YookassaSettings): { field: string; key: string }[] {
  if (!settings.secretKey) return [];
  const test = settings.secretKey.startsWith('test_');
  if (!test && !settings.secretKey.startsWith('live_')) return [{ field: 'secretKey', key: 'yookassaKeyShape' }];
  return test === settings.testMode ? [] : [{ field: 'secretKey', key: 'yookassaKeyMode' }];
}

function api(deps: AppDeps, settings: YookassaSettings) {
  return yookassaClient({ baseUrl: deps.config.yookassaApiUrl, shopId: settings.shopId, secretKey: settings.secretKey });
}

/** The transaction state of a ЮKassa payment: a payment canceled by the shop or by expiry is canceled, others failed. */
function paymentStatus(payment: Pick<YookassaPayment, 'status' | 'cancellation_details'>): TransactionStatus {
  switch (payment.status) {
    case 'succeeded':
      return 'completed';
    case 'waiting_for_capture':
      return 'authorized';
    case 'canceled': {
      const reason = payment.cancellation_details?.reason ?? '';
      return payment.cancellation_details?.party === 'merchant' || reason.startsWith('expired') || reason === 'canceled_by_merchant'
        ? 'canceled'
        : 'failed';
    }
    default:
      return 'pending';
  }
}

const toCents = (value: string) => Math.round(Number(value) * 100);

function snapshot(payment: YookassaPayment): PaymentSnapshot {
  return {
    providerPaymentId: payment.id,
    status: paymentStatus(payment),
    amountCents: toCents(payment.amount.value),
    currency: payment.amount.currency,
    transactionId: payment.metadata?.transaction_id ?? null,
  };
}

function refundOutcome(status: string): RefundOutcome {
  return status === 'succeeded' ? 'succeeded' : status === 'canceled' ? 'failed' : 'pending';
}

const notificationSchema = z.object({
  type: z.literal('notification'),
  event: z.string().max(100),
  object: z.looseObject({ id: z.string().min(1).max(100), status: z.string().max(50).optional() }),
});

/** The state a payment event claims (payment.succeeded → completed …), to check against the re-read payment. */
const CLAIMED: Record<string, TransactionStatus> = {
  'payment.waiting_for_capture': 'authorized',
  'payment.succeeded': 'completed',
  'payment.canceled': 'canceled',
};

/** A line's VAT code from the tax class and rate the order charged it (`receiptVatCode`). */
const lineVatCode = (item: OrderItemRow, settings: YookassaSettings) => receiptVatCode(item.taxClass, item.taxRate, settings.vatCode);

function receiptSettings(settings: YookassaSettings) {
  return {
    vatCode: settings.vatCode,
    paymentSubject: settings.paymentSubject,
    paymentMode: settings.paymentMode,
    deliveryPaymentSubject: settings.deliveryPaymentSubject,
    taxSystemCode: settings.taxSystemCode || null,
  };
}

const itemTitle = (item: OrderItemRow) => (item.variationTitle ? `${item.title}, ${item.variationTitle}` : item.title);

export const yookassaProvider: PaymentProvider<YookassaSettings> = {
  code: YOOKASSA_PROVIDER_CODE,
  title: { en: 'YooKassa', ru: 'ЮKassa' },
  settingsSchema: yookassaSettings,
  settingsProblems: yookassaSettingsProblems,

  origins: () => ['https://yoomoney.ru', 'https://yookassa.ru'],

  dashboardUrl: (transaction) =>
    transaction.providerPaymentId ? `https://yookassa.ru/my/payments?search=${encodeURIComponent(transaction.providerPaymentId)}` : null,

  async initialize({ order, items, transaction, idempotencyKey, returnUrl }, { deps, settings }) {
    let receipt: Receipt | undefined;
    if (settings.receipts) {
      const customer = receiptCustomer(order.customer);
      if (!customer) throw new ProviderError('A 54-FZ receipt needs the customer’s e-mail or phone');
      receipt = paymentReceipt({
        lines: items.map((i) => ({
          title: itemTitle(i),
          quantity: i.quantity,
          totalCents: i.totalCents,
          vatCode: lineVatCode(i, settings),
          addedTaxCents: order.taxIncluded ? 0 : i.taxCents,
        })),
        discountCents: order.discountCents,
        delivery:
          order.deliveryPriceCents > 0
            ? {
                title: order.deliveryTitle || (order.lang === 'ru' ? 'Доставка' : 'Delivery'),
                cents: order.deliveryPriceCents + (order.taxIncluded ? 0 : order.deliveryTaxCents),
                vatCode: receiptVatCode('standard', order.deliveryTaxRate, settings.vatCode),
              }
            : null,
        customer,
        currency: transaction.currency,
        settings: receiptSettings(settings),
      });
    }
    const payment = await api(deps, settings).createPayment(
      {
        amount: { value: receiptAmount(transaction.amountCents), currency: transaction.currency },
        capture: !settings.twoStage,
        confirmation: { type: 'redirect', return_url: returnUrl, locale: order.lang === 'ru' ? 'ru_RU' : 'en_US' },
        description: receiptDescription(order.lang === 'ru' ? `Заказ №${order.number}` : `Order #${order.number}`),
        metadata: { transaction_id: transaction.id, order_id: order.id },
        ...(receipt ? { receipt } : {}),
      },
      idempotencyKey,
    );
    const url = payment.confirmation?.confirmation_url;
    if (!url) throw new ProviderError('ЮKassa answered a payment without a confirmation address');
    return { url, providerPaymentId: payment.id };
  },

  async verifyNotification({ rawBody, clientAddress }, { deps, settings }) {
    if (!addressInRanges(clientAddress, settings.notificationAddresses)) throw forbidden('Notifications are accepted only from ЮKassa');
    let parsed: z.infer<typeof notificationSchema>;
    try {
      parsed = notificationSchema.parse(JSON.parse(rawBody));
    } catch {
      throw new ApiError(400, 'Malformed payment notification');
    }
    const eventId = `${parsed.event}:${parsed.object.id}`;
    if (parsed.event.startsWith('payment.')) {
      const payment = await api(deps, settings).getPayment(parsed.object.id);
      const read = snapshot(payment);
      const claimed = CLAIMED[parsed.event];
      // the body alone is no proof: a state the re-read payment has not reached yet is refused (ЮKassa retries later)
      if (claimed && claimed !== read.status && canMoveTo(read.status, claimed)) {
        throw new ApiError(409, `The payment is ${payment.status} at ЮKassa, not as notified`);
      }
      return { kind: 'payment', eventId, payment: read, payload: parsed };
    }
    if (parsed.event.startsWith('refund.')) {
      const refund = await api(deps, settings).getRefund(parsed.object.id);
      return {
        kind: 'refund',
        eventId,
        providerRefundId: refund.id,
        refundId: null,
        providerPaymentId: refund.payment_id,
        status: refundOutcome(refund.status),
        amountCents: toCents(refund.amount.value),
        payload: parsed,
      };
    }
    return { kind: 'other', eventId, payload: parsed };
  },

  acknowledge: () => ({ status: 200, body: '{}', contentType: 'application/json' }),

  async retrieve(transaction, { deps, settings }) {
    if (!transaction.providerPaymentId) throw new ProviderError('This payment never reached ЮKassa');
    return snapshot(await api(deps, settings).getPayment(transaction.providerPaymentId));
  },

  async capture(transaction, { deps, settings }, idempotencyKey) {
    const body = { amount: { value: receiptAmount(transaction.amountCents), currency: transaction.currency } };
    return snapshot(await api(deps, settings).capturePayment(transaction.providerPaymentId!, body, idempotencyKey));
  },

  async cancel(transaction, { deps, settings }, idempotencyKey) {
    return snapshot(await api(deps, settings).cancelPayment(transaction.providerPaymentId!, idempotencyKey));
  },

  async refund({ order, transaction, amountCents, idempotencyKey, lines }, { deps, settings }) {
    let receipt: Receipt | undefined;
    if (settings.receipts) {
      const customer = receiptCustomer(order.customer);
      if (!customer) throw new ProviderError('A 54-FZ receipt needs the customer’s e-mail or phone');
      receipt = refundReceipt({
        items: lines
          ? lines.map((l) => ({
              title: itemTitle(l.item),
              quantity: l.quantity,
              cents: l.cents,
              vatCode: lineVatCode(l.item, settings),
            }))
          : [
              {
                title: order.lang === 'ru' ? `Возврат по заказу №${order.number}` : `Refund for order #${order.number}`,
                quantity: 1,
                cents: amountCents,
                vatCode: null,
              },
            ],
        customer,
        currency: transaction.currency,
        settings: receiptSettings(settings),
      });
    }
    const refund = await api(deps, settings).createRefund(
      {
        payment_id: transaction.providerPaymentId,
        amount: { value: receiptAmount(amountCents), currency: transaction.currency },
        ...(receipt ? { receipt } : {}),
      },
      idempotencyKey,
    );
    return { providerRefundId: refund.id, status: refundOutcome(refund.status) };
  },
};
