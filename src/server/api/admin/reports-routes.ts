import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  REPORT_MAX_DAYS,
  reportQuerySchema,
  type Report,
  type ReportPoint,
  type ReportRanked,
  type ReportTotals,
} from '../../../contract/admin';
import { localize, type Language } from '../../../lib/localize';
import { CANCELED_STATUS } from '../../../lib/order-workflow';
import { daysOf, groupKeys, keyOf, lastDayOf, previousRange, rangeOf, type DayRange, type Grouping } from '../../../lib/reports';
import type { Executor } from '../../db/client';
import { shopCurrency } from '../commerce/shop-settings';
import { fieldError } from '../core/errors';
import { readQuery } from '../core/validate';
import type { AdminEnv } from './context';
import { adminMessage } from './messages';

/** Rows in each ranking. */
const TOP_ROWS = 10;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;
const int = (value: unknown): number => Number(value ?? 0);

/**
 * The orders a report counts, placed in [from, until): not canceled. The scan walks orders_created_idx by its first
 * column; the lines and succeeded refunds of each order are read through their order indexes. `grp` is the first
 * day of the order's group (UTC), `current` whether it is in the reported period rather than the previous one.
 */
const counted = (whole: DayRange, current: DayRange, by: Grouping) => sql`
  counted as materialized (
    select o.id, o.customer_id, o.created_at, o.total_cents, o.discount_cents, o.discount_code_id, o.delivery_method,
      coalesce(o.delivery_title, '') as delivery_title,
      date_trunc(${by}::text, o.created_at at time zone 'UTC') as grp,
      o.created_at >= ${current.from.toISOString()}::timestamptz as current
    from orders o
    where o.created_at >= ${whole.from.toISOString()}::timestamptz and o.created_at < ${whole.until.toISOString()}::timestamptz
      and o.status <> ${CANCELED_STATUS}
  )`;

type GroupRow = { current: boolean; grp: string; orders: number; revenue: string; refunds: string; items: string };
type CustomerRow = { current: boolean; grp: string | null; customers: number; fresh: number };

const emptyTotals = (): ReportTotals => ({
  orders: 0,
  revenueCents: 0,
  refundsCents: 0,
  netRevenueCents: 0,
  averageOrderCents: 0,
  itemsSold: 0,
  newCustomers: 0,
  returningCustomers: 0,
});

function finish<T extends ReportTotals>(point: T): T {
  point.netRevenueCents = point.revenueCents - point.refundsCents;
  point.averageOrderCents = point.orders ? Math.round(point.revenueCents / point.orders) : 0;
  return point;
}

/** The points and totals of the period and the previous one, in one pass over their orders. */
async function loadSeries(db: Executor, range: DayRange, previous: DayRange, by: Grouping) {
  const whole: DayRange = { from: previous.from, until: range.until };
  const groups = await rowsOf<GroupRow>(
    db,
    sql`with ${counted(whole, range, by)}
      select c.current, to_char(c.grp, 'YYYY-MM-DD') as grp, count(*)::int as orders, sum(c.total_cents)::text as revenue,
        coalesce(sum((select sum(r.amount_cents) from payment_refunds r where r.order_id = c.id and r.status = 'succeeded')), 0)::text as refunds,
        coalesce(sum((select sum(i.quantity) from order_items i where i.order_id = c.id)), 0)::text as items
      from counted c group by c.current, c.grp`,
  );
  // a customer is new where their first counted order is: in the group (from the period's start on), else returning
  const customers = await rowsOf<CustomerRow>(
    db,
    sql`with ${counted(whole, range, by)},
      firsts as (
        select d.customer_id,
          (select min(o.created_at) from orders o where o.customer_id = d.customer_id and o.status <> ${CANCELED_STATUS}) as first_at
        from (select distinct customer_id from counted where customer_id is not null) d
      ),
      marked as (
        select c.current, c.grp, c.customer_id,
          f.first_at >= greatest(c.grp at time zone 'UTC',
            case when c.current then ${range.from.toISOString()}::timestamptz else ${previous.from.toISOString()}::timestamptz end) as fresh_in_group,
          f.first_at >= case when c.current then ${range.from.toISOString()}::timestamptz else ${previous.from.toISOString()}::timestamptz end as fresh_in_period
        from counted c join firsts f on f.customer_id = c.customer_id
      )
      select current, to_char(grp, 'YYYY-MM-DD') as grp, count(distinct customer_id)::int as customers,
        count(distinct customer_id) filter (where fresh_in_group)::int as fresh
      from marked group by current, grp
      union all
      select current, null, count(distinct customer_id)::int, count(distinct customer_id) filter (where fresh_in_period)::int
      from marked group by current`,
  );

  const build = (period: DayRange, isCurrent: boolean) => {
    const byKey = new Map<string, ReportPoint>();
    for (const start of groupKeys(period, by)) byKey.set(start, { start, ...emptyTotals() });
    const totals = emptyTotals();
    for (const row of groups) {
      if (row.current !== isCurrent) continue;
      const point = byKey.get(row.grp);
      if (!point) continue;
      point.orders += row.orders;
      point.revenueCents += int(row.revenue);
      point.refundsCents += int(row.refunds);
      point.itemsSold += int(row.items);
      totals.orders += row.orders;
      totals.revenueCents += int(row.revenue);
      totals.refundsCents += int(row.refunds);
      totals.itemsSold += int(row.items);
    }
    for (const row of customers) {
      if (row.current !== isCurrent) continue;
      const target = row.grp === null ? totals : byKey.get(row.grp);
      if (!target) continue;
      target.newCustomers = row.fresh;
      target.returningCustomers = row.customers - row.fresh;
    }
    return { points: [...byKey.values()].map(finish), totals: finish(totals) };
  };
  return { current: build(range, true), previous: build(previous, false) };
}

