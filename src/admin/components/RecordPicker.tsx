import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { LinkTarget, LinkTargetList } from '../../contract/admin/content';
import { storesRecordId, type RecordFieldKind } from '../../lib/field-kinds';
import { api } from '../api/client';
import { useT } from '../i18n';
import { useDebounced } from './LinkPicker';
import { errorText } from './States';
import './content-editors.css';

/**
 * Picks one shop record (catalog, category, page, product or article) by search as one types, with thumbnails,
 * through `GET /api/admin/link-targets`. It stores what pages look the record up by: a product's or article's id,
 * else the slug. The record stored is looked up by that value (`key`) and shown with its picture; one that no longer
 * exists, is hidden or shows nothing yet (a catalog without visible products) is named as such.
 */
export type RecordPickerProps = {
  kind: RecordFieldKind;
  label: string;
  /** what an empty value means, or why one is needed */
  hint: string;
  /** the section shows nothing without a record */
  required: boolean;
  value: string;
  onChange: (value: string) => void;
};

const RESULTS_SHOWN = 8;

/**
 * The records stored values name (a product's id, a catalog's address), as the picker shows them: one cached
 * lookup per value, shared with the pickers. An entry is undefined while loading, or when nothing is stored or found.
 */
export function useRecordTargets(kind: RecordFieldKind | null, values: readonly string[]): (LinkTarget | undefined)[] {
  const results = useQueries({
    queries: values.map((value) => ({
      queryKey: ['link-targets', kind, 'key', value],
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<LinkTargetList>('/link-targets', { kind: kind ?? '', key: value }, signal),
      enabled: kind !== null && value !== '',
      staleTime: 30_000,
    })),
  });
  return results.map((result) => result.data?.items[0]);
}

const storedValue = (kind: RecordFieldKind, item: LinkTarget) => (storesRecordId(kind) ? item.id : item.url);

export function RecordPicker({ kind, label, hint, required, value, onChange }: RecordPickerProps) {
  const t = useT();
  const id = useId();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const current = useQuery({
    queryKey: ['link-targets', kind, 'key', value],
    queryFn: ({ signal }) => api.get<LinkTargetList>('/link-targets', { kind, key: value }, signal),
    enabled: value !== '',
    staleTime: 30_000,
  });
  const searching = settled !== '' || value === '';
  const results = useQuery({
    queryKey: ['link-targets', kind, settled],
    queryFn: ({ signal }) => api.get<LinkTargetList>('/link-targets', { kind, search: settled }, signal),
    enabled: searching,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const chosen = value ? current.data?.items[0] : undefined;
  const kindName = t(`builder.picker.kinds.${kind}`);
  const items = results.data?.items.slice(0, RESULTS_SHOWN) ?? [];
  return (
    <fieldset className="link-picker record-picker" data-kind={kind}>
      <legend>{label}</legend>
      <div className="record-picker-current" aria-live="polite">
        {value === '' ? (
          <p className={required ? 'record-picker-warning' : 'muted small'}>{hint}</p>
        ) : current.isPending ? (
          <p className="muted small">{t('state.loading')}</p>
        ) : current.isError ? (
          <p className="field-error">{errorText(current.error, t)}</p>
        ) : chosen ? (
          <>
            <RecordRow item={chosen} />
            {chosen.hidden ? <p className="record-picker-warning">{t('builder.picker.hidden', { kind: kindName })}</p> : null}
            {chosen.empty ? <p className="record-picker-warning">{t(`builder.picker.empty.${kind}`)}</p> : null}
          </>
        ) : (
          <p className="record-picker-warning">{t('builder.picker.missing', { kind: kindName, value })}</p>
        )}
        {value !== '' ? (
          <button type="button" className="btn btn-small btn-ghost" onClick={() => onChange('')}>
            {t('builder.picker.clear')}
            <span className="visually-hidden"> {label}</span>
          </button>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={id}>{t('builder.picker.search', { kind: kindName })}</label>
        <input
          id={id}
          type="search"
          value={search}
          autoComplete="off"
          aria-controls={`${id}-results`}
          onChange={(event) => setSearch(event.target.value)}
          // the search runs as one types: Enter must not send the form the picker sits in
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </div>
      {searching ? (
        <div id={`${id}-results`} className="link-picker-results" aria-busy={results.isFetching ? 'true' : undefined}>
          {results.isPending ? (
            <p className="muted small">{t('state.loading')}</p>
          ) : results.isError ? (
            <p className="field-error">{errorText(results.error, t)}</p>
          ) : items.length === 0 ? (
            <p className="muted small">{t('builder.picker.noResults')}</p>
          ) : (
            <ul className="plain-list" aria-label={t('builder.picker.results', { kind: kindName })}>
              {items.map((item) => {
                const stored = storedValue(kind, item);
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      className="link-picker-option record-picker-option"
                      aria-pressed={stored === value}
                      onClick={() => {
                        onChange(stored);
                        setSearch('');
                      }}
                    >
                      <RecordRow item={item} />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}

/** A record's thumbnail, title, address and badges. */
function RecordRow({ item }: { item: LinkTarget }) {
  const t = useT();
  return (
    <span className="record-picker-row">
      {item.thumbnail ? (
        <img className="record-picker-thumb" src={item.thumbnail} alt="" width={48} height={48} loading="lazy" decoding="async" />
      ) : (
        <span className="record-picker-thumb is-blank" aria-hidden="true" />
      )}
      <span className="record-picker-text">
        <span className="strong">{item.title}</span> <span className="muted small">{item.path}</span>
        {item.hidden ? <span className="badge badge-muted">{t('builder.picker.hiddenBadge')}</span> : null}
        {item.empty ? <span className="badge badge-warn">{t('builder.picker.emptyBadge')}</span> : null}
      </span>
    </span>
  );
}
