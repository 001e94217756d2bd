import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

type Counted = { rows: { n: number }[] };

/**
 * Tops the shop up to `customers` generated customers and `orders` generated orders, for measuring the back office at
 * scale (`npm run db:seed -- --products 100000 --customers 50000 --orders 200000`). Customers have a name, an e-mail
 * and a phone; every order belongs to one of them (guests' orders too), is spread over the last two years, and has
 * two lines of generated products (when there are any). Statuses, payments and deliveries vary as a shop's do. Rows
 * are made by the database (generate_series), a batch per transaction; ids derive from the row's number, so running
 * it again adds only what is missing. Answers how many customers and orders it added.
 */
export async function generateOrders(
  db: Executor,
  counts: { customers: number; orders: number },
  options: { batchSize?: number; now?: Date } = {},
): Promise<{ customers: number; orders: number }> {
  const batchSize = options.batchSize ?? 20_000;
  const now = (options.now ?? new Date()).toISOString();
  const customersBefore = (
    (await db.execute(sql`select count(*)::int as n from customers where id like 'generated-customer-%'`)) as unknown as Counted
  ).rows[0]!.n;
  for (let from = customersBefore + 1; from <= counts.customers; from += batchSize) {
    const to = Math.min(counts.customers, from + batchSize - 1);
    await db.execute(sql`
      insert into customers (id, email, phone, phone_key, name, last_name, tags, created_at, updated_at)
      select 'generated-customer-' || i, 'buyer' || i || '@mail' || (i % 97) || '.test', '+1 555 ' || lpad(i::text, 7, '0'),
        '1555' || lpad(i::text, 7, '0'),
        (array['Anna','Boris','Clara','Dmitri','Elena','Felix','Galina','Hugo','Irina','Jonas'])[1 + i % 10],
        (array['Smith','Ivanova','Novak','Garcia','Kim','Rossi','Petrov','Müller'])[1 + i % 8] || ' ' || (i % 1000),
        case when i % 7 = 0 then array['wholesale'] else '{}'::text[] end,
        ${now}::timestamptz - (i % 730) * interval '1 day' - (i % 1440) * interval '1 minute',
        ${now}::timestamptz - (i % 730) * interval '1 day'
      from generate_series(${from}::int, ${to}::int) as i
      on conflict do nothing`);
  }
  const customerTotal = (
    (await db.execute(sql`select count(*)::int as n from customers where id like 'generated-customer-%'`)) as unknown as Counted
  ).rows[0]!.n;
  const ordersBefore = (
    (await db.execute(sql`select count(*)::int as n from orders where id like 'generated-order-%'`)) as unknown as Counted
  ).rows[0]!.n;
  const productCount = (
    (await db.execute(sql`select count(*)::int as n from products where slug like 'generated-%'`)) as unknown as Counted
  ).rows[0]!.n;
  for (let from = ordersBefore + 1; from <= counts.orders && customerTotal > 0; from += batchSize) {
    const to = Math.min(counts.orders, from + batchSize - 1);
    await db.transaction(async (tx) => {
      // the numbers count up in the order of creation, the oldest first (as the shop's own orders do)
      await tx.execute(sql`
        insert into orders (id, secret_token, status, payment_status, payment_method, delivery_method, delivery_price_cents,
          items_total_cents, total_cents, currency, customer, customer_id, address, lang, created_at, updated_at)
        select 'generated-order-' || i, md5('generated-order-secret-' || i),
          (array['new','processing','shipped','delivered','delivered','delivered','canceled'])[1 + i % 7],
          case when i % 11 = 0 then 'pending' when i % 7 = 6 then 'canceled' else 'completed' end,
          case when i % 3 = 0 then 'cash' else 'sandbox' end,
          case when i % 4 = 0 then 'pickup' else 'shipping' end,
          case when i % 4 = 0 then 0 else 500 end,
          2000 + (i * 7919) % 90000, 2000 + (i * 7919) % 90000 + case when i % 4 = 0 then 0 else 500 end, 'USD',
          jsonb_build_object('name', (array['Anna','Boris','Clara','Dmitri','Elena','Felix','Galina','Hugo','Irina','Jonas'])[1 + c % 10],
            'lastName', (array['Smith','Ivanova','Novak','Garcia','Kim','Rossi','Petrov','Müller'])[1 + c % 8] || ' ' || (c % 1000),
            'phone', '+1 555 ' || lpad(c::text, 7, '0'), 'email', 'buyer' || c || '@mail' || (c % 97) || '.test'),
          'generated-customer-' || c,
          case when i % 4 = 0 then null else jsonb_build_object('country', 'US', 'city', 'Springfield', 'line1', i || ' Main Street', 'postcode', '12345') end,
          'en',
          ${now}::timestamptz - (${counts.orders}::int - i) * (interval '730 days' / greatest(${counts.orders}::int, 1)),
          ${now}::timestamptz - (${counts.orders}::int - i) * (interval '730 days' / greatest(${counts.orders}::int, 1))
        from generate_series(${from}::int, ${to}::int) as i, lateral (select 1 + (i * 31) % ${customerTotal}::int as c) as picked
        order by i
        on conflict do nothing`);
      if (productCount > 0)
        await tx.execute(sql`
          insert into order_items (id, order_id, product_id, variation_id, product_slug, title, sku, quantity, unit_price_cents,
            unit_full_price_cents, total_cents, position)
          select 'generated-order-item-' || i || '-' || k, 'generated-order-' || i, md5('generated-product-' || p)::uuid::text,
            md5('generated-variation-0-0-' || p)::uuid::text, 'generated-' || p, 'Generated product ' || p, 'GEN-' || p || '-00',
            1 + k, 1000, 1000, 1000 * (1 + k), k
          from generate_series(${from}::int, ${to}::int) as i, generate_series(0, 1) as k,
            lateral (select 1 + (i * 13 + k * 7) % ${productCount}::int as p) as picked
          on conflict do nothing`);
    });
  }
  await db.execute(sql`analyze customers`);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_items`);
  return { customers: Math.max(0, counts.customers - customersBefore), orders: Math.max(0, counts.orders - ordersBefore) };
}
