import { useMemo } from 'react';
import { Link } from 'react-router';
import { DISCOUNT_STATUSES, type AdminDiscountListItem, type DiscountStatus } from '../../../contract/admin';
import { api } from '../../api/client';
import { useList } from '../../api/queries';
import { useWrite } from '../../api/write';
import { ServerList, listColumns } from '../../components/DataTable';
import { FilterBar, SearchFilter, SelectFilter } from '../../components/Filters';
import { useListParams } from '../../components/list-hooks';
import { useI18n } from '../../i18n';
import { dateTime, money } from '../../lib/format';
import { useCurrency } from './selling-ui';

const FILTERS = ['q', 'status'] as const;
const DEFAULT_SORT = '-createdAt';
const column = listColumns<AdminDiscountListItem>();
const STATUS_TONE: Record<DiscountStatus, string> = {
  active: 'ok',
  scheduled: 'warn',
  expired: 'muted',
  disabled: 'muted',
  usedUp: 'danger',
};

export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  const { t } = useI18n();
  return <span className={`badge badge-${STATUS_TONE[status]}`}>{t(`selling.status.${status}`)}</span>;
}

/** Discount codes: search, status, how often each was used; a code opens its editor. */
export default function Discounts() {
  const { t, lang } = useI18n();
  const currency = useCurrency();
  const listState = useListParams(FILTERS, DEFAULT_SORT);
  const { params, setFilter, clear } = listState;
  const list = useList<AdminDiscountListItem, (typeof FILTERS)[number]>('/discount-codes', params);
  const f = params.filters;
  const toggle = useWrite({
    mutationFn: (row: AdminDiscountListItem) =>
      api.post(`/discount-codes/${row.id}/enabled`, { enabled: !row.enabled, version: row.version }),
    invalidate: [['discount-codes']],
    success: t('selling.discount.saved'),
  });

  const columns = useMemo(
    () => [
      column.accessor('code', {
        header: t('selling.discount.code'),
        cell: (info) => (
          <Link to={`/discounts/${info.row.original.id}`} className="strong-link">
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor('value', {
        header: t('selling.discount.value'),
        enableSorting: false,
        cell: (info) => (info.row.original.kind === 'percent' ? `${info.getValue()}%` : money(info.getValue(), currency || 'USD', lang)),
      }),
      column.accessor('status', {
        header: t('selling.discount.status'),
        enableSorting: false,
        cell: (info) => <DiscountStatusBadge status={info.getValue()} />,
      }),
      column.accessor('usedCount', {
        header: t('selling.discount.used'),
        cell: (info) => (
          <span className="num">
            {info.row.original.usageLimit === null
              ? info.getValue()
              : t('selling.discount.usedOf', { used: info.getValue(), limit: info.row.original.usageLimit })}
          </span>
        ),
      }),
      column.accessor('expiresAt', {
        header: t('selling.discount.period'),
        cell: (info) => {
          const { startsAt, expiresAt } = info.row.original;
          if (!startsAt && !expiresAt) return <span className="muted">{t('selling.discount.always')}</span>;
          return (
            <div className="stack-tight small">
              {startsAt ? <span>{t('selling.discount.fromDate', { date: dateTime(startsAt, lang) })}</span> : null}
              {expiresAt ? <span>{t('selling.discount.untilDate', { date: dateTime(expiresAt, lang) })}</span> : null}
            </div>
          );
        },
      }),
      column.display({
        id: 'actions',
        header: t('selling.actions'),
        cell: (info) => (
          <button type="button" className="btn btn-small" disabled={toggle.isPending} onClick={() => toggle.mutate(info.row.original)}>
            {info.row.original.enabled ? t('selling.disable') : t('selling.enable')}
          </button>
        ),
      }),
    ],
    [t, lang, currency, toggle],
  );

  return (
    <>
      <div className="page-head">
        <h1>{t('selling.discount.title')}</h1>
        <Link to="/discounts/new" className="btn btn-primary">
          {t('selling.discount.new')}
        </Link>
      </div>
      <FilterBar onClear={clear} active={Object.keys(f).length > 0}>
        <SearchFilter shortcut label={t('selling.discount.search')} value={f.q ?? ''} onChange={(v) => setFilter('q', v)} />
        <SelectFilter
          label={t('selling.discount.status')}
          value={f.status ?? ''}
          onChange={(v) => setFilter('status', v)}
          options={DISCOUNT_STATUSES.map((s) => ({ value: s, label: t(`selling.status.${s}`) }))}
        />
      </FilterBar>
      <ServerList
        caption={t('selling.discount.title')}
        columns={columns}
        list={list}
        state={listState}
        empty={Object.keys(f).length > 0 ? t('selling.discount.noneFiltered') : t('selling.discount.none')}
      />
    </>
  );
}
