import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, mailQueue, orderStateHistory, paymentMethods, paymentRefunds, paymentTransactions } from '../../src/server/db/schema';
import { type CommerceFixtures, orderBody } from './commerce-fixtures';
import type { TestApp } from './test-app';

export type PlacedOrder = { id: string; number: number; secretToken: string; totalPrice: number };

/** Orders, payments and what they wrote, for the payment provider tests. */
export function paymentFixtures(app: TestApp, fx: CommerceFixtures) {
  const db = app.deps.db;
  return {
    /** An online method of `provider` with its settings, stored as the back office stores them. */
    async method(code: string, provider: string, settings: Record<string, unknown>) {
      await fx.paymentMethod({ code, kind: 'online', provider });
      await db.update(paymentMethods).set({ settings }).where(eq(paymentMethods.code, code));
      return code;
    },

    async placeOrder(input: {
      variationId: string;
      quantity?: number;
      method: string;
      locationId: string;
      extra?: Record<string, unknown>;
    }) {
      const res = await app.request('/orders', {
        method: 'POST',
        json: orderBody(
          [{ variationId: input.variationId, quantity: input.quantity ?? 1 }],
          { locationId: input.locationId },
          input.method,
          input.extra,
        ),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as PlacedOrder;
    },

    /** POST /payment/initialize as the shopper's browser does; answers the provider's page address. */
    async initialize(order: PlacedOrder): Promise<string> {
      const res = await app.request('/payment/initialize', { method: 'POST', json: { order: order.number, token: order.secretToken } });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { url: string }).url;
    },

    async transactions(orderId: string) {
      return db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId)).orderBy(paymentTransactions.createdAt);
    },
    async refunds(orderId: string) {
      return db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
    },
    /** The order's history of `kind` as [from, to] pairs, without the entry its placing wrote. */
    async history(orderId: string, kind: string) {
      const rows = await db
        .select()
        .from(orderStateHistory)
        .where(and(eq(orderStateHistory.orderId, orderId), eq(orderStateHistory.kind, kind)))
        .orderBy(orderStateHistory.createdAt, orderStateHistory.id);
      return rows.filter((h) => !(kind === 'payment' && h.fromValue === null)).map((h) => [h.fromValue, h.toValue]);
    },
    async mails(template: string) {
      return db.select().from(mailQueue).where(eq(mailQueue.template, template));
    },
    async audits(action: string) {
      return db.select().from(auditLog).where(eq(auditLog.action, action));
    },
  };
}