type RankRow = {
  key: string;
  title: string | null;
  titles: { en: string; ru: string } | null;
  orders: number;
  quantity: string;
  revenue: string;
  discount: string;
};

const ranked = (rows: RankRow[], lang: Language, untitled: (row: RankRow) => string): ReportRanked[] =>
  rows.map((row) => ({
    key: row.key,
    title: (row.titles ? localize(row.titles, lang) : '') || row.title || untitled(row),
    orders: row.orders,
    quantity: int(row.quantity),
    revenueCents: int(row.revenue),
    discountCents: int(row.discount),
  }));

/** The period's best products, catalogs, discount codes and delivery methods, by revenue. */
async function loadTop(db: Executor, range: DayRange, lang: Language) {
  const period = sql`with ${counted(range, range, 'day')}`;
  const [products, catalogs, codes, delivery] = await Promise.all([
    rowsOf<RankRow>(
      db,
      sql`${period}, lines as (
          select coalesce(i.product_id, i.title) as key, max(i.title) as title, count(distinct c.id)::int as orders,
            sum(i.quantity)::text as quantity, sum(i.total_cents)::text as revenue
          from counted c join order_items i on i.order_id = c.id group by 1 order by sum(i.total_cents) desc, 1 limit ${TOP_ROWS}
        )
        select l.key, l.title, p.title as titles, l.orders, l.quantity, l.revenue, '0' as discount
        from lines l left join products p on p.id = l.key order by l.revenue::bigint desc, l.key`,
    ),
    rowsOf<RankRow>(
      db,
      sql`${period}
        select k.id as key, null as title, k.title as titles, count(distinct c.id)::int as orders, sum(i.quantity)::text as quantity,
          sum(i.total_cents)::text as revenue, '0' as discount
        from counted c join order_items i on i.order_id = c.id
          join catalog_products cp on cp.product_id = i.product_id join catalogs k on k.id = cp.catalog_id
        group by k.id, k.title order by sum(i.total_cents) desc, k.id limit ${TOP_ROWS}`,
    ),
    rowsOf<RankRow>(
      db,
      sql`${period}
        select c.discount_code_id as key, max(d.code) as title, null as titles, count(*)::int as orders, '0' as quantity,
          sum(c.total_cents)::text as revenue, sum(c.discount_cents)::text as discount
        from counted c left join discount_codes d on d.id = c.discount_code_id
        where c.discount_code_id is not null
        group by c.discount_code_id order by count(*) desc, sum(c.total_cents) desc, 1 limit ${TOP_ROWS}`,
    ),
    rowsOf<RankRow>(
      db,
      sql`${period}
        select c.delivery_method as key, c.delivery_title as title, null as titles, count(*)::int as orders, '0' as quantity,
          sum(c.total_cents)::text as revenue, '0' as discount
        from counted c group by c.delivery_method, c.delivery_title order by sum(c.total_cents) desc, 1, 2 limit ${TOP_ROWS}`,
    ),
  ]);
  return {
    products: ranked(products, lang, (row) => row.key),
    catalogs: ranked(catalogs, lang, (row) => row.key),
    discountCodes: ranked(codes, lang, () => adminMessage('reports.deletedCode', lang)),
    deliveryMethods: ranked(delivery, lang, (row) =>
      adminMessage(`reports.delivery.${row.key === 'pickup' ? 'pickup' : 'shipping'}`, lang),
    ),
  };
}

/** GET /reports: the sales report of a range (see reportSchema for what counts). Every signed-in staff member reads it. */
export const reportRoutes = new Hono<AdminEnv>().get('/reports', async (c) => {
  const { deps, lang } = c.var;
  const query = readQuery(c, reportQuerySchema);
  const range = rangeOf(query.from, query.to, deps.now());
  if (range.until <= range.from) throw fieldError('to', adminMessage('reports.toBeforeFrom', lang));
  if (daysOf(range) > REPORT_MAX_DAYS) throw fieldError('from', adminMessage('reports.tooLong', lang, { days: REPORT_MAX_DAYS }));
  const previous = previousRange(range);
  const [series, top, currency] = await Promise.all([
    loadSeries(deps.db, range, previous, query.by),
    loadTop(deps.db, range, lang),
    shopCurrency(deps.db),
  ]);
  const answer: Report = {
    currency,
    by: query.by,
    period: { from: keyOf(range.from), to: lastDayOf(range) },
    previousPeriod: { from: keyOf(previous.from), to: lastDayOf(previous) },
    points: series.current.points,
    previousPoints: series.previous.points,
    totals: series.current.totals,
    previousTotals: series.previous.totals,
    top,
  };
  return c.json(answer);
});
