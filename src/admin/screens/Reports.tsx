import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { REPORT_GROUPINGS, type Report, type ReportGrouping, type ReportPoint, type ReportRanked } from '../../contract/admin';
import type { Language } from '../../lib/localize';
import { addDays, dayKeyIn, dayOf, keyOf, minorToDecimal, toCsv } from '../../lib/reports';
import { api } from '../api/client';
import { ErrorState, LoadingState } from '../components/States';
import { useI18n } from '../i18n';
import { money } from '../lib/format';
import type { ChartLine } from './reports/ReportChart';
import './reports/reports.css';

/** uPlot and the chart come with the first chart drawn, not with the screen. */
const ReportChart = lazy(() => import('./reports/ReportChart'));

const PRESETS = [
  ['last7', 7],
  ['last30', 30],
  ['last90', 90],
  ['last365', 365],
] as const;
const CURRENT_COLOR = '#2563eb';
const PREVIOUS_COLOR = '#9aa5b1';
const NEW_COLOR = '#16a34a';
const RETURNING_COLOR = '#d97706';
const PREVIOUS_NET_COLOR = '#c4b5a0';

type Metric =
  | 'revenue'
  | 'refunds'
  | 'netRevenue'
  | 'orders'
  | 'averageOrder'
  | 'itemsSold'
  | 'newCustomers'
  | 'returningCustomers'
  | 'cartsStarted'
  | 'cartOrders';
const METRIC_FIELDS: Record<Metric, keyof Omit<ReportPoint, 'start'>> = {
  revenue: 'revenueCents',
  refunds: 'refundsCents',
  netRevenue: 'netRevenueCents',
  orders: 'orders',
  averageOrder: 'averageOrderCents',
  itemsSold: 'itemsSold',
  newCustomers: 'newCustomers',
  returningCustomers: 'returningCustomers',
  cartsStarted: 'cartsStarted',
  cartOrders: 'cartOrders',
};
const MONEY_METRICS = new Set<Metric>(['revenue', 'refunds', 'netRevenue', 'averageOrder']);

/** The text of a point's start day in the page's language: a day, a week (from its Monday) or a month. */
function pointLabel(start: string, by: ReportGrouping, lang: Language): string {
  const locale = lang === 'ru' ? 'ru-RU' : 'en-GB';
  const options: Intl.DateTimeFormatOptions =
    by === 'month' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(dayOf(start));
}

function fullDate(day: string, lang: Language): string {
  return new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(dayOf(day));
}

