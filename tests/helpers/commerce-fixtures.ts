import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import { PAYMENT_SIGNATURE_HEADER, signSandboxNotification } from '../../src/server/api/commerce/payments/sandbox-provider';
import { signUserToken } from '../../src/server/api/core/auth';
import { invalidateSettings } from '../../src/server/api/core/settings-store';
import {
  cartItems,
  catalogProducts,
  catalogs,
  discountCodes,
  leads,
  orderItems,
  orderStateHistory,
  orderStates,
  orders,
  paymentMethods,
  paymentNotifications,
  paymentTransactions,
  pickupLocations,
  productOptionValues,
  productOptions,
  products,
  settings,
  shippingRates,
  shippingZones,
  users,
  variationOptionValues,
  variations,
} from '../../src/server/db/schema';
import type { TestApp } from './test-app';

const both = (en: string, ru = `${en} (ru)`) => ({ en, ru });

export type ProductFixture = { productId: string; variationId: string; slug: string };

/** Rows for commerce tests, written straight to the database of a test app. */
export function commerceFixtures(app: TestApp) {
  const db = app.deps.db;

  async function count(table: PgTable): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    return Number(row!.n);
  }

  return {
    async user(): Promise<{ id: string; token: string }> {
      const id = randomUUID();
      const email = `${id}@example.com`;
      await db.insert(users).values({ id, email, passwordHash: 'not-a-real-hash' });
      return { id, token: await signUserToken(app.deps, { id, email, tokenVersion: 0 }) };
    },

    async product(
      options: {
        priceCents?: number;
        discountPriceCents?: number | null;
        stock?: number | null;
        weight?: number;
        enabled?: boolean;
        title?: string;
        sku?: string;
        /** an option 'Size' with this value on the variation */
        size?: string;
        variationId?: string;
      } = {},
    ): Promise<ProductFixture> {
      const productId = randomUUID();
      const variationId = options.variationId ?? randomUUID();
      const slug = `product-${productId.slice(0, 8)}`;
      const title = options.title ?? `Product ${productId.slice(0, 4)}`;
      await db.insert(products).values({
        id: productId,
        slug,
        title: both(title),
        weight: options.weight ?? 1,
        enabled: options.enabled ?? true,
        priceCents: options.priceCents ?? 1000,
        priceFullCents: options.priceCents ?? 1000,
      });
      await db.insert(variations).values({
        id: variationId,
        productId,
        isDefault: true,
        sku: options.sku ?? null,
        fullPriceCents: options.priceCents ?? 1000,
        discountPriceCents: options.discountPriceCents ?? null,
        stock: options.stock === undefined ? null : options.stock,
      });
      if (options.size) {
        const optionId = randomUUID();
        const valueId = randomUUID();
        await db.insert(productOptions).values({ id: optionId, productId, title: both('Size') });
        await db.insert(productOptionValues).values({ id: valueId, optionId, title: both(options.size) });
        await db.insert(variationOptionValues).values({ variationId, optionValueId: valueId });
      }
      return { productId, variationId, slug };
    },

    async catalog(productIds: string[]): Promise<string> {
      const id = randomUUID();
      await db.insert(catalogs).values({ id, slug: `catalog-${id.slice(0, 8)}`, title: both('Catalog') });
      if (productIds.length) await db.insert(catalogProducts).values(productIds.map((productId) => ({ catalogId: id, productId })));
      return id;
    },

    async paymentMethod(
      options: { code?: string; kind?: 'online' | 'cash'; provider?: string | null; enabled?: boolean; title?: string } = {},
    ) {
      const code = options.code ?? `method-${randomUUID().slice(0, 8)}`;
      const kind = options.kind ?? 'cash';
      await db.insert(paymentMethods).values({
        code,
        title: both(options.title ?? `Method ${code}`),
        kind,
        provider: options.provider === undefined ? (kind === 'online' ? 'sandbox' : null) : options.provider,
        enabled: options.enabled ?? true,
      });
      return code;
    },

    async location(options: { code?: string; paymentMethodCodes?: string[]; enabled?: boolean; title?: string; position?: number } = {}) {
      const id = randomUUID();
      const code = options.code ?? `loc-${id.slice(0, 8)}`;
      await db.insert(pickupLocations).values({
        id,
        code,
        title: both(options.title ?? 'Main store'),
        address: both('1 Main street'),
        workTime: both('9-18'),
        paymentMethodCodes: options.paymentMethodCodes ?? [],
        enabled: options.enabled ?? true,
        position: options.position ?? 0,
      });
      return { id, code };
    },

    /** The usual checkout choices: an online sandbox method `card`, a cash method `cash` and one pickup point. */
    async checkoutChoices() {
      const card = await this.paymentMethod({ code: 'card', kind: 'online', provider: 'sandbox' });
      const cash = await this.paymentMethod({ code: 'cash', kind: 'cash' });
      const { id: locationId } = await this.location();
      return { card, cash, locationId };
    },

    async zone(options: { countries?: string[]; enabled?: boolean; title?: string } = {}) {
      const id = randomUUID();
      await db.insert(shippingZones).values({
        id,
        title: both(options.title ?? 'Zone'),
        countries: options.countries ?? [],
        enabled: options.enabled ?? true,
      });
      return id;
    },

    async rate(zoneId: string, options: Partial<typeof shippingRates.$inferInsert> = {}) {
      const id = randomUUID();
      await db.insert(shippingRates).values({ kind: 'flat', priceCents: 500, title: both('Courier'), ...options, id, zoneId });
      return id;
    },

    async discountCode(options: Partial<typeof discountCodes.$inferInsert> = {}) {
      const id = randomUUID();
      const code = options.code ?? `CODE${id.slice(0, 6).toUpperCase()}`;
      await db.insert(discountCodes).values({ kind: 'percent', value: 10, ...options, id, code });
      return { id, code };
    },

    async orderState(code: string, title: string, position: number, color: string | null = null) {
      await db
        .insert(orderStates)
        .values({ code, title: both(title, `${title} ru`), color, position })
        .onConflictDoNothing();
    },

    async setSettings(group: string, value: Record<string, unknown>) {
      await db.insert(settings).values({ group, value }).onConflictDoUpdate({ target: settings.group, set: { value } });
      invalidateSettings(db);
    },

    async stockOf(variationId: string): Promise<number | null> {
      const [row] = await db.select({ stock: variations.stock }).from(variations).where(eq(variations.id, variationId));
      return row!.stock;
    },

    async usedCountOf(discountCodeId: string): Promise<number> {
      const [row] = await db.select({ n: discountCodes.usedCount }).from(discountCodes).where(eq(discountCodes.id, discountCodeId));
      return row!.n;
    },

    /** Starts the sandbox payment of a placed order; answers its transaction id. */
    async startPayment(order: { number: number; secretToken: string }): Promise<string> {
      const res = await app.request('/payment/initialize', { method: 'POST', json: { order: order.number, token: order.secretToken } });
      expect(res.status).toBe(200);
      return (await res.json()).url.split('/').pop();
    },

    /** A signed sandbox notification that the transaction reached `status` (amount in major units). */
    async notifyPayment(transactionId: string, status: string, amount: number, currency = 'EUR') {
      const raw = JSON.stringify({ eventId: randomUUID(), transactionId, status, amount, currency });
      const headers = {
        'content-type': 'application/json',
        [PAYMENT_SIGNATURE_HEADER]: signSandboxNotification(raw, app.deps.paymentSecret),
      };
      const res = await app.request('/payment/notification', { method: 'POST', headers, body: raw });
      expect(res.status).toBe(200);
    },

    async orderRow(orderId: string) {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row!;
    },

    /** Row counts of every table commerce calls write, to assert that a refused call wrote nothing. */
    async writtenRows() {
      return {
        orders: await count(orders),
        orderItems: await count(orderItems),
        orderStateHistory: await count(orderStateHistory),
        cartItems: await count(cartItems),
        leads: await count(leads),
        paymentTransactions: await count(paymentTransactions),
        paymentNotifications: await count(paymentNotifications),
      };
    },
  };
}

export type CommerceFixtures = ReturnType<typeof commerceFixtures>;

/** A minimal valid POST /orders body for pickup at `locationId`, paid with `paymentMethod`. */
export function orderBody(
  items: { variationId: string; quantity: number }[],
  delivery: { locationId: string } | { zoneId: string; rateId: string; country?: string },
  paymentMethod: string,
  extra: Record<string, unknown> = {},
) {
  return {
    items,
    customer: { name: 'Anna', lastName: 'Smith', phone: '+7 (999) 123-45-67', email: 'anna@example.com' },
    delivery:
      'locationId' in delivery
        ? { method: 'pickup', locationId: delivery.locationId }
        : {
            method: 'shipping',
            zoneId: delivery.zoneId,
            rateId: delivery.rateId,
            address: { country: delivery.country ?? 'AE', locality: 'Dubai', street: '1 Beach road' },
          },
    paymentMethod,
    agreement: true,
    ...extra,
  };
}
