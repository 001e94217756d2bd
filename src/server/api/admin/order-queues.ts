import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CANCELED_STATUS } from '../../../lib/order-workflow';
import type { Executor } from '../../db/client';
import { orders, paymentMethods } from '../../db/schema';

/**
 * The orders that wait for someone, as the dashboard counts them and the orders list filters them (its tiles
 * link to `?unpaid=true` and `?awaitingPrice=true`), so a count and the list it opens always agree. Written with
 * literals, as the partial indexes `orders_unpaid_idx` and `orders_awaiting_price_idx` are, so the planner uses them.
 */
const notCanceled = sql`${orders.status} <> ${sql.raw(`'${CANCELED_STATUS}'`)}`;

export function unpaidOnlineOrders(db: Executor): SQL {
  const onlineMethods = db.select({ code: paymentMethods.code }).from(paymentMethods).where(eq(paymentMethods.kind, 'online'));
  return and(notCanceled, sql`${orders.paymentStatus} <> 'completed'`, inArray(orders.paymentMethod, onlineMethods))!;
}

export function awaitingDeliveryPrice(): SQL {
  return and(notCanceled, sql`${orders.deliveryPriceByManager}`, sql`not ${orders.deliveryPriceSet}`)!;
}
