import type { RowSelectionState } from '@tanstack/react-table';
import { createContext, useContext, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { hasCapability, type Job, type ProductBulkAnswer, type ProductBulkBody, type ProductBulkJobBody } from '../../../contract/admin';
import { api } from '../../api/client';
import { useList } from '../../api/queries';
import { useStaff } from '../../api/session';
import { useWrite } from '../../api/write';
import { ServerList, listColumns } from '../../components/DataTable';
import { ConfirmDialog } from '../../components/Dialog';
import { FilterBar, SearchFilter, SelectFilter } from '../../components/Filters';
import { JobProgress } from '../../components/JobProgress';
import { useListParams } from '../../components/list-hooks';
import { useToasts } from '../../components/Toasts';
import { useI18n } from '../../i18n';
import { money } from '../../lib/format';
import { BulkChangeDialog, type BulkChange } from './BulkPriceDialog';
import { PRODUCT_QUERIES, productPath, useProductChoices, type ProductDetail, type ProductListItem } from './product-api';

const FILTERS = ['q', 'catalogId', 'enabled'] as const;
const DEFAULT_SORT = 'title';
const column = listColumns<ProductListItem>();

/** What a row's buttons need, through context, so the columns stay the same objects across renders. */
type RowApi = { toggle: (item: ProductListItem) => void; duplicate: (item: ProductListItem) => void; busy: boolean };
const RowContext = createContext<RowApi | null>(null);

function RowActions({ item }: { item: ProductListItem }) {
  const { t } = useI18n();
  const row = useContext(RowContext)!;
  return (
    <div className="row-actions">
      <button
        type="button"
        className="btn btn-small"
        disabled={row.busy}
        onClick={() => row.toggle(item)}
        aria-label={t(item.enabled ? 'products.disableOf' : 'products.enableOf', { name: item.title })}
      >
        {t(item.enabled ? 'products.disable' : 'products.enable')}
      </button>
      <button
        type="button"
        className="btn btn-small btn-ghost"
        disabled={row.busy}
        onClick={() => row.duplicate(item)}
        aria-label={t('products.duplicateOf', { name: item.title })}
      >
        {t('products.duplicate')}
      </button>
    </div>
  );
}

/** Products: search, filter by catalog and state, page through; edit one, or change several at once. */
export default function Products() {
  const { t, lang } = useI18n();
  const toasts = useToasts();
  const navigate = useNavigate();
  const listState = useListParams(FILTERS, DEFAULT_SORT);
  const { params, setFilter, clear } = listState;
  const list = useList<ProductListItem, (typeof FILTERS)[number]>('/products', params);
  const choices = useProductChoices().data;
  const currency = choices?.currency ?? 'USD';
  const f = params.filters;
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [dialog, setDialog] = useState<'price' | 'stock' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const owner = hasCapability(useStaff().role, 'bulk_jobs');
  // the owner may widen a selection of the whole page to every product the filters match: the change runs as a job
  const [allMatching, setAllMatching] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);

  const rows = list.data?.items ?? [];
  const chosen = rows.filter((row) => selected[row.id]);
  const items = chosen.map((row) => ({ id: row.id, version: row.version }));
  const total = list.data?.total ?? 0;
  const matching = allMatching ? total : chosen.length;
  const wholePage = rows.length > 0 && chosen.length === rows.length;
  const select = (next: typeof selected) => {
    setSelected(next);
    setAllMatching(false);
  };

  const bulk = useWrite<ProductBulkBody, ProductBulkAnswer>({
    mutationFn: (body) => api.post<ProductBulkAnswer>('/products/bulk', body),
    invalidate: PRODUCT_QUERIES,
    success: (result) => t('products.bulkDone', { count: result.updated }),
    onSuccess: () => {
      setSelected({});
      setDialog(null);
      setConfirmDelete(false);
    },
    // a stock change over products sold since the list was loaded: their figures now (the list shows them after the refresh)
    onConflict: (error) => {
      const moved = Object.values(error.errors.fields).flat();
      toasts.error(moved.length ? moved.join(' ') : t('errors.conflict'));
    },
  });
  const bulkJob = useWrite<ProductBulkJobBody['change'], Job>({
    mutationFn: (change) =>
      api.post<Job>('/products/bulk-job', {
        filter: { q: f.q, catalogId: f.catalogId, enabled: f.enabled === 'true' || f.enabled === 'false' ? f.enabled : undefined },
        change,
      } satisfies ProductBulkJobBody),
    invalidate: [['jobs']],
    success: t('jobs.queued'),
    onSuccess: (job) => {
      setJobId(job.id);
      select({});
      setDialog(null);
      setConfirmDelete(false);
    },
  });
  const busy = bulk.isPending || bulkJob.isPending;
  const duplicate = useWrite<string, ProductDetail>({
    mutationFn: (id) => api.post(`${productPath(id)}/duplicate`),
    invalidate: PRODUCT_QUERIES,
    success: t('products.duplicated'),
    onSuccess: (copy) => void navigate(productPath(copy.id)),
  });
  const rowApi = useMemo<RowApi>(
    () => ({
      toggle: (item) => bulk.mutate({ action: item.enabled ? 'disable' : 'enable', items: [{ id: item.id, version: item.version }] }),
      duplicate: (item) => duplicate.mutate(item.id),
      busy: bulk.isPending || duplicate.isPending,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bulk.isPending, duplicate.isPending],
  );

  const columns = useMemo(
    () => [
      column.accessor('title', {
        header: t('products.name'),
        cell: (info) => (
          <div className="stack-tight">
            <Link to={productPath(info.row.original.id)} className="strong-link">
              {info.getValue()}
            </Link>
            <span className="muted small">/products/{info.row.original.slug}</span>
          </div>
        ),
      }),
      column.accessor('catalogs', {
        header: t('products.catalogs'),
        enableSorting: false,
        cell: (info) =>
          info
            .getValue()
            .map((c) => c.title)
            .join(', ') || '—',
      }),
      column.accessor('priceCents', {
        header: t('products.price'),
        cell: (info) => {
          const row = info.row.original;
          return (
            <span className="num">
              {row.priceCents > 0 ? (
                money(row.priceCents, currency, lang)
              ) : (
                <span className="badge badge-warn">{t('products.noPrice')}</span>
              )}
              {row.priceFullCents > row.priceCents ? <s className="muted small"> {money(row.priceFullCents, currency, lang)}</s> : null}
            </span>
          );
        },
      }),
      column.accessor('stock', {
        header: t('products.stock'),
        enableSorting: false,
        cell: (info) => {
          const stock = info.getValue();
          return (
            <span className="num">
              {stock === null ? t('products.unlimited') : stock}
              <span className="muted small"> · {t('products.variationsCount', { count: info.row.original.variationsCount })}</span>
            </span>
          );
        },
      }),
      column.accessor('enabled', {
        header: t('products.state'),
        enableSorting: false,
        cell: (info) => (
          <span className={`badge ${info.getValue() ? 'badge-ok' : 'badge-muted'}`}>
            {t(info.getValue() ? 'products.enabled' : 'products.disabled')}
          </span>
        ),
      }),
      column.display({ id: 'actions', header: t('products.actions'), cell: (info) => <RowActions item={info.row.original} /> }),
    ],
    [t, lang, currency],
  );

  const applyChange = (change: BulkChange) => {
    if (allMatching)
      return bulkJob.mutate(change.kind === 'price' ? { action: 'price', price: change.price } : { action: 'stock', stock: change.stock });
    return bulk.mutate(
      change.kind === 'price'
        ? { action: 'price', items, price: change.price }
        : {
            action: 'stock',
            items: chosen.map((row) => ({ id: row.id, version: row.version, stockSeen: row.stock })),
            stock: change.stock,
          },
    );
  };
  const setEnabled = (action: 'enable' | 'disable') => (allMatching ? bulkJob.mutate({ action }) : bulk.mutate({ action, items }));
  const remove = () => (allMatching ? bulkJob.mutate({ action: 'delete' }) : bulk.mutate({ action: 'delete', items }));

  return (
    <RowContext.Provider value={rowApi}>
      <div className="page-head">
        <h1>{t('products.title')}</h1>
        <div className="head-badges">
          <Link to="/products/import" className="btn">
            {t('catalogs.importLink')}
          </Link>
          <Link className="btn btn-primary" to="/products/new">
            {t('products.new')}
          </Link>
        </div>
      </div>
      <FilterBar onClear={clear} active={Object.keys(f).length > 0}>
        <SearchFilter
          shortcut
          label={t('products.search')}
          placeholder={t('products.searchHint')}
          value={f.q ?? ''}
          onChange={(v) => setFilter('q', v)}
        />
        <SelectFilter
          label={t('products.catalog')}
          value={f.catalogId ?? ''}
          onChange={(v) => setFilter('catalogId', v)}
          options={(choices?.catalogs ?? []).map((c) => ({ value: c.id, label: c.title }))}
        />
        <SelectFilter
          label={t('products.state')}
          value={f.enabled ?? ''}
          onChange={(v) => setFilter('enabled', v)}
          options={[
            { value: 'true', label: t('products.enabled') },
            { value: 'false', label: t('products.disabled') },
          ]}
        />
      </FilterBar>
      {jobId ? <JobProgress jobId={jobId} invalidate={PRODUCT_QUERIES} onClose={() => setJobId(null)} /> : null}
      {chosen.length > 0 ? (
        <div className="bulk-bar" role="region" aria-label={t('products.bulk')}>
          <span>
            {allMatching
              ? t('products.allMatchingSelected', { count: total, more: list.data?.totalCapped ? '+' : '' })
              : t('products.selected', { count: chosen.length })}
          </span>
          {owner && wholePage && !allMatching && total > rows.length ? (
            <button type="button" className="btn btn-ghost" onClick={() => setAllMatching(true)}>
              {t('products.selectAllMatching', { count: total, more: list.data?.totalCapped ? '+' : '' })}
            </button>
          ) : null}
          <button type="button" className="btn" disabled={busy} onClick={() => setEnabled('enable')}>
            {t('products.enable')}
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => setEnabled('disable')}>
            {t('products.disable')}
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => setDialog('price')}>
            {t('products.setPrice')}
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => setDialog('stock')}>
            {t('products.setStock')}
          </button>
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => setConfirmDelete(true)}>
            {t('products.delete')}
          </button>
        </div>
      ) : null}
      <ServerList
        caption={t('products.title')}
        columns={columns}
        list={list}
        state={listState}
        empty={Object.keys(f).length > 0 ? t('products.noneFiltered') : t('products.none')}
        selection={{ selected, onChange: select }}
      />
      <BulkChangeDialog
        key={dialog ?? 'closed'}
        kind={dialog}
        count={matching}
        busy={busy}
        onApply={applyChange}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={t('products.deleteManyTitle', { count: matching })}
        confirmLabel={t('products.delete')}
        danger
        busy={busy}
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      >
        <p>{t('products.deleteText')}</p>
      </ConfirmDialog>
    </RowContext.Provider>
  );
}
