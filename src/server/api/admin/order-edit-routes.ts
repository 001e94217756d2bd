import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { idSchema, orderEditBodySchema } from '../../../contract/admin';
import type { DeliveryInput } from '../../../contract/storefront/commerce';
import { evaluateDiscount } from '../../../lib/discount';
import type { Language } from '../../../lib/localize';
import { editBlock, linesSummary, paidNetCents, paymentDifference, stockDeltas } from '../../../lib/order-edit';
import { lineTotalCents, orderTotals } from '../../../lib/order-totals';
import { orderTax, type TaxSettings } from '../../../lib/tax';
import { shopTaxes } from '../commerce/shop-settings';
import type { Executor } from '../../db/client';
import {
  discountCodes,
  orderItems,
  orderReturns,
  orderShipments,
  orderStateHistory,
  paymentMethods,
  paymentTransactions,
  pickupLocations,
  products,
  variations,
} from '../../db/schema';
import { enqueueMail } from '../../mail/queue';
import { availablePaymentMethods, resolveDelivery, type PaymentMethodRow, type ResolvedDelivery } from '../commerce/delivery-routes';
import { commerceMessage } from '../commerce/messages';
import { invalidateOrderedProducts } from '../commerce/order-cache';
import type { OrderRow } from '../commerce/order-dto';
import { loadCatalogIds, resolveLines, type ResolvedLine } from '../commerce/order-lines';
import { snapshotItems } from '../commerce/order-placement-routes';
import { refundPayment } from '../commerce/payments/refunds';
import { takeStock } from '../commerce/reservations';
import { ApiError, fieldError } from '../core/errors';
import { readBody, readParams } from '../core/validate';
import { recordAudit } from './audit';
import type { AdminEnv } from './context';
import { adminMessage } from './messages';
import { loadOrderDetail } from './order-detail';
import { findOrder, updateOrder } from './orders-routes';
import { requireCapability } from './session';
import { expectVersion } from './versioned';

const idParams = z.object({ id: idSchema });
/** Order money is stored as 32-bit integer cents. */
const MAX_ORDER_TOTAL_CENTS = 2_147_483_647;

type ItemRow = typeof orderItems.$inferSelect;
type OrderEdit = z.infer<typeof orderEditBodySchema>;

/** A line of the edited order: an order line kept (maybe with a new quantity) or a variation added. */
type EditedLine = { item: ItemRow | null; variationId: string | null; quantity: number; unitPriceCents: number; index: number };

/** The lines as the manager wants them: kept ones by id (unknown ids are 400s), new variations priced from the catalog. */
async function editedLines(tx: Executor, items: ItemRow[], body: OrderEdit, lang: Language) {
  const lines: EditedLine[] = [];
  const adding: { variationId: string; quantity: number; index: number }[] = [];
  for (const [index, line] of body.lines.entries()) {
    if (line.itemId) {
      const item = items.find((i) => i.id === line.itemId);
      if (!item) throw fieldError(`lines.${index}.itemId`, adminMessage('orderEdit.unknownLine', lang));
      if (lines.some((l) => l.item?.id === item.id))
        throw fieldError(`lines.${index}.itemId`, adminMessage('orderEdit.repeatedLine', lang));
      lines.push({ item, variationId: item.variationId, quantity: line.quantity, unitPriceCents: item.unitPriceCents, index });
    } else adding.push({ variationId: line.variationId!, quantity: line.quantity, index });
  }
  let resolved: ResolvedLine[] = [];
  if (adding.length) {
    try {
      resolved = await resolveLines(tx, adding, 'lines.', lang, { orderable: true });
    } catch (error) {
      // resolveLines names the added lines by their place among themselves: name them by their place in the request
      if (!(error instanceof ApiError) || !error.extra.errorPath) throw error;
      const place = (path: string) => path.replace(/^lines\.(\d+)\./, (_, n: string) => `lines.${adding[Number(n)]!.index}.`);
      const fieldErrors = Object.fromEntries(Object.entries(error.extra.fieldErrors ?? {}).map(([path, m]) => [place(path), m]));
      throw new ApiError(error.status, error.message, { ...error.extra, errorPath: place(error.extra.errorPath), fieldErrors });
    }
  }
  const added: ResolvedLine[] = [];
  for (const line of resolved) {
    const index = adding[line.index]!.index;
    // a variation the order already has: its line takes the units (at the price the customer was given)
    const kept = lines.find((l) => l.variationId === line.variationId);
    if (kept) kept.quantity += line.quantity;
    else {
      added.push({ ...line, index });
      lines.push({ item: null, variationId: line.variationId, quantity: line.quantity, unitPriceCents: line.unitPriceCents, index });
    }
  }
  return { lines, added };
}

