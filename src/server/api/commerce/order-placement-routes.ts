import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { localize, type Language } from '../../../lib/localize';
import { itemsTotalCents, orderTotals } from '../../../lib/order-totals';
import { orderTax, type OrderTax } from '../../../lib/tax';
import { mayHoldMore, reservationDeadline, unitsOneOrderMayTake, type HoldRule } from '../../../lib/stock-holds';
import { cacheTags, invalidate } from '../../cache/invalidation';
import type { Executor } from '../../db/client';
import { orderItems, orderStateHistory, orders, variations, type OrderContact } from '../../db/schema';
import { loadProducts, type ProductDto } from '../catalog/product-dto';
import type { AppEnv } from '../core/context';
import { fieldError } from '../core/errors';
import { clientAddress, contactKey, enforceRateLimit } from '../core/rate-limit';
import { readBody } from '../core/validate';
import { emptyCart } from './cart-routes';
import { linkCustomer } from './customer-records';
import { placeOrderBody, type PlacedOrderDto } from '../../../contract/storefront/commerce';
import { availablePaymentMethods, resolveDelivery } from './delivery-routes';
import { applyDiscountCode, consumeDiscountCode } from './discounts-routes';
import { commerceMessage } from './messages';
import { toOrderDtos } from './order-dto';
import { resolveLines, type ResolvedLine } from './order-lines';
import { enqueueMail } from '../../mail/queue';
import { closeCheckoutsOnOrder } from '../../marketing/recovery';
import { orderEventData, recordLowStock, recordShopEvent } from '../../integrations/outbox';
import { shopRecipients } from '../../mail/templates';
import { takeStock } from './reservations';
import { orderLimits, shopCurrency, shopTaxes } from './shop-settings';

export const INITIAL_ORDER_STATUS = 'new';
/** Order money is stored as 32-bit integer cents. */
const MAX_ORDER_TOTAL_CENTS = 2_147_483_647;
export const INITIAL_PAYMENT_STATUS = 'new';

type OrderItemSnapshot = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;

/** 'title: value unit' of each chosen option, joined by commas. */
function optionsText(product: ProductDto | undefined, variationId: string): string | null {
  const chosen = new Set(product?.variations.find((v) => v.id === variationId)?.productOptionValueIds ?? []);
  const parts = (product?.options ?? []).flatMap((option) =>
    option.values.filter((v) => chosen.has(v.id)).map((v) => `${option.title}: ${v.title}${option.unit ? ` ${option.unit}` : ''}`),
  );
  return parts.length ? parts.join(', ') : null;
}

/** What the order keeps of each line, so later catalog edits do not change placed orders. */
export async function snapshotItems(db: Executor, lines: ResolvedLine[], tax: OrderTax, lang: Language): Promise<OrderItemSnapshot[]> {
  const productById = new Map(
    (
      await loadProducts(
        db,
        lines.map((l) => l.product.id),
        lang,
      )
    ).map((p) => [p.id, p]),
  );
  return lines.map((line, position) => {
    const product = productById.get(line.product.id);
    const variation = product?.variations.find((v) => v.id === line.variationId);
    return {
      productId: line.product.id,
      variationId: line.variationId,
      productSlug: line.product.slug,
      title: localize(line.product.title, lang),
      variationTitle: variation?.title || null,
      optionsText: optionsText(product, line.variationId),
      sku: line.variation.sku,
      imageId: line.variation.imageId ?? product?.imagePreview?.id ?? null,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      unitFullPriceCents: line.unitFullPriceCents,
      totalCents: line.totalCents,
      taxClass: tax.lines[position]!.taxClass,
      taxRate: tax.lines[position]!.ratePercent,
      taxCents: tax.lines[position]!.taxCents,
      position,
    };
  });
}

/**
 * Takes the lines out of stock inside the order transaction; a short line fails the whole order. An order paid on
 * receipt (`hold`) may take only its share of each variation's stock, which the message names when it asks more.
 */
