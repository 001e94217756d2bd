import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import * as schema from '../db/schema';
import type { CatalogRows } from './catalog';
import { DISCOUNT_CODES, PICKUP_LOCATIONS, shippingRows } from './commerce';
import { seedId } from './ids';

/** The demo shop's past orders: about three a day over the last 90 days, so its reports have something to draw. */
export const DEMO_ORDER_COUNT = 270;
const DEMO_DAYS = 90;
const CUSTOMER_COUNT = 60;
const DAY_MS = 86_400_000;

/** The ids of the demo's orders (an order with another id was placed by a customer or staff). */
export const demoOrderIds = (): string[] => Array.from({ length: DEMO_ORDER_COUNT }, (_, n) => seedId('demo-order', String(n)));

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Lucas',
  'Mia',
  'Ethan',
  'Sofia',
  'Mason',
  'Анна',
  'Иван',
  'Мария',
  'Дмитрий',
  'Елена',
];
const LAST_NAMES = [
  'Walker',
  'Bennett',
  'Hughes',
  'Foster',
  'Reyes',
  'Turner',
  'Hayes',
  'Price',
  'Смирнова',
  'Кузнецов',
  'Попова',
  'Волков',
];
const TRANSLIT: Record<string, string> = {
  Анна: 'anna',
  Иван: 'ivan',
  Мария: 'maria',
  Дмитрий: 'dmitry',
  Елена: 'elena',
  Смирнова: 'smirnova',
  Кузнецов: 'kuznetsov',
  Попова: 'popova',
  Волков: 'volkov',
};

/** A pseudo-random sequence, the same on every seed, so the demo looks alike wherever it is seeded. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

type Line = typeof schema.orderItems.$inferInsert;

/**
 * Inserts the demo's customers and past orders (placed over the last DEMO_DAYS days before `now`, most delivered, a
 * few canceled, some refunded in part), with their lines, payments and history. Stock is left as the demo shop
 * sets it: these orders are history, their goods long gone. The report roll-ups follow through the orders' triggers.
 */
