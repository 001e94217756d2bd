import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { CANCELED_STATUS, canStartPayment } from '../../../../lib/order-workflow';
import { isPaid } from '../../../../lib/payment-rules';
import { orderItems, paymentTransactions } from '../../../db/schema';
import type { AppDeps, AppEnv } from '../../core/context';
import { ApiError, fieldError, notFound } from '../../core/errors';
import { clientAddress } from '../../core/rate-limit';
import { readBody, readParams } from '../../core/validate';
import { paymentInitBody, type PaymentInitDto } from '../../../../contract/storefront/commerce';
import type { Language } from '../../../../lib/localize';
import { commerceMessage } from '../messages';
import type { OrderRow } from '../order-dto';
import { findAccessibleOrder } from '../orders-routes';
import { findPaymentProvider, loadMethod, notificationUrl, providerContext } from './methods';
import { receiveNotification } from './notifications';
import { SANDBOX_PROVIDER_CODE } from './sandbox-provider';
import { sandboxRoutes } from './sandbox-routes';

const notificationParamsSchema = z.object({
  provider: z.string().max(50).optional(),
  method: z.string().max(50).optional(),
});

/** The storefront's payment result page of an order: where every provider sends the shopper back. */
export function paymentReturnUrl(publicUrl: string, order: Pick<OrderRow, 'number' | 'secretToken'>): string {
  return `${publicUrl}/payment?${new URLSearchParams({ order: String(order.number), token: order.secretToken })}`;
}

/**
 * Starts a new payment attempt of an order at its method's provider: a transaction with its own idempotency key is
 * stored first, then the provider is called with that key (a retried call never creates a second payment).
 */
async function startPayment(deps: AppDeps, order: OrderRow, lang: Language): Promise<PaymentInitDto> {
  const resolved = await loadMethod(deps.db, order.paymentMethod);
  if (!resolved) throw fieldError('order', commerceMessage('paymentNotNeeded', lang));
  // a paid order whose edit raised its total is paid again for the difference only
  const amountCents = isPaid(order.paymentStatus) ? order.amountDueCents : order.totalCents;
  if (amountCents <= 0) throw fieldError('order', commerceMessage('paymentCompleted', lang));
  if (order.status === CANCELED_STATUS) throw fieldError('order', commerceMessage('orderCanceled', lang));
  // the total is not final until the manager prices the delivery
  if (!canStartPayment(order)) throw fieldError('order', commerceMessage('deliveryPriceNotSet', lang), 409);
  const { provider, method } = resolved;
  const refusal = provider.unavailable?.(deps);
  if (refusal) throw fieldError('order', commerceMessage(refusal, lang), 409);
  if (!method.enabled) throw fieldError('order', commerceMessage('paymentUnavailable', lang), 409);
  const [transaction] = await deps.db
    .insert(paymentTransactions)
    .values({
      id: randomUUID(),
      orderId: order.id,
      method: method.code,
      provider: provider.code,
      idempotencyKey: randomUUID(),
      amountCents,
      currency: order.currency,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    })
    .returning();
  const items = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position));
  let started: Awaited<ReturnType<typeof provider.initialize>>;
  try {
    started = await provider.initialize(
      {
        order,
        items,
        transaction: transaction!,
        idempotencyKey: transaction!.idempotencyKey!,
        returnUrl: paymentReturnUrl(deps.config.publicUrl, order),
        notificationUrl: notificationUrl(deps.config.publicUrl, provider.code, method.code),
      },
      providerContext(deps, resolved),
    );
  } catch (error) {
    deps.logger.warn(
      { err: error, provider: provider.code, transaction: transaction!.id },
      'the payment provider refused to start a payment',
    );
    throw new ApiError(502, commerceMessage('paymentServiceFailed', lang));
  }
  await deps.db
    .update(paymentTransactions)
    .set({ providerPaymentId: started.providerPaymentId, providerData: started.providerData ?? {}, updatedAt: deps.now() })
    .where(eq(paymentTransactions.id, transaction!.id));
  return { url: started.url };
}

export const paymentRoutes = new Hono<AppEnv>()
  /** Starts an online payment of an order the caller may read (owner or secret token); answers where to pay. */
  .post('/payment/initialize', async (c) => {
    const { deps, lang, user } = c.var;
    const body = await readBody(c, paymentInitBody);
    const order = await findAccessibleOrder(deps.db, String(body.order), { user, token: body.token });
    if (!order) throw notFound(commerceMessage('orderNotFound', lang));
    return c.json(await startPayment(deps, order, lang));
  })
  /**
   * A provider's notification, answered as the provider expects. `/payment/notification` alone is the sandbox's;
   * a method code after the provider picks the method whose credentials verify it.
   */
  .post('/payment/notification/:provider?/:method?', async (c) => {
    const { provider: code = SANDBOX_PROVIDER_CODE, method } = readParams(c, notificationParamsSchema);
    const provider = findPaymentProvider(code);
    if (!provider) throw notFound('Unknown payment provider');
    const outcome = await receiveNotification(c.var.deps, provider, method, {
      rawBody: await c.req.text(),
      headers: c.req.raw.headers,
      clientAddress: clientAddress(c),
    });
    const answer = provider.acknowledge(outcome);
    return c.body(answer.body, answer.status, { 'content-type': answer.contentType });
  })
  .route('/', sandboxRoutes);
