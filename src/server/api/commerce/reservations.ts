import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { HoldRule } from '../../../lib/stock-holds';
import type { Executor } from '../../db/client';
import { invalidateOrderedProducts } from './order-cache';
import { orderItems, orderStateHistory, orders, paymentMethods, variations } from '../../db/schema';

/**
 * Stock reservations of placed orders.
 *
 * Placing an order takes its quantities out of the finite-stock variations. The stock goes back exactly
 * once: `orders.stock_released_at` is set by a conditional update in the same transaction that returns
 * the quantities, so concurrent callers (a payment notification, the sweeper on several instances, a
 * manager cancelling the order) cannot return it twice. A payment that completes after its reservation
 * was released takes the stock again when every line is still available; otherwise the order stays paid
 * and its history says which stock is missing, for the manager. An order paid on receipt holds its stock
 * until its `reservation_expires_at` unless the manager confirms it first (confirmReservation).
 */

export type StockLine = { variationId: string; quantity: number };

/** History entries of kind `stock`. */
const STOCK_HISTORY = { released: 'released', retaken: 'retaken', shortage: 'shortage' } as const;

/** Payment states in which an online order still waits for its money. */
const UNPAID_PAYMENT_STATUSES = ['new', 'pending'] as const;

const byVariationId = (a: StockLine, b: StockLine) => (a.variationId < b.variationId ? -1 : a.variationId > b.variationId ? 1 : 0);

/**
 * Takes the lines out of stock. Each conditional update only succeeds while enough stock is left (null
 * stock is unlimited), and, with a `hold` rule (an order paid on receipt, not confirmed yet), while the
 * line is within the share of the stock one such order may take (`unitsOneOrderMayTake`, repeated here in
 * SQL), so concurrent orders can neither oversell nor take a product off sale; rows are updated in id order
 * so that two transactions never wait on each other in a cycle. Answers the first line that is short, or
 * null when every line was taken (the caller rolls back its transaction on a shortage).
 */
export async function takeStock<L extends StockLine>(tx: Executor, lines: L[], hold?: HoldRule): Promise<L | null> {
  for (const line of [...lines].sort(byVariationId)) {
    const withinHold = hold
      ? sql`(${variations.stock} is null or ${line.quantity} <= greatest(${hold.floor}::int, (${variations.stock} * ${hold.percent}::int) / 100))`
      : undefined;
    const [taken] = await tx
      .update(variations)
      .set({ stock: sql`${variations.stock} - ${line.quantity}` })
      .where(and(eq(variations.id, line.variationId), or(isNull(variations.stock), gte(variations.stock, line.quantity)), withinHold))
      .returning({ id: variations.id });
    if (!taken) return line;
  }
  return null;
}

async function orderStockLines(tx: Executor, orderId: string): Promise<StockLine[]> {
  const rows = await tx
    .select({ variationId: orderItems.variationId, quantity: orderItems.quantity, returned: orderItems.returnedQuantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.variationId)));
  const merged = new Map<string, number>();
  // units a refund already returned to stock are no longer the order's
  for (const row of rows) merged.set(row.variationId!, (merged.get(row.variationId!) ?? 0) + row.quantity - row.returned);
  return [...merged].filter(([, quantity]) => quantity > 0).map(([variationId, quantity]) => ({ variationId, quantity }));
}

function stockHistory(orderId: string, toValue: string, note: string, now: Date) {
  return { id: randomUUID(), orderId, kind: 'stock', fromValue: null, toValue, note, createdAt: now };
}

/**
 * Returns the stock of a placed order to its finite-stock variations, exactly once, and records it in
 * the order's history with `reason`. Answers whether this call released it (false when it was already
 * released or the order does not exist). Runs in its own transaction, or in the caller's (as a savepoint).
 */
export async function releaseOrderStock(executor: Executor, orderId: string, reason: string, now: Date = new Date()): Promise<boolean> {
  return executor.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orders)
      .set({ stockReleasedAt: now, updatedAt: now })
      .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
      .returning({ id: orders.id });
    if (!claimed) return false;
    for (const line of (await orderStockLines(tx, orderId)).sort(byVariationId)) {
      await tx
        .update(variations)
        .set({ stock: sql`${variations.stock} + ${line.quantity}` })
        .where(and(eq(variations.id, line.variationId), isNotNull(variations.stock)));
    }
    await tx.insert(orderStateHistory).values(stockHistory(orderId, STOCK_HISTORY.released, reason, now));
    return true;
  });
}

class StockShortage extends Error {
  constructor(readonly line: StockLine) {
    super('stock shortage');
  }
}

/**
 * For an order whose payment completed after its stock was released: takes the stock again when every
 * line is still available (the order holds a reservation again), else leaves stock untouched, keeps the
 * order paid and records the shortage for the manager. Answers what happened, or null when the order's
 * stock was never released.
 */
