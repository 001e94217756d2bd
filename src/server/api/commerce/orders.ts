import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { localize } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { orderStates, orders } from '../../db/schema';
import { requireUser } from '../core/auth';
import type { AppEnv, AuthUser } from '../core/context';
import { notFound } from '../core/errors';
import { readParams, readQuery } from '../core/validate';
import { orderBatchQuery, orderParams, orderQuery, userOrdersQuery, type OrderStateDto } from '../../../contract/storefront/commerce';
import { commerceMessage } from './messages';
import { toOrderDtos, type OrderRow } from './order-dto';
import { safeEqual } from './secure-compare';

const MAX_ORDER_NUMBER = 2_147_483_647;

/** An order is referred to by its number (digits) or its id. */
function asOrderNumber(reference: string): number | null {
  return /^\d{1,10}$/.test(reference) && Number(reference) <= MAX_ORDER_NUMBER ? Number(reference) : null;
}

function orderReferenceCondition(reference: string) {
  const number = asOrderNumber(reference);
  return number === null ? eq(orders.id, reference) : eq(orders.number, number);
}

function anyOrderReferenceCondition(references: string[]) {
  const numbers = references.map(asOrderNumber).filter((n): n is number => n !== null);
  const ids = references.filter((r) => asOrderNumber(r) === null);
  return or(...(numbers.length ? [inArray(orders.number, numbers)] : []), ...(ids.length ? [inArray(orders.id, ids)] : []));
}

/**
 * The order if the caller may read it: its signed-in owner, or anyone holding its secret token.
 * null otherwise, so that callers answer 404 without revealing whether the order exists.
 */
export async function findAccessibleOrder(
  db: Executor,
  reference: string,
  caller: { user: AuthUser | null; token: string | undefined },
): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(orderReferenceCondition(reference)).limit(1);
  if (!order) return null;
  const isOwner = caller.user !== null && order.userId === caller.user.id;
  const holdsToken = caller.token !== undefined && safeEqual(caller.token, order.secretToken);
  return isOwner || holdsToken ? order : null;
}

export const orderRoutes = new Hono<AppEnv>()
  .get('/order-states', async (c) => {
    const rows = await c.var.deps.db.select().from(orderStates).orderBy(asc(orderStates.position), asc(orderStates.code));
    return c.json(rows.map((s): OrderStateDto => ({ code: s.code, title: localize(s.title, c.var.lang), color: s.color })));
  })
  /** The signed-in caller's orders among `ids[]` (numbers or ids); other orders are silently left out. */
  .get('/orders/batch', async (c) => {
    const user = requireUser(c);
    const { ids = [] } = readQuery(c, orderBatchQuery);
    if (ids.length === 0) return c.json([]);
    const rows = await c.var.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), anyOrderReferenceCondition(ids)))
      .orderBy(desc(orders.createdAt), desc(orders.number));
    return c.json(await toOrderDtos(c.var.deps.db, rows, c.var.lang));
  })
  .get('/orders/:numberOrId', async (c) => {
    const { numberOrId } = readParams(c, orderParams);
    const { token } = readQuery(c, orderQuery);
    const order = await findAccessibleOrder(c.var.deps.db, numberOrId, { user: c.var.user, token });
    if (!order) throw notFound(commerceMessage('orderNotFound', c.var.lang));
    const [dto] = await toOrderDtos(c.var.deps.db, [order], c.var.lang);
    return c.json(dto);
  })
  .get('/users/orders', async (c) => {
    const user = requireUser(c);
    const { offset, limit } = readQuery(c, userOrdersQuery);
    const rows = await c.var.deps.db
      .select()
      .from(orders)
      .where(eq(orders.userId, user.id))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .offset(offset)
      .limit(limit);
    return c.json(await toOrderDtos(c.var.deps.db, rows, c.var.lang));
  });
