import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import { BACK_IN_STOCK_STATUSES, hasCapability, type BackInStockRow, type BackInStockVariations } from '../../contract/admin';
import { api } from '../api/client';
import { useList } from '../api/queries';
import { useStaff } from '../api/session';
import { useWrite } from '../api/write';
import { ServerList, listColumns } from '../components/DataTable';
import { FilterBar } from '../components/Filters';
import { useListParams } from '../components/list-hooks';
import { EmptyState, ErrorState, LoadingState } from '../components/States';
import { useI18n } from '../i18n';
import { dateTime } from '../lib/format';

const FILTERS = ['status', 'productId'] as const;
const DEFAULT_SORT = '-createdAt';
const LIST_PATH = '/marketing/back-in-stock';
const column = listColumns<BackInStockRow>();

type RowApi = { unsubscribe: (row: BackInStockRow) => void; busy: boolean };
const RowContext = createContext<RowApi | null>(null);

function RowActions({ row }: { row: BackInStockRow }) {
  const { t } = useI18n();
  const rowApi = useContext(RowContext)!;
  if (row.status === 'sent' || row.status === 'unsubscribed') return null;
  return (
    <button
      type="button"
      className="btn btn-small btn-ghost"
      disabled={rowApi.busy}
      onClick={() => rowApi.unsubscribe(row)}
      aria-label={`${t('backInStock.unsubscribe')}: ${row.email}`}
    >
      {t('backInStock.unsubscribe')}
    </button>
  );
}

/** Marketing → Back-in-stock: what shoppers wait for, who they are, and the alerts sent (the owner's). */
export default function BackInStock() {
  const staff = useStaff();
  const { t } = useI18n();
  if (!hasCapability(staff.role, 'marketing')) {
    return (
      <>
        <h1>{t('backInStock.title')}</h1>
        <EmptyState>{t('errors.forbidden')}</EmptyState>
      </>
    );
  }
  return <BackInStockScreen />;
}

function MostAwaited({ onPick }: { onPick: (productId: string) => void }) {
  const { t } = useI18n();
  const query = useQuery({
    queryKey: [LIST_PATH.slice(1), 'variations'],
    queryFn: () => api.get<BackInStockVariations>(`${LIST_PATH}/variations`),
  });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { totals, items } = query.data;
  return (
    <>
      <div className="tiles" data-testid="back-in-stock-totals">
        {BACK_IN_STOCK_STATUSES.map((status) => (
          <div key={status} className="tile">
            <span className="tile-label">{t(`backInStock.status.${status}`)}</span>
            <span className="tile-value">{totals[status]}</span>
          </div>
        ))}
      </div>
      <section aria-labelledby="back-in-stock-awaited">
        <h2 id="back-in-stock-awaited" className="section-title">
          {t('backInStock.mostAwaited')}
        </h2>
        {items.length === 0 ? (
          <EmptyState>{t('backInStock.none')}</EmptyState>
        ) : (
          <div className="report-table-wrap">
            <table className="list-table">
              <caption className="visually-hidden">{t('backInStock.mostAwaited')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('backInStock.product')}</th>
                  <th scope="col">{t('backInStock.stock')}</th>
                  {BACK_IN_STOCK_STATUSES.map((status) => (
                    <th key={status} scope="col">
                      {t(`backInStock.status.${status}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.variationId}>
                    <td>
                      <button type="button" className="btn btn-small btn-ghost" onClick={() => onPick(item.productId)}>
                        {item.productTitle}
                      </button>
                      {item.variationTitle ? <span className="muted small"> · {item.variationTitle}</span> : null}
                    </td>
                    <td>{item.stock === null ? '∞' : item.stock}</td>
                    {BACK_IN_STOCK_STATUSES.map((status) => (
                      <td key={status}>{item[status]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function BackInStockScreen() {
  const { t, lang } = useI18n();
  const listState = useListParams(FILTERS, DEFAULT_SORT);
  const { params, setFilter, clear } = listState;
  const status = params.filters.status ?? 'all';
  const list = useList<BackInStockRow, (typeof FILTERS)[number]>(LIST_PATH, params);
  const unsubscribe = useWrite({
    mutationFn: (row: BackInStockRow) => api.post<BackInStockRow>(`${LIST_PATH}/${encodeURIComponent(row.id)}/unsubscribe`),
    invalidate: [[LIST_PATH.slice(1)]],
    success: (row) => t('backInStock.unsubscribed', { email: row.email }),
  });
  const columns = useMemo(
    () => [
      column.accessor('createdAt', { header: t('backInStock.signedUp'), cell: (info) => dateTime(info.getValue(), lang) }),
      column.accessor('email', { header: t('backInStock.email'), enableSorting: false }),
      column.accessor('productTitle', {
        header: t('backInStock.product'),
        enableSorting: false,
        cell: ({ row }) => (
          <div className="stack-tight">
            <a href={`/products/${encodeURIComponent(row.original.productSlug)}`} target="_blank" rel="noopener">
              {row.original.productTitle}
            </a>
            {row.original.variationTitle ? <span className="muted small">{row.original.variationTitle}</span> : null}
          </div>
        ),
      }),
      column.accessor('status', {
        header: t('backInStock.state'),
        enableSorting: false,
        cell: ({ row }) => (
          <span>
            {t(`backInStock.status.${row.original.status}`)}
            {row.original.notifiedAt ? <span className="muted small"> · {dateTime(row.original.notifiedAt, lang)}</span> : null}
          </span>
        ),
      }),
      column.display({ id: 'actions', header: t('backInStock.actions'), cell: ({ row }) => <RowActions row={row.original} /> }),
    ],
    [t, lang],
  );
  const rowApi = useMemo<RowApi>(
    () => ({ unsubscribe: unsubscribe.mutate, busy: unsubscribe.isPending }),
    [unsubscribe.mutate, unsubscribe.isPending],
  );
  return (
    <RowContext.Provider value={rowApi}>
      <div className="page-head">
        <h1>{t('backInStock.title')}</h1>
      </div>
      <p className="muted">{t('backInStock.intro')}</p>
      <MostAwaited onPick={(productId) => setFilter('productId', productId)} />
      <h2 className="section-title">{t('backInStock.subscriptions')}</h2>
      <FilterBar onClear={clear} active={Boolean(params.filters.productId || params.filters.status)}>
        <div className="segmented" role="group" aria-label={t('backInStock.show')}>
          {(['all', ...BACK_IN_STOCK_STATUSES] as const).map((value) => (
            <button
              key={value}
              type="button"
              className="btn btn-small"
              aria-pressed={status === value}
              onClick={() => setFilter('status', value === 'all' ? '' : value)}
            >
              {value === 'all' ? t('backInStock.all') : t(`backInStock.status.${value}`)}
            </button>
          ))}
        </div>
      </FilterBar>
      <ServerList caption={t('backInStock.subscriptions')} columns={columns} list={list} state={listState} empty={t('backInStock.none')} />
    </RowContext.Provider>
  );
}
