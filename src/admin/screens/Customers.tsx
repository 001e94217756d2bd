import { useMemo } from 'react';
import { Link } from 'react-router';
import { useList } from '../api/queries';
import type { CustomerRow } from '../api/types';
import { ServerList, listColumns } from '../components/DataTable';
import { FilterBar, SearchFilter, SelectFilter } from '../components/Filters';
import { useListParams } from '../components/list-hooks';
import { useI18n } from '../i18n';
import { date } from '../lib/format';

const FILTERS = ['q', 'disabled'] as const;
const DEFAULT_SORT = '-createdAt';
const column = listColumns<CustomerRow>();

export default function Customers() {
  const { t, lang } = useI18n();
  const listState = useListParams(FILTERS, DEFAULT_SORT);
  const { params, setFilter, clear } = listState;
  const list = useList<CustomerRow, (typeof FILTERS)[number]>('/customers', params);
  const columns = useMemo(
    () => [
      column.accessor('email', {
        header: t('customers.customer'),
        cell: ({ row }) => (
          <div className="stack-tight">
            <Link to={`/customers/${row.original.id}`} className="strong-link">
              {[row.original.firstName, row.original.lastName].filter(Boolean).join(' ') || row.original.email}
            </Link>
            <span className="muted small">{row.original.email}</span>
          </div>
        ),
      }),
      column.accessor('phone', { header: t('customers.phone'), enableSorting: false, cell: (info) => info.getValue() ?? '—' }),
      column.accessor('ordersCount', { header: t('customers.orders'), cell: (info) => <span className="num">{info.getValue()}</span> }),
      column.accessor('createdAt', { header: t('customers.since'), cell: (info) => date(info.getValue(), lang) }),
      column.accessor('disabled', {
        header: t('customers.state'),
        enableSorting: false,
        cell: (info) =>
          info.getValue() ? (
            <span className="badge badge-danger">{t('customers.disabled')}</span>
          ) : (
            <span className="badge badge-ok">{t('customers.active')}</span>
          ),
      }),
    ],
    [t, lang],
  );
  return (
    <>
      <div className="page-head">
        <h1>{t('customers.title')}</h1>
      </div>
      <FilterBar onClear={clear} active={Object.keys(params.filters).length > 0}>
        <SearchFilter shortcut label={t('customers.search')} value={params.filters.q ?? ''} onChange={(v) => setFilter('q', v)} />
        <SelectFilter
          label={t('customers.state')}
          value={params.filters.disabled ?? ''}
          onChange={(v) => setFilter('disabled', v)}
          options={[
            { value: 'false', label: t('customers.active') },
            { value: 'true', label: t('customers.disabled') },
          ]}
        />
      </FilterBar>
      <ServerList caption={t('customers.title')} columns={columns} list={list} state={listState} empty={t('customers.none')} />
    </>
  );
}
