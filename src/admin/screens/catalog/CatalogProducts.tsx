import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type {
  CatalogCandidates,
  CatalogDetail,
  CatalogProduct,
  CatalogProducts as CatalogProductsAnswer,
} from '../../../contract/admin/catalogs';
import { mediaThumbnail } from '../../../contract/admin/media';
import { api, request } from '../../api/client';
import { useMediaByIds } from '../../api/media';
import { useWrite } from '../../api/write';
import { moveItem, SortableList } from '../../components/SortableList';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { useI18n } from '../../i18n';
import '../../components/media/media.css';

/**
 * The products of a catalog in their hand-made order (the `custom` sort): drag a row's handle or use the
 * keyboard (Space, arrows, Space) or the move buttons; add products found by title, remove them; then save.
 */
export function CatalogProducts({ catalog }: { catalog: CatalogDetail }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const headingId = useId();
  const key = ['catalogs', catalog.id, 'products'];
  const query = useQuery({
    queryKey: key,
    queryFn: () => api.get<CatalogProductsAnswer>(`/catalogs/${encodeURIComponent(catalog.id)}/products`),
  });
  const [items, setItems] = useState<CatalogProduct[] | null>(null);
  const [version, setVersion] = useState<number | null>(null);
  const [loadedIds, setLoadedIds] = useState('');
  // the server's list after loading, or again when someone else changed it (a conflict); a save of the
  // catalog's other fields only raises the version and keeps the order being edited
  useEffect(() => {
    if (!query.data) return;
    const ids = query.data.items.map((p) => p.id).join(',');
    setVersion(query.data.version);
    if (ids !== loadedIds) {
      setItems(query.data.items);
      setLoadedIds(ids);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data]);
  const save = useWrite<CatalogProduct[], CatalogProductsAnswer>({
    mutationFn: (list) =>
      request<CatalogProductsAnswer>('PUT', `/catalogs/${encodeURIComponent(catalog.id)}/products`, {
        body: { productIds: list.map((p) => p.id), version },
      }),
    invalidate: [key, ['catalogs', catalog.id], ['catalogs', 'list']],
    success: t('catalogs.orderSaved'),
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
  const images = useMediaByIds((items ?? []).map((p) => p.imageId).filter((id): id is string => !!id));
  const thumbOf = (product: CatalogProduct) => {
    const image = images.data?.items.find((i) => i.id === product.imageId);
    return image ? (
      <img className="thumb" src={mediaThumbnail(image.uri, 64)} alt="" width={48} height={48} />
    ) : (
      <span className="thumb thumb-small" aria-hidden="true" />
    );
  };
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const list = items ?? [];
  const dirty = JSON.stringify(list.map((p) => p.id)) !== JSON.stringify(query.data.items.map((p) => p.id));
  const add = (product: CatalogProduct) => setItems([...list, product]);
  return (
    <section className="card catalog-products" aria-labelledby={headingId}>
      <div className="page-head">
        <h2 id={headingId}>{t('catalogs.productsTitle', { count: list.length })}</h2>
        <div className="head-badges">
          {dirty ? <span className="badge badge-warn">{t('catalogs.unsaved')}</span> : null}
          <button type="button" className="btn" disabled={!dirty || save.isPending} onClick={() => setItems(query.data.items)}>
            {t('catalogs.undoOrder')}
          </button>
          <button type="button" className="btn btn-primary" disabled={!dirty || save.isPending} onClick={() => save.mutate(list)}>
            {save.isPending ? t('common.saving') : t('catalogs.saveOrder')}
          </button>
        </div>
      </div>
      {catalog.sortCriteria !== 'custom' ? (
        <p className="muted small">{t('catalogs.orderNotUsed', { sort: t(`catalogs.sorts.${catalog.sortCriteria}`) })}</p>
      ) : null}
      <p className="muted small">{t('catalogs.orderHelp')}</p>
      {list.length === 0 ? (
        <EmptyState>{t('catalogs.noProducts')}</EmptyState>
      ) : (
        <SortableList
          items={list}
          getId={(p) => p.id}
          getLabel={(p) => p.title}
          onReorder={setItems}
          className="sortable-list"
          itemClassName="sortable-row"
          label={t('catalogs.orderList')}
        >
          {(product, index, handle) => (
            <>
              <button
                type="button"
                className="drag-handle"
                {...handle}
                aria-label={t('catalogs.dragProduct', { name: product.title, position: index + 1, total: list.length })}
              >
                ⠿
              </button>
              <span className="num muted">{index + 1}</span>
              {thumbOf(product)}
              <span className="catalog-product-title">
                <Link to={`/products/${product.id}`}>{product.title}</Link>
                {!product.enabled ? <span className="badge badge-muted">{t('catalogs.off')}</span> : null}
              </span>
              <span className="row-actions">
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={index === 0}
                  onClick={() => setItems(moveItem(list, index, index - 1))}
                  aria-label={t('catalogs.moveUp', { name: product.title })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={index === list.length - 1}
                  onClick={() => setItems(moveItem(list, index, index + 1))}
                  aria-label={t('catalogs.moveDown', { name: product.title })}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => setItems(list.filter((p) => p.id !== product.id))}
                  aria-label={t('catalogs.removeProduct', { name: product.title })}
                >
                  {t('catalogs.remove')}
                </button>
              </span>
            </>
          )}
        </SortableList>
      )}
      <AddProducts catalogId={catalog.id} chosen={list} onAdd={add} />
    </section>
  );
}

function AddProducts({
  catalogId,
  chosen,
  onAdd,
}: {
  catalogId: string;
  chosen: CatalogProduct[];
  onAdd: (product: CatalogProduct) => void;
}) {
  const { t } = useI18n();
  const inputId = useId();
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(q.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [q]);
  const candidates = useQuery({
    queryKey: ['catalogs', catalogId, 'candidates', debounced],
    queryFn: ({ signal }) => api.get<CatalogCandidates>(`/catalogs/${encodeURIComponent(catalogId)}/candidates`, { q: debounced }, signal),
    enabled: debounced.length > 0,
  });
  const taken = new Set(chosen.map((p) => p.id));
  const found = (candidates.data?.items ?? []).filter((p) => !taken.has(p.id));
  return (
    <div className="add-products">
      <h3>{t('catalogs.addProducts')}</h3>
      <div className="field">
        <label htmlFor={inputId}>{t('catalogs.findProduct')}</label>
        <input
          id={inputId}
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
          autoComplete="off"
        />
      </div>
      {debounced && candidates.isSuccess && found.length === 0 ? <p className="muted small">{t('catalogs.noCandidates')}</p> : null}
      {found.length ? (
        <ul className="plain-list rows" aria-label={t('catalogs.candidates')}>
          {found.map((product) => (
            <li key={product.id}>
              <span>{product.title}</span>
              <span className="muted small">/products/{product.slug}</span>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => onAdd(product)}
                aria-label={t('catalogs.addProduct', { name: product.title })}
              >
                {t('catalogs.add')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
