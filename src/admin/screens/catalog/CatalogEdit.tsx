import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { CATALOG_SLUG_PATTERN, CATALOG_SORTS, type CatalogDetail } from '../../../contract/admin/catalogs';
import { api } from '../../api/client';
import { useWrite } from '../../api/write';
import { ConfirmDialog } from '../../components/Dialog';
import { MediaPicker } from '../../components/MediaPicker';
import { RichTextEditor } from '../../components/RichTextEditor';
import { ErrorState, LoadingState } from '../../components/States';
import { UnsavedChanges } from '../../components/UnsavedChanges';
import { useFieldMessage, useI18n } from '../../i18n';
import { CatalogProducts } from './CatalogProducts';

const text = (max: number) => z.string().trim().max(max);
const formSchema = z.object({
  title: z.object({ en: text(300).min(1, 'This value should not be blank.'), ru: text(300) }),
  slug: text(200).refine((v) => v === '' || CATALOG_SLUG_PATTERN.test(v), 'slug'),
  description: z.object({ en: z.string(), ru: z.string() }),
  metaTitle: z.object({ en: text(300), ru: text(300) }),
  metaDescription: z.object({ en: text(1000), ru: text(1000) }),
  imageId: z.string().nullable(),
  sortCriteria: z.enum(CATALOG_SORTS),
  enabled: z.boolean(),
  noindex: z.boolean(),
  nofollow: z.boolean(),
  position: z.number().int().min(0).max(1_000_000),
});
type CatalogForm = z.infer<typeof formSchema>;

const EMPTY: CatalogForm = {
  title: { en: '', ru: '' },
  slug: '',
  description: { en: '', ru: '' },
  metaTitle: { en: '', ru: '' },
  metaDescription: { en: '', ru: '' },
  imageId: null,
  sortCriteria: 'custom',
  enabled: true,
  noindex: false,
  nofollow: false,
  position: 0,
};

const formOf = (c: CatalogDetail): CatalogForm => ({
  title: c.title,
  slug: c.slug,
  description: c.description,
  metaTitle: c.metaTitle,
  metaDescription: c.metaDescription,
  imageId: c.imageId,
  sortCriteria: c.sortCriteria,
  enabled: c.enabled,
  noindex: c.noindex,
  nofollow: c.nofollow,
  position: c.position,
});

