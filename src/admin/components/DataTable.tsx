import {
  type ColumnDef,
  createColumnHelper,
  type PaginationState,
  type RowData,
  type RowSelectionState,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../api/types';
import { useI18n } from '../i18n';
import { type ListParams, PER_PAGE_CHOICES, pageCount, sortToState, stateToSort } from '../lib/list-params';
import { EmptyState, ErrorState, LoadingState } from './States';

/**
 * A server-side list: the server sorts, filters and pages (the table runs in manual mode), the address
 * holds the state. On phones the rows become cards (each cell shows its column's name, see admin.css).
 */
const listFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature, rowSelectionFeature });
export type ListFeatures = typeof listFeatures;
// biome-ignore lint/suspicious/noExplicitAny: a list's columns hold values of every type
export type ListColumn<T extends RowData> = ColumnDef<ListFeatures, T, any>;
export function listColumns<T extends RowData>() {
  return createColumnHelper<ListFeatures, T>();
}

const apply = <S,>(updater: Updater<S>, old: S): S => (typeof updater === 'function' ? (updater as (old: S) => S)(old) : updater);

type Props<T extends RowData & { id: string | number }> = {
  caption: string;
  columns: ListColumn<T>[];
  rows: T[] | undefined;
  total: number;
  /** the total is a lower bound (the server stops counting past a bound): shown as "10,000+", and Next stays on */
  totalCapped?: boolean | undefined;
  page: number;
  perPage: number;
  sort: string;
  onSort: (sort: string) => void;
  onPage: (page: number, perPage: number) => void;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  empty: ReactNode;
  /** rows that can be selected for bulk actions, with the selection kept by the caller */
  selection?: { selected: RowSelectionState; onChange: (selected: RowSelectionState) => void } | undefined;
  /** a busy overlay while a new page loads over the old one */
  isFetching?: boolean;
};

const NO_ROWS: never[] = [];

export function DataTable<T extends RowData & { id: string | number }>(props: Props<T>) {
  const { t, lang } = useI18n();
  const sorting: SortingState = sortToState(props.sort);
  const pagination: PaginationState = { pageIndex: props.page - 1, pageSize: props.perPage };
  const table = useTable({
    features: listFeatures,
    columns: props.columns,
    data: props.rows ?? NO_ROWS,
    getRowId: (row: T) => String(row.id),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    rowCount: props.total,
    enableRowSelection: Boolean(props.selection),
    state: { sorting, pagination, rowSelection: props.selection?.selected ?? {} },
    onSortingChange: (updater: Updater<SortingState>) => props.onSort(stateToSort(apply(updater, sorting))),
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = apply(updater, pagination);
      props.onPage(next.pageIndex + 1, next.pageSize);
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => props.selection?.onChange(apply(updater, props.selection.selected)),
  });

  if (props.isLoading) return <LoadingState />;
  if (props.error) return <ErrorState error={props.error} onRetry={props.onRetry} />;
  const rows = table.getRowModel().rows;
  if (rows.length === 0) return <EmptyState>{props.empty}</EmptyState>;
  const pages = pageCount(props.total, props.perPage);
  const first = (props.page - 1) * props.perPage + 1;
  const last = first + rows.length - 1;
  const atLeast = (n: number) => {
    const text = new Intl.NumberFormat(lang).format(n);
    return props.totalCapped ? t('list.atLeast', { count: text }) : text;
  };
  const hasNext = props.totalCapped ? rows.length === props.perPage : props.page < pages;

  return (
    <div className="list" aria-busy={props.isFetching ? 'true' : undefined}>
      <table className="list-table">
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {props.selection ? (
                <th scope="col" className="select-cell">
                  <input
                    type="checkbox"
                    aria-label={t('list.selectPage')}
                    checked={table.getIsAllPageRowsSelected()}
                    ref={(el) => {
                      if (el) el.indeterminate = table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected();
                    }}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                  />
                </th>
              ) : null}
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort() && header.column.columnDef.enableSorting !== false;
                return (
                  <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                    {header.isPlaceholder ? null : canSort ? (
                      <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                        <table.FlexRender header={header} />
                        <span aria-hidden="true" className="sort-mark">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={row.getIsSelected() ? 'is-selected' : undefined}>
              {props.selection ? (
                <td className="select-cell">
                  <input
                    type="checkbox"
                    aria-label={t('list.selectRow')}
                    checked={row.getIsSelected()}
                    onChange={row.getToggleSelectedHandler()}
                  />
                </td>
              ) : null}
              {row.getAllCells().map((cell) => {
                const header = cell.column.columnDef.header;
                return (
                  <td key={cell.id} data-label={typeof header === 'string' ? header : undefined}>
                    <table.FlexRender cell={cell} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <nav className="pager" aria-label={t('list.pages')}>
        <span className="pager-count" aria-live="polite">
          {t('list.range', { first, last, total: atLeast(props.total) })}
        </span>
        <label className="pager-size">
          <span>{t('list.perPage')}</span>
          <select value={props.perPage} onChange={(e) => props.onPage(1, Number(e.target.value))}>
            {PER_PAGE_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-ghost" onClick={() => table.previousPage()} disabled={props.page <= 1}>
          {t('list.previous')}
        </button>
        <span>{t('list.pageOf', { page: props.page, pages: atLeast(pages) })}</span>
        <button type="button" className="btn btn-ghost" onClick={() => props.onPage(props.page + 1, props.perPage)} disabled={!hasNext}>
          {t('list.next')}
        </button>
      </nav>
    </div>
  );
}

/** A DataTable fed by a list query and the list's params in the address (what every list screen does). */
export function ServerList<T extends RowData & { id: string | number }>({
  list,
  state,
  ...rest
}: {
  list: UseQueryResult<Page<T>>;
  state: { params: ListParams<string>; setSort: (sort: string) => void; setPage: (page: number, perPage: number) => void };
  caption: string;
  columns: ListColumn<T>[];
  empty: ReactNode;
  selection?: Props<T>['selection'];
}) {
  return (
    <DataTable
      {...rest}
      rows={list.data?.items}
      total={list.data?.total ?? 0}
      totalCapped={list.data?.totalCapped}
      page={state.params.page}
      perPage={state.params.perPage}
      sort={state.params.sort}
      onSort={state.setSort}
      onPage={state.setPage}
      isLoading={list.isPending}
      isFetching={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
    />
  );
}
