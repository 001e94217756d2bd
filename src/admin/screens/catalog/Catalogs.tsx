import { useMemo } from 'react';
import { Link } from 'react-router';
import type { CatalogListItem } from '../../../contract/admin/catalogs';
import { useList } from '../../api/queries';
import { ServerList, listColumns } from '../../components/DataTable';
import { FilterBar, SearchFilter, SelectFilter } from '../../components/Filters';
import { useListParams } from '../../components/list-hooks';
import { useI18n } from '../../i18n';

const FILTERS = ['q', 'enabled'] as const;
const DEFAULT_SORT = 'position';
const column = listColumns<CatalogListItem>();

/** The shop's catalogs: search, filter, open one, create one; links to the product import. */
export default function Catalogs() {
  const { t, lang } = useI18n();
  const listState = useListParams(FILTERS, DEFAULT_SORT);
  const { params, setFilter, clear } = listState;
  const list = useList<CatalogListItem, (typeof FILTERS)[number]>('/catalogs', params);
  const columns = useMemo(
    () => [
      column.accessor('position', { header: t('catalogs.position'), cell: (info) => <span className="num">{info.getValue()}</span> }),
      column.accessor('title', {
        header: t('catalogs.catalog'),
        cell: ({ row }) => (
          <div className="stack-tight">
            <Link to={`/catalogs/${row.original.id}`} className="strong-link">
              {row.original.title[lang] || row.original.title.en}
            </Link>
            <span className="muted small">/catalogs/{row.original.slug}</span>
          </div>
        ),
      }),
      column.accessor('productsCount', { header: t('catalogs.products'), cell: (info) => <span className="num">{info.getValue()}</span> }),
      column.accessor('sortCriteria', {
        header: t('catalogs.sort'),
        enableSorting: false,
        cell: (info) => t(`catalogs.sorts.${info.getValue()}`),
      }),
      column.accessor('enabled', {
        header: t('catalogs.state'),
        enableSorting: false,
        cell: (info) =>
          info.getValue() ? (
            <span className="badge badge-ok">{t('catalogs.on')}</span>
          ) : (
            <span className="badge badge-muted">{t('catalogs.off')}</span>
          ),
      }),
    ],
    [t, lang],
  );
  return (
    <>
      <div className="page-head">
        <h1>{t('catalogs.title')}</h1>
        <div className="head-badges">
          <Link to="/products/import" className="btn">
            {t('catalogs.importLink')}
          </Link>
          <Link to="/catalogs/new" className="btn btn-primary">
            {t('catalogs.create')}
          </Link>
        </div>
      </div>
      <FilterBar onClear={clear} active={Object.keys(params.filters).length > 0}>
        <SearchFilter shortcut label={t('catalogs.search')} value={params.filters.q ?? ''} onChange={(v) => setFilter('q', v)} />
        <SelectFilter
          label={t('catalogs.state')}
          value={params.filters.enabled ?? ''}
          onChange={(v) => setFilter('enabled', v)}
          options={[
            { value: 'true', label: t('catalogs.on') },
            { value: 'false', label: t('catalogs.off') },
          ]}
        />
      </FilterBar>
      <ServerList caption={t('catalogs.title')} columns={columns} list={list} state={listState} empty={t('catalogs.none')} />
    </>
  );
}