/** One catalog: its texts, address, SEO, image and sort; its products in their hand-made order; `new` creates one. */
export default function CatalogEdit() {
  const { id = 'new' } = useParams();
  const { t } = useI18n();
  const isNew = id === 'new';
  const query = useQuery({
    queryKey: ['catalogs', id],
    queryFn: () => api.get<CatalogDetail>(`/catalogs/${encodeURIComponent(id)}`),
    enabled: !isNew,
  });
  if (!isNew && query.isPending) return <LoadingState />;
  if (!isNew && query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const catalog = isNew ? null : query.data!;
  return (
    <>
      <p className="back-link">
        <Link to="/catalogs">← {t('catalogs.title')}</Link>
      </p>
      <CatalogFormView key={catalog ? `${catalog.id}:${catalog.version}` : 'new'} catalog={catalog} />
      {catalog ? <CatalogProducts catalog={catalog} /> : null}
    </>
  );
}

function CatalogFormView({ catalog }: { catalog: CatalogDetail | null }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const fieldMessage = useFieldMessage();
  const formId = useId();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm<CatalogForm>({ resolver: zodResolver(formSchema), defaultValues: catalog ? formOf(catalog) : EMPTY });
  const save = useWrite<CatalogForm, CatalogDetail, CatalogForm>({
    mutationFn: (values) => {
      const body = { ...values, ...(catalog ? {} : { position: undefined }) };
      return catalog
        ? api.patch<CatalogDetail>(`/catalogs/${encodeURIComponent(catalog.id)}`, { ...body, version: catalog.version })
        : api.post<CatalogDetail>('/catalogs', body);
    },
    invalidate: [['catalogs']],
    success: t('catalogs.saved'),
    setError: form.setError,
    onSuccess: (saved) => {
      if (!catalog) void navigate(`/catalogs/${saved.id}`, { replace: true });
    },
  });
  const remove = useWrite<CatalogDetail, void>({
    mutationFn: (c) => api.delete<void>(`/catalogs/${encodeURIComponent(c.id)}?version=${c.version}`),
    invalidate: [['catalogs']],
    success: t('catalogs.deleted'),
    onSuccess: () => void navigate('/catalogs', { replace: true }),
  });
  const { errors } = form.formState;
  const message = (error: { message?: string | undefined } | undefined) =>
    error?.message === 'slug' ? t('catalogs.slugRule') : error?.message ? fieldMessage(error.message) : undefined;
  const ids = {
    titleEn: useId(),
    titleRu: useId(),
    slug: useId(),
    descEn: useId(),
    descRu: useId(),
    metaTitleEn: useId(),
    metaTitleRu: useId(),
    metaDescEn: useId(),
    metaDescRu: useId(),
    sort: useId(),
    position: useId(),
  };
  type TextPath = 'title.en' | 'title.ru' | 'slug' | 'metaTitle.en' | 'metaTitle.ru';
  const input = (id: string, path: TextPath, label: string, error?: { message?: string | undefined }, hint?: string) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...form.register(path)}
      />
      {hint ? (
        <p className="muted small" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? <p className="field-error">{message(error)}</p> : null}
    </div>
  );
  const title = catalog ? catalog.title[lang] || catalog.title.en : t('catalogs.create');
  return (
    <>
      <UnsavedChanges
        dirty={form.formState.isDirty}
        saving={save.isPending || remove.isPending}
        onDiscard={() => form.reset()}
        form={formId}
        saveLabel={catalog ? undefined : t('catalogs.createSubmit')}
      />
      <div className="page-head">
        <div>
          <h1>{title}</h1>
          {catalog ? (
            <p className="muted">
              <a href={`/catalogs/${catalog.slug}`} target="_blank" rel="noreferrer">
                /catalogs/{catalog.slug}
              </a>
            </p>
          ) : null}
        </div>
        {catalog ? (
          <div className="head-badges">
            <Link className="btn" to={`/builder/catalog%3A${encodeURIComponent(catalog.id)}`}>
              {t('catalogs.sections')}
            </Link>
            <button type="button" className="btn btn-danger" onClick={() => setConfirmDelete(true)}>
              {t('catalogs.delete')}
            </button>
          </div>
        ) : null}
      </div>
      <form id={formId} noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="detail-grid">
        {errors.root?.server ? (
          <p className="form-error span-2" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        <section className="card" aria-labelledby={`${formId}-main`}>
          <h2 id={`${formId}-main`}>{t('catalogs.main')}</h2>
          {input(ids.titleEn, 'title.en', t('catalogs.titleEn'), errors.title?.en)}
          {input(ids.titleRu, 'title.ru', t('catalogs.titleRu'), errors.title?.ru)}
          {input(ids.slug, 'slug', t('catalogs.slug'), errors.slug, t('catalogs.slugHint'))}
          <div className="field">
            <label htmlFor={ids.sort}>{t('catalogs.sort')}</label>
            <select id={ids.sort} {...form.register('sortCriteria')}>
              {CATALOG_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`catalogs.sorts.${sort}`)}
                </option>
              ))}
            </select>
          </div>
          {catalog ? (
            <div className="field">
              <label htmlFor={ids.position}>{t('catalogs.position')}</label>
              <input
                id={ids.position}
                type="number"
                min={0}
                inputMode="numeric"
                {...form.register('position', { valueAsNumber: true })}
                aria-invalid={errors.position ? 'true' : undefined}
              />
              {errors.position ? <p className="field-error">{message(errors.position)}</p> : null}
            </div>
          ) : null}
          <fieldset className="field check-list">
            <legend>{t('catalogs.visibility')}</legend>
            <label>
              <input type="checkbox" {...form.register('enabled')} /> {t('catalogs.enabled')}
            </label>
            <label>
              <input type="checkbox" {...form.register('noindex')} /> {t('catalogs.noindex')}
            </label>
            <label>
              <input type="checkbox" {...form.register('nofollow')} /> {t('catalogs.nofollow')}
            </label>
          </fieldset>
          <Controller
            control={form.control}
            name="imageId"
            render={({ field }) => (
              <MediaPicker
                label={t('catalogs.image')}
                value={field.value ? [field.value] : []}
                onChange={(v) => field.onChange(v[0] ?? null)}
              />
            )}
          />
          {errors.imageId ? <p className="field-error">{message(errors.imageId)}</p> : null}
        </section>
        <section className="card" aria-labelledby={`${formId}-seo`}>
          <h2 id={`${formId}-seo`}>{t('catalogs.seo')}</h2>
          {input(ids.metaTitleEn, 'metaTitle.en', t('catalogs.metaTitleEn'), errors.metaTitle?.en)}
          {input(ids.metaTitleRu, 'metaTitle.ru', t('catalogs.metaTitleRu'), errors.metaTitle?.ru)}
          <div className="field">
            <label htmlFor={ids.metaDescEn}>{t('catalogs.metaDescriptionEn')}</label>
            <textarea id={ids.metaDescEn} rows={3} {...form.register('metaDescription.en')} />
            {errors.metaDescription?.en ? <p className="field-error">{message(errors.metaDescription.en)}</p> : null}
          </div>
          <div className="field">
            <label htmlFor={ids.metaDescRu}>{t('catalogs.metaDescriptionRu')}</label>
            <textarea id={ids.metaDescRu} rows={3} {...form.register('metaDescription.ru')} />
            {errors.metaDescription?.ru ? <p className="field-error">{message(errors.metaDescription.ru)}</p> : null}
          </div>
        </section>
        <section className="card span-2" aria-labelledby={`${formId}-description`}>
          <h2 id={`${formId}-description`}>{t('catalogs.description')}</h2>
          {(['en', 'ru'] as const).map((language) => (
            <div className="field" key={language}>
              <label htmlFor={language === 'en' ? ids.descEn : ids.descRu}>
                {language === 'en' ? t('catalogs.descriptionEn') : t('catalogs.descriptionRu')}
              </label>
              <Controller
                control={form.control}
                name={`description.${language}`}
                render={({ field }) => (
                  <RichTextEditor
                    id={language === 'en' ? ids.descEn : ids.descRu}
                    label={language === 'en' ? t('catalogs.descriptionEn') : t('catalogs.descriptionRu')}
                    value={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
              {errors.description?.[language] ? <p className="field-error">{message(errors.description[language])}</p> : null}
            </div>
          ))}
        </section>
        <div className="actions-bar span-2">
          <button type="submit" className="btn btn-primary own-save" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : catalog ? t('common.save') : t('catalogs.createSubmit')}
          </button>
        </div>
      </form>
      {catalog ? (
        <ConfirmDialog
          open={confirmDelete}
          title={t('catalogs.deleteTitle', { name: title })}
          confirmLabel={t('catalogs.delete')}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate(catalog)}
          onClose={() => setConfirmDelete(false)}
        >
          <p>{t('catalogs.deleteText', { count: catalog.productsCount })}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
