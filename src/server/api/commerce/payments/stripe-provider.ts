import Stripe from 'stripe';
import { z } from 'zod';
import type { TransactionStatus } from '../../../../lib/payment-rules';
import { unauthorized } from '../../core/errors';
import type { AppDeps } from '../../core/context';
import {
  type PaymentProvider,
  type PaymentSnapshot,
  type PaymentTransactionRow,
  ProviderError,
  type RefundOutcome,
  secretField,
} from './provider';

/**
 * Stripe, through the official SDK: a Checkout Session in redirect mode (3-D Secure and wallets happen on Stripe's
 * page), our transaction as its `client_reference_id`. Webhooks are verified with `stripe.webhooks.constructEvent` over
 * the exact raw body (300 s tolerance; during a secret's rotation Stripe signs with both and any matching `v1` passes),
 * then the session is re-read from Stripe with its payment intent, whose state is what the shop acts on. STRIPE_API_URL
 * points the SDK elsewhere (the test suites' loopback fake).
 */
export const STRIPE_PROVIDER_CODE = 'stripe';
const WEBHOOK_TOLERANCE_SECONDS = 300;
const KEY_PATTERN = /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/;

const stripeSettings = z.object({
  /** secret API key: sk_test_… in test mode, sk_live_… for real money (restricted rk_… keys work too) */
  secretKey: secretField(z.string().trim().max(255).default('')),
  /** the webhook endpoint's signing secret, whsec_… */
  webhookSecret: secretField(z.string().trim().max(255).default('')),
  /** test mode: the shop expects a test key and links to Stripe's test dashboard */
  testMode: z.boolean().default(true),
  /** two stages: the card is authorised at checkout and charged when a manager captures it */
  twoStage: z.boolean().default(false),
});
type StripeSettings = z.infer<typeof stripeSettings>;

/** Problems of Stripe settings the field rules cannot see: a key of the wrong mode or shape. */
function stripeSettingsProblems(settings: StripeSettings): { field: string; key: string }[] {
  const problems: { field: string; key: string }[] = [];
  if (settings.secretKey) {
    const match = KEY_PATTERN.exec(settings.secretKey);
    if (!match) problems.push({ field: 'secretKey', key: 'stripeKeyShape' });
    else if ((match[2] === 'test') !== settings.testMode) problems.push({ field: 'secretKey', key: 'stripeKeyMode' });
  }
  if (settings.webhookSecret && !settings.webhookSecret.startsWith('whsec_'))
    problems.push({ field: 'webhookSecret', key: 'stripeWebhookShape' });
  return problems;
}

const clients = new Map<string, Stripe>();

/** One SDK client per key and API address (it keeps its connections). */
function client(deps: AppDeps, settings: StripeSettings): Stripe {
  if (!settings.secretKey) throw new ProviderError('Stripe is not set up: enter the secret key');
  const api = new URL(deps.config.stripeApiUrl);
  const cacheKey = `${api.origin}|${settings.secretKey}`;
  let stripe = clients.get(cacheKey);
  if (!stripe) {
    stripe = new Stripe(settings.secretKey, {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
      // retries of a create send the same idempotency key, so a timeout never makes a second payment
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
    clients.set(cacheKey, stripe);
  }
  return stripe;
}

function intentOf(session: Stripe.Checkout.Session): Stripe.PaymentIntent | null {
  return session.payment_intent && typeof session.payment_intent === 'object' ? session.payment_intent : null;
}

/** The transaction state a payment intent stands for. */
function intentStatus(intent: Stripe.PaymentIntent): TransactionStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'completed';
    case 'requires_capture':
      return 'authorized';
    case 'canceled':
      return 'canceled';
    case 'processing':
      return 'pending';
    default:
      return 'new';
  }
}

/** The transaction state a Checkout Session (read with its payment intent) stands for. */
function sessionStatus(session: Stripe.Checkout.Session): TransactionStatus {
  if (session.status === 'expired') return 'canceled';
  const intent = intentOf(session);
  const status = intent ? intentStatus(intent) : 'new';
  if (status !== 'new') return status;
  if (session.status !== 'complete') return 'new';
  // completed at checkout, then the asynchronous payment (a bank debit) was refused: the intent wants a new method
  if (intent?.status === 'requires_payment_method') return 'failed';
  return session.payment_status === 'paid' ? 'completed' : 'pending';
}

function sessionSnapshot(session: Stripe.Checkout.Session): PaymentSnapshot {
  const intent = intentOf(session);
  return {
    providerPaymentId: session.id,
    status: sessionStatus(session),
    amountCents: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    transactionId: session.client_reference_id,
    providerData: intent ? { paymentIntentId: intent.id } : {},
  };
}

function intentId(transaction: PaymentTransactionRow): string {
  const id = transaction.providerData.paymentIntentId;
  if (typeof id !== 'string' || !id) throw new ProviderError('Stripe has not reported a payment for this transaction yet');
  return id;
}

function refundOutcome(status: string | null): RefundOutcome {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/** Re-reads a session with its payment intent: what the shop acts on. */
async function readSession(stripe: Stripe, id: string): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] });
}

