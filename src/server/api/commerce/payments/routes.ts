import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { CANCELED_STATUS, canStartPayment } from '../../../../lib/order-workflow';
import { paymentMethods, paymentTransactions } from '../../../db/schema';
import type { AppEnv } from '../../core/context';
import { fieldError, notFound } from '../../core/errors';
import { readBody, readParams } from '../../core/validate';
import { paymentInitBody, type PaymentInitDto } from '../../../../contract/storefront/commerce';
import { commerceMessage } from '../messages';
import { findAccessibleOrder } from '../orders';
import { receiveNotification } from './notifications';
import { DEFAULT_PROVIDER_CODE, findPaymentProvider } from './provider';
import { sandboxRoutes } from './sandbox-routes';

const notificationParamsSchema = z.object({ provider: z.string().max(50).optional() });

export const paymentRoutes = new Hono<AppEnv>()
  /** Starts an online payment of an order the caller may read (owner or secret token); answers where to pay. */
  .post('/payment/initialize', async (c) => {
    const { deps, lang, user } = c.var;
    const body = await readBody(c, paymentInitBody);
    const order = await findAccessibleOrder(deps.db, String(body.order), { user, token: body.token });
    if (!order) throw notFound(commerceMessage('orderNotFound', lang));
    const [method] = await deps.db.select().from(paymentMethods).where(eq(paymentMethods.code, order.paymentMethod));
    const provider = method?.kind === 'online' ? findPaymentProvider(method.provider) : null;
    if (!provider) throw fieldError('order', commerceMessage('paymentNotNeeded', lang));
    if (order.paymentStatus === 'completed') throw fieldError('order', commerceMessage('paymentCompleted', lang));
    if (order.status === CANCELED_STATUS) throw fieldError('order', commerceMessage('orderCanceled', lang));
    // the total is not final until the manager prices the delivery
    if (!canStartPayment(order)) throw fieldError('order', commerceMessage('deliveryPriceNotSet', lang), 409);
    const [transaction] = await deps.db
      .insert(paymentTransactions)
      .values({
        id: randomUUID(),
        orderId: order.id,
        provider: provider.code,
        amountCents: order.totalCents,
        currency: order.currency,
        createdAt: deps.now(),
        updatedAt: deps.now(),
      })
      .returning();
    return c.json((await provider.initialize({ order, transaction: transaction! }, deps)) satisfies PaymentInitDto);
  })
  .post('/payment/notification/:provider?', async (c) => {
    const { provider: code = DEFAULT_PROVIDER_CODE } = readParams(c, notificationParamsSchema);
    const provider = findPaymentProvider(code);
    if (!provider) throw notFound('Unknown payment provider');
    const result = await receiveNotification(c.var.deps, provider, { rawBody: await c.req.text(), headers: c.req.raw.headers });
    return c.json({ success: true, result });
  })
  .route('/', sandboxRoutes);
