import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminTag, ArticleCategory } from '../../../contract/admin/content';
import { AdminApiError, api, request } from '../../api/client';
import { useWrite } from '../../api/write';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { useFieldMessage, useI18n } from '../../i18n';
import { slugify } from './slug';

export const useArticleCategories = () =>
  useQuery({ queryKey: ['article-categories'], queryFn: () => api.get<ArticleCategory[]>('/article-categories'), staleTime: 60_000 });

export const useCategoryTags = (categoryId: string) =>
  useQuery({
    queryKey: ['article-tags', categoryId],
    queryFn: () => api.get<AdminTag[]>(`/article-categories/${encodeURIComponent(categoryId)}/tags`),
    enabled: categoryId !== '',
  });

/** The tags of article categories: created, renamed and deleted per category, in a dialog. */
export function TagsDialog({ categoryId: initial, onClose }: { categoryId?: string | undefined; onClose: () => void }) {
  const { t } = useI18n();
  const categories = useArticleCategories();
  const [categoryId, setCategoryId] = useState(initial ?? '');
  const chosen = categoryId || categories.data?.[0]?.id || '';
  const selectId = useId();
  return (
    <Dialog open wide onClose={onClose} title={t('content.tags.title')}>
      {categories.isPending ? (
        <LoadingState />
      ) : categories.isError ? (
        <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />
      ) : categories.data.length === 0 ? (
        <EmptyState>{t('content.articles.noCategories')}</EmptyState>
      ) : (
        <>
          <div className="field">
            <label htmlFor={selectId}>{t('content.articles.category')}</label>
            <select id={selectId} value={chosen} onChange={(e) => setCategoryId(e.target.value)}>
              {categories.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </div>
          <TagList key={chosen} categoryId={chosen} />
        </>
      )}
    </Dialog>
  );
}

type TagDraft = { slug: string; en: string; ru: string };

function TagList({ categoryId }: { categoryId: string }) {
  const { t, lang } = useI18n();
  const tags = useCategoryTags(categoryId);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminTag | null>(null);
  const remove = useWrite({
    mutationFn: (tag: AdminTag) => api.delete<void>(`/tags/${encodeURIComponent(tag.id)}?version=${tag.version}`),
    invalidate: [['article-tags', categoryId]],
    success: t('content.tags.deleted'),
    onSuccess: () => setDeleting(null),
  });
  if (tags.isPending) return <LoadingState />;
  if (tags.isError) return <ErrorState error={tags.error} onRetry={() => void tags.refetch()} />;
  return (
    <>
      {tags.data.length === 0 ? (
        <p className="muted">{t('content.tags.none')}</p>
      ) : (
        <ul className="tag-list" aria-label={t('content.tags.title')}>
          {tags.data.map((tag) =>
            editing === tag.id ? (
              <li key={tag.id}>
                <TagForm categoryId={categoryId} tag={tag} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={tag.id}>
                <span className="tag-title">
                  <strong>{(lang === 'ru' && tag.title.ru) || tag.title.en}</strong> <code className="muted small">{tag.slug}</code>{' '}
                  <span className="muted small">{t('content.tags.articles', { count: tag.articleCount })}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={t('content.tags.renameOne', { title: tag.title.en })}
                  onClick={() => setEditing(tag.id)}
                >
                  {t('content.tags.rename')}
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-ghost"
                  aria-label={t('content.tags.deleteOne', { title: tag.title.en })}
                  onClick={() => setDeleting(tag)}
                >
                  {t('content.delete')}
                </button>
              </li>
            ),
          )}
        </ul>
      )}
      <h3>{t('content.tags.add')}</h3>
      <TagForm categoryId={categoryId} tag={null} onDone={() => undefined} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('content.tags.deleteTitle', { title: deleting?.title.en ?? '' })}
        confirmLabel={t('content.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        <p>{t('content.tags.deleteText', { count: deleting?.articleCount ?? 0 })}</p>
      </ConfirmDialog>
    </>
  );
}

/** Creates a tag (tag null) or renames one, inline. */
export function TagForm({ categoryId, tag, onDone }: { categoryId: string; tag: AdminTag | null; onDone: (tag: AdminTag) => void }) {
  const { t } = useI18n();
  const fieldMessage = useFieldMessage();
  const ids = { en: useId(), ru: useId(), slug: useId() };
  const empty: TagDraft = { slug: tag?.slug ?? '', en: tag?.title.en ?? '', ru: tag?.title.ru ?? '' };
  const [draft, setDraft] = useState<TagDraft>(empty);
  const [slugTouched, setSlugTouched] = useState(tag !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const write = useWrite({
    mutationFn: (value: TagDraft) => {
      const body = { slug: value.slug, title: { en: value.en, ru: value.ru } };
      return tag
        ? request<AdminTag>('PATCH', `/tags/${encodeURIComponent(tag.id)}`, { body: { ...body, version: tag.version } })
        : api.post<AdminTag>(`/article-categories/${encodeURIComponent(categoryId)}/tags`, body);
    },
    invalidate: [['article-tags', categoryId]],
    success: tag ? t('content.tags.saved') : t('content.tags.created'),
    onSuccess: (saved) => {
      setErrors({});
      if (!tag) {
        setDraft({ slug: '', en: '', ru: '' });
        setSlugTouched(false);
      }
      onDone(saved);
    },
  });
  const submit = () => {
    write.mutate(draft, {
      onError: (error) => {
        if (error instanceof AdminApiError) {
          setErrors(
            Object.fromEntries(
              Object.entries(error.errors.fields).map(([path, messages]) => [path.replace(/^title\./, ''), fieldMessage(messages[0])]),
            ),
          );
        }
      },
    });
  };
  const error = (key: string) => (errors[key] ? <p className="field-error">{errors[key]}</p> : null);
  return (
    <div
      className="inline-form"
      role="group"
      aria-label={tag ? t('content.tags.renameOne', { title: tag.title.en }) : t('content.tags.add')}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
          event.preventDefault();
          submit();
        }
      }}
    >
      <div className="field">
        <label htmlFor={ids.en}>{t('content.tags.titleEn')}</label>
        <input
          id={ids.en}
          value={draft.en}
          aria-invalid={errors.en ? 'true' : undefined}
          onChange={(e) => setDraft({ ...draft, en: e.target.value, slug: slugTouched ? draft.slug : slugify(e.target.value) })}
        />
        {error('en')}
      </div>
      <div className="field">
        <label htmlFor={ids.ru}>{t('content.tags.titleRu')}</label>
        <input id={ids.ru} value={draft.ru} onChange={(e) => setDraft({ ...draft, ru: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={ids.slug}>{t('content.slug')}</label>
        <input
          id={ids.slug}
          value={draft.slug}
          aria-invalid={errors.slug ? 'true' : undefined}
          onChange={(e) => {
            setSlugTouched(true);
            setDraft({ ...draft, slug: e.target.value });
          }}
        />
        {error('slug')}
      </div>
      <button type="button" className="btn btn-primary" disabled={write.isPending} onClick={submit}>
        {tag ? t('common.save') : t('content.tags.create')}
      </button>
      {tag ? (
        <button type="button" className="btn btn-ghost" onClick={() => onDone(tag)}>
          {t('common.back')}
        </button>
      ) : null}
    </div>
  );
}
