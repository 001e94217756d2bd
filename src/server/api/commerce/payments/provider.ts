/**
 * Online payment providers.
 *
 * A provider turns an order's payment transaction into a URL the shopper is sent to, and later
 * tells the shop what happened through a signed notification posted to
 * `/api/payment/notification/{provider code}` (`/api/payment/notification` means the sandbox).
 *
 * To plug in a real provider:
 * 1. implement `PaymentProvider`: `initialize` creates the payment at the provider (its API
 *    call, amount `transaction.amountCents` in `transaction.currency`, return URL
 *    `${config.publicUrl}/payment?order={number}&token={secretToken}`, notification URL as above)
 *    and answers the provider's checkout URL; `verifyNotification` checks the provider's
 *    signature over the raw body (timing-safe); `parseNotification` maps the provider's payload
 *    onto `ProviderNotification` (a unique event id, our transaction id, the outcome, amount and
 *    currency);
 * 2. add it to `PAYMENT_PROVIDERS` below;
 * 3. set `provider` of an online payment method (payment_methods.provider) to its code.
 * Idempotency, the amount check, the forward-only state machine and the order's payment status
 * and history are handled once for every provider by `receiveNotification`.
 */
import type { paymentTransactions } from '../../../db/schema';
import type { AppDeps } from '../../core/context';
import type { OrderRow } from '../order-dto';
import type { PaymentOutcome } from './payment-status';
import { sandboxProvider } from './sandbox-provider';

export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect;

export type ProviderNotification = {
  eventId: string;
  transactionId: string;
  status: PaymentOutcome;
  amountCents: number;
  currency: string;
  /** the validated content, stored with the notification */
  payload: unknown;
};

export type RawNotification = { rawBody: string; headers: Headers };

export interface PaymentProvider {
  readonly code: string;
  /** Starts paying `transaction` (already stored for `order`) and answers where to send the shopper. */
  initialize(input: { order: OrderRow; transaction: PaymentTransactionRow }, deps: AppDeps): Promise<{ url: string }>;
  /** Whether the notification really comes from the provider (signature over the raw body). */
  verifyNotification(notification: RawNotification, deps: AppDeps): boolean;
  /** The notification's content, or null when a verified body is not in the expected shape. */
  parseNotification(notification: RawNotification): ProviderNotification | null;
}

export const DEFAULT_PROVIDER_CODE = sandboxProvider.code;

const PAYMENT_PROVIDERS: ReadonlyMap<string, PaymentProvider> = new Map([[sandboxProvider.code, sandboxProvider]]);

export function findPaymentProvider(code: string | null | undefined): PaymentProvider | null {
  return (code && PAYMENT_PROVIDERS.get(code)) || null;
}
