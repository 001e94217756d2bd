import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerListQuerySchema } from '../../../src/contract/admin';
import { customerListPage } from '../../../src/server/api/admin/customers-routes';
import type { Executor } from '../../../src/server/db/client';
import { generateOrders } from '../../../src/server/seed/generated-orders';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

const CUSTOMERS = 1500;
const ORDERS = 3000;

/** The plan of a query with sequential scans and sorts priced out (a search: with bitmap scans only), as in admin-list-plans. */
async function planOf(db: Executor, query: SQLWrapper, search = false): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (search) {
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
    } else await tx.execute(sql`set local enable_sort = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

type Figures = { id: string; orders_count: number; spent_cents: string | number };

/** Customers whose kept figures differ from their orders and refunds counted afresh. */
async function driftedFigures(db: Executor): Promise<Figures[]> {
  const result = (await db.execute(sql`
    select c.id, c.orders_count, c.spent_cents from customers c
    where c.orders_count <> (select count(*) from orders o where o.customer_id = c.id)
       or c.spent_cents <> (select coalesce(sum(o.total_cents), 0) from orders o where o.customer_id = c.id and o.status <> 'canceled')
         - (select coalesce(sum(r.amount_cents), 0) from payment_refunds r join orders o on o.id = r.order_id
            where o.customer_id = c.id and o.status <> 'canceled' and r.status = 'succeeded')`)) as unknown as { rows: Figures[] };
  return result.rows;
}

const figuresOf = async (db: Executor, id: string) =>
  (
    (await db.execute(sql`select orders_count, spent_cents::int as spent from customers where id = ${id}`)) as unknown as {
      rows: { orders_count: number; spent: number }[];
    }
  ).rows[0]!;

describe.each(databaseKinds)('the customer list at scale (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner');
    await generateOrders(app.deps.db, { customers: CUSTOMERS, orders: ORDERS }, { batchSize: 1000 });
  });
  afterAll(async () => {
    await app.close();
  });

  const plan = (query: Record<string, string | undefined>) =>
    planOf(app.deps.db, customerListPage(app.deps.db, customerListQuerySchema.parse(query)).keys, Boolean(query.q));
  const list = async (query: string) => expectJson(await adminRequest(app, `/customers?${query}`, { cookie: owner.cookie }), 200);

  it('generating again adds nothing; every order belongs to a customer whose figures match its orders', async () => {
    expect(await generateOrders(app.deps.db, { customers: CUSTOMERS, orders: ORDERS })).toEqual({ customers: 0, orders: 0 });
    expect(await driftedFigures(app.deps.db)).toEqual([]);
    const [counted] = (
      (await app.deps.db.execute(
        sql`select sum(orders_count)::int as n from customers where id like 'generated-customer-%'`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(counted!.n).toBe(ORDERS);
  });

  it.each([
    ['createdAt', 'customers_created_idx'],
    ['-createdAt', 'customers_created_idx'],
    ['email', 'customers_email_sort_idx'],
    ['ordersCount', 'customers_orders_count_idx'],
    ['-totalSpentCents', 'customers_spent_idx'],
  ])('sorted by %s the list walks %s, also on a deep page and filtered, without sorting', async (sort, index) => {
    for (const query of [
      { sort, page: '50' },
      { sort, page: '3', registered: 'false', minSpent: '1000' },
    ]) {
      const text = await plan(query);
      expect(text).toContain(index);
      expect(text).not.toMatch(/\bSort\b/);
      expect(text).not.toContain('Seq Scan');
    }
  });

  it('a search by name, e-mail or phone reads the trigram indexes of customers and of profiles', async () => {
    const text = await plan({ q: 'Irina Kim' });
    expect(text).toContain('customers_search_idx');
    expect(text).toContain('user_profiles_search_idx');
    expect(text).not.toContain('Seq Scan');
  });

  it('pages follow each other in the sort with no customer twice; searches find e-mails and phone digits', async () => {
    const seen: string[] = [];
    let previous = Number.POSITIVE_INFINITY;
    for (let page = 1; page <= 3; page += 1) {
      const answer = await list(`sort=-totalSpentCents&perPage=100&page=${page}`);
      expect(answer.totalCapped).toBe(false);
      for (const item of answer.items as { id: string; totalSpentCents: number }[]) {
        expect(item.totalSpentCents).toBeLessThanOrEqual(previous);
        previous = item.totalSpentCents;
        seen.push(item.id);
      }
    }
    expect(new Set(seen).size).toBe(300);
    const byEmail = await list('q=BUYER1234@mail');
    expect(byEmail.items.map((item: { id: string }) => item.id)).toEqual(['generated-customer-1234']);
    const byPhone = await list('q=555-000-1234');
    expect(byPhone.items.map((item: { id: string }) => item.id)).toEqual(['generated-customer-1234']);
    const byName = await list('q=irina%20kim');
    expect(byName.total).toBeGreaterThan(0);
    for (const item of byName.items as { firstName: string; lastName: string }[]) {
      expect(item.firstName).toBe('Irina');
      expect(item.lastName).toMatch(/^Kim /);
    }
  });

  it('the figures follow an order placed, canceled, refunded and deleted', async () => {
    const db = app.deps.db;
    const id = 'generated-customer-7';
    const before = await figuresOf(db, id);
    await db.execute(sql`
      insert into orders (id, secret_token, payment_method, delivery_method, items_total_cents, total_cents, currency, customer, customer_id)
      values ('figures-order', 'figures-secret', 'cash', 'pickup', 5000, 5000, 'USD', '{"name":"Hugo","phone":"1"}', ${id})`);
    expect(await figuresOf(db, id)).toEqual({ orders_count: before.orders_count + 1, spent: before.spent + 5000 });
    await db.execute(sql`
      insert into payment_transactions (id, order_id, provider, amount_cents, currency) values ('figures-payment', 'figures-order', 'sandbox', 5000, 'USD')`);
    await db.execute(sql`
      insert into payment_refunds (id, transaction_id, order_id, provider, idempotency_key, status, amount_cents, currency)
      values ('figures-refund', 'figures-payment', 'figures-order', 'sandbox', 'figures-key', 'pending', 1200, 'USD')`);
    // a refund counts once it succeeded
    expect((await figuresOf(db, id)).spent).toBe(before.spent + 5000);
    await db.execute(sql`update payment_refunds set status = 'succeeded' where id = 'figures-refund'`);
    expect((await figuresOf(db, id)).spent).toBe(before.spent + 3800);
    await db.execute(sql`update orders set status = 'canceled' where id = 'figures-order'`);
    expect(await figuresOf(db, id)).toEqual({ orders_count: before.orders_count + 1, spent: before.spent });
    await db.execute(sql`update orders set status = 'new' where id = 'figures-order'`);
    await db.execute(sql`update orders set customer_id = 'generated-customer-8' where id = 'figures-order'`);
    expect(await figuresOf(db, id)).toEqual(before);
    await db.execute(sql`delete from orders where id = 'figures-order'`);
    expect(await driftedFigures(db)).toEqual([]);
  });
});
