import { useMemo } from 'react';
import { Link } from 'react-router';
import { PAYMENT_STATUSES } from '../../contract/admin';
import { hasCapability } from '../../contract/admin';
import { useStaff } from '../api/session';
import { adminUrl } from '../api/client';
import { useList, useOrderStates } from '../api/queries';
import { Icon } from '../components/Icon';
import { exportQuery } from '../lib/list-params';
import type { OrderRow } from '../api/types';
import { PaymentBadge, StatusBadge } from '../components/Badges';
import { ServerList, listColumns } from '../components/DataTable';
import { DateFilter, FilterBar, SearchFilter, SelectFilter } from '../components/Filters';
import { useListParams } from '../components/list-hooks';
import { useI18n } from '../i18n';
import { dateTime, money } from '../lib/format';

const FILTERS = ['status', 'paymentStatus', 'deliveryMethod', 'from', 'to', 'q', 'awaitingPrice', 'unpaid'] as const;
const DEFAULT_SORT = '-createdAt';
const column = listColumns<OrderRow>();

/** Orders, newest first, filtered through the address (the dashboard links here with filters set). */
export default function Orders() {
  const { t, lang } = useI18n();
  const canExport = hasCapability(useStaff().role, 'export_data');
  const listState = useListParams(FILTERS, DEFAULT_SORT);
  const { params, setFilter, clear } = listState;
  const list = useList<OrderRow, (typeof FILTERS)[number]>('/orders', params);
  const states = useOrderStates().data;
  const f = params.filters;

  const columns = useMemo(
    () => [
      column.accessor('number', {
        header: t('orders.number'),
        cell: (info) => (
          <Link to={`/orders/${info.row.original.id}`} className="strong-link">
            №{info.getValue()}
          </Link>
        ),
      }),
      column.accessor('createdAt', { header: t('orders.date'), cell: (info) => dateTime(info.getValue(), lang) }),
      column.accessor('customerName', {
        header: t('orders.customer'),
        enableSorting: false,
        cell: (info) => (
          <div className="stack-tight">
            <span>{info.getValue()}</span>
            <span className="muted small">
              {[info.row.original.customerPhone, info.row.original.customerEmail].filter(Boolean).join(' · ')}
            </span>
          </div>
        ),
      }),
      column.accessor('status', { header: t('orders.status'), cell: (info) => <StatusBadge code={info.getValue()} states={states} /> }),
      column.accessor('paymentStatus', {
        header: t('orders.payment'),
        enableSorting: false,
        cell: (info) => <PaymentBadge status={info.getValue()} />,
      }),
      column.accessor('deliveryMethod', {
        header: t('orders.delivery'),
        enableSorting: false,
        cell: (info) => (
          <div className="stack-tight">
            <span>{t(`delivery.${info.getValue()}`, { defaultValue: info.getValue() })}</span>
            {info.row.original.deliveryPriceByManager && !info.row.original.deliveryPriceSet ? (
              <span className="badge badge-warn">{t('orders.needsPrice')}</span>
            ) : null}
          </div>
        ),
      }),
      column.accessor('totalCents', {
        header: t('orders.total'),
        cell: (info) => <span className="num">{money(info.getValue(), info.row.original.currency, lang)}</span>,
      }),
    ],
    [t, lang, states],
  );

  return (
    <>
      <div className="page-head">
        <h1>{t('orders.title')}</h1>
        {canExport ? (
          <a className="btn" href={adminUrl('/orders/export.csv', exportQuery(params.filters))} download>
            <Icon name="download" /> {t('orders.export')}
          </a>
        ) : null}
      </div>
      <FilterBar onClear={clear} active={Object.keys(f).length > 0}>
        <SearchFilter
          shortcut
          label={t('orders.search')}
          placeholder={t('orders.searchHint')}
          value={f.q ?? ''}
          onChange={(v) => setFilter('q', v)}
        />
        <SelectFilter
          label={t('orders.status')}
          value={f.status ?? ''}
          onChange={(v) => setFilter('status', v)}
          options={(states ?? []).map((s) => ({ value: s.code, label: s.title }))}
        />
        <SelectFilter
          label={t('orders.payment')}
          value={f.paymentStatus ?? ''}
          onChange={(v) => setFilter('paymentStatus', v)}
          options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`payment.${s}`) }))}
        />
        <SelectFilter
          label={t('orders.delivery')}
          value={f.deliveryMethod ?? ''}
          onChange={(v) => setFilter('deliveryMethod', v)}
          options={['pickup', 'shipping'].map((s) => ({ value: s, label: t(`delivery.${s}`) }))}
        />
        <DateFilter label={t('orders.from')} value={f.from ?? ''} onChange={(v) => setFilter('from', v)} />
        <DateFilter label={t('orders.to')} value={f.to ?? ''} onChange={(v) => setFilter('to', v)} />
      </FilterBar>
      {f.awaitingPrice || f.unpaid ? (
        <p className="chips">
          {f.awaitingPrice ? (
            <button
              type="button"
              className="chip"
              onClick={() => setFilter('awaitingPrice', '')}
              aria-label={t('orders.removeFilter', { name: t('dashboard.awaitingPrice') })}
            >
              {t('dashboard.awaitingPrice')} ×
            </button>
          ) : null}
          {f.unpaid ? (
            <button
              type="button"
              className="chip"
              onClick={() => setFilter('unpaid', '')}
              aria-label={t('orders.removeFilter', { name: t('dashboard.unpaid') })}
            >
              {t('dashboard.unpaid')} ×
            </button>
          ) : null}
        </p>
      ) : null}
      <ServerList
        caption={t('orders.title')}
        columns={columns}
        list={list}
        state={listState}
        empty={Object.keys(f).length > 0 ? t('orders.noneFiltered') : t('orders.none')}
      />
    </>
  );
}
