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
import {
  dayKeyIn,
  dayOf,
  daysOf,
  groupKeys,
  keyOf,
  lastDayOf,
  previousRange,
  rangeOf,
  type DayRange,
  type Grouping,
} from '../../../lib/reports';
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

const dayText = (date: Date) => keyOf(date);

type GroupRow = {
  current: boolean;
  grp: string;
  orders: number;
  revenue: string;
  refunds: string;
  items: string;
  carts: number;
  cartOrders: number;
};
type CustomerRow = { current: boolean; grp: string; customers: number; periodCustomers: number; fresh: number };

const emptyTotals = (): ReportTotals => ({
  orders: 0,
  revenueCents: 0,
  refundsCents: 0,
  netRevenueCents: 0,
  averageOrderCents: 0,
  itemsSold: 0,
  newCustomers: 0,
  returningCustomers: 0,
  cartsStarted: 0,
  cartOrders: 0,
});

function finish<T extends ReportTotals>(point: T): T {
  point.netRevenueCents = point.revenueCents - point.refundsCents;
  point.averageOrderCents = point.orders ? Math.round(point.revenueCents / point.orders) : 0;
  return point;
}

/**
 * The points and totals of the period and the previous one, from the daily roll-ups (report_days, one row a day, read
 * by its key, and report_day_customers, one row per customer and day, read from its (day, previous_day) index alone).
 * `current` tells the period's rows from the previous one's; `grp` is the first day of a row's day, week or month.
 */
