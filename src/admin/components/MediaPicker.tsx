import { useId, useMemo, useState } from 'react';
import type { MediaItem } from '../../contract/admin/media';
import { useMediaByIds, useMediaList } from '../api/media';
import { useI18n } from '../i18n';
import { Dialog } from './Dialog';
import { imageLabel, MediaGrid, Thumb } from './media/MediaGrid';
import { UploadZone } from './media/UploadZone';
import { moveItem, SortableList } from './SortableList';
import { ErrorState, LoadingState } from './States';
import './media/media.css';

/**
 * Picks images from the media library (upload included): the chosen images as thumbnails (reordered by drag
 * and drop or from the keyboard when several), and a dialog with the library to choose from.
 */
export type MediaPickerProps = {
  /** chosen image ids, in order */
  value: string[];
  onChange: (ids: string[]) => void;
  /** one image (false) or several (true) */
  multiple?: boolean;
  /** accessible name of the control */
  label: string;
};

const PER_PAGE = 24;

export function MediaPicker({ value, onChange, multiple = false, label }: MediaPickerProps) {
  const { t, lang } = useI18n();
  const labelId = useId();
  const [open, setOpen] = useState(false);
  const chosen = useMediaByIds(value);
  const byId = useMemo(() => new Map((chosen.data?.items ?? []).map((item) => [item.id, item])), [chosen.data]);
  // an id the library no longer has still shows, so it can be removed
  const entries = value.map((id) => ({ id, item: byId.get(id) }));
  const nameOf = (entry: { id: string; item: MediaItem | undefined }) => (entry.item ? imageLabel(entry.item, lang) : t('media.missing'));
  const remove = (id: string) => onChange(value.filter((v) => v !== id));

  const tile = (entry: (typeof entries)[number]) =>
    entry.item ? (
      <Thumb item={entry.item} size={96} />
    ) : (
      <span className="thumb thumb-missing">{chosen.isPending ? '…' : t('media.missing')}</span>
    );

  return (
    <div className="media-picker" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="picker-label">
        {label}
      </span>
      {entries.length === 0 ? <p className="muted small">{multiple ? t('media.noneChosenMany') : t('media.noneChosen')}</p> : null}
      {multiple && entries.length > 0 ? (
        <SortableList
          items={entries}
          getId={(entry) => entry.id}
          getLabel={nameOf}
          onReorder={(next) => onChange(next.map((entry) => entry.id))}
          layout="grid"
          className="picker-chosen"
          itemClassName="picker-item"
          label={t('media.chosenList', { label })}
        >
          {(entry, index, handle) => (
            <>
              <button
                type="button"
                className="picker-handle"
                {...handle}
                aria-label={t('media.dragImage', { name: nameOf(entry), position: index + 1, total: entries.length })}
              >
                {tile(entry)}
              </button>
              <div className="picker-item-actions">
                <button
                  type="button"
                  className="btn btn-icon btn-small"
                  onClick={() => onChange(moveItem(value, index, index - 1))}
                  disabled={index === 0}
                  aria-label={t('media.moveEarlier', { name: nameOf(entry) })}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="btn btn-icon btn-small"
                  onClick={() => onChange(moveItem(value, index, index + 1))}
                  disabled={index === entries.length - 1}
                  aria-label={t('media.moveLater', { name: nameOf(entry) })}
                >
                  →
                </button>
                <button
                  type="button"
                  className="btn btn-icon btn-small"
                  onClick={() => remove(entry.id)}
                  aria-label={t('media.removeImage', { name: nameOf(entry) })}
                >
                  ×
                </button>
              </div>
            </>
          )}
        </SortableList>
      ) : null}
      {!multiple && entries[0] ? (
        <ul className="picker-chosen" aria-label={t('media.chosenList', { label })}>
          <li className="picker-item">
            {tile(entries[0])}
            <div className="picker-item-actions">
              <button
                type="button"
                className="btn btn-icon btn-small"
                onClick={() => remove(entries[0]!.id)}
                aria-label={t('media.removeImage', { name: nameOf(entries[0]) })}
              >
                ×
              </button>
            </div>
          </li>
        </ul>
      ) : null}
      <button type="button" className="btn btn-small" onClick={() => setOpen(true)}>
        {multiple ? t('media.addImages') : entries.length ? t('media.replaceImage') : t('media.chooseImage')}
      </button>
      {open ? (
        <PickerDialog
          label={label}
          multiple={multiple}
          initial={value}
          onClose={() => setOpen(false)}
          onChoose={(ids) => {
            onChange(ids);
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

function PickerDialog({
  label,
  multiple,
  initial,
  onClose,
  onChoose,
}: {
  label: string;
  multiple: boolean;
  initial: string[];
  onClose: () => void;
  onChoose: (ids: string[]) => void;
}) {
  const { t } = useI18n();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState<string[]>(initial);
  const list = useMediaList({ q, page, perPage: PER_PAGE });
  const searchId = useId();
  const selected = useMemo(() => new Set(selection), [selection]);
  const toggle = (item: MediaItem) => {
    if (!multiple) setSelection(selected.has(item.id) ? [] : [item.id]);
    else setSelection((now) => (now.includes(item.id) ? now.filter((id) => id !== item.id) : [...now, item.id]));
  };
  const uploaded = (items: MediaItem[]) => {
    setQ('');
    setPage(1);
    if (!multiple) setSelection(items.slice(-1).map((item) => item.id));
    else setSelection((now) => [...now, ...items.map((item) => item.id).filter((id) => !now.includes(id))]);
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PER_PAGE)) : 1;
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={t('media.pickTitle', { label })}
      footer={
        <>
          <span className="muted small picker-count" aria-live="polite">
            {t('media.selectedCount', { count: selection.length })}
          </span>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.back')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => onChoose(selection)}>
            {t('media.choose')}
          </button>
        </>
      }
    >
      <div className="picker-tools">
        <div className="field">
          <label htmlFor={searchId}>{t('media.search')}</label>
          <input
            id={searchId}
            type="search"
            value={q}
            onChange={(event) => {
              setQ(event.target.value);
              setPage(1);
            }}
            // the picker often sits inside a form: Enter searches (as typing does), it never submits that form
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
        </div>
        <UploadZone compact onUploaded={uploaded} />
      </div>
      {list.isPending ? <LoadingState /> : null}
      {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && list.data.items.length === 0 ? <p className="muted">{q ? t('media.noMatches') : t('media.empty')}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <MediaGrid items={list.data.items} selected={selected} onActivate={toggle} label={t('media.library')} />
      ) : null}
      {pages > 1 ? (
        <nav className="pager" aria-label={t('media.pages')}>
          <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('media.previous')}
          </button>
          <span className="small muted">{t('media.pageOf', { page, pages })}</span>
          <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('media.next')}
          </button>
        </nav>
      ) : null}
    </Dialog>
  );
}
