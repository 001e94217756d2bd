import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import {
  deliveryPriceBodySchema,
  idSchema,
  orderCancelBodySchema,
  orderListQuerySchema,
  orderNoteBodySchema,
  orderRefundBodySchema,
  orderShipmentBodySchema,
  orderStatusBodySchema,
  packingSlipQuerySchema,
  paymentActionBodySchema,
  type OrderListItem,
} from '../../../contract/admin';
import { localize, type Language } from '../../../lib/localize';
import { CANCELED_STATUS, allowedNextStatuses, canSetDeliveryPrice } from '../../../lib/order-workflow';
import { fulfilmentStatus, shipmentLines, trackingUrl } from '../../../lib/shipments';
import { addedTaxCents, taxOfAmount } from '../../../lib/tax';
import { cacheTags, invalidate } from '../../cache/invalidation';
import type { Executor } from '../../db/client';
import {
  orderItems,
  orderNotes,
  orderShipments,
  orderPhoneDigits,
  orderSearchText,
  orderStateHistory,
  orderStates,
  orders,
  variations,
} from '../../db/schema';
import { awaitingDeliveryPrice, unpaidOnlineOrders } from './order-queues';
import { enqueueMail } from '../../mail/queue';
import { orderEventData, recordShopEvent } from '../../integrations/outbox';
import type { OrderRow } from '../commerce/order-dto';
import { invalidateOrderedProducts } from '../commerce/order-cache';
import { confirmReservation, releaseOrderStock, type StockLine } from '../commerce/reservations';
import { returnOrderMoney, settleAuthorized } from '../commerce/payments/payment-actions';
import { refundPayment } from '../commerce/payments/refunds';
import type { AppDeps } from '../core/context';
import { ApiError, fieldError, fieldErrorsOf, notFound } from '../core/errors';
import { readBody, readParams, readQuery } from '../core/validate';
import { recordAudit } from './audit';
import { requireCapability } from './session';
import type { AdminEnv, StaffPrincipal } from './context';
import { streamCsvText } from './csv-export';
import { boundedTotal, dateRange, likePattern, listPageKeys } from './lists';
import { adminMessage } from './messages';
import { loadOrderDetail, orderAuditView, orderStateCodes } from './order-detail';
import { renderPackingSlip } from './packing-slip';
import { expectVersion, versionConflict } from './versioned';
import type { ListAnswer, OrderNote, OrderState } from '../../../contract/admin';

const idParams = z.object({ id: idSchema });
const paymentParams = z.object({ id: idSchema, transactionId: idSchema, action: z.enum(['capture', 'cancel']) });

function orderFilters(db: Executor, query: z.infer<typeof orderListQuerySchema>): SQL[] {
  const conditions: SQL[] = [];
  if (query.unpaid) conditions.push(unpaidOnlineOrders(db));
  if (query.awaitingPrice) conditions.push(awaitingDeliveryPrice());
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.paymentStatus) conditions.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.deliveryMethod) conditions.push(eq(orders.deliveryMethod, query.deliveryMethod));
  conditions.push(...dateRange(orders.createdAt, query.from, query.to));
  const q = query.q?.trim();
  if (q && /^#\d{1,9}$/.test(q)) conditions.push(eq(orders.number, Number(q.slice(1))));
  else if (q) {
    // names, e-mail and the receiver through one trigram index; the phone's digits through another
    const digits = q.replace(/\D/g, '');
    const phoneLike = /^[\d\s()+-]+$/.test(q) && digits.length >= 3;
    conditions.push(
      or(
        ...(/^\d{1,9}$/.test(q) ? [eq(orders.number, Number(q))] : []),
        ...(phoneLike ? [ilike(orderPhoneDigits(orders.customer), `%${digits}%`)] : []),
        ilike(orderSearchText(orders.customer, orders.receiver), likePattern(q)),
      )!,
    );
  }
  return conditions;
}

const ORDER_CSV_COLUMNS = [
  'number',
  'created_at',
  'status',
  'payment_status',
  'payment_method',
  'delivery_method',
  'delivery',
  'customer_name',
  'customer_email',
  'customer_phone',
  'receiver',
  'address',
  'items',
  'units',
  'items_total',
  'discount',
  'delivery_price',
  'total',
  'currency',
  'comment',
] as const;