/** The catalog rows of the lines' variations (disabled products included), for their delivery weight and discount rules. */
async function catalogRows(tx: Executor, lines: EditedLine[]) {
  const ids = [...new Set(lines.flatMap((l) => (l.variationId ? [l.variationId] : [])))];
  if (!ids.length) return new Map<string, { variation: typeof variations.$inferSelect; product: typeof products.$inferSelect }>();
  const rows = await tx
    .select({ variation: variations, product: products })
    .from(variations)
    .innerJoin(products, eq(products.id, variations.productId))
    .where(inArray(variations.id, ids));
  return new Map(rows.map((r) => [r.variation.id, r]));
}

/** The order's discount code applied again to the new lines, as it stood when the order was placed (0 when it no longer applies). */
async function editedDiscount(
  tx: Executor,
  order: OrderRow,
  lines: EditedLine[],
  rows: Awaited<ReturnType<typeof catalogRows>>,
): Promise<number> {
  if (!order.discountCodeId) return 0;
  const [code] = await tx.select().from(discountCodes).where(eq(discountCodes.id, order.discountCodeId));
  if (!code) return order.discountCents;
  const productIds = lines.map((l) => (l.variationId ? (rows.get(l.variationId)?.product.id ?? '') : ''));
  const catalogIds = code.catalogIds.length ? await loadCatalogIds(tx, productIds.filter(Boolean)) : new Map<string, string[]>();
  // this order already used the code once: that use does not count against it
  const result = evaluateDiscount(
    { ...code, usedCount: Math.max(0, code.usedCount - 1) },
    lines.map((l, i) => ({
      productId: productIds[i]!,
      catalogIds: catalogIds.get(productIds[i]!) ?? [],
      totalCents: lineTotalCents(l),
    })),
    order.createdAt,
  );
  return result.ok ? result.discountCents : 0;
}

/** The order's delivery as a checkout input: what an edit without a new delivery prices again. */
function currentDelivery(order: OrderRow): DeliveryInput | null {
  if (order.deliveryMethod === 'pickup' && order.locationId) return { method: 'pickup', locationId: order.locationId };
  if (order.deliveryMethod === 'shipping' && order.shippingZoneId && order.shippingRateId && order.address?.country) {
    const a = order.address;
    return {
      method: 'shipping',
      zoneId: order.shippingZoneId,
      rateId: order.shippingRateId,
      address: {
        country: a.country ?? '',
        locality: a.locality ?? '',
        street: a.street ?? '',
        region: a.region ?? null,
        postalCode: a.postalCode ?? null,
      },
    };
  }
  return null;
}

/**
 * Moves stock by the edit, in variation order (see stockDeltas): more units are taken only while the stock lasts (a
 * short variation fails the whole edit with its line's field), fewer go back. Nothing moves for an order whose stock
 * already went back to the shop (its payment or confirmation takes the new lines when it comes).
 */
async function moveStock(tx: Executor, order: OrderRow, before: ItemRow[], after: EditedLine[], lang: Language) {
  if (order.stockReleasedAt) return false;
  const deltas = stockDeltas(
    before.map((i) => ({ variationId: i.variationId, quantity: i.quantity - i.returnedQuantity })),
    after,
  );
  for (const delta of deltas) {
    if (delta.quantity > 0) {
      if (!(await takeStock(tx, [delta]))) continue;
      const [row] = await tx.select({ stock: variations.stock }).from(variations).where(eq(variations.id, delta.variationId));
      const line = after.find((l) => l.variationId === delta.variationId)!;
      const available = Math.max(0, (row?.stock ?? 0) + line.quantity - delta.quantity);
      throw fieldError(`lines.${line.index}.quantity`, commerceMessage('stock', lang, { count: available }));
    }
    await tx
      .update(variations)
      .set({ stock: sql`${variations.stock} + ${-delta.quantity}` })
      .where(and(eq(variations.id, delta.variationId), isNotNull(variations.stock)));
  }
  return deltas.length > 0;
}

