import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ArticleListItem } from '../../../contract/admin/content';
import { useList } from '../../api/queries';
import { listColumns, ServerList } from '../../components/DataTable';
import { FilterBar, SearchFilter, SelectFilter } from '../../components/Filters';
import { useListParams } from '../../components/list-hooks';
import { useI18n } from '../../i18n';
import { date } from '../../lib/format';
import { TagsDialog, useArticleCategories } from './TagManager';
import './content-screens.css';

/** The articles of every category, newest first, with a way to their tags. */
const FILTERS = ['q', 'categoryId'] as const;
const DEFAULT_SORT = '-publishedAt';
const column = listColumns<ArticleListItem>();

export default function Articles() {
  const { t, lang } = useI18n();
  const listState = useListParams(FILTERS, DEFAULT_SORT);
  const { params, setFilter, clear } = listState;
  const list = useList<ArticleListItem, (typeof FILTERS)[number]>('/articles', params);
  const categories = useArticleCategories();
  const [tagsOpen, setTagsOpen] = useState(false);
  const columns = useMemo(
    () => [
      column.accessor('title', {
        header: t('content.articles.article'),
        cell: ({ row }) => (
          <div className="stack-tight">
            <Link to={`/articles/${row.original.id}`} className="strong-link">
              {row.original.title}
            </Link>
            <span className="muted small">
              /{row.original.categorySlug}/{row.original.slug}
            </span>
          </div>
        ),
      }),
      column.accessor('categoryTitle', { header: t('content.articles.category'), enableSorting: false }),
      column.accessor('authorName', { header: t('content.articles.author'), enableSorting: false, cell: (info) => info.getValue() ?? '—' }),
      column.accessor('publishedAt', { header: t('content.articles.published'), cell: (info) => date(info.getValue(), lang) }),
      column.accessor('enabled', {
        header: t('content.articles.state'),
        enableSorting: false,
        cell: (info) =>
          info.getValue() ? (
            <span className="badge badge-ok">{t('content.articles.shown')}</span>
          ) : (
            <span className="badge badge-muted">{t('content.articles.hidden')}</span>
          ),
      }),
    ],
    [t, lang],
  );
  return (
    <>
      <div className="page-head">
        <h1>{t('content.articles.title')}</h1>
        <div className="row-actions">
          <button type="button" className="btn" onClick={() => setTagsOpen(true)}>
            {t('content.tags.title')}
          </button>
          <Link to="/articles/new" className="btn btn-primary">
            {t('content.articles.add')}
          </Link>
        </div>
      </div>
      <FilterBar onClear={clear} active={Object.keys(params.filters).length > 0}>
        <SearchFilter shortcut label={t('content.articles.search')} value={params.filters.q ?? ''} onChange={(v) => setFilter('q', v)} />
        <SelectFilter
          label={t('content.articles.category')}
          value={params.filters.categoryId ?? ''}
          onChange={(v) => setFilter('categoryId', v)}
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
        />
      </FilterBar>
      <ServerList
        caption={t('content.articles.title')}
        columns={columns}
        list={list}
        state={listState}
        empty={t('content.articles.none')}
      />
      {tagsOpen ? <TagsDialog categoryId={params.filters.categoryId} onClose={() => setTagsOpen(false)} /> : null}
    </>
  );
}
