import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backInStockListSchema, backInStockRowSchema, backInStockVariationsSchema } from '../../../src/contract/admin';
import { auditLog, backInStockSubscriptions, backInStockVariationCounts, products, variations } from '../../../src/server/db/schema';
import { queueBackInStockAlerts } from '../../../src/server/back-in-stock-alerts';
import { signLink } from '../../../src/server/signed-links';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

/** Marketing → Back-in-stock: the owner's (the `marketing` capability); a manager and a visitor are refused. */
describe.each(databaseKinds)('back office: back-in-stock (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let owner: TestStaff;
  let manager: TestStaff;
  let awaited: { productId: string; variationId: string };
  let quiet: { productId: string; variationId: string };
  const emails = {
    waiting: 'waiting@example.com',
    unconfirmed: 'unconfirmed@example.com',
    sent: 'sent@example.com',
    gone: 'gone@example.com',
  };

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    manager = await createSignedInStaff(app, 'manager', 'Mia Manager');
    awaited = await fx.product({ stock: 0, title: 'Matcha' });
    quiet = await fx.product({ stock: 0, title: 'Puerh' });
    const subscribe = async (variationId: string, email: string) => {
      expect((await app.request('/back-in-stock', { method: 'POST', json: { variation: variationId, email } })).status).toBe(201);
      const [row] = await app.deps.db.select().from(backInStockSubscriptions).where(eq(backInStockSubscriptions.email, email));
      return row!.variationId === variationId ? row! : null;
    };
    const confirm = async (id: string) =>
      app.request('/back-in-stock/confirm', {
        method: 'POST',
        json: { id, token: signLink(app.deps.jwtKey, 'back-in-stock-confirm', id) },
      });
    // sent: confirmed and alerted by a restock of Puerh
    const sent = await subscribe(quiet.variationId, emails.sent);
    await confirm(sent!.id);
    await app.deps.db.update(variations).set({ stock: 3 }).where(eq(variations.id, quiet.variationId));
    await queueBackInStockAlerts(app.deps, new Date(), 100);
    await app.deps.db.update(variations).set({ stock: 0 }).where(eq(variations.id, quiet.variationId));
    for (const email of [emails.waiting, emails.gone]) await confirm((await subscribe(awaited.variationId, email))!.id);
    await subscribe(awaited.variationId, emails.unconfirmed);
    const gone = (await app.deps.db.select().from(backInStockSubscriptions).where(eq(backInStockSubscriptions.email, emails.gone)))[0]!;
    await app.request('/back-in-stock/unsubscribe', {
      method: 'POST',
      json: { id: gone.id, token: signLink(app.deps.jwtKey, 'back-in-stock-unsubscribe', gone.id) },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const as = (staff: TestStaff | null, path: string, init: RequestInit = {}) =>
    adminRequest(app, path, { ...init, cookie: staff?.cookie ?? null });

  it('lists the variations shoppers wait for, most awaited first, with counts by status', async () => {
    const answer = backInStockVariationsSchema.parse(await expectJson(await as(owner, '/marketing/back-in-stock/variations'), 200));
    expect(answer.totals).toEqual({ waiting: 1, unconfirmed: 1, sent: 1, unsubscribed: 1 });
    expect(answer.items.map((v) => [v.productTitle, v.waiting, v.unconfirmed, v.sent, v.unsubscribed, v.stock])).toEqual([
      ['Matcha', 1, 1, 0, 1, 0],
      ['Puerh', 0, 0, 1, 0, 0],
    ]);
    expect(answer.hasMore).toBe(false);
  });

  it('lists subscriptions by status and product, and the alerts sent', async () => {
    const all = backInStockListSchema.parse(await expectJson(await as(owner, '/marketing/back-in-stock'), 200));
    expect(all.total).toBe(4);
    const byStatus = async (status: string) =>
      backInStockListSchema
        .parse(await expectJson(await as(owner, `/marketing/back-in-stock?status=${status}`), 200))
        .items.map((r) => r.email);
    expect(await byStatus('waiting')).toEqual([emails.waiting]);
    expect(await byStatus('unconfirmed')).toEqual([emails.unconfirmed]);
    expect(await byStatus('sent')).toEqual([emails.sent]);
    expect(await byStatus('unsubscribed')).toEqual([emails.gone]);
    const ofProduct = backInStockListSchema.parse(
      await expectJson(await as(owner, `/marketing/back-in-stock?productId=${awaited.productId}`), 200),
    );
    expect(ofProduct.items.map((r) => r.email).sort()).toEqual([emails.gone, emails.unconfirmed, emails.waiting].sort());
    expect((await as(owner, '/marketing/back-in-stock?status=nope')).status).toBe(400);
    expect((await as(owner, '/marketing/back-in-stock?perPage=100000')).status).toBe(400);
  });

  it('the owner unsubscribes a shopper on their request: audited, and no alert goes out', async () => {
    const [row] = await app.deps.db.select().from(backInStockSubscriptions).where(eq(backInStockSubscriptions.email, emails.waiting));
    const answer = backInStockRowSchema.parse(
      await expectJson(await as(owner, `/marketing/back-in-stock/${row!.id}/unsubscribe`, { method: 'POST' }), 200),
    );
    expect(answer.status).toBe('unsubscribed');
    const entries = await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(entries).toEqual([
      expect.objectContaining({ action: 'back-in-stock.unsubscribe', entityType: 'back-in-stock', staffId: owner.id }),
    ]);
    await app.deps.db.update(variations).set({ stock: 5 }).where(eq(variations.id, awaited.variationId));
    expect((await queueBackInStockAlerts(app.deps, new Date(Date.now() + 120_000), 100)).queued).toBe(0);
    // again: nothing more to record
    await expectJson(await as(owner, `/marketing/back-in-stock/${row!.id}/unsubscribe`, { method: 'POST' }), 200);
    expect(await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id))).toHaveLength(1);
    expect((await as(owner, '/marketing/back-in-stock/nope/unsubscribe', { method: 'POST' })).status).toBe(404);
  });

  it('who may not: a manager (403), a visitor without a session (401), a write without the back office header (403)', async () => {
    const [row] = await app.deps.db.select().from(backInStockSubscriptions).where(eq(backInStockSubscriptions.email, emails.unconfirmed));
    for (const [path, method] of [
      ['/marketing/back-in-stock', 'GET'],
      ['/marketing/back-in-stock?status=sent', 'GET'],
      ['/marketing/back-in-stock/variations', 'GET'],
      [`/marketing/back-in-stock/${row!.id}/unsubscribe`, 'POST'],
    ] as const) {
      const refused = await expectJson(await as(manager, path, { method }), 403);
      expect(refused).toMatchObject({ success: false, status: 403 });
      expect((await as(null, path, { method })).status).toBe(401);
    }
    const noHeader = await adminRequest(app, `/marketing/back-in-stock/${row!.id}/unsubscribe`, {
      method: 'POST',
      cookie: owner.cookie,
      csrf: false,
    });
    expect(noHeader.status).toBe(403);
    const [after] = await app.deps.db.select().from(backInStockSubscriptions).where(eq(backInStockSubscriptions.id, row!.id));
    expect(after!.unsubscribedAt).toBeNull();
  });

  it('the counts kept by the trigger equal the subscriptions counted directly, and go with a deleted product', async () => {
    const kept = await app.deps.db.select().from(backInStockVariationCounts);
    const counted = await app.deps.db
      .select({
        variationId: backInStockSubscriptions.variationId,
        waiting: sql<number>`count(*) filter (where confirmed_at is not null and unsubscribed_at is null and notified_at is null)::int`,
        unconfirmed: sql<number>`count(*) filter (where confirmed_at is null and unsubscribed_at is null)::int`,
        sent: sql<number>`count(*) filter (where notified_at is not null)::int`,
        unsubscribed: sql<number>`count(*) filter (where unsubscribed_at is not null and notified_at is null)::int`,
      })
      .from(backInStockSubscriptions)
      .groupBy(backInStockSubscriptions.variationId);
    const byVariation = (rows: { variationId: string; waiting: number; unconfirmed: number; sent: number; unsubscribed: number }[]) =>
      Object.fromEntries(
        rows.map(({ variationId, waiting, unconfirmed, sent, unsubscribed }) => [
          variationId,
          { waiting, unconfirmed, sent, unsubscribed },
        ]),
      );
    expect(byVariation(kept)).toEqual(byVariation(counted));
    await app.deps.db.delete(products).where(eq(products.id, awaited.productId));
    expect(
      await app.deps.db.select().from(backInStockVariationCounts).where(eq(backInStockVariationCounts.variationId, awaited.variationId)),
    ).toEqual([]);
    const answer = backInStockVariationsSchema.parse(await expectJson(await as(owner, '/marketing/back-in-stock/variations'), 200));
    expect(answer.items.map((v) => v.productTitle)).toEqual(['Puerh']);
  });
});