/** Starts a download of a CSV file made in the browser. */
function downloadCsv(name: string, csv: string) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The Reports screen: the period's figures beside the previous period's, charts with their tables, and the best sellers. */
export default function Reports() {
  const { t, lang } = useI18n();
  const [search, setSearch] = useSearchParams();
  const today = dayKeyIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const to = search.get('to') ?? today;
  const from = search.get('from') ?? keyOf(addDays(dayOf(to), -29));
  const byParam = search.get('by');
  const by: ReportGrouping = (REPORT_GROUPINGS as readonly string[]).includes(byParam ?? '') ? (byParam as ReportGrouping) : 'day';
  const query = useQuery({
    queryKey: ['reports', from, to, by],
    queryFn: () => api.get<Report>('/reports', { from, to, by }),
  });
  const set = (next: Record<string, string>) => {
    const params = new URLSearchParams(search);
    for (const [name, value] of Object.entries(next)) params.set(name, value);
    setSearch(params, { replace: true });
  };

  return (
    <>
      <h1>{t('reports.title')}</h1>
      <form className="report-controls" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="report-from">{t('reports.from')}</label>
          <input id="report-from" type="date" value={from} max={to} onChange={(e) => e.target.value && set({ from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="report-to">{t('reports.to')}</label>
          <input id="report-to" type="date" value={to} min={from} onChange={(e) => e.target.value && set({ to: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="report-by">{t('reports.by')}</label>
          <select id="report-by" value={by} onChange={(e) => set({ by: e.target.value })}>
            {REPORT_GROUPINGS.map((grouping) => (
              <option key={grouping} value={grouping}>
                {t(`reports.groupings.${grouping}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="segmented" role="group" aria-label={t('reports.presets.label')}>
          {PRESETS.map(([key, days]) => (
            <button
              key={key}
              type="button"
              className="btn btn-small"
              onClick={() =>
                set({ from: keyOf(addDays(dayOf(today), 1 - days)), to: today, by: days > 90 ? 'month' : days > 31 ? 'week' : 'day' })
              }
            >
              {t(`reports.presets.${key}`)}
            </button>
          ))}
        </div>
      </form>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ReportView report={query.data} lang={lang} />
      )}
    </>
  );
}

function ReportView({ report, lang }: { report: Report; lang: Language }) {
  const { t } = useI18n();
  const labels = useMemo(() => report.points.map((p) => pointLabel(p.start, report.by, lang)), [report, lang]);
  const format = (metric: Metric, value: number) => (MONEY_METRICS.has(metric) ? money(value, report.currency, lang) : String(value));
  const fileSuffix = `${report.period.from}_${report.period.to}`;
  const byName = t(`reports.byNames.${report.by}`);

  /** A chart's block: the chart, its table (every line's figure by point) and the CSV of that table. */
  const block = (id: string, title: string, series: { metric: Metric; previous?: boolean; color: string }[]) => {
    const lines: ChartLine[] = series.map(({ metric, previous, color }) => ({
      label: previous ? t('reports.previousColumn', { name: t(`reports.metrics.${metric}`) }) : t(`reports.metrics.${metric}`),
      color,
      dashed: !!previous,
      values: (previous ? report.previousPoints : report.points).map((p) => {
        const value = p[METRIC_FIELDS[metric]] as number;
        return MONEY_METRICS.has(metric) ? value / 100 : value;
      }),
    }));
    const rawOf = (index: number, metric: Metric, previous?: boolean) =>
      ((previous ? report.previousPoints : report.points)[index]?.[METRIC_FIELDS[metric]] as number | undefined) ?? 0;
    const csv = () =>
      toCsv(
        [t('reports.periodColumn'), ...lines.map((line) => line.label)],
        report.points.map((point, index) => [
          point.start,
          ...series.map(({ metric, previous }) =>
            MONEY_METRICS.has(metric) ? minorToDecimal(rawOf(index, metric, previous)) : rawOf(index, metric, previous),
          ),
        ]),
      );
    const moneyChart = series.some(({ metric }) => MONEY_METRICS.has(metric));
    return (
      <section className="card" aria-labelledby={`report-${id}`} data-report={id}>
        <div className="report-block-head">
          <h2 id={`report-${id}`} className="section-title">
            {title}
          </h2>
          <button type="button" className="btn btn-small" onClick={() => downloadCsv(`${id}_${fileSuffix}.csv`, csv())}>
            {t('reports.csv')}
          </button>
        </div>
        <Suspense fallback={<LoadingState label={t('reports.chartLoading')} />}>
          <ReportChart
            labels={labels}
            lines={lines}
            label={title}
            formatY={(value) => (moneyChart ? money(Math.round(value * 100), report.currency, lang) : String(value))}
          />
        </Suspense>
        <div className="report-table-wrap">
          <table className="list-table">
            <caption className="visually-hidden">{t('reports.table', { name: title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reports.periodColumn')}</th>
                {lines.map((line) => (
                  <th key={line.label} scope="col" className="num">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.points.map((point, index) => (
                <tr key={point.start}>
                  <th scope="row">{labels[index]}</th>
                  {series.map(({ metric, previous }) => (
                    <td key={`${metric}-${previous ? 'p' : 'c'}`} className="num">
                      {format(metric, rawOf(index, metric, previous))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    );
  };

  return (
    <>
      <p className="muted">{t('reports.intro', { zone: report.timeZone })}</p>
      <p className="strong">{t('reports.period', { from: fullDate(report.period.from, lang), to: fullDate(report.period.to, lang) })}</p>
      <div className="report-tiles">
        {(Object.keys(METRIC_FIELDS) as Metric[]).map((metric) => {
          const field = METRIC_FIELDS[metric];
          const value = report.totals[field];
          const before = report.previousTotals[field];
          const percent = before ? Math.round(((value - before) / Math.abs(before)) * 100) : null;
          return (
            <div key={metric} className="report-tile" data-metric={metric}>
              <span className="muted small">{t(`reports.metrics.${metric}`)}</span>
              <span className="report-tile-value">{format(metric, value)}</span>
              <span className="muted small">{t('reports.previous', { value: format(metric, before) })}</span>
              {percent !== null ? (
                <span className={percent > 0 ? 'small report-change-up' : percent < 0 ? 'small report-change-down' : 'small'}>
                  {percent === 0
                    ? t('reports.change.same')
                    : t(percent > 0 ? 'reports.change.up' : 'reports.change.down', { percent: Math.abs(percent) })}
                </span>
              ) : null}
            </div>
          );
        })}
        <ConversionTile report={report} />
      </div>
      {report.totals.orders === 0 ? <p className="muted">{t('reports.empty')}</p> : null}
      {block('revenue', t('reports.charts.revenue', { by: byName }), [
        { metric: 'revenue', color: CURRENT_COLOR },
        { metric: 'revenue', previous: true, color: PREVIOUS_COLOR },
        { metric: 'netRevenue', color: NEW_COLOR },
        { metric: 'netRevenue', previous: true, color: PREVIOUS_NET_COLOR },
      ])}
      {block('orders', t('reports.charts.orders', { by: byName }), [
        { metric: 'orders', color: CURRENT_COLOR },
        { metric: 'orders', previous: true, color: PREVIOUS_COLOR },
        { metric: 'itemsSold', color: RETURNING_COLOR },
        { metric: 'itemsSold', previous: true, color: PREVIOUS_NET_COLOR },
      ])}
      {block('customers', t('reports.charts.customers', { by: byName }), [
        { metric: 'newCustomers', color: NEW_COLOR },
        { metric: 'newCustomers', previous: true, color: PREVIOUS_COLOR },
        { metric: 'returningCustomers', color: RETURNING_COLOR },
        { metric: 'returningCustomers', previous: true, color: PREVIOUS_NET_COLOR },
      ])}
      {block('conversion', t('reports.charts.conversion', { by: byName }), [
        { metric: 'cartsStarted', color: CURRENT_COLOR },
        { metric: 'cartsStarted', previous: true, color: PREVIOUS_COLOR },
        { metric: 'cartOrders', color: NEW_COLOR },
        { metric: 'cartOrders', previous: true, color: PREVIOUS_NET_COLOR },
      ])}
      <div className="report-top">
        <TopTable id="products" rows={report.top.products} report={report} quantity />
        <TopTable id="catalogs" rows={report.top.catalogs} report={report} quantity />
        <TopTable id="discountCodes" rows={report.top.discountCodes} report={report} discount />
        <TopTable id="deliveryMethods" rows={report.top.deliveryMethods} report={report} />
      </div>
    </>
  );
}

/** Orders of signed-in shoppers per cart they started, in percent, beside the previous period's. */
function ConversionTile({ report }: { report: Report }) {
  const { t, lang } = useI18n();
  const rate = (totals: Report['totals']) => (totals.cartsStarted ? (totals.cartOrders / totals.cartsStarted) * 100 : null);
  const percent = (value: number | null) =>
    value === null ? '—' : `${new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { maximumFractionDigits: 1 }).format(value)}%`;
  return (
    <div className="report-tile" data-metric="conversion">
      <span className="muted small">{t('reports.metrics.conversion')}</span>
      <span className="report-tile-value">{percent(rate(report.totals))}</span>
      <span className="muted small">{t('reports.previous', { value: percent(rate(report.previousTotals)) })}</span>
    </div>
  );
}

function TopTable({
  id,
  rows,
  report,
  quantity,
  discount,
}: {
  id: string;
  rows: ReportRanked[];
  report: Report;
  quantity?: boolean;
  discount?: boolean;
}) {
  const { t, lang } = useI18n();
  const title = t(`reports.top.${id}`);
  const columns: [string, (row: ReportRanked) => ReactNode, (row: ReportRanked) => string | number][] = [
    [t('reports.top.orders'), (row) => row.orders, (row) => row.orders],
    ...(quantity ? ([[t('reports.top.quantity'), (row) => row.quantity, (row) => row.quantity]] as typeof columns) : []),
    [t('reports.top.revenue'), (row) => money(row.revenueCents, report.currency, lang), (row) => minorToDecimal(row.revenueCents)],
    ...(discount
      ? ([
          [t('reports.top.discount'), (row) => money(row.discountCents, report.currency, lang), (row) => minorToDecimal(row.discountCents)],
        ] as typeof columns)
      : []),
  ];
  const csv = () =>
    toCsv(
      [t('reports.top.name'), ...columns.map(([name]) => name)],
      rows.map((row) => [row.title, ...columns.map(([, , raw]) => raw(row))]),
    );
  return (
    <section className="card" aria-labelledby={`top-${id}`}>
      <div className="report-block-head">
        <h2 id={`top-${id}`} className="section-title">
          {title}
        </h2>
        {rows.length ? (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => downloadCsv(`${id}_${report.period.from}_${report.period.to}.csv`, csv())}
          >
            {t('reports.csv')}
          </button>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="muted">{t('reports.top.none')}</p>
      ) : (
        <div className="report-table-wrap">
          <table className="list-table">
            <thead>
              <tr>
                <th scope="col">{t('reports.top.name')}</th>
                {columns.map(([name]) => (
                  <th key={name} scope="col" className="num">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={`${row.key}-${index}`}>
                  <th scope="row">{row.title}</th>
                  {columns.map(([name, show]) => (
                    <td key={name} className="num">
                      {show(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
