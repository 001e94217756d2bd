import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { amountToCents, centsToAmount } from '../../lib/money';
import { hasCapability } from '../../contract/admin';
import { useStaff } from '../api/session';
import { adminUrl, api } from '../api/client';
import { useList } from '../api/queries';
import type { CustomerRow } from '../api/types';
import { ServerList, listColumns } from '../components/DataTable';
import { FilterBar, SearchFilter, SelectFilter } from '../components/Filters';
import { useListParams } from '../components/list-hooks';
import { useI18n } from '../i18n';
import { date, money } from '../lib/format';
import { exportQuery } from '../lib/list-params';
import { parseMoneyInput } from '../lib/money-input';
import { Icon } from '../components/Icon';

const FILTERS = ['q', 'disabled', 'registered', 'tag', 'minSpent'] as const;
const DEFAULT_SORT = '-createdAt';
const column = listColumns<CustomerRow>();

export default function Customers() {
  const { t, lang } = useI18n();
  const canExport = hasCapability(useStaff().role, 'export_data');
  const listState = useListParams(FILTERS, DEFAULT_SORT);
  const { params, setFilter, clear } = listState;
  const list = useList<CustomerRow, (typeof FILTERS)[number]>('/customers', params);
  const tags = useQuery({ queryKey: ['customers', 'tags'], queryFn: () => api.get<string[]>('/customers/tags') }).data ?? [];
  const minSpent = params.filters.minSpent ? String(centsToAmount(Number(params.filters.minSpent))) : '';
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
            {row.original.tags.length ? (
              <span className="tag-list">
                {row.original.tags.map((tag) => (
                  <span key={tag} className="badge">
                    {tag}
                  </span>
                ))}
              </span>
            ) : null}
          </div>
        ),
      }),
      column.accessor('phone', { header: t('customers.phone'), enableSorting: false, cell: (info) => info.getValue() ?? '—' }),
      column.accessor('ordersCount', { header: t('customers.orders'), cell: (info) => <span className="num">{info.getValue()}</span> }),
      column.accessor('totalSpentCents', {
        header: t('customers.spent'),
        cell: (info) => <span className="num">{money(info.getValue(), info.row.original.currency, lang)}</span>,
      }),
      column.accessor('createdAt', { header: t('customers.since'), cell: (info) => date(info.getValue(), lang) }),
      column.accessor('disabled', {
        header: t('customers.state'),
        enableSorting: false,
        cell: (info) =>
          !info.row.original.registered ? (
            <span className="badge">{t('customers.guest')}</span>
          ) : info.getValue() ? (
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
        {canExport ? (
          <a className="btn" href={adminUrl('/customers/export.csv', exportQuery(params.filters))} download>
            <Icon name="download" /> {t('customers.export')}
          </a>
        ) : null}
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
        <SelectFilter
          label={t('customers.kind')}
          value={params.filters.registered ?? ''}
          onChange={(v) => setFilter('registered', v)}
          options={[
            { value: 'true', label: t('customers.registered') },
            { value: 'false', label: t('customers.guests') },
          ]}
        />
        <SelectFilter
          label={t('customers.tag')}
          value={params.filters.tag ?? ''}
          onChange={(v) => setFilter('tag', v)}
          options={tags.map((tag) => ({ value: tag, label: tag }))}
        />
        <SearchFilter
          label={t('customers.minSpent')}
          value={minSpent}
          onChange={(v) => {
            const amount = parseMoneyInput(v);
            setFilter('minSpent', amount === null ? '' : String(amountToCents(amount)));
          }}
        />
      </FilterBar>
      <ServerList caption={t('customers.title')} columns={columns} list={list} state={listState} empty={t('customers.none')} />
    </>
  );
}
