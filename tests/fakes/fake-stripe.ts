import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { escapeHtml, type FakeAnswer, type FakeRequest, html, json, parseForm, redirect, startFakeServer } from './fake-http';

/**
 * A loopback fake of Stripe's API, enough for the shop: Checkout Sessions with their hosted payment page, payment
 * intents (automatic or manual capture), refunds and charges, in Stripe's own shapes, with idempotency keys honoured
 * (the same key answers the first result again) and webhooks signed with `stripe.webhooks.generateTestHeaderString`.
 * The official SDK is pointed at it with its host, port and protocol options (STRIPE_API_URL).
 */

type Session = Record<string, unknown> & { id: string; payment_intent: string | null; metadata: Record<string, string> };
type Intent = Record<string, unknown> & { id: string; status: string; amount: number; latest_charge: string | null };
type Deliver = (payload: string, signature: string) => Promise<void>;

export type FakeStripe = {
  origin: string;
  secretKey: string;
  webhookSecret: string;
  /** where events go: a URL (posted like Stripe does) or a function (in-process tests) */
  setWebhook: (target: string | Deliver | null) => void;
  /** events sent so far, newest last */
  events: Stripe.Event[];
  sessions: Map<string, Session>;
  intents: Map<string, Intent>;
  charges: Map<string, Record<string, unknown> & { id: string; amount_refunded: number }>;
  /** what the last checkout.sessions.create received (form fields as objects) */
  lastCreate: () => Record<string, unknown> | null;
  /** the hosted page's choices, as the shopper would press them */
  pay: (sessionId: string, outcome: 'pay' | 'async' | 'decline') => Promise<void>;
  /** an asynchronous payment (a bank debit) clears: the intent succeeds and the event goes out */
  settle: (sessionId: string) => Promise<void>;
  /** an event as Stripe would send it (signed), with `secret` instead of the webhook secret when given */
  signedEvent: (type: string, object: unknown, options?: { secret?: string; timestamp?: number }) => { payload: string; signature: string };
  close: () => Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const error = (status: number, message: string, type = 'invalid_request_error') => json(status, { error: { type, message } });

export async function startFakeStripe(options: { port?: number; secretKey?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, Session>();
  const intents = new Map<string, Intent>();
  const refunds = new Map<string, Record<string, unknown> & { id: string }>();
  const charges = new Map<string, Record<string, unknown> & { id: string; amount_refunded: number }>();
  const idempotent = new Map<string, FakeAnswer>();
  const events: Stripe.Event[] = [];
  let webhook: string | Deliver | null = null;
  let created: Record<string, unknown> | null = null;
  let origin = '';

  const signedEvent: FakeStripe['signedEvent'] = (type, object, opts = {}) => {
    const event = {
      id: id('evt'),
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? webhookSecret,
      timestamp: opts.timestamp,
    });
    return { payload, signature };
  };

  async function emit(type: string, object: unknown): Promise<void> {
    const { payload, signature } = signedEvent(type, object);
    events.push(JSON.parse(payload));
    if (typeof webhook === 'function') await webhook(payload, signature);
    else if (typeof webhook === 'string') {
      await fetch(webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    }
  }

  const sessionView = (session: Session, expand: boolean) => ({
    ...session,
    payment_intent: expand && session.payment_intent ? intents.get(session.payment_intent) : session.payment_intent,
  });

  function createIntent(session: Session, status: string): Intent {
    const chargeId = status === 'succeeded' || status === 'requires_capture' ? id('ch') : null;
    const intent: Intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total as number,
      amount_received: status === 'succeeded' ? (session.amount_total as number) : 0,
      currency: session.currency,
      capture_method: (session.capture_method as string) ?? 'automatic',
      status,
      latest_charge: chargeId,
      metadata: (session.payment_intent_metadata as Record<string, string>) ?? {},
    };
    intents.set(intent.id, intent);
    if (chargeId) {
      charges.set(chargeId, {
        id: chargeId,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: 0,
        payment_intent: intent.id,
        currency: session.currency,
        refunded: false,
      });
    }
    session.payment_intent = intent.id;
    return intent;
  }

  async function pay(sessionId: string, outcome: 'pay' | 'async' | 'decline'): Promise<void> {
    const session = sessions.get(sessionId);
    if (session?.status !== 'open') throw new Error('no open session');
    if (outcome === 'decline') return; // the card is refused on the page; the session stays open
    const manual = session.capture_method === 'manual';
    createIntent(session, outcome === 'async' ? 'processing' : manual ? 'requires_capture' : 'succeeded');
    session.status = 'complete';
    session.payment_status = outcome === 'pay' && !manual ? 'paid' : 'unpaid';
    await emit('checkout.session.completed', session);
  }

  async function settle(sessionId: string): Promise<void> {
    const session = sessions.get(sessionId)!;
    const intent = intents.get(session.payment_intent!)!;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const chargeId = id('ch');
    intent.latest_charge = chargeId;
    charges.set(chargeId, {
      id: chargeId,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      payment_intent: intent.id,
      currency: session.currency,
      refunded: false,
    });
    session.payment_status = 'paid';
    await emit('checkout.session.async_payment_succeeded', session);
  }

  function authorized(req: FakeRequest): boolean {
    return req.headers.authorization === `Bearer ${secretKey}`;
  }

  async function api(req: FakeRequest): Promise<FakeAnswer> {
    if (!authorized(req)) return error(401, 'Invalid API Key provided', 'invalid_request_error');
    const form = req.method === 'POST' ? parseForm(req.body) : {};
    const path = req.url.pathname;
    const expand = req.url.search.includes('expand');
    let match: RegExpMatchArray | null;
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      created = form;
      const lines = (form.line_items as { quantity: string; price_data: { unit_amount: string; currency: string } }[]) ?? [];
      const session: Session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: lines.reduce((sum, l) => sum + Number(l.price_data.unit_amount) * Number(l.quantity), 0),
        currency: lines[0]?.price_data.currency ?? 'usd',
        client_reference_id: (form.client_reference_id as string) ?? null,
        customer_email: (form.customer_email as string) ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        metadata: (form.metadata as Record<string, string>) ?? {},
        payment_intent: null,
        capture_method: (form.payment_intent_data as { capture_method?: string } | undefined)?.capture_method ?? 'automatic',
        payment_intent_metadata: (form.payment_intent_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {},
        livemode: false,
        url: '',
      };
      session.url = `${origin}/pay/${session.id}`;
      sessions.set(session.id, session);
      return json(200, session);
    }
    if (req.method === 'GET' && path === '/v1/checkout/sessions') {
      const intent = req.url.searchParams.get('payment_intent');
      const data = [...sessions.values()].filter((s) => !intent || s.payment_intent === intent).map((s) => sessionView(s, false));
      return json(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
    }
    if ((match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && req.method === 'GET') {
      const session = sessions.get(match[1]!);
      return session ? json(200, sessionView(session, expand)) : error(404, `No such checkout.session: '${match[1]}'`);
    }
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/)) && req.method === 'POST') {
      const intent = intents.get(match[1]!);
      if (!intent) return error(404, `No such payment_intent: '${match[1]}'`);
      if (intent.status !== 'requires_capture')
        return error(400, `This PaymentIntent could not be ${match[2]}d because it has a status of ${intent.status}.`);
      if (match[2] === 'capture') {
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        for (const session of sessions.values()) if (session.payment_intent === intent.id) session.payment_status = 'paid';
      } else intent.status = 'canceled';
      return json(200, intent);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent as string);
      if (intent?.status !== 'succeeded' || !intent.latest_charge) return error(400, 'This PaymentIntent has no charge to refund.');
      const charge = charges.get(intent.latest_charge)!;
      const amount = Number(form.amount ?? intent.amount - charge.amount_refunded);
      if (amount > intent.amount - charge.amount_refunded) {
        return error(
          400,
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - charge.amount_refunded})`,
        );
      }
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === intent.amount;
      const refund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        status: 'succeeded',
        payment_intent: intent.id,
        charge: charge.id,
        metadata: (form.metadata as Record<string, string>) ?? {},
      };
      refunds.set(refund.id, refund);
      await emit('charge.refunded', charge);
      return json(200, refund);
    }
    if ((match = path.match(/^\/v1\/refunds\/([^/]+)$/)) && req.method === 'GET') {
      const refund = refunds.get(match[1]!);
      return refund ? json(200, refund) : error(404, `No such refund: '${match[1]}'`);
    }
    if ((match = path.match(/^\/v1\/charges\/([^/]+)$/)) && req.method === 'GET') {
      const charge = charges.get(match[1]!);
      return charge ? json(200, charge) : error(404, `No such charge: '${match[1]}'`);
    }
    return error(404, `Unrecognized request URL (${req.method}: ${path})`);
  }

  /** The hosted payment page: what Stripe's Checkout shows the shopper, reduced to its outcomes. */
  function page(session: Session): FakeAnswer {
    const amount = `${((session.amount_total as number) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
    const button = (outcome: string, label: string) =>
      `<form method="post" action="/pay/${session.id}/${outcome}"><button type="submit">${escapeHtml(label)}</button></form>`;
    const body =
      session.status === 'open'
        ? `${button('pay', 'Pay')}${button('async', 'Pay by bank debit')}${button('decline', 'Use a declined card')}<a href="${escapeHtml(String(session.cancel_url))}">Back to the shop</a>`
        : '<p>This session is complete.</p>';
    return html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body><main><h1>Fake Stripe Checkout</h1><p class="amount">${escapeHtml(amount)}</p>${body}</main></body></html>`,
    );
  }

  const server = await startFakeServer(async (req) => {
    const path = req.url.pathname;
    let match: RegExpMatchArray | null;
    if ((match = path.match(/^\/pay\/([^/]+)$/)) && req.method === 'GET') {
      const session = sessions.get(match[1]!);
      return session ? page(session) : html('<p>Unknown session</p>');
    }
    if ((match = path.match(/^\/pay\/([^/]+)\/(pay|async|decline)$/)) && req.method === 'POST') {
      const session = sessions.get(match[1]!);
      if (!session) return html('<p>Unknown session</p>');
      if (session.status === 'open') await pay(session.id, match[2] as 'pay' | 'async' | 'decline');
      return match[2] === 'decline' ? page(session) : redirect(String(session.success_url));
    }
    if ((match = path.match(/^\/__fake\/sessions\/([^/]+)\/settle$/)) && req.method === 'POST') {
      await settle(match[1]!);
      return json(200, { ok: true });
    }
    if (path === '/__fake/webhook' && req.method === 'POST') {
      webhook = (JSON.parse(req.body) as { url: string }).url;
      return json(200, { ok: true });
    }
    if (path === '/__fake/sessions' && req.method === 'GET') return json(200, [...sessions.values()]);
    if (!path.startsWith('/v1/')) return error(404, 'Not found');
    const key = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    if (key && idempotent.has(key)) return idempotent.get(key)!;
    const answer = await api(req);
    if (key && answer.status < 500) idempotent.set(key, answer);
    return answer;
  }, options.port);
  origin = server.origin;

  return {
    origin,
    secretKey,
    webhookSecret,
    setWebhook: (target) => {
      webhook = target;
    },
    events,
    sessions,
    intents,
    charges,
    lastCreate: () => created,
    pay,
    settle,
    signedEvent,
    close: server.close,
  };
}
