import { createContext, useContext, useMemo } from 'react';
import { Link } from 'react-router';
import { api } from '../api/client';
import { useList } from '../api/queries';
import type { LeadRow } from '../api/types';
import { useWrite } from '../api/write';
import { ServerList, listColumns } from '../components/DataTable';
import { FilterBar, SearchFilter } from '../components/Filters';
import { useListParams } from '../components/list-hooks';
import { useI18n } from '../i18n';
import { dateTime } from '../lib/format';

const FILTERS = ['handled', 'q'] as const;
const DEFAULT_SORT = '-createdAt';
const column = listColumns<LeadRow>();

/** The row buttons' write, through context, so the columns stay stable and rows are not remounted while it runs. */
type LeadApi = { toggle: (lead: LeadRow) => void; busy: boolean };
const LeadContext = createContext<LeadApi | null>(null);

function LeadActions({ lead }: { lead: LeadRow }) {
  const { t, lang } = useI18n();
  const api = useContext(LeadContext)!;
  const label = lead.handledAt ? t('leads.reopen') : t('leads.markHandled');
  return (
    <div className="row-actions">
      <Link className="btn btn-small" to={`/leads/${encodeURIComponent(lead.id)}`} aria-label={`${t('leads.open')}: ${lead.name}`}>
        {lead.email ? t('leads.reply') : t('leads.open')}
      </Link>
      <button
        type="button"
        className={lead.handledAt ? 'btn btn-small btn-ghost' : 'btn btn-small btn-ok'}
        disabled={api.busy}
        onClick={() => api.toggle(lead)}
        aria-label={`${label}: ${lead.name}`}
      >
        {label}
      </button>
      {lead.handledAt ? (
        <span className="muted small">
          {t('leads.handledBy', { name: lead.handledByName ?? '—', date: dateTime(lead.handledAt, lang) })}
        </span>
      ) : null}
    </div>
  );
}

/** Enquiries from the storefront: who asked about what, a reply by e-mail, and handled or not. */
export default function Leads() {
  const { t, lang } = useI18n();
  const listState = useListParams(FILTERS, DEFAULT_SORT);
  const { params, setFilter, clear } = listState;
  // the inbox opens on what is still to answer; 'all' shows every enquiry
  const handled = params.filters.handled ?? 'false';
  const list = useList<LeadRow, (typeof FILTERS)[number]>('/leads', {
    ...params,
    filters: { ...params.filters, handled: handled === 'all' ? undefined : handled },
  });
  const mark = useWrite({
    mutationFn: (lead: LeadRow) =>
      api.patch<LeadRow>(`/leads/${encodeURIComponent(lead.id)}`, { handled: !lead.handledAt, version: lead.version }),
    invalidate: [['leads'], ['dashboard']],
    success: (lead) => (lead.handledAt ? t('leads.markedHandled') : t('leads.markedNew')),
  });

  const columns = useMemo(
    () => [
      column.accessor('createdAt', { header: t('leads.date'), cell: (info) => dateTime(info.getValue(), lang) }),
      column.accessor('name', {
        header: t('leads.from'),
        enableSorting: false,
        cell: ({ row }) => (
          <div className="stack-tight">
            <Link className="strong" to={`/leads/${encodeURIComponent(row.original.id)}`}>
              {row.original.name}
            </Link>
            {row.original.phone ? <a href={`tel:${row.original.phone.replace(/[^\d+]/g, '')}`}>{row.original.phone}</a> : null}
            {row.original.email ? <span className="small">{row.original.email}</span> : null}
          </div>
        ),
      }),
      column.accessor('productTitle', {
        header: t('leads.about'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.productTitle ? (
            <div className="stack-tight">
              {row.original.productSlug ? (
                <a href={`/products/${row.original.productSlug}`} target="_blank" rel="noopener">
                  {row.original.productTitle}
                </a>
              ) : (
                <span>{row.original.productTitle}</span>
              )}
              {row.original.variationTitle ? <span className="muted small">{row.original.variationTitle}</span> : null}
            </div>
          ) : (
            <span className="muted">{t(`leads.type.${row.original.type}`, { defaultValue: row.original.type })}</span>
          ),
      }),
      column.accessor('text', {
        header: t('leads.message'),
        enableSorting: false,
        cell: (info) => <p className="prewrap clamp">{info.getValue() ?? ''}</p>,
      }),
      column.display({ id: 'actions', header: t('leads.actions'), cell: ({ row }) => <LeadActions lead={row.original} /> }),
    ],
    [t, lang],
  );

  const leadApi = useMemo<LeadApi>(() => ({ toggle: mark.mutate, busy: mark.isPending }), [mark.mutate, mark.isPending]);
  return (
    <LeadContext.Provider value={leadApi}>
      <div className="page-head">
        <h1>{t('leads.title')}</h1>
      </div>
      <FilterBar onClear={clear} active={Boolean(params.filters.q)}>
        <div className="segmented" role="group" aria-label={t('leads.show')}>
          {(['false', 'true', 'all'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className="btn btn-small"
              aria-pressed={handled === value}
              onClick={() => setFilter('handled', value)}
            >
              {t(`leads.filter.${value}`)}
            </button>
          ))}
        </div>
        <SearchFilter shortcut label={t('leads.search')} value={params.filters.q ?? ''} onChange={(v) => setFilter('q', v)} />
      </FilterBar>
      <ServerList
        caption={t('leads.title')}
        columns={columns}
        list={list}
        state={listState}
        empty={handled === 'false' && !params.filters.q ? t('leads.inboxEmpty') : t('leads.none')}
      />
    </LeadContext.Provider>
  );
}
