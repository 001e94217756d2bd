import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { redirectCreateSchema, type RedirectCreate, type RedirectItem } from '../../../contract/admin/content';
import { api, request } from '../../api/client';
import { useList } from '../../api/queries';
import { useWrite } from '../../api/write';
import { listColumns, ServerList } from '../../components/DataTable';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { FilterBar, SearchFilter } from '../../components/Filters';
import { useListParams } from '../../components/list-hooks';
import { useFieldMessage, useI18n } from '../../i18n';
import { date } from '../../lib/format';

/** Stored redirects: a path of the shop answering 301 to another path or address. */
const FILTERS = ['q'] as const;
const DEFAULT_SORT = '-createdAt';
const column = listColumns<RedirectItem>();

export default function Redirects() {
  const { t, lang } = useI18n();
  const listState = useListParams(FILTERS, DEFAULT_SORT);
  const { params, setFilter, clear } = listState;
  const list = useList<RedirectItem, (typeof FILTERS)[number]>('/redirects', params);
  const [editing, setEditing] = useState<RedirectItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RedirectItem | null>(null);
  const remove = useWrite({
    mutationFn: (item: RedirectItem) => api.delete<void>(`/redirects/${encodeURIComponent(item.id)}?version=${item.version}`),
    invalidate: [['redirects']],
    success: t('content.redirects.deleted'),
    onSuccess: () => setDeleting(null),
  });
  const columns = useMemo(
    () => [
      column.accessor('fromPath', { header: t('content.redirects.from'), cell: (info) => <code>{info.getValue()}</code> }),
      column.accessor('toPath', { header: t('content.redirects.to'), cell: (info) => <code>{info.getValue()}</code> }),
      column.accessor('createdAt', { header: t('content.redirects.createdAt'), cell: (info) => date(info.getValue(), lang) }),
      column.display({
        id: 'actions',
        header: t('content.actions'),
        cell: ({ row }) => (
          <div className="row-actions">
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setEditing(row.original)}
              aria-label={t('content.redirects.editOne', { path: row.original.fromPath })}
            >
              {t('content.edit')}
            </button>
            <button
              type="button"
              className="btn btn-small btn-ghost"
              onClick={() => setDeleting(row.original)}
              aria-label={t('content.redirects.deleteOne', { path: row.original.fromPath })}
            >
              {t('content.delete')}
            </button>
          </div>
        ),
      }),
    ],
    [t, lang],
  );
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t('content.redirects.title')}</h1>
          <p className="muted">{t('content.redirects.intro')}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {t('content.redirects.add')}
        </button>
      </div>
      <FilterBar onClear={clear} active={Object.keys(params.filters).length > 0}>
        <SearchFilter shortcut label={t('content.redirects.search')} value={params.filters.q ?? ''} onChange={(v) => setFilter('q', v)} />
      </FilterBar>
      <ServerList
        caption={t('content.redirects.title')}
        columns={columns}
        list={list}
        state={listState}
        empty={t('content.redirects.none')}
      />
      {editing ? <RedirectDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('content.redirects.deleteTitle', { path: deleting?.fromPath ?? '' })}
        confirmLabel={t('content.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        <p>{t('content.redirects.deleteText')}</p>
      </ConfirmDialog>
    </>
  );
}

function RedirectDialog({ item, onClose }: { item: RedirectItem | null; onClose: () => void }) {
  const { t } = useI18n();
  const fieldMessage = useFieldMessage();
  const ids = { from: useId(), to: useId() };
  const form = useForm<RedirectCreate>({
    resolver: zodResolver(redirectCreateSchema),
    defaultValues: { fromPath: item?.fromPath ?? '/', toPath: item?.toPath ?? '/' },
  });
  const write = useWrite<RedirectCreate, RedirectItem, RedirectCreate>({
    mutationFn: (values) =>
      item
        ? request<RedirectItem>('PUT', `/redirects/${encodeURIComponent(item.id)}`, { body: { ...values, version: item.version } })
        : api.post<RedirectItem>('/redirects', values),
    invalidate: [['redirects']],
    success: item ? t('content.redirects.saved') : t('content.redirects.created'),
    setError: form.setError,
    onSuccess: onClose,
  });
  const { errors } = form.formState;
  return (
    <Dialog
      open
      onClose={onClose}
      title={item ? t('content.redirects.editTitle') : t('content.redirects.add')}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.back')}
          </button>
          <button type="submit" form="redirect-form" className="btn btn-primary" disabled={write.isPending}>
            {write.isPending ? t('common.saving') : t('common.save')}
          </button>
        </>
      }
    >
      <form id="redirect-form" noValidate onSubmit={form.handleSubmit((values) => write.mutate(values))}>
        {errors.root?.server ? (
          <p className="form-error" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={ids.from}>{t('content.redirects.from')}</label>
          <input
            id={ids.from}
            autoComplete="off"
            aria-invalid={errors.fromPath ? 'true' : undefined}
            aria-describedby={`${ids.from}-hint`}
            {...form.register('fromPath')}
          />
          <p className="muted small" id={`${ids.from}-hint`}>
            {t('content.redirects.fromHint')}
          </p>
          {errors.fromPath ? <p className="field-error">{fieldMessage(errors.fromPath.message)}</p> : null}
        </div>
        <div className="field">
          <label htmlFor={ids.to}>{t('content.redirects.to')}</label>
          <input
            id={ids.to}
            autoComplete="off"
            aria-invalid={errors.toPath ? 'true' : undefined}
            aria-describedby={`${ids.to}-hint`}
            {...form.register('toPath')}
          />
          <p className="muted small" id={`${ids.to}-hint`}>
            {t('content.redirects.toHint')}
          </p>
          {errors.toPath ? <p className="field-error">{fieldMessage(errors.toPath.message)}</p> : null}
        </div>
      </form>
    </Dialog>
  );
}
