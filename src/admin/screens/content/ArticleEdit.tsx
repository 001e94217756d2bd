import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { ArticleCreate, ArticleDetail } from '../../../contract/admin/content';
import { api, request } from '../../api/client';
import { useWrite } from '../../api/write';
import { ConfirmDialog } from '../../components/Dialog';
import { MediaPicker } from '../../components/MediaPicker';
import { RichTextEditor } from '../../components/RichTextEditor';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { UnsavedChanges } from '../../components/UnsavedChanges';
import { useFieldMessage, useI18n } from '../../i18n';
import { slugify } from './slug';
import { TagsDialog, useArticleCategories, useCategoryTags } from './TagManager';
import './content-screens.css';

type Pair = { en: string; ru: string };
type ArticleForm = {
  slug: string;
  categoryId: string;
  title: Pair;
  excerpt: Pair;
  metaTitle: Pair;
  metaDescription: Pair;
  authorName: string;
  previewImageIds: string[];
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone */
  publishedAt: string;
  enabled: boolean;
  tagIds: string[];
  body: Pair;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as a datetime-local input shows it. */
function localInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const blank = (): Pair => ({ en: '', ru: '' });

function toForm(article: ArticleDetail | null, categoryId: string): ArticleForm {
  return {
    slug: article?.slug ?? '',
    categoryId: article?.categoryId ?? categoryId,
    title: article?.title ?? blank(),
    excerpt: article?.excerpt ?? blank(),
    metaTitle: article?.metaTitle ?? blank(),
    metaDescription: article?.metaDescription ?? blank(),
    authorName: article?.authorName ?? '',
    previewImageIds: article?.previewImageId ? [article.previewImageId] : [],
    publishedAt: localInput(article?.publishedAt ?? new Date().toISOString()),
    enabled: article?.enabled ?? true,
    tagIds: article?.tagIds ?? [],
    body: article?.body ?? blank(),
  };
}

function toBody(form: ArticleForm): ArticleCreate {
  const published = new Date(form.publishedAt);
  return {
    slug: form.slug,
    categoryId: form.categoryId,
    title: form.title,
    excerpt: form.excerpt,
    metaTitle: form.metaTitle,
    metaDescription: form.metaDescription,
    authorName: form.authorName || null,
    previewImageId: form.previewImageIds[0] ?? null,
    publishedAt: Number.isNaN(published.getTime()) ? form.publishedAt : published.toISOString(),
    enabled: form.enabled,
    tagIds: form.tagIds,
    body: form.body,
  };
}

/** One article: texts in both languages, category and tags, publication, SEO, and its text (rich text). */
export default function ArticleEdit() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const query = useQuery({
    queryKey: ['articles', id],
    queryFn: () => api.get<ArticleDetail>(`/articles/${encodeURIComponent(id)}`),
    enabled: !isNew,
  });
  const categories = useArticleCategories();
  if ((!isNew && query.isPending) || categories.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (categories.isError) return <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />;
  return <ArticleEditor key={id} article={isNew ? null : (query.data ?? null)} firstCategoryId={categories.data[0]?.id ?? ''} />;
}

function ArticleEditor({ article, firstCategoryId }: { article: ArticleDetail | null; firstCategoryId: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const fieldMessage = useFieldMessage();
  const categories = useArticleCategories();
  const form = useForm<ArticleForm>({ defaultValues: toForm(article, firstCategoryId) });
  const { errors } = form.formState;
  const [slugTouched, setSlugTouched] = useState(article !== null);
  const [tagsOpen, setTagsOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const categoryId = form.watch('categoryId');
  const tags = useCategoryTags(categoryId);
  const version = useRef(article?.version ?? 0);

  // After a conflict the latest version is loaded: the form starts again from it.
  useEffect(() => {
    if (article && article.version !== version.current) {
      version.current = article.version;
      form.reset(toForm(article, firstCategoryId));
    }
  }, [article, firstCategoryId, form]);

  const save = useWrite<ArticleForm, ArticleDetail, ArticleForm>({
    mutationFn: (values) =>
      article
        ? request<ArticleDetail>('PUT', `/articles/${encodeURIComponent(article.id)}`, {
            body: { ...toBody(values), version: article.version },
          })
        : api.post<ArticleDetail>('/articles', toBody(values)),
    invalidate: article ? [['articles']] : [['articles', 'list']],
    success: article ? t('content.articles.saved') : t('content.articles.created'),
    setError: (name, error) => form.setError(name === ('previewImageId' as never) ? 'previewImageIds' : name, error),
    onSuccess: (saved) => {
      if (!article) navigate(`/articles/${saved.id}`, { replace: true });
    },
  });
  const remove = useWrite({
    mutationFn: (a: ArticleDetail) => api.delete<void>(`/articles/${encodeURIComponent(a.id)}?version=${a.version}`),
    invalidate: [['articles', 'list']],
    success: t('content.articles.deleted'),
    onSuccess: () => navigate('/articles', { replace: true }),
  });

  if (!firstCategoryId && !article) {
    return (
      <>
        <BackLink />
        <EmptyState>{t('content.articles.noCategories')}</EmptyState>
      </>
    );
  }
  const err = (message: string | undefined) => (message ? fieldMessage(message) : undefined);
  const titleField = form.register('title.en', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugTouched) form.setValue('slug', slugify(event.target.value));
    },
  });
  return (
    <>
      <UnsavedChanges
        dirty={form.formState.isDirty}
        saving={save.isPending || remove.isPending}
        onDiscard={() => form.reset()}
        form="article-form"
      />
      <BackLink />
      <div className="page-head">
        <div>
          <h1>{article ? form.watch('title.en') || article.title.en : t('content.articles.new')}</h1>
          {article ? (
            <p className="muted">
              <a href={article.path} target="_blank" rel="noreferrer">
                {article.path}
              </a>
            </p>
          ) : null}
        </div>
        <div className="row-actions">
          {article ? (
            <>
              <Link className="btn" to={`/builder/${encodeURIComponent(`article:${article.id}`)}`}>
                {t('content.articles.openBuilder')}
              </Link>
              <button type="button" className="btn btn-ghost" onClick={() => setConfirmDelete(true)}>
                {t('content.delete')}
              </button>
            </>
          ) : null}
          <button type="submit" form="article-form" className="btn btn-primary own-save" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </div>
      <form id="article-form" className="article-form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <div>
          {errors.root?.server ? (
            <p className="form-error" role="alert">
              {errors.root.server.message}
            </p>
          ) : null}
          <section className="card" aria-labelledby="article-texts">
            <h2 id="article-texts">{t('content.articles.texts')}</h2>
            <div className="lang-pair">
              <TextField label={t('content.articles.titleEn')} error={err(errors.title?.en?.message)} field={titleField} />
              <TextField label={t('content.articles.titleRu')} error={err(errors.title?.ru?.message)} field={form.register('title.ru')} />
            </div>
            <TextField
              label={t('content.slug')}
              hint={t('content.articles.slugHint')}
              error={err(errors.slug?.message)}
              field={form.register('slug', { onChange: () => setSlugTouched(true) })}
            />
            <div className="lang-pair">
              <TextField
                multiline
                label={t('content.articles.excerptEn')}
                error={err(errors.excerpt?.en?.message)}
                field={form.register('excerpt.en')}
              />
              <TextField
                multiline
                label={t('content.articles.excerptRu')}
                error={err(errors.excerpt?.ru?.message)}
                field={form.register('excerpt.ru')}
              />
            </div>
          </section>
          <section className="card" aria-labelledby="article-body">
            <h2 id="article-body">{t('content.articles.body')}</h2>
            <p className="muted small">
              {t('content.articles.bodyHint')}{' '}
              {article ? (
                <Link to={`/builder/${encodeURIComponent(`article:${article.id}`)}`}>{t('content.articles.openBuilder')}</Link>
              ) : null}
            </p>
            {(['en', 'ru'] as const).map((lang) => (
              <div className="field" key={lang}>
                <span className="strong small">{t(lang === 'en' ? 'content.articles.bodyEn' : 'content.articles.bodyRu')}</span>
                <Controller
                  control={form.control}
                  name={`body.${lang}`}
                  render={({ field }) => (
                    <RichTextEditor
                      label={t(lang === 'en' ? 'content.articles.bodyEn' : 'content.articles.bodyRu')}
                      value={field.value}
                      onChange={field.onChange}
                    />
                  )}
                />
                {errors.body?.[lang] ? <p className="field-error">{err(errors.body[lang]?.message)}</p> : null}
              </div>
            ))}
          </section>
          <section className="card" aria-labelledby="article-seo">
            <h2 id="article-seo">{t('content.articles.seo')}</h2>
            <div className="lang-pair">
              <TextField
                label={t('content.articles.metaTitleEn')}
                error={err(errors.metaTitle?.en?.message)}
                field={form.register('metaTitle.en')}
              />
              <TextField
                label={t('content.articles.metaTitleRu')}
                error={err(errors.metaTitle?.ru?.message)}
                field={form.register('metaTitle.ru')}
              />
              <TextField
                multiline
                label={t('content.articles.metaDescriptionEn')}
                error={err(errors.metaDescription?.en?.message)}
                field={form.register('metaDescription.en')}
              />
              <TextField
                multiline
                label={t('content.articles.metaDescriptionRu')}
                error={err(errors.metaDescription?.ru?.message)}
                field={form.register('metaDescription.ru')}
              />
            </div>
          </section>
        </div>
        <div>
          <section className="card" aria-labelledby="article-publication">
            <h2 id="article-publication">{t('content.articles.publication')}</h2>
            <label className="check-field">
              <input type="checkbox" {...form.register('enabled')} />
              {t('content.articles.enabled')}
            </label>
            <TextField
              type="datetime-local"
              label={t('content.articles.published')}
              error={err(errors.publishedAt?.message)}
              field={form.register('publishedAt')}
            />
            <TextField label={t('content.articles.author')} error={err(errors.authorName?.message)} field={form.register('authorName')} />
            <SelectCategory
              label={t('content.articles.category')}
              error={err(errors.categoryId?.message)}
              options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
              field={form.register('categoryId', { onChange: () => form.setValue('tagIds', []) })}
            />
            <fieldset className="tag-choices" aria-describedby={errors.tagIds ? 'article-tags-error' : undefined}>
              <legend>{t('content.articles.tags')}</legend>
              {tags.isPending ? (
                <span className="muted small">{t('state.loading')}</span>
              ) : (tags.data ?? []).length === 0 ? (
                <span className="muted small">{t('content.tags.none')}</span>
              ) : (
                (tags.data ?? []).map((tag) => (
                  <label key={tag.id}>
                    <input type="checkbox" value={tag.id} {...form.register('tagIds')} />
                    {tag.title.en}
                  </label>
                ))
              )}
            </fieldset>
            {errors.tagIds ? (
              <p className="field-error" id="article-tags-error">
                {err(errors.tagIds.message)}
              </p>
            ) : null}
            <button type="button" className="btn btn-small" onClick={() => setTagsOpen(true)}>
              {t('content.tags.manage')}
            </button>
          </section>
          <section className="card" aria-label={t('content.articles.previewImage')}>
            <Controller
              control={form.control}
              name="previewImageIds"
              render={({ field }) => (
                <MediaPicker
                  label={t('content.articles.previewImage')}
                  value={field.value}
                  onChange={(ids) => field.onChange(ids.slice(-1))}
                />
              )}
            />
            {errors.previewImageIds ? <p className="field-error">{err(errors.previewImageIds.message)}</p> : null}
          </section>
        </div>
      </form>
      {tagsOpen ? <TagsDialog categoryId={categoryId} onClose={() => setTagsOpen(false)} /> : null}
      {article ? (
        <ConfirmDialog
          open={confirmDelete}
          title={t('content.articles.deleteTitle', { title: article.title.en })}
          confirmLabel={t('content.delete')}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate(article)}
          onClose={() => setConfirmDelete(false)}
        >
          <p>{t('content.articles.deleteText')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function BackLink() {
  const { t } = useI18n();
  return (
    <p className="back-link">
      <Link to="/articles">← {t('content.articles.title')}</Link>
    </p>
  );
}

function TextField({
  label,
  hint,
  error,
  field,
  multiline,
  type,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  field: UseFormRegisterReturn;
  multiline?: boolean;
  type?: string;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': error ? ('true' as const) : undefined, 'aria-describedby': describedBy, ...field };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={3} {...common} /> : <input type={type ?? 'text'} {...common} />}
      {hint ? (
        <p className="muted small" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SelectCategory({
  label,
  error,
  options,
  field,
}: {
  label: string;
  error?: string | undefined;
  options: { value: string; label: string }[];
  field: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? 'true' : undefined} aria-describedby={error ? `${id}-error` : undefined} {...field}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
