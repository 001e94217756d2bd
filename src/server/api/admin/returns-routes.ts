import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { idSchema, orderReturnBodySchema, returnReceiveBodySchema, returnRejectBodySchema } from '../../../contract/admin';
import type { Language } from '../../../lib/localize';
import { CANCELED_STATUS } from '../../../lib/order-workflow';
import { canReceive, canReject, returnLines, type ReturnProblem } from '../../../lib/returns';
import type { Executor } from '../../db/client';
import { orderItems, orderReturns, orderStateHistory } from '../../db/schema';
import { invalidateOrderedProducts } from '../commerce/order-cache';
import type { OrderRow } from '../commerce/order-dto';
import { refundPayment, returnToStock } from '../commerce/payments/refunds';
import { fieldError, fieldErrorsOf, notFound } from '../core/errors';
import { readBody, readParams } from '../core/validate';
import type { AdminEnv } from './context';
import { adminMessage } from './messages';
import { loadOrderDetail } from './order-detail';
import { findOrder, updateOrder, writeOrder } from './orders-routes';
import { versionConflict } from './versioned';

const idParams = z.object({ id: idSchema });
const returnParams = z.object({ id: idSchema, returnId: idSchema });

export function returnProblemsError(problems: ReturnProblem[], lang: Language) {
  return fieldErrorsOf(
    problems.map((p) => [p.itemId ? `lines.${p.itemId}` : 'lines', adminMessage(`returns.${p.key}`, lang, { max: p.max })] as const),
  );
}

