/**
 * Online payment providers: the interface every provider implements, one file each (sandbox, Stripe, ЮKassa).
 *
 * A provider creates the payment of a transaction at its service and answers where to send the shopper
 * (`initialize`, with an idempotency key stored per attempt so a retried call never charges twice), tells what a
 * notification posted to `/api/payment/notification/{provider}/{method}` says (`verifyNotification`: signature,
 * address range, and the payment re-fetched from the provider; the status acted on is the provider's), answers it as
 * the provider expects (`acknowledge`), and captures, cancels, refunds and re-reads payments. Its settings
 * (credentials, test mode, two-stage capture) are a zod object declared by the provider; fields wrapped in
 * `secretField` are write-only in the back office.
 *
 * Once for every provider (notifications.ts, payment-actions.ts, refunds.ts): idempotent event storage, the amount
 * check, the forward-only state machine, the order's payment state and history, stock, e-mails and the audit log.
 * See README "Taking payments" for adding a provider.
 */
import { z } from 'zod';
import type { LocalizedText, orderItems, paymentTransactions } from '../../../db/schema';
import type { TransactionStatus } from '../../../../lib/payment-rules';
import type { AppDeps } from '../../core/context';
import type { OrderRow } from '../order-dto';

export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** A payment as the provider reports it. */
export type PaymentSnapshot = {
  providerPaymentId: string;
  /** `new` when nothing happened yet (the shopper has not paid) */
  status: TransactionStatus;
  amountCents: number;
  currency: string;
  /** our transaction id as the provider keeps it (metadata, client reference), when it tells */
  transactionId: string | null;
  /** what the provider needs later (kept on the transaction, merged) */
  providerData?: Record<string, unknown>;
};

export type RefundOutcome = 'pending' | 'succeeded' | 'failed';

/** What a verified notification is about. */
export type ProviderEvent =
  | { kind: 'payment'; eventId: string; payment: PaymentSnapshot; payload: unknown }
  | {
      kind: 'refund';
      eventId: string;
      providerRefundId: string;
      /** our refund id, when the provider keeps it (metadata): the event may come before the refund call answers */
      refundId: string | null;
      providerPaymentId: string;
      status: RefundOutcome;
      amountCents: number;
      payload: unknown;
    }
  /** a payment's refunds as the provider totals them (a refund made in the provider's dashboard shows here) */
  | { kind: 'refunded-total'; eventId: string; providerPaymentId: string; refundedCents: number; payload: unknown }
  /** verified, but nothing the shop acts on */
  | { kind: 'other'; eventId: string; payload: unknown };

/** The notification as it came: the exact body, the headers and the client address (after TRUST_PROXY). */
export type RawNotification = { rawBody: string; headers: Headers; clientAddress: string };

export type ProviderContext<S> = { deps: AppDeps; settings: S; methodCode: string };

export type InitializeInput = {
  order: OrderRow;
  items: OrderItemRow[];
  transaction: PaymentTransactionRow;
  idempotencyKey: string;
  /** where the shopper comes back to: the storefront's payment result page */
  returnUrl: string;
  /** where the provider posts notifications for this method */
  notificationUrl: string;
};

export type RefundInput = {
  order: OrderRow;
  transaction: PaymentTransactionRow;
  refundId: string;
  amountCents: number;
  idempotencyKey: string;
  /** the refunded lines and what each refunds (by lines), or null (by amount): for the provider's receipt */
  lines: { item: OrderItemRow; quantity: number; cents: number }[] | null;
};

export type NotificationOutcome = 'applied' | 'duplicate' | 'ignored' | 'flagged';

export interface PaymentProvider<S extends Record<string, unknown> = Record<string, unknown>> {
  readonly code: string;
  /** the provider's name in the back office */
  readonly title: LocalizedText;
  /** the method's settings; `secretField` marks write-only fields */
  readonly settingsSchema: z.ZodType<S, Record<string, unknown>>;
  /** contradictions in settings the schema cannot see (a test key in live mode…): message keys of `adminApi.selling.problems` */
  settingsProblems?(settings: S): { field: string; key: string }[];
  /** why the provider cannot take payments here (a message key of `commerce`), or null */
  unavailable?(deps: AppDeps): 'sandboxInLiveShop' | null;
  /** origins the shopper's browser is sent to or loads from (the Content-Security-Policy of enabled methods) */
  origins(settings: S): string[];
  /** the payment in the provider's dashboard, for the manager */
  dashboardUrl(transaction: PaymentTransactionRow, settings: S): string | null;
  initialize(
    input: InitializeInput,
    ctx: ProviderContext<S>,
  ): Promise<{ url: string; providerPaymentId: string | null; providerData?: Record<string, unknown> }>;
  /** The notification's event, re-fetched from the provider where it can be; throws 401/403 when it is not the provider's. */
  verifyNotification(notification: RawNotification, ctx: ProviderContext<S>): Promise<ProviderEvent>;
  /** The answer the provider expects for a handled notification. */
  acknowledge(outcome: NotificationOutcome): { status: 200; body: string; contentType: string };
  retrieve(transaction: PaymentTransactionRow, ctx: ProviderContext<S>): Promise<PaymentSnapshot>;
  /** Takes the money of an authorised two-stage payment. */
  capture(transaction: PaymentTransactionRow, ctx: ProviderContext<S>, idempotencyKey: string): Promise<PaymentSnapshot>;
  /** Releases the money of an authorised two-stage payment. */
  cancel(transaction: PaymentTransactionRow, ctx: ProviderContext<S>, idempotencyKey: string): Promise<PaymentSnapshot>;
  refund(input: RefundInput, ctx: ProviderContext<S>): Promise<{ providerRefundId: string; status: RefundOutcome }>;
}

/** A provider of any settings, as the registry keeps them. */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds providers of different settings types
export type AnyPaymentProvider = PaymentProvider<any>;

/** What a settings field's meta may say to the back office's form. */
export type SettingsFieldMeta = { secret?: boolean; choices?: readonly (string | number)[] };

/** A write-only settings field: never sent back to the browser, logged or audited. Wrap the field last. */
export function secretField<T extends z.ZodType>(schema: T): T {
  return schema.meta({ secret: true } satisfies SettingsFieldMeta) as T;
}

/** A settings field chosen from a list (the form shows a select). Wrap the field last. */
export function choiceField<T extends z.ZodType>(schema: T, choices: readonly (string | number)[]): T {
  return schema.meta({ choices } satisfies SettingsFieldMeta) as T;
}

export function fieldMeta(field: z.ZodType): SettingsFieldMeta {
  return (field.meta() as SettingsFieldMeta | undefined) ?? {};
}

/** The fields of a provider's settings schema by name. */
export function settingsFields(schema: z.ZodType): [string, z.ZodType][] {
  return schema instanceof z.ZodObject ? Object.entries(schema.shape as Record<string, z.ZodType>) : [];
}

/** Names of the secret fields of a provider's settings. */
export function secretFieldNames(schema: z.ZodType): string[] {
  return settingsFields(schema)
    .filter(([, field]) => fieldMeta(field).secret === true)
    .map(([name]) => name);
}

/** A provider call that failed: its message is the provider's, for the manager (never a secret). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
