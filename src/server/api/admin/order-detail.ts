import { asc, desc, eq } from 'drizzle-orm';
import type { OrderDetail } from '../../../contract/admin';
import { localize, type Language } from '../../../lib/localize';
import { editBlock } from '../../../lib/order-edit';
import { allowedNextStatuses, canCancelOrder } from '../../../lib/order-workflow';
import { refundableCents } from '../../../lib/payment-rules';
import { spreadDiscount } from '../../../lib/receipt-54fz';
import { fulfilmentStatus, shippedQuantities } from '../../../lib/shipments';
import type { Executor } from '../../db/client';
import {
  discountCodes,
  orderItems,
  orderNotes,
  orderReturns,
  orderShipments,
  orderStateHistory,
  orderStates,
  paymentMethods,
  paymentRefunds,
  paymentTransactions,
  pickupLocations,
  shippingRates,
  shippingZones,
} from '../../db/schema';
import type { OrderRow } from '../commerce/order-dto';
import { resolveMethod } from '../commerce/payments/methods';
import { paymentMethodNamer } from '../commerce/shop-settings';
import { iso } from './lists';

/** The customer's page of an order: where they read it and pay (the secret token lets a guest in). */
export function customerOrderUrl(publicUrl: string, order: Pick<OrderRow, 'number' | 'secretToken' | 'lang'>): string {
  return `${publicUrl}/payment?${new URLSearchParams({ order: String(order.number), token: order.secretToken, lang: order.lang })}`;
}

export async function orderStateCodes(db: Executor): Promise<string[]> {
  const rows = await db.select({ code: orderStates.code }).from(orderStates).orderBy(asc(orderStates.position), asc(orderStates.code));
  return rows.map((r) => r.code);
}

const one = async <T>(rows: Promise<T[]>): Promise<T | undefined> => (await rows)[0];