export async function insertDemoOrders(tx: Executor, catalog: CatalogRows, now: Date): Promise<void> {
  const random = sequence(2026);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const titleOf = new Map(catalog.products.map((p) => [p.id, p]));
  const onSale = catalog.variations.filter((v) => {
    const price = v.discountPriceCents ?? v.fullPriceCents ?? 0;
    return price > 0 && titleOf.get(v.productId)?.enabled !== false;
  });
  // a few products sell far more than the rest, as in a real shop
  const favourites = onSale.filter((_, i) => i % 7 === 0);
  const shipping = shippingRows();
  const flatRates = shipping.rates.filter((r) => r.kind === 'flat' && r.zoneId === shipping.zones[0]!.id);
  const welcome = DISCOUNT_CODES.find((c) => c.code === 'WELCOME10')!;

  const people = Array.from({ length: CUSTOMER_COUNT }, (_, n) => {
    const name = FIRST_NAMES[n % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[(n * 7) % LAST_NAMES.length]!;
    const phoneKey = `4420794600${String(n).padStart(2, '0')}`;
    return {
      id: seedId('demo-customer', String(n)),
      name,
      lastName,
      email: `${TRANSLIT[name] ?? name.toLowerCase()}.${TRANSLIT[lastName] ?? lastName.toLowerCase()}.${n}@demo-buyers.example`,
      phone: `+44 20 7946 00${String(n).padStart(2, '0')}`,
      phoneKey,
    };
  });
  await tx.insert(schema.customers).values(people.map((p) => ({ ...p, createdAt: new Date(now.getTime() - DEMO_DAYS * DAY_MS) })));

  const orders: (typeof schema.orders.$inferInsert)[] = [];
  const lines: Line[] = [];
  const history: (typeof schema.orderStateHistory.$inferInsert)[] = [];
  const payments: (typeof schema.paymentTransactions.$inferInsert)[] = [];
  const refunds: (typeof schema.paymentRefunds.$inferInsert)[] = [];
  let codeUses = 0;
  const start = now.getTime() - DEMO_DAYS * DAY_MS;
  for (let n = 0; n < DEMO_ORDER_COUNT; n += 1) {
    // more orders lately: the shop is growing
    const createdAt = new Date(start + Math.sqrt(random()) * (DEMO_DAYS * DAY_MS - 3_600_000));
    const id = seedId('demo-order', String(n));
    // a third of the buyers come back: the first twenty customers buy most often
    const person = random() < 0.45 ? people[Math.floor(random() * 20)]! : pick(people);
    const count = 1 + Math.floor(random() * random() * 3);
    const orderLines: Line[] = [];
    for (let l = 0; l < count; l += 1) {
      const variation = random() < 0.5 ? pick(favourites) : pick(onSale);
      if (orderLines.some((line) => line.variationId === variation.id)) continue;
      const product = titleOf.get(variation.productId)!;
      const unit = variation.discountPriceCents ?? variation.fullPriceCents ?? 0;
      const quantity = random() < 0.8 ? 1 : 2;
      orderLines.push({
        id: seedId('demo-order-line', `${n}:${l}`),
        orderId: id,
        productId: product.id,
        variationId: variation.id,
        productSlug: product.slug,
        title: product.title.en,
        variationTitle: variation.title?.en ?? null,
        sku: variation.sku ?? null,
        quantity,
        unitPriceCents: unit,
        unitFullPriceCents: variation.fullPriceCents ?? unit,
        totalCents: unit * quantity,
        position: l,
      });
    }
    const itemsTotal = orderLines.reduce((sum, line) => sum + line.totalCents, 0);
    const discounted = random() < 0.15;
    const discount = discounted ? Math.round(itemsTotal / 10) : 0;
    if (discounted) codeUses += 1;
    const pickup = random() < 0.35;
    const rate = pick(flatRates);
    const delivery = pickup ? 0 : (rate.priceCents ?? 0);
    const total = itemsTotal - discount + delivery;
    const card = random() < 0.6;
    const age = now.getTime() - createdAt.getTime();
    const canceled = random() < 0.06;
    const status = canceled ? 'canceled' : age > 6 * DAY_MS ? 'delivered' : age > 2 * DAY_MS ? 'shipped' : 'processing';
    const paid = card || status === 'delivered';
    orders.push({
      id,
      secretToken: seedId('demo-order-token', `${n}:${now.getTime()}`),
      customerId: person.id,
      status,
      paymentStatus: canceled && !card ? 'canceled' : paid ? 'completed' : 'new',
      paymentMethod: card ? 'card' : 'cash',
      deliveryMethod: pickup ? 'pickup' : 'shipping',
      locationId: pickup ? PICKUP_LOCATIONS[0]!.id! : null,
      shippingZoneId: pickup ? null : rate.zoneId,
      shippingRateId: pickup ? null : rate.id,
      deliveryTitle: pickup ? PICKUP_LOCATIONS[0]!.title.en : rate.title.en,
      deliveryPriceCents: delivery,
      itemsTotalCents: itemsTotal,
      discountCodeId: discounted ? welcome.id : null,
      discountCents: discount,
      totalCents: total,
      currency: 'USD',
      customer: { name: person.name, lastName: person.lastName, phone: person.phone, email: person.email },
      address: pickup ? null : { country: 'US', locality: 'New York', street: `${10 + (n % 80)} Demo Street` },
      lang: /[а-я]/i.test(person.name) ? 'ru' : 'en',
      stockReleasedAt: canceled ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    });
    lines.push(...orderLines);
    history.push(
      { id: seedId('demo-order-state', `${n}:new`), orderId: id, kind: 'status', fromValue: null, toValue: 'new', createdAt },
      { id: seedId('demo-order-state', `${n}:${status}`), orderId: id, kind: 'status', fromValue: 'new', toValue: status, createdAt },
    );
    if (card) {
      const transactionId = seedId('demo-payment', String(n));
      // a few card orders get part of their money back: a returned item, a late delivery
      const refunded = !canceled && random() < 0.08 ? (orderLines[0]!.unitPriceCents ?? 0) : 0;
      payments.push({
        id: transactionId,
        orderId: id,
        method: 'card',
        provider: 'sandbox',
        providerPaymentId: `demo-${n}`,
        status: 'completed',
        amountCents: total,
        capturedCents: total,
        refundedCents: refunded,
        currency: 'USD',
        createdAt,
        updatedAt: createdAt,
      });
      if (refunded > 0)
        refunds.push({
          id: seedId('demo-refund', String(n)),
          transactionId,
          orderId: id,
          provider: 'sandbox',
          providerRefundId: `demo-refund-${n}`,
          idempotencyKey: seedId('demo-refund-key', String(n)),
          status: 'succeeded',
          amountCents: refunded,
          currency: 'USD',
          reason: 'Returned item',
          staffName: 'Demo owner',
          createdAt: new Date(createdAt.getTime() + 3 * DAY_MS),
          updatedAt: new Date(createdAt.getTime() + 3 * DAY_MS),
        });
    }
  }
  orders.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  // in time order, so the numbers count up with the dates; in one statement per table, so the roll-ups refresh once
  await tx.insert(schema.orders).values(orders);
  for (let i = 0; i < lines.length; i += 500) await tx.insert(schema.orderItems).values(lines.slice(i, i + 500));
  await tx.insert(schema.orderStateHistory).values(history);
  await tx.insert(schema.paymentTransactions).values(payments);
  if (refunds.length) await tx.insert(schema.paymentRefunds).values(refunds);
  await tx
    .update(schema.discountCodes)
    .set({ usedCount: sql`${schema.discountCodes.usedCount} + ${codeUses}` })
    .where(eq(schema.discountCodes.id, welcome.id!));
}