const deliveryText = (d: { deliveryMethod: string; deliveryTitle: string | null; address: OrderRow['address'] }) =>
  [
    d.deliveryTitle ?? d.deliveryMethod,
    d.address
      ? [d.address.street, d.address.locality, d.address.region, d.address.postalCode, d.address.country].filter(Boolean).join(', ')
      : '',
  ]
    .filter(Boolean)
    .join(': ');

/** What the audit log keeps of an order's editable side. */
function editView(order: OrderRow, items: { title: string; variationTitle: string | null; quantity: number; unitPriceCents: number }[]) {
  return {
    lines: items.map((i) => ({
      title: [i.title, i.variationTitle].filter(Boolean).join(', '),
      quantity: i.quantity,
      unitPriceCents: i.unitPriceCents,
    })),
    delivery: deliveryText(order),
    itemsTotalCents: order.itemsTotalCents,
    discountCents: order.discountCents,
    deliveryPriceCents: order.deliveryPriceCents,
    totalCents: order.totalCents,
    version: order.version,
  };
}

type EditOutcome = { order: OrderRow; refundCents: number; stockMoved: boolean };

async function applyEdit(
  methods: PaymentMethodRow[] | null,
  taxes: TaxSettings,
  tx: Executor,
  order: OrderRow,
  body: OrderEdit,
  staff: { id: string; name: string },
  lang: Language,
  now: Date,
): Promise<EditOutcome> {
  const [items, shipments, returns, transactions, [method]] = await Promise.all([
    tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position)),
    tx.select().from(orderShipments).where(eq(orderShipments.orderId, order.id)),
    tx.select({ id: orderReturns.id }).from(orderReturns).where(eq(orderReturns.orderId, order.id)),
    tx.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id)).for('update'),
    tx.select().from(paymentMethods).where(eq(paymentMethods.code, order.paymentMethod)),
  ]);
  const block = editBlock({
    status: order.status,
    paymentStatus: order.paymentStatus,
    shippedUnits: shipments.reduce((sum, s) => sum + s.lines.reduce((n, l) => n + l.quantity, 0), 0),
    returns: returns.length,
  });
  if (block) throw fieldError('version', adminMessage(`orderEdit.blocked.${block}`, lang), 409);

  const { lines, added } = await editedLines(tx, items, body, lang);
  const rows = await catalogRows(tx, lines);
  const discountCents = await editedDiscount(tx, order, lines, rows);
  const itemsCents = lines.reduce((sum, l) => sum + lineTotalCents(l), 0);
  const weighed = lines.flatMap((l) => {
    const row = l.variationId ? rows.get(l.variationId) : undefined;
    return row ? [{ ...row, quantity: l.quantity } as unknown as ResolvedLine] : [];
  });
  const deliveryInput = body.delivery ?? currentDelivery(order);
  let delivery: ResolvedDelivery | null = null;
  if (deliveryInput) {
    delivery = await resolveDelivery(tx, deliveryInput, { amountCents: itemsCents - discountCents, lines: weighed }, lang);
    if (body.delivery && methods) {
      if (!methods.some((m) => m.code === order.paymentMethod))
        throw fieldError(
          body.delivery.method === 'pickup' ? 'delivery.locationId' : 'delivery.rateId',
          adminMessage('orderEdit.paymentNotHere', lang),
        );
    }
  }
  // the manager's own delivery price stays while the delivery is the same rate
  const keepsManagerPrice =
    !!delivery && delivery.priceByManager && order.deliveryPriceByManager && delivery.rateId === order.shippingRateId;
  const deliveryCents = !delivery ? order.deliveryPriceCents : keepsManagerPrice ? order.deliveryPriceCents : delivery.priceCents;
  // taxed again as checkout taxes an order: today's rates where the goods now go, each line after its discount share
  const tax = orderTax({
    settings: taxes,
    place: delivery ? delivery.address : order.address,
    lines: lines.map((l) => ({
      totalCents: lineTotalCents(l),
      taxClass: l.item?.taxClass ?? (l.variationId ? rows.get(l.variationId)?.product.taxClass : undefined),
    })),
    discountCents,
    deliveryCents,
  });
  const totals = orderTotals(lines, discountCents, deliveryCents, tax);
  if (Math.max(totals.itemsTotalCents, totals.totalCents) > MAX_ORDER_TOTAL_CENTS)
    throw fieldError('lines', commerceMessage('orderTooLarge', lang));

  const stockMoved = await moveStock(tx, order, items, lines, lang);

  // the order's lines: kept ones updated, removed ones deleted, new ones snapshotted as checkout does
  const keptIds = new Set(lines.flatMap((l) => (l.item ? [l.item.id] : [])));
  const removed = items.filter((i) => !keptIds.has(i.id));
  if (removed.length)
    await tx.delete(orderItems).where(
      inArray(
        orderItems.id,
        removed.map((i) => i.id),
      ),
    );
  for (const [n, line] of lines.entries()) {
    const taxed = tax.lines[n]!;
    if (
      line.item &&
      (line.quantity !== line.item.quantity || taxed.taxCents !== line.item.taxCents || taxed.ratePercent !== line.item.taxRate)
    )
      await tx
        .update(orderItems)
        .set({ quantity: line.quantity, totalCents: lineTotalCents(line), taxRate: taxed.ratePercent, taxCents: taxed.taxCents })
        .where(eq(orderItems.id, line.item.id));
  }
  if (added.length) {
    const position = items.reduce((max, i) => Math.max(max, i.position), -1) + 1;
    // the added lines' taxes, in the order snapshotItems reads them
    const addedTax = { ...tax, lines: added.map((a) => tax.lines[lines.findIndex((l) => !l.item && l.variationId === a.variationId)]!) };
    const snapshots = await snapshotItems(tx, added, addedTax, order.lang === 'ru' ? 'ru' : 'en');
    await tx.insert(orderItems).values(snapshots.map((s, n) => ({ ...s, id: randomUUID(), orderId: order.id, position: position + n })));
  }

  // money: a paid online order owes the rise (its pay link) or gets the drop back (refunded once this commits)
  const paidOnline = method?.kind === 'online' && order.paymentStatus === 'completed';
  const difference = paidOnline
    ? paymentDifference({
        dueCents: order.amountDueCents,
        oldTotalCents: order.totalCents,
        newTotalCents: totals.totalCents,
        refundableCents: paidNetCents(transactions),
      })
    : { dueCents: 0, refundCents: 0 };
  const next = await updateOrder(
    tx,
    order,
    body.version,
    {
      amountDueCents: difference.dueCents,
      itemsTotalCents: totals.itemsTotalCents,
      discountCents: totals.discountCents,
      deliveryPriceCents: totals.deliveryCents,
      totalCents: totals.totalCents,
      taxCents: tax.taxCents,
      taxIncluded: tax.included,
      deliveryTaxCents: tax.delivery.taxCents,
      deliveryTaxRate: tax.delivery.ratePercent,
      ...(delivery && body.delivery
        ? {
            deliveryMethod: delivery.method,
            locationId: delivery.location?.id ?? null,
            shippingZoneId: delivery.zoneId,
            shippingRateId: delivery.rateId,
            deliveryTitle: delivery.title,
            deliveryPriceByManager: delivery.priceByManager,
            deliveryPriceSet: keepsManagerPrice ? order.deliveryPriceSet : !delivery.priceByManager,
            address: delivery.address,
          }
        : {}),
    },
    lang,
    now,
  );
  const after = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position));

  const label = (i: ItemRow) => [i.title, i.variationTitle].filter(Boolean).join(', ');
  const changes = [
    ...linesSummary(
      items.map((i) => ({ key: i.id, title: label(i), quantity: i.quantity })),
      after.map((i) => ({ key: i.id, title: label(i), quantity: i.quantity })),
    ),
    ...(deliveryText(order) !== deliveryText(next) ? [`${deliveryText(order)} → ${deliveryText(next)}`] : []),
  ];
  await tx.insert(orderStateHistory).values({
    id: randomUUID(),
    orderId: order.id,
    kind: 'edit',
    fromValue: String(order.totalCents),
    toValue: String(next.totalCents),
    note: [staff.name, changes.join('; ') || '—', body.reason].filter(Boolean).join(': '),
    createdAt: now,
  });
  await recordAudit(
    tx,
    staff,
    {
      action: 'order.edit',
      entityType: 'order',
      entityId: order.id,
      before: editView(order, items),
      after: { ...editView(next, after), changes, dueCents: difference.dueCents, refundCents: difference.refundCents },
    },
    now,
  );
  if (next.customer.email) {
    await enqueueMail(
      tx,
      [
        {
          template: 'order-edited',
          to: next.customer.email,
          lang: next.lang === 'ru' ? 'ru' : 'en',
          data: { orderId: next.id, dueCents: difference.dueCents, refundCents: difference.refundCents },
        },
      ],
      now,
    );
  }
  return { order: next, refundCents: difference.refundCents, stockMoved: stockMoved || added.length > 0 || removed.length > 0 };
}