export async function retakeReleasedStock(
  executor: Executor,
  orderId: string,
  note: string,
  now: Date = new Date(),
): Promise<'retaken' | 'shortage' | null> {
  return executor.transaction(async (tx) => {
    const [order] = await tx.select({ releasedAt: orders.stockReleasedAt }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order?.releasedAt) return null;
    try {
      await tx.transaction(async (inner) => {
        const short = await takeStock(inner, await orderStockLines(inner, orderId));
        if (short) throw new StockShortage(short);
      });
    } catch (error) {
      if (!(error instanceof StockShortage)) throw error;
      const message = `${note}; paid after its stock was released, variation ${error.line.variationId} lacks stock for ${error.line.quantity}`;
      await tx.insert(orderStateHistory).values(stockHistory(orderId, STOCK_HISTORY.shortage, message, now));
      return 'shortage';
    }
    await tx.update(orders).set({ stockReleasedAt: null, updatedAt: now }).where(eq(orders.id, orderId));
    await tx
      .insert(orderStateHistory)
      .values(stockHistory(orderId, STOCK_HISTORY.retaken, `${note}; paid after its stock was released`, now));
    return 'retaken';
  });
}

/**
 * Confirms the reservation of an order paid on receipt: the manager moved it on, so its stock is kept for good
 * (no deadline any more). When its deadline had already passed and its stock went back, the stock is taken again
 * if every line is still available; otherwise nothing changes and the short line is answered, for the caller
 * to refuse the confirmation. Answers `kept` (nothing to do, or the deadline dropped) or `retaken`.
 */
export async function confirmReservation(
  tx: Executor,
  orderId: string,
  note: string,
  now: Date,
): Promise<'kept' | 'retaken' | { short: StockLine }> {
  const [order] = await tx
    .select({ expiresAt: orders.reservationExpiresAt, releasedAt: orders.stockReleasedAt })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order?.expiresAt) return 'kept';
  if (order.releasedAt) {
    const short = await takeStock(tx, await orderStockLines(tx, orderId));
    if (short) return { short };
    await tx
      .insert(orderStateHistory)
      .values(stockHistory(orderId, STOCK_HISTORY.retaken, `${note}; confirmed after its reservation ended`, now));
  }
  await tx.update(orders).set({ reservationExpiresAt: null, stockReleasedAt: null, updatedAt: now }).where(eq(orders.id, orderId));
  return order.releasedAt ? 'retaken' : 'kept';
}

/**
 * Releases each order matching `due` (oldest first by `oldest`), each in its own transaction after locking it with
 * `skip locked` and re-checking `due`, so several instances sweeping at once neither block each other nor release
 * an order twice. A released order's version moves on: a manager acting on it as it was gets a conflict.
 */
async function releaseDue(
  db: Executor,
  due: SQL,
  oldest: AnyColumn,
  reason: string,
  options: { now: Date; batchSize?: number },
): Promise<number> {
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(due)
    .orderBy(asc(oldest))
    .limit(options.batchSize ?? 100);
  let released = 0;
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, id), due))
        .for('update', { skipLocked: true });
      if (!locked || !(await releaseOrderStock(tx, id, reason, options.now))) return false;
      await tx
        .update(orders)
        .set({ version: sql`${orders.version} + 1` })
        .where(eq(orders.id, id));
      return true;
    });
    if (done) {
      released += 1;
      await invalidateOrderedProducts(db, id);
    }
  }
  return released;
}

/**
 * Releases the stock of online orders still unpaid `minutes` after they were placed, and of orders paid on receipt
 * the shop has not confirmed by their reservation's end (`orders.reservation_expires_at`). Answers how many orders
 * this call released.
 */
export async function releaseExpiredReservations(
  db: Executor,
  options: { now: Date; minutes: number; batchSize?: number },
): Promise<number> {
  const cutoff = new Date(options.now.getTime() - options.minutes * 60_000);
  const unpaid = and(
    isNull(orders.stockReleasedAt),
    lt(orders.createdAt, cutoff),
    inArray(orders.paymentStatus, [...UNPAID_PAYMENT_STATUSES]),
    inArray(orders.paymentMethod, db.select({ code: paymentMethods.code }).from(paymentMethods).where(eq(paymentMethods.kind, 'online'))),
  )!;
  const unconfirmed = and(
    isNull(orders.stockReleasedAt),
    isNotNull(orders.reservationExpiresAt),
    lte(orders.reservationExpiresAt, options.now),
  )!;
  const unpaidReleased = await releaseDue(
    db,
    unpaid,
    orders.createdAt,
    `unpaid ${options.minutes} minutes after the order was placed`,
    options,
  );
  const unconfirmedReleased = await releaseDue(
    db,
    unconfirmed,
    orders.reservationExpiresAt,
    'not confirmed by the shop before its reservation ended',
    options,
  );
  return unpaidReleased + unconfirmedReleased;
}