export const stripeProvider: PaymentProvider<StripeSettings> = {
  code: STRIPE_PROVIDER_CODE,
  title: { en: 'Stripe', ru: 'Stripe' },
  settingsSchema: stripeSettings,
  settingsProblems: stripeSettingsProblems,

  origins: () => ['https://checkout.stripe.com'],

  dashboardUrl(transaction, settings) {
    const base = `https://dashboard.stripe.com${settings.testMode ? '/test' : ''}`;
    const intent = transaction.providerData.paymentIntentId;
    if (typeof intent === 'string' && intent) return `${base}/payments/${encodeURIComponent(intent)}`;
    return transaction.providerPaymentId ? `${base}/checkout/sessions/${encodeURIComponent(transaction.providerPaymentId)}` : null;
  },

  async initialize({ order, transaction, idempotencyKey, returnUrl }, { deps, settings }) {
    const session = await client(deps, settings).checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: transaction.id,
        success_url: returnUrl,
        cancel_url: returnUrl,
        locale: order.lang === 'ru' ? 'ru' : 'en',
        ...(order.customer.email ? { customer_email: order.customer.email } : {}),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: transaction.currency.toLowerCase(),
              unit_amount: transaction.amountCents,
              product_data: { name: order.lang === 'ru' ? `Заказ №${order.number}` : `Order #${order.number}` },
            },
          },
        ],
        metadata: { transaction_id: transaction.id, order_id: order.id, order_number: String(order.number) },
        payment_intent_data: {
          capture_method: settings.twoStage ? 'manual' : 'automatic',
          metadata: { transaction_id: transaction.id, order_id: order.id },
        },
      },
      { idempotencyKey },
    );
    if (!session.url) throw new ProviderError('Stripe answered a session without a payment page');
    return { url: session.url, providerPaymentId: session.id };
  },

  async verifyNotification({ rawBody, headers }, { deps, settings }) {
    const signature = headers.get('stripe-signature');
    if (!signature || !settings.webhookSecret) throw unauthorized('Invalid Stripe signature');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(
        rawBody,
        signature,
        settings.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        // the SDK counts the event's age from this instant, in milliseconds (the shop's clock, so tests can move it)
        deps.now().getTime(),
      );
    } catch {
      throw unauthorized('Invalid Stripe signature');
    }
    const stripe = client(deps, settings);
    const object = event.data.object as { id?: string; object?: string };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return { kind: 'payment', eventId: event.id, payment: sessionSnapshot(await readSession(stripe, object.id!)), payload: event };
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed': {
        const refund = await stripe.refunds.retrieve(object.id!);
        const intent = typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? '');
        return {
          kind: 'refund',
          eventId: event.id,
          providerRefundId: refund.id,
          refundId: refund.metadata?.refund_id ?? null,
          providerPaymentId: await sessionOfIntent(stripe, intent),
          status: refundOutcome(refund.status),
          amountCents: refund.amount,
          payload: event,
        };
      }
      case 'charge.refunded': {
        const charge = await stripe.charges.retrieve(object.id!);
        const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? '');
        return {
          kind: 'refunded-total',
          eventId: event.id,
          providerPaymentId: await sessionOfIntent(stripe, intent),
          refundedCents: charge.amount_refunded,
          payload: event,
        };
      }
      default:
        return { kind: 'other', eventId: event.id, payload: event };
    }
  },

  acknowledge: () => ({ status: 200, body: JSON.stringify({ received: true }), contentType: 'application/json' }),

  async retrieve(transaction, { deps, settings }) {
    if (!transaction.providerPaymentId) throw new ProviderError('This payment never reached Stripe');
    return sessionSnapshot(await readSession(client(deps, settings), transaction.providerPaymentId));
  },

  async capture(transaction, { deps, settings }, idempotencyKey) {
    const stripe = client(deps, settings);
    await stripe.paymentIntents.capture(intentId(transaction), {}, { idempotencyKey });
    return sessionSnapshot(await readSession(stripe, transaction.providerPaymentId!));
  },

  async cancel(transaction, { deps, settings }, idempotencyKey) {
    const stripe = client(deps, settings);
    await stripe.paymentIntents.cancel(intentId(transaction), {}, { idempotencyKey });
    return sessionSnapshot(await readSession(stripe, transaction.providerPaymentId!));
  },

  async refund({ transaction, refundId, amountCents, idempotencyKey }, { deps, settings }) {
    const refund = await client(deps, settings).refunds.create(
      { payment_intent: intentId(transaction), amount: amountCents, metadata: { transaction_id: transaction.id, refund_id: refundId } },
      { idempotencyKey },
    );
    return { providerRefundId: refund.id, status: refundOutcome(refund.status) };
  },
};

/** The Checkout Session a payment intent belongs to (the shop knows its payments by session). */
async function sessionOfIntent(stripe: Stripe, paymentIntent: string): Promise<string> {
  if (!paymentIntent) return '';
  const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  return sessions.data[0]?.id ?? '';
}