async function reserveStock(tx: Executor, lines: ResolvedLine[], hold: HoldRule | null, lang: Language): Promise<void> {
  const short = await takeStock(tx, lines, hold ?? undefined);
  if (!short) return;
  const [current] = await tx.select({ stock: variations.stock }).from(variations).where(eq(variations.id, short.variationId));
  const available = Math.max(0, current?.stock ?? 0);
  const path = `items.${short.index}.quantity`;
  if (hold && available >= short.quantity)
    throw fieldError(path, commerceMessage('unconfirmedShare', lang, { count: unitsOneOrderMayTake(available, hold) }));
  throw fieldError(path, commerceMessage('stock', lang, { count: available }));
}

type Contact = { phone: string | null; email: string | null };

/**
 * Takes the order transaction's lock on the customer's phone and e-mail (before any stock row, so it never waits in
 * a cycle with another order), so two orders of one customer placed at once are counted one after the other.
 */
async function lockContact(tx: Executor, customer: OrderContact): Promise<Contact> {
  const contact = { phone: contactKey('phone', customer.phone), email: contactKey('email', customer.email) };
  const keys = [contact.phone, contact.email].filter((k): k is string => k !== null).sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`held-items:${key}`}))`);
  return contact;
}

/**
 * Bounds the items one customer (by phone, and by e-mail) holds in orders paid on receipt that the shop has not
 * confirmed, this order's included; the caller holds the contact's lock (lockContact).
 */
async function boundHeldItems(tx: Executor, contact: Contact, lines: ResolvedLine[], max: number, lang: Language): Promise<void> {
  const adding = lines.reduce((sum, line) => sum + (line.variation.stock === null ? 0 : line.quantity), 0);
  if (adding === 0) return;
  const { phone, email } = contact;
  const sameContact = or(
    ...(phone ? [sql`regexp_replace(${orders.customer}->>'phone', '\\D', '', 'g') = ${phone.slice('phone:'.length)}`] : []),
    ...(email ? [sql`lower(trim(${orders.customer}->>'email')) = ${email.slice('email:'.length)}`] : []),
  );
  const [row] = await tx
    .select({ held: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(variations, eq(variations.id, orderItems.variationId))
    .where(and(isNull(orders.stockReleasedAt), isNotNull(orders.reservationExpiresAt), isNotNull(variations.stock), sameContact));
  const held = Number(row?.held ?? 0);
  if (!mayHoldMore(held, adding, max)) throw fieldError('items', commerceMessage('unconfirmedItemsHeld', lang, { count: max, held }));
}

export const orderPlacementRoutes = new Hono<AppEnv>().post('/orders', async (c) => {
  const { db, now } = c.var.deps;
  const { lang, user } = c.var;
  await enforceRateLimit(c, 'orderPerAddress', clientAddress(c));
  const body = await readBody(c, placeOrderBody);
  if (!user)
    await enforceRateLimit(c, 'orderPerContact', contactKey('phone', body.customer.phone), contactKey('email', body.customer.email));

  const limits = await orderLimits(db);
  const lines = await resolveLines(db, body.items, 'items.', lang, { maxQuantity: limits.maxLineQuantity, orderable: true });
  const discount = body.discountCodeId
    ? await applyDiscountCode(db, { id: body.discountCodeId }, lines, { field: 'discountCodeId', lang, now: now() })
    : null;
  const discountCents = discount?.discountCents ?? 0;
  const delivery = await resolveDelivery(db, body.delivery, { amountCents: itemsTotalCents(lines) - discountCents, lines }, lang);
  const method = (await availablePaymentMethods(db, delivery.location)).find((m) => m.code === body.paymentMethod);
  if (!method) throw fieldError('paymentMethod', commerceMessage('paymentMethodUnavailable', lang));
  // taxed where the goods go (a pickup: the shop's default rates), each line after its share of the discount
  const tax = orderTax({
    settings: await shopTaxes(db),
    place: delivery.address,
    lines: lines.map((line) => ({ totalCents: line.totalCents, taxClass: line.product.taxClass })),
    discountCents,
    deliveryCents: delivery.priceCents,
  });
  const totals = orderTotals(lines, discountCents, delivery.priceCents, tax);
  if (Math.max(totals.itemsTotalCents, totals.totalCents) > MAX_ORDER_TOTAL_CENTS)
    throw fieldError('items', commerceMessage('orderTooLarge', lang));
  const items = await snapshotItems(db, lines, tax, lang);
  const currency = await shopCurrency(db);

  const shopAddresses = await shopRecipients(c.var.deps);
  // paid on receipt: the stock is held only until the shop confirms the order, and only so much of it
  const offline = method.kind !== 'online';
  const order = await db.transaction(async (tx) => {
    const contact = offline ? await lockContact(tx, body.customer) : null;
    // every buyer is a customer: this order's record, found or made before any stock row is locked
    const customerId = await linkCustomer(
      tx,
      {
        userId: user?.id ?? null,
        email: body.customer.email ?? null,
        phone: body.customer.phone,
        name: body.customer.name,
        lastName: body.customer.lastName ?? null,
      },
      now(),
    );
    await reserveStock(tx, lines, offline ? limits.unconfirmedHold : null, lang);
    if (contact) await boundHeldItems(tx, contact, lines, limits.maxUnconfirmedItemsPerContact, lang);
    if (discount) await consumeDiscountCode(tx, discount.code.id, 'discountCodeId', lang);
    const [created] = await tx
      .insert(orders)
      .values({
        id: randomUUID(),
        userId: user?.id ?? null,
        customerId,
        secretToken: randomBytes(24).toString('base64url'),
        status: INITIAL_ORDER_STATUS,
        paymentStatus: INITIAL_PAYMENT_STATUS,
        paymentMethod: method.code,
        deliveryMethod: delivery.method,
        locationId: delivery.location?.id ?? null,
        shippingZoneId: delivery.zoneId,
        shippingRateId: delivery.rateId,
        deliveryTitle: delivery.title,
        deliveryPriceCents: totals.deliveryCents,
        deliveryPriceByManager: delivery.priceByManager,
        deliveryPriceSet: !delivery.priceByManager,
        itemsTotalCents: totals.itemsTotalCents,
        discountCodeId: discount?.code.id ?? null,
        discountCents: totals.discountCents,
        totalCents: totals.totalCents,
        taxCents: tax.taxCents,
        taxIncluded: tax.included,
        deliveryTaxCents: tax.delivery.taxCents,
        deliveryTaxRate: tax.delivery.ratePercent,
        currency,
        customer: body.customer,
        receiver: body.receiver,
        address: delivery.address,
        comment: body.comment,
        lang,
        reservationExpiresAt: offline ? reservationDeadline(now(), limits.unconfirmedReservationHours) : null,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning();
    await tx.insert(orderItems).values(items.map((item) => ({ ...item, id: randomUUID(), orderId: created!.id })));
    await tx.insert(orderStateHistory).values([
      { id: randomUUID(), orderId: created!.id, kind: 'status', fromValue: null, toValue: INITIAL_ORDER_STATUS, createdAt: now() },
      { id: randomUUID(), orderId: created!.id, kind: 'payment', fromValue: null, toValue: INITIAL_PAYMENT_STATUS, createdAt: now() },
    ]);
    if (user) await emptyCart(tx, user.id);
    // the shopper's checkouts are ordered now: no reminder, and the order counts as recovered when a reminder brought it
    await closeCheckoutsOnOrder(
      tx,
      {
        id: created!.id,
        totalCents: created!.totalCents,
        currency,
        email: body.customer.email ?? user?.email ?? null,
        userId: user?.id ?? null,
        recoveryKey: body.recoveryKey,
      },
      now(),
    );
    // queued with the order itself: a rolled-back order sends nothing, and sending never holds up the answer
    await enqueueMail(
      tx,
      [
        ...(body.customer.email
          ? [{ template: 'order-placed' as const, to: body.customer.email, lang, data: { orderId: created!.id } }]
          : []),
        ...shopAddresses.map((to) => ({ template: 'order-placed-shop' as const, to, lang, data: { orderId: created!.id } })),
      ],
      now(),
    );
    await recordShopEvent(tx, 'order.created', orderEventData(created!), now());
    await recordLowStock(tx, lines, now());
    return created!;
  });
  // The ordered products' stock changed: their pages (and listings showing them) are stale from now on.
  await invalidate([...lines.map((line) => cacheTags.product(line.product.id)), cacheTags.stockOnly]);

  const [dto] = await toOrderDtos(db, [order], lang, now());
  return c.json({ ...dto!, secretToken: order.secretToken } satisfies PlacedOrderDto, 201);
});
