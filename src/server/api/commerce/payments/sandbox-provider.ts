import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { amountToCents } from '../../../../lib/money';
import { ID_MAX_LENGTH, storableString } from '../../../../contract/storefront/commerce';
import { safeEqual } from '../secure-compare';
import { PAYMENT_OUTCOMES } from './payment-status';
import type { PaymentProvider, ProviderNotification } from './provider';

/**
 * The built-in test provider: its "checkout" is a page of this shop with Pay, Fail and Cancel
 * buttons, and its notifications are signed with the shop's own payment secret. Never offer a
 * method using it in a live shop: anyone who reaches the page can mark the order paid.
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

const notificationSchema = z.object({
  eventId: z.uuid(),
  transactionId: storableString(ID_MAX_LENGTH).min(1),
  status: z.enum(PAYMENT_OUTCOMES),
  amount: z.number().nonnegative().max(1e10),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

export type SandboxNotificationBody = z.infer<typeof notificationSchema>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const sandboxProvider: PaymentProvider = {
  code: SANDBOX_PROVIDER_CODE,

  async initialize({ transaction }, deps) {
    return { url: `${deps.config.publicUrl}${sandboxPaymentPath(transaction.id)}` };
  },

  verifyNotification({ rawBody, headers }, deps) {
    const signature = headers.get(PAYMENT_SIGNATURE_HEADER);
    return !!signature && safeEqual(signature.toLowerCase(), signSandboxNotification(rawBody, deps.paymentSecret));
  },

  parseNotification({ rawBody }): ProviderNotification | null {
    const parsed = notificationSchema.safeParse(parseJson(rawBody));
    if (!parsed.success) return null;
    const { eventId, transactionId, status, amount, currency } = parsed.data;
    return { eventId, transactionId, status, amountCents: amountToCents(amount), currency, payload: parsed.data };
  },
};
