import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { hasCapability } from '../../contract/admin';
import { useStaff } from '../api/session';
import { useList } from '../api/queries';
import type { AuditRow } from '../api/types';
import { ServerList, listColumns } from '../components/DataTable';
import { Dialog } from '../components/Dialog';
import { DateFilter, FilterBar, SearchFilter } from '../components/Filters';
import { useListParams } from '../components/list-hooks';
import { EmptyState } from '../components/States';
import { useI18n } from '../i18n';
import { dateTime } from '../lib/format';

const FILTERS = ['entityType', 'entityId', 'from', 'to'] as const;
const DEFAULT_SORT = '-createdAt';
const column = listColumns<AuditRow>();

/** Who changed what and when (owner only; the API refuses managers as well). */
export default function Audit() {
  const staff = useStaff();
  const { t } = useI18n();
  if (!hasCapability(staff.role, 'view_audit')) {
    return (
      <>
        <h1>{t('audit.title')}</h1>
        <EmptyState>{t('errors.forbidden')}</EmptyState>
      </>
    );
  }
  return <AuditList />;
}

function AuditList() {
  const { t, lang } = useI18n();
  const listState = useListParams(FILTERS, DEFAULT_SORT);
  const { params, setFilter, clear } = listState;
  const list = useList<AuditRow, (typeof FILTERS)[number]>('/audit', params);
  const [open, setOpen] = useState<AuditRow | null>(null);
  const columns = useMemo(
    () => [
      column.accessor('createdAt', { header: t('audit.when'), cell: (info) => dateTime(info.getValue(), lang) }),
      column.accessor('staffName', {
        header: t('audit.who'),
        enableSorting: false,
        cell: ({ row }) => <span title={row.original.staffEmail ?? undefined}>{row.original.staffName}</span>,
      }),
      column.accessor('action', { header: t('audit.action'), enableSorting: false, cell: (info) => <code>{info.getValue()}</code> }),
      column.accessor('entityType', {
        header: t('audit.record'),
        enableSorting: false,
        cell: ({ row }) => (
          <span>
            {t(`audit.types.${row.original.entityType}`, { defaultValue: row.original.entityType })}{' '}
            {row.original.entityName ? (
              row.original.entityPath ? (
                <Link to={row.original.entityPath} title={row.original.entityId}>
                  {row.original.entityName}
                </Link>
              ) : (
                <span title={row.original.entityId}>{row.original.entityName}</span>
              )
            ) : (
              <span className="muted small">{row.original.entityId}</span>
            )}
          </span>
        ),
      }),
      column.accessor('clientAddress', {
        header: t('audit.from'),
        enableSorting: false,
        cell: ({ row }) => <span title={row.original.userAgent ?? undefined}>{row.original.clientAddress ?? '–'}</span>,
      }),
      column.display({
        id: 'details',
        header: t('audit.change'),
        cell: ({ row }) => (
          <button type="button" className="btn btn-small btn-ghost" onClick={() => setOpen(row.original)}>
            {t('audit.show')}
          </button>
        ),
      }),
    ],
    [t, lang],
  );
  return (
    <>
      <div className="page-head">
        <h1>{t('audit.title')}</h1>
      </div>
      <FilterBar onClear={clear} active={Object.keys(params.filters).length > 0}>
        <SearchFilter
          label={t('audit.entityType')}
          placeholder="order"
          value={params.filters.entityType ?? ''}
          onChange={(v) => setFilter('entityType', v)}
        />
        <SearchFilter label={t('audit.entityId')} value={params.filters.entityId ?? ''} onChange={(v) => setFilter('entityId', v)} />
        <DateFilter label={t('orders.from')} value={params.filters.from ?? ''} onChange={(v) => setFilter('from', v)} />
        <DateFilter label={t('orders.to')} value={params.filters.to ?? ''} onChange={(v) => setFilter('to', v)} />
      </FilterBar>
      <ServerList caption={t('audit.title')} columns={columns} list={list} state={listState} empty={t('audit.none')} />
      {open ? (
        <Dialog open wide title={`${open.action} · ${dateTime(open.createdAt, lang)}`} onClose={() => setOpen(null)}>
          <div className="diff">
            <div>
              <h3>{t('audit.before')}</h3>
              <pre>{JSON.stringify(open.before, null, 2) ?? '—'}</pre>
            </div>
            <div>
              <h3>{t('audit.after')}</h3>
              <pre>{JSON.stringify(open.after, null, 2) ?? '—'}</pre>
            </div>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