/**
 * Order edits before anything ships (owners: `edit_orders`): the lines, their quantities, the address and delivery,
 * in one transaction that locks the order (the version the manager saw, else 409), moves the stock by the difference
 * (never below what is there), prices the order again with checkout's totals, and records the change in the order's
 * history and the audit log. A paid order then owes the rise (the customer's order page and e-mail offer to pay it)
 * or gets the drop back through its payment's provider, after the edit is committed.
 */
export const orderEditRoutes = new Hono<AdminEnv>().post('/orders/:id/edit', requireCapability('edit_orders'), async (c) => {
  const { id } = readParams(c, idParams);
  const { deps, lang, staff } = c.var;
  const body = await readBody(c, orderEditBodySchema);
  // the payment methods a new delivery offers, read before the order's transaction (they need the shop's settings)
  let methods: PaymentMethodRow[] | null = null;
  if (body.delivery) {
    const [location] =
      body.delivery.method === 'pickup'
        ? await deps.db.select().from(pickupLocations).where(eq(pickupLocations.id, body.delivery.locationId))
        : [];
    methods = await availablePaymentMethods(deps.db, location ?? null);
  }
  const taxes = await shopTaxes(deps.db);
  const outcome = await deps.db.transaction(async (tx) => {
    const order = expectVersion(await findOrder(tx, id, lang, true), body.version, lang, 'orderNotFound');
    return applyEdit(methods, taxes, tx, order, body, staff, lang, deps.now());
  });
  if (outcome.stockMoved) await invalidateOrderedProducts(deps.db, outcome.order.id);
  if (outcome.refundCents > 0) {
    // from the order's payments, each giving back what it still holds until the drop is covered
    let left = outcome.refundCents;
    let version = outcome.order.version;
    const payments = await deps.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.orderId, id), eq(paymentTransactions.status, 'completed')))
      .orderBy(asc(paymentTransactions.createdAt));
    for (const payment of payments) {
      const refundable = payment.attention ? 0 : payment.capturedCents - payment.refundedCents;
      if (left <= 0 || refundable <= 0) continue;
      const amountCents = Math.min(left, refundable);
      await refundPayment(
        deps,
        staff,
        { orderId: id, version, transactionId: payment.id, amountCents, reason: adminMessage('orderEdit.refundReason', lang) },
        lang,
      );
      left -= amountCents;
      version = (await findOrder(deps.db, id, lang)).version;
    }
  }
  return c.json(await loadOrderDetail(deps.db, await findOrder(deps.db, id, lang), lang, deps.config.publicUrl));
});
