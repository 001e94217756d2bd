import { asc, inArray } from 'drizzle-orm';
import { localize, type Language } from '../../../lib/localize';
import { centsToAmount } from '../../../lib/money';
import type { Executor } from '../../db/client';
import { paymentMethodNamer } from './shop-settings';
import { orderItems, orderShipments, type orders, paymentMethods, pickupLocations } from '../../db/schema';
import { loadImages } from '../shared/images';
import type { OrderDto } from '../../../contract/storefront/commerce';

export type OrderRow = typeof orders.$inferSelect;

function pickupPointOf(
  location: typeof pickupLocations.$inferSelect | undefined,
  lang: Language,
): OrderDto['deliveryInformation']['pickupPoint'] {
  if (!location) return null;
  return {
    title: localize(location.title, lang),
    address: location.address ? localize(location.address, lang) : '',
    workTime: location.workTime ? localize(location.workTime, lang) : '',
  };
}

/** Full order documents in the order of `rows`, in a fixed number of queries. */
export async function toOrderDtos(db: Executor, rows: OrderRow[], lang: Language): Promise<OrderDto[]> {
  if (rows.length === 0) return [];
  const locationIds = [...new Set(rows.flatMap((o) => (o.locationId ? [o.locationId] : [])))];
  const [itemRows, methodRows, shipmentRows, locationRows] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((o) => o.id),
        ),
      )
      .orderBy(asc(orderItems.position)),
    db
      .select()
      .from(paymentMethods)
      .where(inArray(paymentMethods.code, [...new Set(rows.map((o) => o.paymentMethod))])),
    db
      .select()
      .from(orderShipments)
      .where(
        inArray(
          orderShipments.orderId,
          rows.map((o) => o.id),
        ),
      )
      .orderBy(asc(orderShipments.createdAt), asc(orderShipments.id)),
    locationIds.length ? db.select().from(pickupLocations).where(inArray(pickupLocations.id, locationIds)) : [],
  ]);
  const locationById = new Map(locationRows.map((l) => [l.id, l]));
  const itemTitle = new Map(itemRows.map((i) => [i.id, [i.title, i.variationTitle].filter(Boolean).join(', ')]));
  const images = await loadImages(
    db,
    itemRows.map((i) => i.imageId),
    lang,
  );
  const methodByCode = new Map(methodRows.map((m) => [m.code, m]));
  const methodName = await paymentMethodNamer(db, lang);
  return rows.map((order) => {
    const method = methodByCode.get(order.paymentMethod);
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      paymentStatus: order.paymentStatus,
      method: order.paymentMethod,
      methodName: method ? methodName(method) : order.paymentMethod,
      // A method removed since the order was placed can no longer be paid online.
      paymentKind: method?.kind === 'online' ? 'online' : 'cash',
      currency: order.currency,
      totalPrice: centsToAmount(order.totalCents),
      itemsPrice: centsToAmount(order.itemsTotalCents),
      discountPrice: centsToAmount(order.discountCents),
      deliveryInformation: {
        method: order.deliveryMethod,
        title: order.deliveryTitle,
        price: centsToAmount(order.deliveryPriceCents),
        priceByManager: order.deliveryPriceByManager,
        priceSet: order.deliveryPriceSet,
        locationId: order.locationId,
        pickupPoint: pickupPointOf(order.deliveryMethod === 'pickup' ? locationById.get(order.locationId ?? '') : undefined, lang),
        zoneId: order.shippingZoneId,
        rateId: order.shippingRateId,
        address: order.address,
      },
      customer: order.customer,
      receiver: order.receiver,
      comment: order.comment,
      items: itemRows
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          id: item.id,
          productId: item.productId,
          variationId: item.variationId,
          productSlug: item.productSlug,
          title: item.title,
          variationTitle: item.variationTitle,
          optionsText: item.optionsText,
          sku: item.sku,
          image: item.imageId ? (images.get(item.imageId) ?? null) : null,
          quantity: item.quantity,
          price: centsToAmount(item.unitPriceCents),
          fullPrice: centsToAmount(item.unitFullPriceCents),
          totalPrice: centsToAmount(item.totalCents),
        })),
      shipments: shipmentRows
        .filter((s) => s.orderId === order.id)
        .map((s) => ({
          carrier: s.carrier,
          trackingNumber: s.trackingNumber,
          trackingUrl: s.trackingUrl,
          shippedAt: s.createdAt.toISOString(),
          items: s.lines.map((l) => ({ title: itemTitle.get(l.itemId) ?? '', quantity: l.quantity })),
        })),
      createdAt: order.createdAt.toISOString(),
    };
  });
}
