import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MEDIA_ACCEPT, type MediaDetail, type MediaItem, type MediaUsage } from '../../../contract/admin/media';
import { AdminApiError, api } from '../../api/client';
import { MEDIA_KEY, replaceMediaFile, useMediaList } from '../../api/media';
import { useWrite } from '../../api/write';
import { Dialog } from '../../components/Dialog';
import { SearchFilter } from '../../components/Filters';
import { MediaGrid } from '../../components/media/MediaGrid';
import { UploadZone } from '../../components/media/UploadZone';
import { EmptyState, ErrorState, LoadingState, errorText } from '../../components/States';
import { useToasts } from '../../components/Toasts';
import { useFieldMessage, useI18n } from '../../i18n';
import { dateTime } from '../../lib/format';

const PER_PAGE = 36;

/** The media library: upload (drop zone or file button, several at once), browse and search, edit alt texts, delete. */
export default function Media() {
  const { t } = useI18n();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<MediaItem | null>(null);
  const list = useMediaList({ q, page, perPage: PER_PAGE });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PER_PAGE)) : 1;
  return (
    <>
      <div className="page-head">
        <h1>{t('media.title')}</h1>
        {list.data ? <p className="muted">{t('media.total', { count: list.data.total })}</p> : null}
      </div>
      <UploadZone onUploaded={() => setPage(1)} />
      <div className="filters" role="search">
        <SearchFilter
          shortcut
          label={t('media.search')}
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
      </div>
      {list.isPending ? <LoadingState /> : null}
      {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && list.data.items.length === 0 ? <EmptyState>{q ? t('media.noMatches') : t('media.empty')}</EmptyState> : null}
      {list.data && list.data.items.length > 0 ? (
        <MediaGrid items={list.data.items} onActivate={setOpen} label={t('media.library')} />
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
      {open ? <ImageDialog id={open.id} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

const textSchema = z.string().trim().max(500);
const editSchema = z.object({
  name: z.string().trim().min(1, 'This value should not be blank.').max(200),
  alt: z.object({ en: textSchema, ru: textSchema }),
  title: z.object({ en: textSchema, ru: textSchema }),
});
type EditForm = z.infer<typeof editSchema>;

function ImageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useI18n();
  const query = useQuery({ queryKey: [MEDIA_KEY, 'detail', id], queryFn: () => api.get<MediaDetail>(`/media/${encodeURIComponent(id)}`) });
  return (
    <Dialog open wide onClose={onClose} title={query.data?.name ?? t('media.image')}>
      {query.isPending ? <LoadingState /> : null}
      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? <ImageEditor key={`${query.data.id}:${query.data.version}`} image={query.data} onClose={onClose} /> : null}
    </Dialog>
  );
}

function UsageList({ usage }: { usage: MediaUsage[] }) {
  const { t } = useI18n();
  return (
    <ul className="plain-list">
      {usage.map((u) => (
        <li key={`${u.kind}:${u.id}`}>
          <span className="badge badge-muted">{t(`media.usage.${u.kind}`)}</span> {u.title || u.id}
        </li>
      ))}
    </ul>
  );
}

function ImageEditor({ image, onClose }: { image: MediaDetail; onClose: () => void }) {
  const { t, lang } = useI18n();
  const fieldMessage = useFieldMessage();
  const toasts = useToasts();
  const client = useQueryClient();
  const formId = useId();
  const ids = { name: useId(), altEn: useId(), altRu: useId(), titleEn: useId(), titleRu: useId() };
  const [confirm, setConfirm] = useState<null | { usage: MediaUsage[] }>(null);
  const [deleting, setDeleting] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const replaceId = useId();
  const form = useForm<EditForm>({
    resolver: zodResolver(editSchema),
    defaultValues: { name: image.name, alt: image.alt, title: image.title },
  });
  const save = useWrite<EditForm, MediaItem, EditForm>({
    mutationFn: (values) => api.patch<MediaItem>(`/media/${encodeURIComponent(image.id)}`, { ...values, version: image.version }),
    invalidate: [[MEDIA_KEY]],
    success: t('media.saved'),
    setError: form.setError,
  });
  async function remove(force: boolean) {
    setDeleting(true);
    try {
      await api.delete(`/media/${encodeURIComponent(image.id)}?version=${image.version}${force ? '&force=true' : ''}`);
      await client.invalidateQueries({ queryKey: [MEDIA_KEY] });
      toasts.ok(t('media.deleted'));
      onClose();
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && !force) {
        // in use: the answer names where; a stale version reloads the image instead
        const fresh = await api.get<MediaDetail>(`/media/${encodeURIComponent(image.id)}`).catch(() => null);
        if (fresh && fresh.version === image.version && fresh.usage.length) setConfirm({ usage: fresh.usage });
        else {
          toasts.error(t('errors.conflict'));
          await client.invalidateQueries({ queryKey: [MEDIA_KEY] });
        }
      } else toasts.error(errorText(error, t));
    } finally {
      setDeleting(false);
    }
  }
  async function replace(file: File | undefined) {
    if (!file) return;
    setReplacing(true);
    try {
      await replaceMediaFile(image, file);
      toasts.ok(t('media.replaced'));
    } catch (error) {
      toasts.error(error instanceof AdminApiError && error.status === 409 ? t('errors.conflict') : errorText(error, t));
    } finally {
      setReplacing(false);
      // the new file (or a colleague's newer version) is shown either way
      await client.invalidateQueries({ queryKey: [MEDIA_KEY] });
    }
  }
  const { errors } = form.formState;
  const input = (
    key: keyof typeof ids,
    path: 'name' | 'alt.en' | 'alt.ru' | 'title.en' | 'title.ru',
    labelText: string,
    error?: string,
  ) => (
    <div className="field">
      <label htmlFor={ids[key]}>{labelText}</label>
      <input id={ids[key]} aria-invalid={error ? 'true' : undefined} {...form.register(path)} />
      {error ? <p className="field-error">{fieldMessage(error)}</p> : null}
    </div>
  );
  return (
    <div className="media-editor">
      <figure className="media-preview">
        <img src={`${image.uri}?w=640&format=webp`} alt={image.alt[lang] || image.name} />
        <figcaption className="small muted">
          {image.width} × {image.height} · {Math.max(1, Math.round(image.size / 1024))} KB · {dateTime(image.createdAt, lang)} ·{' '}
          <a href={image.uri} target="_blank" rel="noreferrer">
            {t('media.original')}
          </a>
        </figcaption>
      </figure>
      <form id={formId} noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        {errors.root?.server ? (
          <p className="form-error" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        {input('name', 'name', t('media.name'), errors.name?.message)}
        <p className="small muted">{t('media.altHint')}</p>
        {input('altEn', 'alt.en', t('media.altEn'), errors.alt?.en?.message)}
        {input('altRu', 'alt.ru', t('media.altRu'), errors.alt?.ru?.message)}
        {input('titleEn', 'title.en', t('media.titleEn'), errors.title?.en?.message)}
        {input('titleRu', 'title.ru', t('media.titleRu'), errors.title?.ru?.message)}
        <h3>{t('media.usedIn')}</h3>
        {image.usage.length ? <UsageList usage={image.usage} /> : <p className="muted small">{t('media.unused')}</p>}
        <div className="actions-bar">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </button>
          <label htmlFor={replaceId} className={`btn${replacing ? ' is-disabled' : ''}`} title={t('media.replaceHint')}>
            {replacing ? t('media.replacing') : t('media.replace')}
          </label>
          <input
            id={replaceId}
            type="file"
            className="visually-hidden"
            accept={MEDIA_ACCEPT}
            disabled={replacing}
            onChange={(event) => {
              void replace(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
          <button type="button" className="btn btn-danger" disabled={deleting} onClick={() => void remove(false)}>
            {t('media.delete')}
          </button>
        </div>
      </form>
      {confirm ? (
        <div className="card card-attention" role="alert">
          <p>{t('media.inUse', { count: confirm.usage.length })}</p>
          <UsageList usage={confirm.usage} />
          <div className="actions-bar">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirm(null)}>
              {t('common.back')}
            </button>
            <button type="button" className="btn btn-danger" disabled={deleting} onClick={() => void remove(true)}>
              {t('media.deleteAnyway')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