/** Orders the export formats per statement. */
const ORDER_EXPORT_BATCH = 2000;

/** An amount in minor units as the file has it (`12.50`), in SQL. */
const amountCell = (cents: SQL) => sql`round(${cents} / 100.0, 2)::text`;
const personCell = (contact: SQL) => sql`concat_ws(' ', nullif(${contact}->>'name', ''), nullif(${contact}->>'lastName', ''))`;

/**
 * The CSV lines of the next ORDER_EXPORT_BATCH orders the filters select after number `after`, oldest first, written
 * by the database (each field through csv_field, the same quoting and formula guard as the header's): one statement
 * per batch, the order's lines joined in it. Answers the batch's text and its last number.
 */
function orderExportBatch(where: SQL[], after: number | null, size: number): SQL {
  const cells = [
    sql`o.number::text`,
    sql`to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    sql`csv_field(o.status)`,
    sql`csv_field(o.payment_status)`,
    sql`csv_field(o.payment_method)`,
    sql`csv_field(o.delivery_method)`,
    sql`csv_field(o.delivery_title)`,
    sql`csv_field(${personCell(sql`o.customer`)})`,
    sql`csv_field(o.customer->>'email')`,
    sql`csv_field(o.customer->>'phone')`,
    sql`case when o.receiver is null or jsonb_typeof(o.receiver) = 'null' then ''
      else csv_field(btrim(${personCell(sql`o.receiver`)} || ' ' || coalesce(o.receiver->>'phone', ''))) end`,
    sql`case when o.address is null or jsonb_typeof(o.address) = 'null' then ''
      else csv_field(concat_ws(', ', nullif(o.address->>'postalCode', ''), nullif(o.address->>'country', ''),
        nullif(o.address->>'region', ''), nullif(o.address->>'locality', ''), nullif(o.address->>'street', ''))) end`,
    sql`csv_field(coalesce(i.items, ''))`,
    sql`coalesce(i.units, 0)::text`,
    amountCell(sql`o.items_total_cents`),
    amountCell(sql`o.discount_cents`),
    amountCell(sql`o.delivery_price_cents`),
    amountCell(sql`o.total_cents`),
    sql`csv_field(o.currency)`,
    sql`csv_field(o.comment)`,
  ];
  const conditions = [...where, ...(after === null ? [] : [gt(orders.number, after)])];
  return sql`
    with o as (
      select * from ${orders} ${conditions.length ? sql`where ${and(...conditions)}` : sql``}
      order by ${orders.number} limit ${size}
    )
    select string_agg(${sql.join(cells, sql` || ',' || `)}, ${'\r\n'} order by o.number) as text,
      max(o.number) as last, count(*)::int as orders
    from o
    left join lateral (
      select
        string_agg(concat_ws(', ', nullif(x.title, ''), nullif(x.variation_title, ''))
          || case when coalesce(x.sku, '') <> '' then ' [' || x.sku || ']' else '' end || ' × ' || x.quantity, '; ' order by x.position) as items,
        sum(x.quantity) as units
      from order_items x where x.order_id = o.id
    ) i on true`;
}

/** The numbers of one page of the order list, read from the sort's index alone (the tests read its plan). */
export function orderListPage(db: Executor, query: z.infer<typeof orderListQuerySchema>) {
  return listPageKeys(db, {
    table: orders,
    key: orders.number,
    where: and(...orderFilters(db, query)),
    sort: query.sort,
    columns: { createdAt: orders.createdAt, number: orders.number, totalCents: orders.totalCents, status: orders.status },
    page: query.page,
    perPage: query.perPage,
  });
}

function toListItem(order: OrderRow): OrderListItem {
  return {
    id: order.id,
    number: order.number,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    deliveryMethod: order.deliveryMethod,
    customerName: [order.customer.name, order.customer.lastName].filter(Boolean).join(' '),
    customerPhone: order.customer.phone,
    customerEmail: order.customer.email ?? null,
    totalCents: order.totalCents,
    currency: order.currency,
    deliveryPriceByManager: order.deliveryPriceByManager,
    deliveryPriceSet: order.deliveryPriceSet,
  };
}

export async function findOrder(db: Executor, id: string, lang: Language, forUpdate = false): Promise<OrderRow> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [order] = forUpdate ? await query.for('update') : await query;
  if (!order) throw notFound(adminMessage('orderNotFound', lang));
  return order;
}

/** Moves an order on: bumps its version only when the client's version is still current (else 409). */
export async function updateOrder(
  tx: Executor,
  order: OrderRow,
  version: number,
  set: Partial<typeof orders.$inferInsert>,
  lang: Language,
  now: Date,
): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set({ ...set, version: sql`${orders.version} + 1`, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.version, version)))
    .returning();
  if (!updated) throw versionConflict(lang);
  return updated;
}

/** The customer's e-mail about an order, when they gave an address. */
export async function mailCustomer(
  tx: Executor,
  order: OrderRow,
  template: 'order-status' | 'delivery-price-set' | 'order-canceled' | 'order-shipped',
  data: Record<string, unknown>,
  now: Date,
) {
  if (!order.customer.email) return;
  await enqueueMail(
    tx,
    [{ template, to: order.customer.email, lang: order.lang === 'ru' ? 'ru' : 'en', data: { orderId: order.id, ...data } }],
    now,
  );
}

/** The 409 of a confirmation that came after the order's stock went back and was sold since: which item lacks what. */
async function confirmShortage(tx: Executor, orderId: string, short: StockLine, lang: Language) {
  const [[item], [variation]] = await Promise.all([
    tx
      .select({ title: orderItems.title, variationTitle: orderItems.variationTitle })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.variationId, short.variationId)))
      .limit(1),
    tx.select({ stock: variations.stock }).from(variations).where(eq(variations.id, short.variationId)),
  ]);
  const name = [item?.title, item?.variationTitle].filter(Boolean).join(', ');
  const message = adminMessage('confirmShortage', lang, { name, available: Math.max(0, variation?.stock ?? 0), quantity: short.quantity });
  return fieldError('status', message, 409);
}

type OrderWrite = (tx: Executor, order: OrderRow, now: Date) => Promise<{ updated: OrderRow; action: string }>;

/**
 * One audited order write: locks the order, checks the client's version, runs `write`, records the audit entry
 * with before and after, all in one transaction; answers the order as the back office shows it.
 */
export async function writeOrder(deps: AppDeps, staff: StaffPrincipal, id: string, version: number, lang: Language, write: OrderWrite) {
  const result = await deps.db.transaction(async (tx) => {
    const order = expectVersion(await findOrder(tx, id, lang, true), version, lang, 'orderNotFound');
    const now = deps.now();
    const { updated, action } = await write(tx, order, now);
    await recordAudit(
      tx,
      staff,
      { action, entityType: 'order', entityId: order.id, before: orderAuditView(order), after: orderAuditView(updated) },
      now,
    );
    return updated;
  });
  return result;
}

export const orderRoutes = new Hono<AdminEnv>()
  .get('/order-states', async (c) => {
    const rows = await c.var.deps.db.select().from(orderStates).orderBy(asc(orderStates.position), asc(orderStates.code));
    return c.json(rows.map((s) => ({ code: s.code, title: localize(s.title, c.var.lang), color: s.color })) satisfies OrderState[]);
  })
  .get('/orders', async (c) => {
    const query = readQuery(c, orderListQuerySchema);
    const db = c.var.deps.db;
    const { where, order, offset, keys } = orderListPage(db, query);
    const page = keys.as('page');
    const [rows, counted] = await Promise.all([
      db
        .select({ order: orders })
        .from(page)
        .innerJoin(orders, eq(orders.number, page.key))
        .orderBy(...order),
      boundedTotal(db, db.select({ one: sql`1` }).from(orders).where(where).$dynamic(), offset),
    ]);
    return c.json({
      items: rows.map((r) => toListItem(r.order)),
      ...counted,
      page: query.page,
      perPage: query.perPage,
    } satisfies ListAnswer<OrderListItem>);
  })
  /** Every order the list's filters select, oldest first, as CSV (streamed page by page). */
  .get('/orders/export.csv', requireCapability('export_data'), (c) => {
    const query = readQuery(c, orderListQuerySchema);
    const db = c.var.deps.db;
    const where = orderFilters(db, query);
    const day = c.var.deps.now().toISOString().slice(0, 10);
    return streamCsvText(c, `orders-${day}.csv`, ORDER_CSV_COLUMNS, async function* () {
      let after: number | null = null;
      for (;;) {
        const result = (await db.execute(orderExportBatch(where, after, ORDER_EXPORT_BATCH))) as unknown as {
          rows: { text: string | null; last: number | null; orders: number }[];
        };
        const [row] = result.rows;
        if (row?.text) yield `${row.text}\r\n`;
        if (row?.last === null || row?.last === undefined || row.orders < ORDER_EXPORT_BATCH) return;
        after = Number(row.last);
      }
    });
  })
  .get('/orders/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang } = c.var;
    const order = await findOrder(deps.db, id, lang);
    return c.json(await loadOrderDetail(deps.db, order, lang, deps.config.publicUrl));
  })
  .post('/orders/:id/status', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, orderStatusBodySchema);
    const codes = await orderStateCodes(deps.db);
    if (!codes.includes(body.status)) throw fieldError('status', adminMessage('unknownStatus', lang));
    if (body.status === CANCELED_STATUS) throw fieldError('status', adminMessage('cancelThroughCancel', lang));
    let retaken = false;
    const updated = await writeOrder(deps, staff, id, body.version, lang, async (tx, order, now) => {
      if (order.status === CANCELED_STATUS) throw fieldError('status', adminMessage('orderCanceled', lang));
      if (!allowedNextStatuses(order.status, codes).includes(body.status))
        throw fieldError('status', adminMessage('statusNotAllowed', lang));
      // moving an order paid on receipt on confirms it: it keeps its stock with no deadline (taking it again if it went back)
      const kept = await confirmReservation(tx, order.id, `confirmed by ${staff.name}`, now);
      if (typeof kept === 'object') throw await confirmShortage(tx, order.id, kept.short, lang);
      retaken = kept === 'retaken';
      const next = await updateOrder(tx, order, body.version, { status: body.status }, lang, now);
      await tx.insert(orderStateHistory).values({
        id: randomUUID(),
        orderId: order.id,
        kind: 'status',
        fromValue: order.status,
        toValue: body.status,
        note: staff.name,
        createdAt: now,
      });
      await mailCustomer(tx, next, 'order-status', { from: order.status, to: body.status }, now);
      return { updated: next, action: 'order.status' };
    });
    if (retaken) await invalidateOrderedProducts(deps.db, updated.id);
    return c.json(await loadOrderDetail(deps.db, updated, lang, deps.config.publicUrl));
  })
  .post('/orders/:id/delivery-price', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, deliveryPriceBodySchema);
    const updated = await writeOrder(deps, staff, id, body.version, lang, async (tx, order, now) => {
      if (!order.deliveryPriceByManager) throw fieldError('priceCents', adminMessage('notPricedByManager', lang));
      if (!canSetDeliveryPrice(order)) {
        throw fieldError(
          'priceCents',
          adminMessage(order.status === CANCELED_STATUS ? 'orderCanceled' : 'deliveryPriceAfterPayment', lang),
        );
      }
      // the delivery is taxed at the rate the order was placed with; an included tax changes no total
      const deliveryTaxCents = taxOfAmount(body.priceCents, order.deliveryTaxRate, order.taxIncluded);
      const taxCents = order.taxCents - order.deliveryTaxCents + deliveryTaxCents;
      const totalCents =
        order.itemsTotalCents - order.discountCents + body.priceCents + addedTaxCents({ taxCents, included: order.taxIncluded });
      const next = await updateOrder(
        tx,
        order,
        body.version,
        { deliveryPriceCents: body.priceCents, deliveryPriceSet: true, totalCents, taxCents, deliveryTaxCents },
        lang,
        now,
      );
      await tx.insert(orderStateHistory).values({
        id: randomUUID(),
        orderId: order.id,
        kind: 'delivery-price',
        fromValue: order.deliveryPriceSet ? String(order.deliveryPriceCents) : null,
        toValue: String(body.priceCents),
        note: staff.name,
        createdAt: now,
      });
      await mailCustomer(tx, next, 'delivery-price-set', {}, now);
      return { updated: next, action: 'order.delivery-price' };
    });
    return c.json(await loadOrderDetail(deps.db, updated, lang, deps.config.publicUrl));
  })
  .post('/orders/:id/cancel', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, orderCancelBodySchema);
    const updated = await writeOrder(deps, staff, id, body.version, lang, async (tx, order, now) => {
      if (order.status === CANCELED_STATUS) throw fieldError('version', adminMessage('orderCanceled', lang));
      const next = await updateOrder(tx, order, body.version, { status: CANCELED_STATUS }, lang, now);
      await tx.insert(orderStateHistory).values({
        id: randomUUID(),
        orderId: order.id,
        kind: 'status',
        fromValue: order.status,
        toValue: CANCELED_STATUS,
        note: [staff.name, body.reason].filter(Boolean).join(': '),
        createdAt: now,
      });
      await releaseOrderStock(tx, order.id, body.reason ? `canceled by ${staff.name}: ${body.reason}` : `canceled by ${staff.name}`, now);
      await mailCustomer(tx, next, 'order-canceled', { from: order.status, to: CANCELED_STATUS, reason: body.reason }, now);
      await recordShopEvent(tx, 'order.canceled', orderEventData(next, { reason: body.reason ?? null }), now);
      // as the release left it
      return { updated: await findOrder(tx, order.id, lang), action: 'order.cancel' };
    });
    const products = await deps.db.selectDistinct({ id: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, updated.id));
    await invalidate(products.flatMap((p) => (p.id ? [cacheTags.product(p.id)] : [])));
    // the money goes back after the cancel is committed: a refused refund leaves the order canceled, and says why
    const problems = body.refund ? await returnOrderMoney(deps, staff, updated.id, lang) : [];
    const detail = await loadOrderDetail(deps.db, await findOrder(deps.db, updated.id, lang), lang, deps.config.publicUrl);
    if (problems.length) throw new ApiError(502, problems.join('; '), { errorPath: 'refund' });
    return c.json(detail);
  })
  /** Refunds part or all of the order's payment, by amount or by lines (optionally back to stock). */
  .post('/orders/:id/refunds', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, orderRefundBodySchema);
    await refundPayment(
      deps,
      staff,
      {
        orderId: id,
        version: body.version,
        transactionId: body.transactionId ?? null,
        amountCents: body.amountCents ?? null,
        lines: body.lines ?? null,
        restock: body.restock,
        reason: body.reason ?? null,
      },
      lang,
    );
    return c.json(await loadOrderDetail(deps.db, await findOrder(deps.db, id, lang), lang, deps.config.publicUrl), 201);
  })
  /** Captures or releases an authorised two-stage payment. */
  .post('/orders/:id/payments/:transactionId/:action', async (c) => {
    const { id, transactionId, action } = readParams(c, paymentParams);
    const { deps, lang, staff } = c.var;
    const { version } = await readBody(c, paymentActionBodySchema);
    await settleAuthorized(deps, staff, { orderId: id, transactionId, version, action }, lang);
    return c.json(await loadOrderDetail(deps.db, await findOrder(deps.db, id, lang), lang, deps.config.publicUrl));
  })
  /** Records a shipment of some or all of the order's lines, with its carrier and tracking, and tells the customer. */
  .post('/orders/:id/shipments', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, orderShipmentBodySchema);
    const updated = await writeOrder(deps, staff, id, body.version, lang, async (tx, order, now) => {
      if (order.status === CANCELED_STATUS) throw fieldError('lines', adminMessage('orderCanceled', lang));
      const [items, earlier] = await Promise.all([
        tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
        tx.select().from(orderShipments).where(eq(orderShipments.orderId, order.id)),
      ]);
      const { lines, problems } = shipmentLines(items, earlier, body.lines ?? null);
      if (problems.length) {
        throw fieldErrorsOf(
          problems.map(
            (p) => [p.itemId ? `lines.${p.itemId}` : 'lines', adminMessage(`shipments.${p.key}`, lang, { max: p.max })] as const,
          ),
        );
      }
      const [shipment] = await tx
        .insert(orderShipments)
        .values({
          id: randomUUID(),
          orderId: order.id,
          lines,
          carrier: body.carrier,
          trackingNumber: body.trackingNumber,
          trackingUrl: trackingUrl(body.carrier, body.trackingNumber, body.trackingUrl),
          staffId: staff.id,
          staffName: staff.name,
          createdAt: now,
        })
        .returning();
      const next = await updateOrder(tx, order, body.version, {}, lang, now);
      const titles = new Map(items.map((i) => [i.id, i.title]));
      await tx.insert(orderStateHistory).values({
        id: randomUUID(),
        orderId: order.id,
        kind: 'shipment',
        fromValue: null,
        toValue: fulfilmentStatus(items, [...earlier, shipment!]),
        note: [staff.name, lines.map((l) => `${titles.get(l.itemId)} × ${l.quantity}`).join(', '), body.trackingNumber]
          .filter(Boolean)
          .join(': '),
        createdAt: now,
      });
      if (body.notify) await mailCustomer(tx, next, 'order-shipped', { shipmentId: shipment!.id }, now);
      return { updated: next, action: 'order.shipment' };
    });
    return c.json(await loadOrderDetail(deps.db, updated, lang, deps.config.publicUrl), 201);
  })
  .post('/orders/:id/notes', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, orderNoteBodySchema);
    const note = await deps.db.transaction(async (tx) => {
      const order = await findOrder(tx, id, lang);
      const now = deps.now();
      const [row] = await tx
        .insert(orderNotes)
        .values({ id: randomUUID(), orderId: order.id, staffId: staff.id, staffName: staff.name, text: body.text, createdAt: now })
        .returning();
      await recordAudit(
        tx,
        staff,
        { action: 'order.note', entityType: 'order', entityId: order.id, after: { noteId: row!.id, text: body.text } },
        now,
      );
      return row!;
    });
    return c.json(
      { id: note.id, text: note.text, staffName: note.staffName, createdAt: note.createdAt.toISOString() } satisfies OrderNote,
      201,
    );
  })
  .get('/orders/:id/packing-slip', async (c) => {
    const { id } = readParams(c, idParams);
    const { prices } = readQuery(c, packingSlipQuerySchema);
    const { deps, lang } = c.var;
    const order = await findOrder(deps.db, id, lang);
    const detail = await loadOrderDetail(deps.db, order, lang, deps.config.publicUrl);
    return printable(c, (scriptNonce) => renderPackingSlip(deps.db, detail, { lang, prices: prices === 'true', scriptNonce }));
  })
  /** Issues the order's invoice: the next number of the shop's invoices, given once (issuing again keeps it). */
  .post('/orders/:id/invoice', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const { version } = await readBody(c, paymentActionBodySchema);
    const updated = await writeOrder(deps, staff, id, version, lang, async (tx, order, now) => {
      if (order.invoiceNumber !== null) return { updated: order, action: 'order.invoice' };
      // one numbering for the shop: numbers are handed out one at a time, with no gaps a rollback could leave
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invoice-number'))`);
      const [last] = await tx.select({ n: sql<number>`coalesce(max(${orders.invoiceNumber}), 0)::int` }).from(orders);
      const next = await updateOrder(tx, order, version, { invoiceNumber: Number(last?.n ?? 0) + 1, invoiceIssuedAt: now }, lang, now);
      return { updated: next, action: 'order.invoice' };
    });
    return c.json(await loadOrderDetail(deps.db, updated, lang, deps.config.publicUrl), 201);
  })
  .get('/orders/:id/invoice', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang } = c.var;
    const order = await findOrder(deps.db, id, lang);
    if (order.invoiceNumber === null || !order.invoiceIssuedAt) throw notFound(adminMessage('invoiceNotIssued', lang));
    const detail = await loadOrderDetail(deps.db, order, lang, deps.config.publicUrl);
    const invoice = { number: order.invoiceNumber, issuedAt: order.invoiceIssuedAt.toISOString() };
    return printable(c, (scriptNonce) => renderPackingSlip(deps.db, detail, { lang, prices: true, scriptNonce, invoice }));
  });

/** A printable page: what customers typed is escaped; the policy keeps the page inert even if something slipped through. */
async function printable(c: Context<AdminEnv>, render: (scriptNonce: string) => Promise<string>) {
  const scriptNonce = randomBytes(16).toString('base64');
  return c.html(await render(scriptNonce), 200, {
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; script-src 'nonce-${scriptNonce}'; frame-ancestors 'self'`,
    'x-content-type-options': 'nosniff',
  });
}
