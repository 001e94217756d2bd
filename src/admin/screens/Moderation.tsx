import { zodResolver } from '@hookform/resolvers/zod';
import type { RowSelectionState } from '@tanstack/react-table';
import { createContext, useContext, useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { NavLink, useParams } from 'react-router';
import { z } from 'zod';
import { MODERATION_STATUSES, type BulkAction, type BulkAnswer } from '../../contract/admin';
import { api } from '../api/client';
import { useList } from '../api/queries';
import type { CommentRow, ReviewRow } from '../api/types';
import { useWrite } from '../api/write';
import { ModerationBadge } from '../components/Badges';
import { ServerList, listColumns, type ListColumn } from '../components/DataTable';
import { ConfirmDialog, Dialog } from '../components/Dialog';
import { FilterBar, SearchFilter } from '../components/Filters';
import { useListParams } from '../components/list-hooks';
import { useFieldMessage, useI18n } from '../i18n';
import { dateTime } from '../lib/format';

type Kind = 'reviews' | 'comments';
type Item = ReviewRow | CommentRow;
const FILTERS = ['status', 'q', 'id'] as const;
const DEFAULT_SORT = '-createdAt';
/** The queue opens on what waits for a decision; 'all' shows every status. */
const DEFAULT_STATUS = 'pending';

const isReview = (item: Item): item is ReviewRow => 'rating' in item;
const column = listColumns<Item>();

/**
 * What a row's buttons need, through context: the columns stay the same objects across renders, so a
 * pending write does not remount the rows (and the focused button keeps its focus).
 */
type RowApi = { patch: (item: Item, status: 'approved' | 'rejected') => void; busy: boolean; edit: (item: Item) => void };
const RowContext = createContext<RowApi | null>(null);

function RowActions({ item }: { item: Item }) {
  const { t } = useI18n();
  const api = useContext(RowContext)!;
  const who = item.authorName;
  return (
    <div className="row-actions">
      {item.status !== 'approved' ? (
        <button
          type="button"
          className="btn btn-small btn-ok"
          disabled={api.busy}
          onClick={() => api.patch(item, 'approved')}
          aria-label={t('moderation.approveOf', { name: who })}
        >
          {t('moderation.approve')}
        </button>
      ) : null}
      {item.status !== 'rejected' ? (
        <button
          type="button"
          className="btn btn-small"
          disabled={api.busy}
          onClick={() => api.patch(item, 'rejected')}
          aria-label={t('moderation.rejectOf', { name: who })}
        >
          {t('moderation.reject')}
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-small btn-ghost"
        onClick={() => api.edit(item)}
        aria-label={t('moderation.editOf', { name: who })}
      >
        {t('moderation.edit')}
      </button>
    </div>
  );
}

/** Reviews and comments waiting for a decision: approve, reject, edit, reply, one by one or in bulk. */
export default function Moderation() {
  const { t, lang } = useI18n();
  const kind: Kind = useParams().kind === 'comments' ? 'comments' : 'reviews';
  const listState = useListParams(FILTERS, DEFAULT_SORT);
  const { params, setFilter, clear } = listState;
  // a notice's link names one record (`?id=`): it is shown whatever its status
  const status = params.filters.status ?? (params.filters.id ? 'all' : DEFAULT_STATUS);
  const apiParams = { ...params, filters: { ...params.filters, status: status === 'all' ? undefined : status } };
  const list = useList<Item, (typeof FILTERS)[number]>(`/${kind}`, apiParams);
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [editing, setEditing] = useState<Item | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => setSelected({}), [kind, status, params.page]);

  const patch = useWrite({
    mutationFn: ({ item, status: next }: { item: Item; status: 'approved' | 'rejected' }) =>
      api.patch<Item>(`/${kind}/${encodeURIComponent(item.id)}`, { status: next, version: item.version }),
    invalidate: [[kind], ['dashboard']],
    success: (item) => t(item.status === 'approved' ? 'moderation.approved' : 'moderation.rejected'),
  });
  const bulk = useWrite({
    mutationFn: (action: BulkAction['action']) => api.post<BulkAnswer>(`/${kind}/bulk`, { ids: Object.keys(selected), action }),
    invalidate: [[kind], ['dashboard']],
    success: ({ updated }) => t('moderation.bulkDone', { count: updated }),
    onSuccess: () => {
      setSelected({});
      setConfirmDelete(false);
    },
  });

  const columns = useMemo(() => {
    const subject: ListColumn<Item> =
      kind === 'reviews'
        ? column.display({
            id: 'subject',
            header: t('moderation.product'),
            cell: ({ row }) => {
              const item = row.original as ReviewRow;
              return (
                <a href={`/products/${item.productSlug}`} target="_blank" rel="noopener">
                  {item.productTitle}
                </a>
              );
            },
          })
        : column.display({
            id: 'subject',
            header: t('moderation.article'),
            cell: ({ row }) => {
              const item = row.original as CommentRow;
              return (
                <a href={`/${item.categorySlug}/${item.articleSlug}`} target="_blank" rel="noopener">
                  {item.articleTitle}
                </a>
              );
            },
          });
    const cols: ListColumn<Item>[] = [
      column.accessor('authorName', {
        header: t('moderation.author'),
        enableSorting: false,
        cell: ({ row }) => (
          <div className="stack-tight">
            <span>{row.original.authorName}</span>
            {row.original.email ? <span className="muted small">{row.original.email}</span> : null}
          </div>
        ),
      }),
      subject,
      column.accessor('text', {
        header: t('moderation.text'),
        enableSorting: false,
        cell: ({ row }) => (
          <div className="moderation-text">
            {isReview(row.original) ? (
              <span className="stars" role="img" aria-label={t('moderation.rating', { count: row.original.rating })}>
                {'★'.repeat(row.original.rating)}
                <span className="stars-off">{'★'.repeat(5 - row.original.rating)}</span>
              </span>
            ) : null}
            <p className="prewrap clamp">{row.original.text}</p>
            {row.original.reply ? <p className="reply small">↳ {row.original.reply}</p> : null}
          </div>
        ),
      }),
      column.accessor('status', {
        header: t('moderation.statusLabel'),
        enableSorting: false,
        cell: (info) => <ModerationBadge status={info.getValue()} />,
      }),
      column.accessor('createdAt', { header: t('moderation.date'), cell: (info) => dateTime(info.getValue(), lang) }),
      column.display({ id: 'actions', header: t('moderation.actions'), cell: ({ row }) => <RowActions item={row.original} /> }),
    ];
    return cols;
  }, [kind, t, lang]);

  const selectedCount = Object.keys(selected).length;
  const rowApi = useMemo<RowApi>(
    () => ({ patch: (item, next) => patch.mutate({ item, status: next }), busy: patch.isPending, edit: setEditing }),
    [patch.mutate, patch.isPending],
  );
  return (
    <RowContext.Provider value={rowApi}>
      <div className="page-head">
        <h1>{t('moderation.title')}</h1>
      </div>
      <nav className="tabs" aria-label={t('moderation.queues')}>
        <NavLink
          to="/moderation/reviews?status=pending"
          className={() => (kind === 'reviews' ? 'tab is-active' : 'tab')}
          aria-current={kind === 'reviews' ? 'page' : undefined}
        >
          {t('moderation.reviews')}
        </NavLink>
        <NavLink
          to="/moderation/comments?status=pending"
          className={() => (kind === 'comments' ? 'tab is-active' : 'tab')}
          aria-current={kind === 'comments' ? 'page' : undefined}
        >
          {t('moderation.comments')}
        </NavLink>
      </nav>
      <FilterBar onClear={clear} active={Boolean(params.filters.q || params.filters.id)}>
        <div className="segmented" role="group" aria-label={t('moderation.statusLabel')}>
          {[...MODERATION_STATUSES, 'all'].map((s) => (
            <button key={s} type="button" className="btn btn-small" aria-pressed={status === s} onClick={() => setFilter('status', s)}>
              {s === 'all' ? t('moderation.all') : t(`moderation.status.${s}`)}
            </button>
          ))}
        </div>
        <SearchFilter shortcut label={t('moderation.search')} value={params.filters.q ?? ''} onChange={(v) => setFilter('q', v)} />
      </FilterBar>
      {selectedCount > 0 ? (
        <div className="bulk-bar" role="region" aria-label={t('moderation.bulk')}>
          <span>{t('moderation.selected', { count: selectedCount })}</span>
          <button type="button" className="btn btn-ok" disabled={bulk.isPending} onClick={() => bulk.mutate('approve')}>
            {t('moderation.approve')}
          </button>
          <button type="button" className="btn" disabled={bulk.isPending} onClick={() => bulk.mutate('reject')}>
            {t('moderation.reject')}
          </button>
          <button type="button" className="btn btn-danger" disabled={bulk.isPending} onClick={() => setConfirmDelete(true)}>
            {t('moderation.delete')}
          </button>
        </div>
      ) : null}
      <ServerList
        caption={t(kind === 'reviews' ? 'moderation.reviews' : 'moderation.comments')}
        columns={columns}
        list={list}
        state={listState}
        empty={status === 'pending' && !params.filters.q ? t('moderation.queueEmpty') : t('moderation.none')}
        selection={{ selected, onChange: setSelected }}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={t('moderation.deleteTitle', { count: selectedCount })}
        confirmLabel={t('moderation.delete')}
        danger
        busy={bulk.isPending}
        onConfirm={() => bulk.mutate('delete')}
        onClose={() => setConfirmDelete(false)}
      >
        <p>{t('moderation.deleteText')}</p>
      </ConfirmDialog>
      {editing ? <EditDialog kind={kind} item={editing} onClose={() => setEditing(null)} /> : null}
    </RowContext.Provider>
  );
}

const editSchema = z.object({
  text: z.string().trim().min(1, 'required').max(5000),
  reply: z.string().trim().max(5000),
  status: z.enum(MODERATION_STATUSES),
});
type EditForm = z.infer<typeof editSchema>;

function EditDialog({ kind, item, onClose }: { kind: Kind; item: Item; onClose: () => void }) {
  const { t } = useI18n();
  const fieldMessage = useFieldMessage();
  const ids = { text: useId(), reply: useId(), status: useId() };
  const form = useForm<EditForm>({
    resolver: zodResolver(editSchema),
    defaultValues: { text: item.text, reply: item.reply ?? '', status: item.status },
  });
  const write = useWrite<EditForm, Item, EditForm>({
    mutationFn: (values) =>
      api.patch<Item>(`/${kind}/${encodeURIComponent(item.id)}`, {
        text: values.text,
        reply: values.reply || null,
        status: values.status,
        version: item.version,
      }),
    invalidate: [[kind], ['dashboard']],
    success: t('moderation.saved'),
    setError: form.setError,
    onSuccess: onClose,
  });
  const { errors } = form.formState;
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={t(kind === 'reviews' ? 'moderation.editReview' : 'moderation.editComment', { name: item.authorName })}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.back')}
          </button>
          <button type="submit" form="moderation-edit" className="btn btn-primary" disabled={write.isPending}>
            {write.isPending ? t('common.saving') : t('common.save')}
          </button>
        </>
      }
    >
      <form id="moderation-edit" noValidate onSubmit={form.handleSubmit((values) => write.mutate(values))}>
        {errors.root?.server ? (
          <p className="form-error" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={ids.text}>{t('moderation.text')}</label>
          <textarea id={ids.text} rows={5} aria-invalid={errors.text ? 'true' : undefined} {...form.register('text')} />
          {errors.text ? <p className="field-error">{fieldMessage(errors.text.message)}</p> : null}
        </div>
        <div className="field">
          <label htmlFor={ids.reply}>{t('moderation.reply')}</label>
          <textarea id={ids.reply} rows={4} aria-describedby={`${ids.reply}-hint`} {...form.register('reply')} />
          <p className="muted small" id={`${ids.reply}-hint`}>
            {t('moderation.replyHint')}
          </p>
          {errors.reply ? <p className="field-error">{fieldMessage(errors.reply.message)}</p> : null}
        </div>
        <div className="field">
          <label htmlFor={ids.status}>{t('moderation.statusLabel')}</label>
          <select id={ids.status} {...form.register('status')}>
            {MODERATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`moderation.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </form>
    </Dialog>
  );
}