async function loadSeries(db: Executor, range: DayRange, previous: DayRange, by: Grouping) {
  const from = dayText(range.from);
  const [groups, customers] = await Promise.all([
    rowsOf<GroupRow>(
      db,
      sql`select r.day >= ${from}::date as current, to_char(date_trunc(${by}::text, r.day::timestamp), 'YYYY-MM-DD') as grp,
          sum(r.orders)::int as orders, sum(r.revenue_cents)::text as revenue, sum(r.refunds_cents)::text as refunds,
          sum(r.items)::text as items, sum(r.carts)::int as carts, sum(r.account_orders)::int as "cartOrders"
        from report_days r where r.day >= ${dayText(previous.from)}::date and r.day < ${dayText(range.until)}::date
        group by 1, 2`,
    ),
    // a customer is new in a group when it holds their first counted order ever (no previous day), and counted once
    // in a group (or the period) on their first day in it: the one whose previous day falls before its start
    rowsOf<CustomerRow>(
      db,
      sql`with c as (
          select c.day >= ${from}::date as current, date_trunc(${by}::text, c.day::timestamp)::date as grp, c.previous_day
          from report_day_customers c where c.day >= ${dayText(previous.from)}::date and c.day < ${dayText(range.until)}::date
        )
        select current, to_char(grp, 'YYYY-MM-DD') as grp,
          count(*) filter (where previous_day is null
            or previous_day < greatest(grp, case when current then ${from}::date else ${dayText(previous.from)}::date end))::int as customers,
          count(*) filter (where previous_day is null
            or previous_day < case when current then ${from}::date else ${dayText(previous.from)}::date end)::int as "periodCustomers",
          count(*) filter (where previous_day is null)::int as fresh
        from c group by current, grp`,
    ),
  ]);

  const build = (period: DayRange, isCurrent: boolean) => {
    const byKey = new Map<string, ReportPoint>();
    for (const start of groupKeys(period, by)) byKey.set(start, { start, ...emptyTotals() });
    const totals = emptyTotals();
    for (const row of groups) {
      if (row.current !== isCurrent) continue;
      const point = byKey.get(row.grp);
      if (!point) continue;
      for (const target of [point, totals]) {
        target.orders += row.orders;
        target.revenueCents += int(row.revenue);
        target.refundsCents += int(row.refunds);
        target.itemsSold += int(row.items);
        target.cartsStarted += row.carts;
        target.cartOrders += row.cartOrders;
      }
    }
    let periodCustomers = 0;
    for (const row of customers) {
      if (row.current !== isCurrent) continue;
      periodCustomers += row.periodCustomers;
      totals.newCustomers += row.fresh;
      const point = byKey.get(row.grp);
      if (!point) continue;
      point.newCustomers = row.fresh;
      point.returningCustomers = row.customers - row.fresh;
    }
    totals.returningCustomers = periodCustomers - totals.newCustomers;
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

/**
 * The period's best products, catalogs, discount codes and delivery methods, by revenue, from report_day_ranks (read
 * by its primary key: kind, then day). A line counts towards the catalogs its product was in when its day was computed.
 */
async function loadTop(db: Executor, range: DayRange, lang: Language) {
  const within = (kind: string) =>
    sql`r.kind = ${kind} and r.day >= ${dayText(range.from)}::date and r.day < ${dayText(range.until)}::date`;
  const [products, catalogs, codes, delivery] = await Promise.all([
    rowsOf<RankRow>(
      db,
      sql`with lines as (
          select r.key, sum(r.orders)::int as orders, sum(r.quantity)::text as quantity, sum(r.revenue_cents) as revenue
          from report_day_ranks r where ${within('product')} group by r.key order by sum(r.revenue_cents) desc, r.key limit ${TOP_ROWS}
        )
        select l.key, p.title as titles, l.orders, l.quantity, l.revenue::text, '0' as discount,
          -- the line's own title only for a product gone since (adding up titles for every product would cost a third more)
          case when p.id is null then (select r.title from report_day_ranks r where ${within('product')} and r.key = l.key limit 1) end as title
        from lines l left join products p on p.id = l.key order by l.revenue desc, l.key`,
    ),
    rowsOf<RankRow>(
      db,
      sql`with sold as (
          select r.key, sum(r.orders)::int as orders, sum(r.quantity)::text as quantity, sum(r.revenue_cents) as revenue
          from report_day_ranks r where ${within('catalog')} group by r.key order by sum(r.revenue_cents) desc, r.key limit ${TOP_ROWS}
        )
        select s.key, null as title, k.title as titles, s.orders, s.quantity, s.revenue::text, '0' as discount
        from sold s left join catalogs k on k.id = s.key order by s.revenue desc, s.key`,
    ),
    rowsOf<RankRow>(
      db,
      sql`select r.key, max(d.code) as title, null as titles, sum(r.orders)::int as orders, '0' as quantity,
          sum(r.revenue_cents)::text as revenue, sum(r.discount_cents)::text as discount
        from report_day_ranks r left join discount_codes d on d.id = r.key
        where ${within('code')}
        group by r.key order by sum(r.orders) desc, sum(r.revenue_cents) desc, 1 limit ${TOP_ROWS}`,
    ),
    rowsOf<RankRow>(
      db,
      sql`select r.key, r.title, null as titles, sum(r.orders)::int as orders, '0' as quantity,
          sum(r.revenue_cents)::text as revenue, '0' as discount
        from report_day_ranks r where ${within('delivery')}
        group by r.key, r.title order by sum(r.revenue_cents) desc, 1, 2 limit ${TOP_ROWS}`,
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

/** The time zone the roll-ups are kept in (report_calendar, which the database keeps from the settings). */
async function reportTimeZone(db: Executor): Promise<string> {
  const [row] = await rowsOf<{ zone: string }>(db, sql`select report_zone() as zone`);
  return row?.zone ?? 'UTC';
}

/** GET /reports: the sales report of a range (see reportSchema for what counts). Every signed-in staff member reads it. */
export const reportRoutes = new Hono<AdminEnv>().get('/reports', async (c) => {
  const { deps, lang } = c.var;
  const query = readQuery(c, reportQuerySchema);
  const timeZone = await reportTimeZone(deps.db);
  const range = rangeOf(query.from, query.to, dayOf(dayKeyIn(deps.now(), timeZone)));
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
    timeZone,
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
