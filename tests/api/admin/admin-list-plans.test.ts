import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderListQuerySchema, productListQuerySchema } from '../../../src/contract/admin';
import { productListPage } from '../../../src/server/api/admin/catalog/products-routes';
import { boundedTotal } from '../../../src/server/api/admin/lists';
import { orderListPage } from '../../../src/server/api/admin/orders-routes';
import type { Executor } from '../../../src/server/db/client';
import { products } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

const PRODUCTS = 1200;
const ORDERS = 1200;

/** Generated products (each with two variations, SKU `SKU-<n>-A/B`) and orders, then fresh statistics. */
async function generate(db: Executor) {
  await db.execute(sql`
    insert into products (id, slug, title, sort_title, price_cents, price_full_cents, enabled, created_at, updated_at)
    select 'gp-' || g, 'generated-' || g,
      jsonb_build_object('en', case when g % 10 = 0 then 'Linen shirt ' else 'Wool sweater ' end || g, 'ru', 'Товар ' || g),
      lower(case when g % 10 = 0 then 'Linen shirt ' else 'Wool sweater ' end || g), 100 + (g * 37) % 5000, 100 + (g * 37) % 5000,
      g % 3 <> 0, now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`
    insert into variations (id, product_id, sku, full_price_cents, stock, position, is_default)
    select 'gv-' || g || '-' || k, 'gp-' || g, 'SKU-' || g || '-' || k, 100 + (g * 37) % 5000, (g + ascii(k)) % 9, ascii(k) - 65, k = 'A'
    from generate_series(1, ${PRODUCTS}) g, (values ('A'), ('B')) s(k)`);
  await db.execute(sql`
    insert into orders (id, secret_token, status, payment_status, payment_method, delivery_method, items_total_cents, total_cents,
      currency, customer, receiver, created_at)
    select 'go-' || g, 'secret-' || g, (array['new', 'processing', 'shipped', 'canceled'])[1 + g % 4],
      (array['new', 'pending', 'completed'])[1 + g % 3], 'cash', case when g % 2 = 0 then 'pickup' else 'shipping' end,
      1000 + g, 1000 + g, 'USD',
      jsonb_build_object('name', 'Buyer' || g, 'lastName', 'Family' || (g % 50), 'phone', '+1 (555) ' || lpad(g::text, 6, '0'),
        'email', 'buyer' || g || '@mail' || (g % 20) || '.test'),
      null, now() - g * interval '1 hour'
    from generate_series(1, ${ORDERS}) g`);
  await db.execute(sql`analyze`);
}

/**
 * The plan of `query` (a page's ids as the route reads them) with sequential scans priced out, and sorts too; a
 * search (`search`) sorts its few matches, and is planned with bitmap scans only: a small table is as quickly read
 * whole, so this shows which index the search's condition can use.
 */
async function planOf(db: Executor, query: SQLWrapper, search = false): Promise<string> {
  return db.transaction(async (tx) => {
    // on a small table a sequential scan is as good; priced out, the plan shows which index can serve the query
    await tx.execute(sql`set local enable_seqscan = off`);
    if (search) {
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
    } else await tx.execute(sql`set local enable_sort = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

describe.each(databaseKinds)('back office lists read their indexes (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner');
    await generate(app.deps.db);
  });
  afterAll(async () => {
    await app.close();
  });

  const productPlan = (query: Record<string, string | undefined>) =>
    planOf(app.deps.db, productListPage(app.deps.db, productListQuerySchema.parse(query)).keys, Boolean(query.q));
  const orderPlan = (query: Record<string, string | undefined>) =>
    planOf(app.deps.db, orderListPage(app.deps.db, orderListQuerySchema.parse(query)).keys, Boolean(query.q));

  it.each([
    ['title', 'products_sort_title_idx'],
    ['-title', 'products_sort_title_idx'],
    ['priceCents', 'products_admin_price_idx'],
    ['-createdAt', 'products_admin_created_idx'],
    ['updatedAt', 'products_admin_updated_idx'],
  ])('products sorted by %s walk %s, also filtered by state, without sorting', async (sort, index) => {
    for (const query of [
      { sort, page: '40' },
      { sort, page: '3', enabled: 'true' },
    ]) {
      const plan = await productPlan(query);
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/\bSort\b/);
      expect(plan).not.toContain('Seq Scan');
    }
  });

  it('a product search reads the trigram indexes of titles and addresses and of SKUs', async () => {
    const plan = await productPlan({ q: 'linen', sort: 'title' });
    expect(plan).toContain('products_admin_search_idx');
    expect(plan).toContain('variations_sku_trgm_idx');
    expect(plan).not.toContain('Seq Scan');
  });

  it.each([
    ['-createdAt', 'orders_created_idx'],
    ['number', 'orders_number_idx'],
    ['totalCents', 'orders_total_idx'],
    ['status', 'orders_status_idx'],
  ])('orders sorted by %s walk %s, also filtered, without sorting', async (sort, index) => {
    expect(await orderPlan({ sort, page: '30' })).toContain(index);
    // filtered by status, the status sort is the number's order: either way no sort and no table scan
    for (const query of [
      { sort, page: '30' },
      { sort, status: 'shipped', paymentStatus: 'completed', deliveryMethod: 'pickup' },
    ]) {
      const plan = await orderPlan(query);
      expect(plan).toMatch(/orders_(created|number|total|status)_idx/);
      expect(plan).not.toMatch(/\bSort\b/);
      expect(plan).not.toContain('Seq Scan');
    }
  });

  it('an order search by name or e-mail and by phone digits reads their trigram indexes', async () => {
    expect(await orderPlan({ q: 'buyer17@mail17' })).toContain('orders_search_idx');
    const phone = await orderPlan({ q: '555) 000123' });
    expect(phone).toContain('orders_phone_search_idx');
    expect(phone).toContain('orders_search_idx');
    expect(phone).not.toContain('Seq Scan');
  });

  it('pages follow each other in the sort with no row twice, deep pages included, and searches find SKUs and e-mails', async () => {
    const get = async (query: string) => expectJson(await adminRequest(app, `/products?${query}`, { cookie: owner.cookie }), 200);
    const seen: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const answer = await get(`sort=-priceCents&perPage=100&page=${page}&enabled=true`);
      expect(answer.total).toBe(800);
      expect(answer.totalCapped).toBe(false);
      seen.push(...answer.items.map((item: { id: string }) => item.id));
      const prices = answer.items.map((item: { priceCents: number }) => item.priceCents);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    }
    expect(new Set(seen).size).toBe(400);
    const bySku = await get('q=sku-1001-b');
    expect(bySku.items.map((item: { id: string }) => item.id)).toEqual(['gp-1001']);
    const byTitle = await get('q=linen%20shirt%2011');
    // "Linen shirt 110" and "Linen shirt 1100" to "Linen shirt 1190"
    expect(byTitle.total).toBe(11);
    expect(byTitle.items.map((item: { id: string }) => item.id)).toContain('gp-110');
    const orders = await expectJson(await adminRequest(app, '/orders?q=BUYER17@mail17.test', { cookie: owner.cookie }), 200);
    expect(orders.items.map((item: { customerEmail: string }) => item.customerEmail)).toEqual(['buyer17@mail17.test']);
    const byPhone = await expectJson(await adminRequest(app, '/orders?q=555-000-123', { cookie: owner.cookie }), 200);
    expect(byPhone.items.map((item: { customerName: string }) => item.customerName)).toContain('Buyer123 Family23');
  });

  it('a total past the bound is answered as at least the bound', async () => {
    const db = app.deps.db;
    const all = db.select({ one: sql`1` }).from(products).$dynamic();
    expect(await boundedTotal(db, all, 0, 500)).toEqual({ total: 500, totalCapped: true });
    expect(await boundedTotal(db, db.select({ one: sql`1` }).from(products).$dynamic(), 1000, 500)).toEqual({
      total: PRODUCTS,
      totalCapped: false,
    });
  });
});
