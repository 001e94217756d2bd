import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { amountToCents } from '../../../../lib/money';
import { PAYMENT_OUTCOMES } from '../../../../lib/payment-rules';
import { ID_MAX_LENGTH, storableString } from '../../../../contract/storefront/commerce';
import { ApiError, unauthorized } from '../../core/errors';
import type { AppDeps } from '../../core/context';
import { safeEqual } from '../secure-compare';
import type { PaymentProvider, PaymentSnapshot, PaymentTransactionRow } from './provider';

/**
 * The built-in test provider: its "checkout" is a page of this shop with Pay, Fail and Cancel buttons, and its
 * notifications are signed with the shop's own payment secret. Anyone who reaches the page can mark the order paid,
 * so it refuses to run in a shop served over https unless PAYMENT_SANDBOX=allow (a staging shop).
 */
export const SANDBOX_PROVIDER_CODE = 'sandbox';
export const PAYMENT_SIGNATURE_HEADER = 'x-payment-signature';

/** HMAC-SHA256 of the raw body, hex. */
export function signSandboxNotification(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** API_BASE of ../../app.ts, spelled out because that module imports this one. */
const API_BASE = '/api';

/** Where the sandbox checkout page of a transaction is served; its actions are below it. */
export function sandboxPaymentPath(transactionId: string): string {
  return `${API_BASE}/payment/sandbox/${encodeURIComponent(transactionId)}`;
}

/** Whether the sandbox may run: never in a shop served over https, unless the operator allows it. */
export function sandboxRefused(deps: Pick<AppDeps, 'config'>): boolean {
  return deps.config.publicUrl.startsWith('https:') && !deps.config.paymentSandboxAllowed;
}

const notificationSchema = z.object({
  eventId: z.uuid(),
  transactionId: storableString(ID_MAX_LENGTH).min(1),
  status: z.enum(PAYMENT_OUTCOMES),
  amount: z.number().nonnegative().max(1e10),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

export type SandboxNotificationBody = z.infer<typeof notificationSchema>;

const sandboxSettings = z.object({
  /** Pay holds the money (authorised) until a manager captures it */
  twoStage: z.boolean().default(false),
});
type SandboxSettings = z.infer<typeof sandboxSettings>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The sandbox keeps no payments of its own: a transaction is what it reports. */
function snapshotOf(transaction: PaymentTransactionRow, status: PaymentSnapshot['status']): PaymentSnapshot {
  return {
    providerPaymentId: transaction.id,
    status,
    amountCents: transaction.amountCents,
    currency: transaction.currency,
    transactionId: transaction.id,
  };
}

export const sandboxProvider: PaymentProvider<SandboxSettings> = {
  code: SANDBOX_PROVIDER_CODE,
  title: { en: 'Sandbox (test payments)', ru: 'Песочница (тестовые платежи)' },
  settingsSchema: sandboxSettings,

  unavailable: (deps) => (sandboxRefused(deps) ? 'sandboxInLiveShop' : null),
  origins: () => [],
  dashboardUrl: () => null,

  async initialize({ transaction }, { deps }) {
    return { url: `${deps.config.publicUrl}${sandboxPaymentPath(transaction.id)}`, providerPaymentId: transaction.id };
  },

  async verifyNotification({ rawBody, headers }, { deps }) {
    const signature = headers.get(PAYMENT_SIGNATURE_HEADER);
    if (!signature || !safeEqual(signature.toLowerCase(), signSandboxNotification(rawBody, deps.paymentSecret))) {
      throw unauthorized('Invalid payment notification signature');
    }
    const parsed = notificationSchema.safeParse(parseJson(rawBody));
    if (!parsed.success) throw new ApiError(400, 'Malformed payment notification');
    const { eventId, transactionId, status, amount, currency } = parsed.data;
    return {
      kind: 'payment',
      eventId,
      payment: { providerPaymentId: transactionId, status, amountCents: amountToCents(amount), currency, transactionId },
      payload: parsed.data,
    };
  },

  acknowledge: (outcome) => ({ status: 200, body: JSON.stringify({ success: true, result: outcome }), contentType: 'application/json' }),

  async retrieve(transaction) {
    return snapshotOf(transaction, transaction.status as PaymentSnapshot['status']);
  },
  async capture(transaction) {
    return snapshotOf(transaction, 'completed');
  },
  async cancel(transaction) {
    return snapshotOf(transaction, 'canceled');
  },
  async refund({ refundId }) {
    return { providerRefundId: `sandbox-${refundId}`, status: 'succeeded' };
  },
};
