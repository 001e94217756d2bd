import { randomUUID } from 'node:crypto';
import { escapeHtml, type FakeAnswer, type FakeRequest, html, json, redirect, startFakeServer } from './fake-http';

/**
 * A loopback fake of ЮKassa's API v3, enough for the shop: payments with a redirect confirmation and their hosted
 * page, capture and cancel of `waiting_for_capture`, refunds, in ЮKassa's shapes. It checks Basic auth, requires an
 * `Idempotence-Key` on every POST (the same key answers the first result again), and refuses a receipt whose items do
 * not add up to the amount, as ЮKassa does. Notifications are posted unsigned, as ЮKassa posts them.
 */

type Amount = { value: string; currency: string };
export type FakePayment = {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: Amount;
  capture: boolean;
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  metadata: Record<string, string>;
  receipt?: { items: { quantity: number; amount: Amount }[] } & Record<string, unknown>;
  refunded_amount: Amount;
  cancellation_details?: { party: string; reason: string };
  test: true;
  created_at: string;
};
export type FakeRefund = { id: string; payment_id: string; status: 'succeeded'; amount: Amount; receipt?: unknown; created_at: string };
type Notify = (body: string) => Promise<void>;

export type FakeYookassa = {
  origin: string;
  /** the API's base address, as YOOKASSA_API_URL takes it */
  apiUrl: string;
  shopId: string;
  secretKey: string;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  /** where notifications go: a URL or a function (in-process tests) */
  setNotifications: (target: string | Notify | null) => void;
  /** the hosted page's choices: pay (succeeded, or held when capture is false) or decline (canceled) */
  pay: (paymentId: string, outcome: 'pay' | 'decline') => Promise<void>;
  notification: (event: string, object: unknown) => string;
  close: () => Promise<void>;
};

const cents = (amount: Amount) => Math.round(Number(amount.value) * 100);
const value = (c: number) => (c / 100).toFixed(2);
const error = (status: number, code: string, description: string) => json(status, { type: 'error', id: randomUUID(), code, description });