/** Everything the back office shows of one order. */
export async function loadOrderDetail(db: Executor, order: OrderRow, lang: Language, publicUrl: string): Promise<OrderDetail> {
  const [items, notes, history, transactions, method, location, zone, rate, discount, stateCodes, refunds, shipments, returns] =
    await Promise.all([
      db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position)),
      db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id)).orderBy(desc(orderNotes.createdAt), desc(orderNotes.id)),
      db
        .select()
        .from(orderStateHistory)
        .where(eq(orderStateHistory.orderId, order.id))
        .orderBy(asc(orderStateHistory.createdAt), asc(orderStateHistory.id)),
      db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id)).orderBy(asc(paymentTransactions.createdAt)),
      one(db.select().from(paymentMethods).where(eq(paymentMethods.code, order.paymentMethod))),
      order.locationId ? one(db.select().from(pickupLocations).where(eq(pickupLocations.id, order.locationId))) : undefined,
      order.shippingZoneId ? one(db.select().from(shippingZones).where(eq(shippingZones.id, order.shippingZoneId))) : undefined,
      order.shippingRateId ? one(db.select().from(shippingRates).where(eq(shippingRates.id, order.shippingRateId))) : undefined,
      order.discountCodeId ? one(db.select().from(discountCodes).where(eq(discountCodes.id, order.discountCodeId))) : undefined,
      orderStateCodes(db),
      db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.orderId, order.id))
        .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id)),
      db
        .select()
        .from(orderShipments)
        .where(eq(orderShipments.orderId, order.id))
        .orderBy(asc(orderShipments.createdAt), asc(orderShipments.id)),
      db.select().from(orderReturns).where(eq(orderReturns.orderId, order.id)).orderBy(asc(orderReturns.createdAt), asc(orderReturns.id)),
    ]);
  const shipped = shippedQuantities(shipments);
  const paid = spreadDiscount(
    items.map((i) => i.totalCents),
    order.discountCents,
  );
  const refundedUnits = new Map<string, number>();
  for (const refund of refunds) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines) refundedUnits.set(line.itemId, (refundedUnits.get(line.itemId) ?? 0) + line.quantity);
  }
  const resolved = resolveMethod(method);
  const itemTitle = new Map(items.map((i) => [i.id, i.title]));
  return {
    id: order.id,
    number: order.number,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    status: order.status,
    paymentStatus: order.paymentStatus,
    lang: order.lang,
    currency: order.currency,
    userId: order.userId,
    customerId: order.customerId,
    customer: order.customer,
    receiver: order.receiver,
    address: order.address,
    items: items.map((i, index) => ({
      id: i.id,
      productId: i.productId,
      variationId: i.variationId,
      productSlug: i.productSlug,
      title: i.title,
      variationTitle: i.variationTitle,
      optionsText: i.optionsText,
      sku: i.sku,
      quantity: i.quantity,
      unitPriceCents: i.unitPriceCents,
      totalCents: i.totalCents,
      // a tax added on top of the prices was paid with the line
      paidCents: paid[index]! + (order.taxIncluded ? 0 : i.taxCents),
      taxRate: i.taxRate,
      taxCents: i.taxCents,
      refundedQuantity: refundedUnits.get(i.id) ?? 0,
      returnedQuantity: i.returnedQuantity,
      shippedQuantity: shipped.get(i.id) ?? 0,
    })),
    returns: returns.map((r) => ({
      id: r.id,
      status: r.status,
      lines: r.lines.map((l) => ({ itemId: l.itemId, title: itemTitle.get(l.itemId) ?? '', quantity: l.quantity })),
      reason: r.reason,
      openedBy: r.openedBy,
      staffName: r.staffName,
      restock: r.restock,
      refundCents: r.refundCents,
      receivedAt: iso(r.receivedAt),
      createdAt: r.createdAt.toISOString(),
      version: r.version,
    })),
    fulfilment: fulfilmentStatus(items, shipments),
    invoice: order.invoiceNumber !== null ? { number: order.invoiceNumber, issuedAt: iso(order.invoiceIssuedAt)! } : null,
    shipments: shipments.map((s) => ({
      id: s.id,
      carrier: s.carrier,
      trackingNumber: s.trackingNumber,
      trackingUrl: s.trackingUrl,
      lines: s.lines.map((l) => ({ itemId: l.itemId, title: itemTitle.get(l.itemId) ?? '', quantity: l.quantity })),
      staffName: s.staffName,
      createdAt: s.createdAt.toISOString(),
    })),
    delivery: {
      method: order.deliveryMethod,
      title: order.deliveryTitle,
      location: location
        ? { id: location.id, title: localize(location.title, lang), address: location.address ? localize(location.address, lang) : null }
        : null,
      zone: zone ? { id: zone.id, title: localize(zone.title, lang) } : null,
      rate: rate ? { id: rate.id, title: localize(rate.title, lang), kind: rate.kind } : null,
      priceCents: order.deliveryPriceCents,
      byManager: order.deliveryPriceByManager,
      priceSet: order.deliveryPriceSet,
    },
    payment: {
      method: {
        code: order.paymentMethod,
        title: method ? (await paymentMethodNamer(db, lang))(method) : order.paymentMethod,
        kind: method?.kind ?? 'cash',
      },
      status: order.paymentStatus,
      transactions: transactions.map((t) => ({
        id: t.id,
        provider: t.provider,
        providerPaymentId: t.providerPaymentId,
        dashboardUrl: resolved && resolved.provider.code === t.provider ? resolved.provider.dashboardUrl(t, resolved.settings) : null,
        status: t.status,
        amountCents: t.amountCents,
        capturedCents: t.capturedCents,
        refundedCents: t.refundedCents,
        refundableCents: refundableCents(t),
        currency: t.currency,
        attention: t.attention,
        createdAt: t.createdAt.toISOString(),
      })),
      refunds: refunds.map((r) => ({
        id: r.id,
        transactionId: r.transactionId,
        providerRefundId: r.providerRefundId,
        status: r.status,
        amountCents: r.amountCents,
        currency: r.currency,
        lines: r.lines.map((l) => ({ itemId: l.itemId, title: itemTitle.get(l.itemId) ?? '', quantity: l.quantity })),
        restock: r.restock,
        reason: r.reason,
        staffName: r.staffName,
        failure: r.failure,
        createdAt: r.createdAt.toISOString(),
      })),
    },
    discount: { code: discount?.code ?? null, cents: order.discountCents },
    totals: {
      itemsCents: order.itemsTotalCents,
      discountCents: order.discountCents,
      deliveryCents: order.deliveryPriceCents,
      totalCents: order.totalCents,
      taxCents: order.taxCents,
      taxIncluded: order.taxIncluded,
    },
    comment: order.comment,
    notes: notes.map((n) => ({ id: n.id, text: n.text, staffName: n.staffName, createdAt: n.createdAt.toISOString() })),
    history: history.map((h) => ({ kind: h.kind, from: h.fromValue, to: h.toValue, note: h.note, createdAt: iso(h.createdAt)! })),
    reservation: { releasedAt: iso(order.stockReleasedAt), expiresAt: iso(order.reservationExpiresAt) },
    version: order.version,
    allowedStatuses: allowedNextStatuses(order.status, stateCodes),
    canCancel: canCancelOrder(order),
    editBlock: editBlock({
      status: order.status,
      paymentStatus: order.paymentStatus,
      shippedUnits: [...shipped.values()].reduce((sum, units) => sum + units, 0),
      returns: returns.length,
    }),
    amountDueCents: order.amountDueCents,
    customerUrl: customerOrderUrl(publicUrl, order),
  };
}

/** The audited picture of an order: what a manager can change. */
export function orderAuditView(order: OrderRow) {
  return {
    status: order.status,
    paymentStatus: order.paymentStatus,
    deliveryPriceCents: order.deliveryPriceCents,
    deliveryPriceSet: order.deliveryPriceSet,
    totalCents: order.totalCents,
    invoiceNumber: order.invoiceNumber,
    version: order.version,
  };
}
