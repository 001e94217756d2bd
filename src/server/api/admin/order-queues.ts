import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { CANCELED_STATUS } from '../../../lib/order-workflow';
import type { Executor } from '../../db/client';
import { orders, paymentMethods } from '../../db/schema';

/**
 * The orders that wait for someone, as the dashboard counts them and the orders list filters them (its tiles
 * link to `?unpaid=true` and `?awaitingPrice=true`), so a count and the list it opens always agree.
 */
export function unpaidOnlineOrders(db: Executor): SQL {
  const onlineMethods = db.select({ code: paymentMethods.code }).from(paymentMethods).where(eq(paymentMethods.kind, 'online'));
  return and(ne(orders.status, CANCELED_STATUS), ne(orders.paymentStatus, 'completed'), inArray(orders.paymentMethod, onlineMethods))!;
}

export function awaitingDeliveryPrice(): SQL {
  return and(ne(orders.status, CANCELED_STATUS), eq(orders.deliveryPriceByManager, true), eq(orders.deliveryPriceSet, false))!;
}