export async function startFakeYookassa(options: { port?: number; shopId?: string; secretKey?: string } = {}): Promise<FakeYookassa> {
  const shopId = options.shopId ?? '123456';
  const secretKey = options.secretKey ?? `test_${randomUUID().replace(/-/g, '')}`;
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const idempotent = new Map<string, FakeAnswer>();
  let target: string | Notify | null = null;
  let origin = '';

  const notification = (event: string, object: unknown) => JSON.stringify({ type: 'notification', event, object });
  async function notify(event: string, object: unknown): Promise<void> {
    const body = notification(event, object);
    if (typeof target === 'function') await target(body);
    else if (typeof target === 'string') await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  }

  async function pay(paymentId: string, outcome: 'pay' | 'decline'): Promise<void> {
    const payment = payments.get(paymentId)!;
    if (payment.status !== 'pending') return;
    if (outcome === 'decline') {
      payment.status = 'canceled';
      payment.cancellation_details = { party: 'payment_network', reason: 'insufficient_funds' };
      await notify('payment.canceled', payment);
      return;
    }
    payment.paid = true;
    payment.status = payment.capture ? 'succeeded' : 'waiting_for_capture';
    await notify(payment.capture ? 'payment.succeeded' : 'payment.waiting_for_capture', payment);
  }

  function receiptProblem(receipt: FakePayment['receipt'], amount: Amount): string | null {
    if (!receipt) return null;
    const total = receipt.items.reduce((sum, item) => sum + cents(item.amount) * item.quantity, 0);
    if (total !== cents(amount)) return `The receipt's items add up to ${value(total)}, not the amount ${amount.value}`;
    return receipt.items.some((i) => String((i as { description?: string }).description ?? '').length > 128)
      ? 'A receipt item description is longer than 128 characters'
      : null;
  }

  async function api(req: FakeRequest): Promise<FakeAnswer> {
    const path = req.url.pathname.replace(/^\/v3/, '');
    const body = req.method === 'POST' && req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    let match: RegExpMatchArray | null;
    if (req.method === 'POST' && path === '/payments') {
      const amount = body.amount as Amount;
      const receipt = body.receipt as FakePayment['receipt'];
      const problem = receiptProblem(receipt, amount);
      if (problem) return error(400, 'invalid_request', problem);
      const confirmation = body.confirmation as { return_url: string };
      const payment: FakePayment = {
        id: randomUUID(),
        status: 'pending',
        paid: false,
        amount,
        capture: body.capture !== false,
        confirmation: { type: 'redirect', confirmation_url: '', return_url: confirmation.return_url },
        metadata: (body.metadata as Record<string, string>) ?? {},
        ...(receipt ? { receipt } : {}),
        refunded_amount: { value: '0.00', currency: amount.currency },
        test: true,
        created_at: new Date().toISOString(),
      };
      payment.confirmation.confirmation_url = `${origin}/checkout/${payment.id}`;
      payments.set(payment.id, payment);
      return json(200, payment);
    }
    if ((match = path.match(/^\/payments\/([^/]+)$/)) && req.method === 'GET') {
      const payment = payments.get(match[1]!);
      return payment ? json(200, payment) : error(404, 'not_found', 'Payment not found');
    }
    if ((match = path.match(/^\/payments\/([^/]+)\/(capture|cancel)$/)) && req.method === 'POST') {
      const payment = payments.get(match[1]!);
      if (!payment) return error(404, 'not_found', 'Payment not found');
      if (payment.status !== 'waiting_for_capture') return error(400, 'invalid_request', `Payment is ${payment.status}`);
      if (match[2] === 'capture') payment.status = 'succeeded';
      else {
        payment.status = 'canceled';
        payment.cancellation_details = { party: 'merchant', reason: 'canceled_by_merchant' };
      }
      return json(200, payment);
    }
    if (req.method === 'POST' && path === '/refunds') {
      const payment = payments.get(body.payment_id as string);
      if (payment?.status !== 'succeeded') return error(400, 'invalid_request', 'The payment cannot be refunded');
      const amount = body.amount as Amount;
      const left = cents(payment.amount) - cents(payment.refunded_amount);
      if (cents(amount) > left) return error(400, 'invalid_request', `The refund is more than the ${value(left)} left`);
      const problem = receiptProblem(body.receipt as FakePayment['receipt'], amount);
      if (problem) return error(400, 'invalid_request', problem);
      payment.refunded_amount = { value: value(cents(payment.refunded_amount) + cents(amount)), currency: amount.currency };
      const refund: FakeRefund = {
        id: randomUUID(),
        payment_id: payment.id,
        status: 'succeeded',
        amount,
        receipt: body.receipt,
        created_at: new Date().toISOString(),
      };
      refunds.set(refund.id, refund);
      return json(200, refund);
    }
    if ((match = path.match(/^\/refunds\/([^/]+)$/)) && req.method === 'GET') {
      const refund = refunds.get(match[1]!);
      return refund ? json(200, refund) : error(404, 'not_found', 'Refund not found');
    }
    return error(404, 'not_found', `Unknown ${req.method} ${path}`);
  }

  function page(payment: FakePayment): FakeAnswer {
    const button = (outcome: string, label: string) =>
      `<form method="post" action="/checkout/${payment.id}/${outcome}"><button type="submit">${escapeHtml(label)}</button></form>`;
    const body =
      payment.status === 'pending'
        ? `${button('pay', 'Оплатить')}${button('decline', 'Отказ банка')}`
        : `<p>${escapeHtml(payment.status)}</p>`;
    return html(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Фейковая ЮKassa</title></head><body><main><h1>Фейковая ЮKassa</h1><p class="amount">${escapeHtml(`${payment.amount.value} ${payment.amount.currency}`)}</p>${body}</main></body></html>`,
    );
  }

  const server = await startFakeServer(async (req) => {
    const path = req.url.pathname;
    let match: RegExpMatchArray | null;
    if ((match = path.match(/^\/checkout\/([^/]+)$/)) && req.method === 'GET') {
      const payment = payments.get(match[1]!);
      return payment ? page(payment) : html('<p>Unknown payment</p>');
    }
    if ((match = path.match(/^\/checkout\/([^/]+)\/(pay|decline)$/)) && req.method === 'POST') {
      const payment = payments.get(match[1]!);
      if (!payment) return html('<p>Unknown payment</p>');
      await pay(payment.id, match[2] as 'pay' | 'decline');
      return redirect(payment.confirmation.return_url);
    }
    if (path === '/__fake/notifications' && req.method === 'POST') {
      target = (JSON.parse(req.body) as { url: string }).url;
      return json(200, { ok: true });
    }
    if (!path.startsWith('/v3/')) return error(404, 'not_found', 'Not found');
    const expected = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(401, 'invalid_credentials', 'Authentication by given credentials failed');
    if (req.method !== 'POST') return api(req);
    const key = req.headers['idempotence-key'] as string | undefined;
    if (!key) return error(400, 'invalid_request', 'Idempotence-Key header is required');
    if (idempotent.has(key)) return idempotent.get(key)!;
    const answer = await api(req);
    if (answer.status < 500) idempotent.set(key, answer);
    return answer;
  }, options.port);
  origin = server.origin;
  return {
    origin,
    apiUrl: `${origin}/v3`,
    shopId,
    secretKey,
    payments,
    refunds,
    setNotifications: (t) => {
      target = t;
    },
    pay,
    notification,
    close: server.close,
  };
}
