import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { formatPrice } from '../../../../lib/format-price';
import type { Language } from '../../../../lib/localize';
import { centsToAmount } from '../../../../lib/money';
import { orders, paymentTransactions } from '../../../db/schema';
import type { AppDeps, AppEnv } from '../../core/context';
import { notFound } from '../../core/errors';
import { readParams } from '../../core/validate';
import type { OrderRow } from '../order-dto';
import { ID_MAX_LENGTH, storableString } from '../../../../contract/storefront/commerce';
import { shopName } from '../shop-settings';
import { receiveNotification } from './notifications';
import type { PaymentOutcome } from '../../../../lib/payment-rules';
import { loadMethod } from './methods';
import type { PaymentTransactionRow } from './provider';
import {
  PAYMENT_SIGNATURE_HEADER,
  sandboxPaymentPath,
  sandboxProvider,
  sandboxRefused,
  signSandboxNotification,
  type SandboxNotificationBody,
} from './sandbox-provider';

const ACTIONS = { pay: 'completed', fail: 'failed', cancel: 'canceled' } as const satisfies Record<string, PaymentOutcome>;
type SandboxAction = keyof typeof ACTIONS;

/** What Pay reports: the money held for a manager to capture when the method takes payments in two stages. */
async function payOutcome(deps: AppDeps, transaction: PaymentTransactionRow): Promise<PaymentOutcome> {
  const method = transaction.method ? await loadMethod(deps.db, transaction.method) : null;
  return method?.settings.twoStage === true ? 'authorized' : 'completed';
}

const PAGE_TEXT: Record<
  Language,
  { title: string; order: string; amount: string; pay: string; fail: string; cancel: string; done: string; back: string }
> = {
  en: {
    title: 'Test payment',
    order: 'Order',
    amount: 'Amount',
    pay: 'Pay',
    fail: 'Fail',
    cancel: 'Cancel',
    done: 'This payment is already finished:',
    back: 'Back to the shop',
  },
  ru: {
    title: 'Тестовая оплата',
    order: 'Заказ',
    amount: 'Сумма',
    pay: 'Оплатить',
    fail: 'Ошибка оплаты',
    cancel: 'Отменить',
    done: 'Этот платёж уже завершён:',
    back: 'Вернуться в магазин',
  },
};

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Where the shopper lands after paying: the storefront's payment result page. */
function paymentResultPath(order: OrderRow): string {
  return `/payment?${new URLSearchParams({ order: String(order.number), token: order.secretToken })}`;
}

function renderPaymentPage(input: { shop: string; order: OrderRow; transaction: PaymentTransactionRow }): string {
  const { shop, order, transaction } = input;
  const lang: Language = order.lang === 'ru' ? 'ru' : 'en';
  const text = PAGE_TEXT[lang];
  const amount = formatPrice(centsToAmount(transaction.amountCents), { currency: transaction.currency });
  const open = transaction.status === 'new' || transaction.status === 'pending';
  const button = (action: SandboxAction) =>
    `<form method="post" action="${escapeHtml(`${sandboxPaymentPath(transaction.id)}/${action}`)}"><button type="submit" class="${action}">${escapeHtml(text[action])}</button></form>`;
  const body = open
    ? `<div class="actions">${button('pay')}${button('fail')}${button('cancel')}</div>`
    : `<p>${escapeHtml(text.done)} <strong>${escapeHtml(transaction.status)}</strong></p><p><a href="${escapeHtml(paymentResultPath(order))}">${escapeHtml(text.back)}</a></p>`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(`${text.title} · ${shop}`)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:16px;padding:32px;max-width:420px;width:calc(100% - 40px);box-shadow:0 4px 24px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}p{margin:8px 0}.amount{font-size:28px;font-weight:700;margin:16px 0}
.actions{display:flex;gap:8px;flex-wrap:wrap}button{font:inherit;border:0;border-radius:8px;padding:10px 18px;cursor:pointer}
.pay{background:#16a34a;color:#fff}.fail{background:#dc2626;color:#fff}.cancel{background:#e4e4e7;color:#18181b}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(shop)}</h1>
<p>${escapeHtml(text.title)} · ${escapeHtml(text.order)} #${escapeHtml(String(order.number))}</p>
<p class="amount" aria-label="${escapeHtml(text.amount)}">${escapeHtml(amount)}</p>
${body}
</main>
</body>
</html>`;
}

async function loadSandboxPayment(deps: AppDeps, transactionId: string) {
  // a shop served over https takes no test payments (PAYMENT_SANDBOX=allow for a staging shop)
  if (sandboxRefused(deps)) throw notFound('Payment not found');
  const [row] = await deps.db
    .select({ transaction: paymentTransactions, order: orders })
    .from(paymentTransactions)
    .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
    .where(and(eq(paymentTransactions.id, transactionId), eq(paymentTransactions.provider, sandboxProvider.code)));
  if (!row) throw notFound('Payment not found');
  return row;
}

const pageParamsSchema = z.object({ transactionId: storableString(ID_MAX_LENGTH) });
const actionParamsSchema = pageParamsSchema.extend({ action: z.enum(['pay', 'fail', 'cancel']) });

export const sandboxRoutes = new Hono<AppEnv>()
  .get('/payment/sandbox/:transactionId', async (c) => {
    const deps = c.var.deps;
    const { transactionId } = readParams(c, pageParamsSchema);
    const { transaction, order } = await loadSandboxPayment(deps, transactionId);
    return c.body(
      renderPaymentPage({ shop: await shopName(deps.db, order.lang === 'ru' ? 'ru' : 'en'), order, transaction }),
      200,
      PAGE_HEADERS,
    );
  })
  /** Plays the provider: signs a notification for the chosen outcome and delivers it like the provider would. */
  .post('/payment/sandbox/:transactionId/:action', async (c) => {
    const deps = c.var.deps;
    const { transactionId, action } = readParams(c, actionParamsSchema);
    const { transaction, order } = await loadSandboxPayment(deps, transactionId);
    const notification: SandboxNotificationBody = {
      eventId: randomUUID(),
      transactionId: transaction.id,
      status: action === 'pay' ? await payOutcome(deps, transaction) : ACTIONS[action],
      amount: centsToAmount(transaction.amountCents),
      currency: transaction.currency,
    };
    const rawBody = JSON.stringify(notification);
    const headers = new Headers({ [PAYMENT_SIGNATURE_HEADER]: signSandboxNotification(rawBody, deps.paymentSecret) });
    await receiveNotification(deps, sandboxProvider, undefined, { rawBody, headers, clientAddress: 'sandbox' });
    return c.redirect(paymentResultPath(order), 303);
  });