/** Opens a return of `lines` on a locked order (the caller's transaction): checks what may still come back. */
export async function openReturn(
  tx: Executor,
  order: OrderRow,
  request: { lines: { itemId: string; quantity: number }[]; reason: string; openedBy: 'customer' | 'staff'; staffName: string | null },
  lang: Language,
  now: Date,
) {
  if (order.status === CANCELED_STATUS) throw fieldError('lines', adminMessage('orderCanceled', lang));
  const [items, earlier] = await Promise.all([
    tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
    tx.select().from(orderReturns).where(eq(orderReturns.orderId, order.id)),
  ]);
  const { lines, problems } = returnLines(items, earlier, request.lines);
  if (problems.length) throw returnProblemsError(problems, lang);
  const [created] = await tx
    .insert(orderReturns)
    .values({
      id: randomUUID(),
      orderId: order.id,
      status: 'requested',
      lines,
      reason: request.reason,
      openedBy: request.openedBy,
      staffName: request.staffName,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const titles = new Map(items.map((i) => [i.id, i.title]));
  await tx.insert(orderStateHistory).values({
    id: randomUUID(),
    orderId: order.id,
    kind: 'return',
    fromValue: null,
    toValue: 'requested',
    note: [
      request.staffName ?? request.openedBy,
      lines.map((l) => `${titles.get(l.itemId)} × ${l.quantity}`).join(', '),
      request.reason,
    ].join(': '),
    createdAt: now,
  });
  return created!;
}

async function lockedReturn(tx: Executor, orderId: string, returnId: string, lang: Language) {
  const [row] = await tx
    .select()
    .from(orderReturns)
    .where(and(eq(orderReturns.id, returnId), eq(orderReturns.orderId, orderId)))
    .for('update');
  if (!row) throw notFound(adminMessage('returns.notFound', lang));
  return row;
}

async function moveReturn(tx: Executor, orderId: string, from: string, to: string, note: string, now: Date) {
  await tx
    .insert(orderStateHistory)
    .values({ id: randomUUID(), orderId, kind: 'return', fromValue: from, toValue: to, note, createdAt: now });
}

/**
 * Returns: a manager (or the customer, on their order page) opens one by lines with a reason; the manager receives the
 * items (back to stock or not) and refunds what was paid for them through the payment's provider (refundPayment), or
 * rejects it. Every step is one audited write that checks and moves the order's version.
 */
export const returnRoutes = new Hono<AdminEnv>()
  .post('/orders/:id/returns', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, orderReturnBodySchema);
    const updated = await writeOrder(deps, staff, id, body.version, lang, async (tx, order, now) => {
      await openReturn(tx, order, { lines: body.lines, reason: body.reason, openedBy: 'staff', staffName: staff.name }, lang, now);
      return { updated: await updateOrder(tx, order, body.version, {}, lang, now), action: 'order.return-open' };
    });
    return c.json(await loadOrderDetail(deps.db, updated, lang, deps.config.publicUrl), 201);
  })
  .post('/orders/:id/returns/:returnId/receive', async (c) => {
    const { id, returnId } = readParams(c, returnParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, returnReceiveBodySchema);
    let received: typeof orderReturns.$inferSelect | null = null;
    const updated = await writeOrder(deps, staff, id, body.version, lang, async (tx, order, now) => {
      const row = await lockedReturn(tx, order.id, returnId, lang);
      if (!canReceive(row.status)) throw fieldError('status', adminMessage('returns.notOpen', lang));
      if (body.restock) {
        const items = await tx
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.id,
              row.lines.map((l) => l.itemId),
            ),
          );
        await returnToStock(
          tx,
          order,
          row.lines.map((l) => ({ item: items.find((i) => i.id === l.itemId)!, quantity: l.quantity })),
          now,
        );
      }
      const [after] = await tx
        .update(orderReturns)
        .set({ status: 'received', restock: body.restock, receivedAt: now, version: row.version + 1, updatedAt: now })
        .where(eq(orderReturns.id, row.id))
        .returning();
      received = after!;
      await moveReturn(tx, order.id, row.status, 'received', staff.name, now);
      return { updated: await updateOrder(tx, order, body.version, {}, lang, now), action: 'order.return-receive' };
    });
    if (body.restock) await invalidateOrderedProducts(deps.db, updated.id);
    if (body.refund && received) {
      const row: typeof orderReturns.$inferSelect = received;
      // the money goes back after the receipt is committed: a refused refund leaves the return received, and says why
      const refund = await refundPayment(
        deps,
        staff,
        { orderId: id, version: updated.version, lines: row.lines, restock: false, reason: row.reason },
        lang,
      );
      await deps.db.transaction(async (tx) => {
        const now = deps.now();
        await tx
          .update(orderReturns)
          .set({ status: 'refunded', refundId: refund.id, refundCents: refund.amountCents, version: row.version + 1, updatedAt: now })
          .where(and(eq(orderReturns.id, row.id), eq(orderReturns.version, row.version)));
        await moveReturn(tx, id, 'received', 'refunded', staff.name, now);
      });
    }
    return c.json(await loadOrderDetail(deps.db, await findOrder(deps.db, id, lang), lang, deps.config.publicUrl));
  })
  .post('/orders/:id/returns/:returnId/reject', async (c) => {
    const { id, returnId } = readParams(c, returnParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, returnRejectBodySchema);
    const updated = await writeOrder(deps, staff, id, body.version, lang, async (tx, order, now) => {
      const row = await lockedReturn(tx, order.id, returnId, lang);
      if (!canReject(row.status)) throw fieldError('status', adminMessage('returns.notOpen', lang));
      const [after] = await tx
        .update(orderReturns)
        .set({ status: 'rejected', version: row.version + 1, updatedAt: now })
        .where(and(eq(orderReturns.id, row.id), eq(orderReturns.version, row.version)))
        .returning();
      if (!after) throw versionConflict(lang);
      await moveReturn(tx, order.id, row.status, 'rejected', [staff.name, body.note].filter(Boolean).join(': '), now);
      return { updated: await updateOrder(tx, order, body.version, {}, lang, now), action: 'order.return-reject' };
    });
    return c.json(await loadOrderDetail(deps.db, updated, lang, deps.config.publicUrl));
  });
