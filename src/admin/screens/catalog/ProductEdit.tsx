import { useQuery } from '@tanstack/react-query';
import { type ReactElement, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { hasCapability, OPTION_VIEWS, type ProductBody, type ProductListItem } from '../../../contract/admin';
import { variationTitle } from '../../../lib/admin/variation-grid';
import type { Language } from '../../../lib/localize';
import { isTaxClass, TAX_CLASSES } from '../../../lib/tax';
import { api, request, type AdminApiError } from '../../api/client';
import type { Page } from '../../api/types';
import { useWrite } from '../../api/write';
import { ConfirmDialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { MediaPicker } from '../../components/MediaPicker';
import { VideoField } from '../../components/VideoField';
import { useStaff } from '../../api/session';
import { RichTextEditor } from '../../components/RichTextEditor';
import { ErrorState, LoadingState } from '../../components/States';
import { UnsavedChanges } from '../../components/UnsavedChanges';
import { useToasts } from '../../components/Toasts';
import { useI18n } from '../../i18n';
import { BulkChangeDialog, type BulkChange } from './BulkPriceDialog';
import { PRODUCT_QUERIES, productPath, useProductChoices, type ProductDetail } from './product-api';
import './products.css';
import {
  bodyOf,
  changeVariations,
  draftOf,
  newKey,
  regrid,
  setDefault,
  withCurrentStock,
  type DraftProblem,
  type OptionDraft,
  type ProductDraft,
  type TextDraft,
  type VariationDraft,
} from './product-draft';

type Errors = Record<string, string>;
type T = ReturnType<typeof useI18n>['t'];

/** One product (or a new one at /products/new): texts, images, catalogs, options and the variations grid. */
export default function ProductEdit() {
  const { id = 'new' } = useParams();
  const query = useQuery({
    queryKey: ['products', id],
    queryFn: () => api.get<ProductDetail>(productPath(id)),
    enabled: id !== 'new',
  });
  if (id === 'new') return <Editor key="new" detail={null} />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  // a newer version (saved here, or someone else's after a conflict) starts the form again from it
  return <Editor key={`${query.data.id}:${query.data.version}`} detail={query.data} />;
}

function problemText(problem: DraftProblem, t: T): string {
  if (problem === 'price') return t('products.priceRequired');
  if (problem === 'number') return t('products.numberInvalid');
  if (problem === 'video') return t('builder.video.invalid');
  return t('validation.required');
}

function Editor({ detail }: { detail: ProductDetail | null }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const toasts = useToasts();
  const choices = useProductChoices().data;
  const [initial] = useState<ProductDraft>(() => draftOf(detail));
  const [draft, setDraft] = useState<ProductDraft>(initial);
  const dirty = useMemo(() => draft !== initial && JSON.stringify(draft) !== JSON.stringify(initial), [draft, initial]);
  const [errors, setErrors] = useState<Errors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const edit = (change: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...change }));
  const editOptions = (options: OptionDraft[]) => setDraft((d) => regrid({ ...d, options }));
  const err = (path: string) => errors[path];
  // a service's video runs its player's script on the product page: staff who decide on scripts set it
  const mayEditVideo = hasCapability(useStaff().role, 'edit_code');

  const collect = (path: string, error: { message?: string }) => setErrors((all) => ({ ...all, [path]: error.message ?? '' }));
  // orders moved stock the save would have changed: the current figures come in, typed changes stay to be applied again
  const stockMoved = async (error: AdminApiError) => {
    const moved = Object.entries(error.errors.fields).filter(([path]) => /^variations\.\d+\.stock$/.test(path));
    if (!detail || moved.length === 0) {
      toasts.error(t('errors.conflict'));
      return;
    }
    const fresh = await api.get<ProductDetail>(productPath(detail.id));
    setDraft((d) => withCurrentStock(d, new Map(fresh.variations.map((v) => [v.id, v.stock]))));
    setErrors({
      'root.server': t('products.stockMovedMeanwhile'),
      ...Object.fromEntries(moved.map(([path, messages]) => [path, messages.join(' ')])),
    });
  };
  const save = useWrite<ProductBody, ProductDetail>({
    mutationFn: (body) =>
      detail
        ? request<ProductDetail>('PUT', productPath(detail.id), { body: { ...body, version: detail.version } })
        : api.post<ProductDetail>('/products', body),
    invalidate: PRODUCT_QUERIES,
    success: t('products.saved'),
    setError: collect as never,
    onSuccess: (saved) => {
      if (!detail) void navigate(productPath(saved.id), { replace: true });
    },
    onConflict: (error) => void stockMoved(error),
  });
  const duplicate = useWrite<void, ProductDetail>({
    mutationFn: () => api.post(`${productPath(detail!.id)}/duplicate`),
    invalidate: PRODUCT_QUERIES,
    success: t('products.duplicated'),
    onSuccess: (copy) => void navigate(productPath(copy.id)),
  });
  const remove = useWrite<void, void>({
    mutationFn: () => api.delete(`${productPath(detail!.id)}?version=${detail!.version}`),
    invalidate: PRODUCT_QUERIES,
    success: t('products.deleted'),
    onSuccess: () => void navigate('/products'),
  });

  const submit = () => {
    const { body, problems } = bodyOf(draft);
    const local = Object.fromEntries(Object.entries(problems).map(([path, problem]) => [path, problemText(problem, t)]));
    setErrors(local);
    if (Object.keys(local).length > 0) {
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    save.mutate(body);
  };
  const formError = errors['root.server'] ?? errors.variations ?? errors.options;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <UnsavedChanges
        dirty={dirty}
        saving={save.isPending || remove.isPending}
        onDiscard={() => {
          setDraft(initial);
          setErrors({});
        }}
      />
      <p className="back-link">
        <Link to="/products">← {t('products.title')}</Link>
      </p>
      <div className="page-head">
        <h1>{detail ? detail.title[lang] || detail.title.en : t('products.new')}</h1>
        <div className="actions-bar">
          {detail ? (
            <>
              <a className="btn btn-ghost" href={detail.url} target="_blank" rel="noopener">
                <Icon name="external" /> {t('products.openStorefront')}
              </a>
              <button type="button" className="btn" disabled={duplicate.isPending} onClick={() => duplicate.mutate()}>
                {t('products.duplicate')}
              </button>
              <button type="button" className="btn btn-danger" onClick={() => setConfirmDelete(true)}>
                {t('products.delete')}
              </button>
            </>
          ) : null}
          <button type="submit" className="btn btn-primary own-save" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </div>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      {Object.keys(errors).length > 0 && !formError ? (
        <p className="form-error" role="alert">
          {t('products.fixErrors')}
        </p>
      ) : null}

      <div className="detail-grid">
        <section className="card span-2" aria-labelledby="product-main">
          <h2 id="product-main">{t('products.main')}</h2>
          <TextPair
            label={t('products.name')}
            value={draft.title}
            onChange={(title) => edit({ title })}
            errors={errors}
            path="title"
            required
          />
          <Field label={t('products.slug')} hint={t('products.slugHint')} error={err('slug')}>
            <input value={draft.slug} autoComplete="off" spellCheck={false} onChange={(e) => edit({ slug: e.target.value })} />
          </Field>
          <label className="check">
            <input type="checkbox" checked={draft.enabled} onChange={(e) => edit({ enabled: e.target.checked })} />{' '}
            {t('products.enabledLabel')}
          </label>
          {draft.enabled ? null : <p className="muted small">{detail ? t('products.hiddenHint') : t('products.startsHidden')}</p>}
        </section>

        <section className="card" aria-labelledby="product-catalogs">
          <h2 id="product-catalogs">{t('products.catalogs')}</h2>
          {(choices?.catalogs ?? []).length === 0 ? <p className="muted">{t('products.noCatalogs')}</p> : null}
          <ul className="plain-list catalog-choices">
            {(choices?.catalogs ?? []).map((catalog) => (
              <li key={catalog.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={draft.catalogIds.includes(catalog.id)}
                    onChange={(e) =>
                      edit({
                        catalogIds: e.target.checked
                          ? [...draft.catalogIds, catalog.id]
                          : draft.catalogIds.filter((id) => id !== catalog.id),
                      })
                    }
                  />{' '}
                  {catalog.title}
                  {catalog.enabled ? null : <span className="muted small"> · {t('products.disabled')}</span>}
                </label>
              </li>
            ))}
          </ul>
          {err('catalogIds') ? <p className="field-error">{err('catalogIds')}</p> : null}
        </section>

        <section className="card span-all" aria-labelledby="product-description">
          <h2 id="product-description">{t('products.description')}</h2>
          {(['en', 'ru'] as const).map((l) => (
            <div className="field" key={l}>
              <span className="strong">{t(`products.lang.${l}`)}</span>
              <RichTextEditor
                label={`${t('products.description')} (${t(`products.lang.${l}`)})`}
                value={draft.description[l]}
                onChange={(html) => setDraft((d) => ({ ...d, description: { ...d.description, [l]: html } }))}
              />
            </div>
          ))}
        </section>

        <Images draft={draft} edit={edit} error={err('imageIds')} />

        <section className="card" aria-labelledby="product-video">
          <h2 id="product-video">{t('products.video')}</h2>
          <p className="muted small">{t(mayEditVideo ? 'products.videoHint' : 'products.videoOwnerOnly')}</p>
          {mayEditVideo ? (
            <VideoField label={t('products.video')} value={draft.video} onChange={(video) => edit({ video })} modes={false} />
          ) : null}
          {err('video') ? (
            <p className="field-error" role="alert">
              {err('video')}
            </p>
          ) : null}
          {err('video.video') ? (
            <p className="field-error" role="alert">
              {err('video.video')}
            </p>
          ) : null}
        </section>

        <Options draft={draft} errors={errors} onChange={editOptions} />

        <Variations
          draft={draft}
          setDraft={setDraft}
          errors={errors}
          clearError={(path) => setErrors(({ [path]: _, ...rest }) => rest)}
          lang={lang}
        />

        <Properties draft={draft} edit={edit} errors={errors} />

        <section className="card" aria-labelledby="product-shipping">
          <h2 id="product-shipping">{t('products.shipping')}</h2>
          <p className="muted small">{t('products.shippingHint')}</p>
          {(['weight', 'length', 'width', 'height'] as const).map((key) => (
            <Field key={key} label={t(`products.${key}`)} error={err(key)}>
              <input inputMode="decimal" value={draft[key]} onChange={(e) => edit({ [key]: e.target.value })} />
            </Field>
          ))}
        </section>

        <section className="card" aria-labelledby="product-tax">
          <h2 id="product-tax">{t('products.tax')}</h2>
          <Field label={t('products.taxClass')} hint={t('products.taxClassHint')} error={err('taxClass')}>
            <select value={draft.taxClass} onChange={(e) => isTaxClass(e.target.value) && edit({ taxClass: e.target.value })}>
              {TAX_CLASSES.map((taxClass) => (
                <option key={taxClass} value={taxClass}>
                  {t(`products.taxClasses.${taxClass}`)}
                </option>
              ))}
            </select>
          </Field>
        </section>

        <section className="card" aria-labelledby="product-seo">
          <h2 id="product-seo">{t('products.seo')}</h2>
          <TextPair
            label={t('products.metaTitle')}
            value={draft.metaTitle}
            onChange={(metaTitle) => edit({ metaTitle })}
            errors={errors}
            path="metaTitle"
          />
          <TextPair
            label={t('products.metaDescription')}
            value={draft.metaDescription}
            onChange={(metaDescription) => edit({ metaDescription })}
            errors={errors}
            path="metaDescription"
            multiline
          />
        </section>

        <Related draft={draft} edit={edit} error={err('relatedProductIds')} selfId={detail?.id ?? null} />
      </div>

      <div className="actions-bar">
        <button type="submit" className="btn btn-primary own-save" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('common.save')}
        </button>
      </div>

      {detail ? (
        <ConfirmDialog
          open={confirmDelete}
          title={t('products.deleteTitle', { name: detail.title[lang] || detail.title.en })}
          confirmLabel={t('products.delete')}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => setConfirmDelete(false)}
        >
          <p>{t('products.deleteText')}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

/** A text in both languages: two labelled inputs. */
function TextPair({
  label,
  value,
  onChange,
  errors,
  path,
  required,
  multiline,
}: {
  label: string;
  value: TextDraft;
  onChange: (value: TextDraft) => void;
  errors: Errors;
  path: string;
  required?: boolean;
  multiline?: boolean;
}) {
  const { t } = useI18n();
  return (
    <div className="text-pair">
      {(['en', 'ru'] as const).map((l) => {
        const control: ReactElement<Record<string, unknown>> = multiline ? (
          <textarea rows={3} value={value[l]} onChange={(e) => onChange({ ...value, [l]: e.target.value })} />
        ) : (
          <input value={value[l]} required={required && l === 'en'} onChange={(e) => onChange({ ...value, [l]: e.target.value })} />
        );
        return (
          <Field
            key={l}
            label={`${label} (${t(`products.lang.${l}`)})${required && l === 'en' ? ' *' : ''}`}
            error={errors[`${path}.${l}`]}
          >
            {control}
          </Field>
        );
      })}
    </div>
  );
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

const gridTitles = (draft: ProductDraft) =>
  draft.options.map((o) => ({ key: o.key, unit: o.unit, values: o.values.map((v) => ({ key: v.key, title: v.title })) }));

/** A product picture as the editor names it: its number, and the variations that show it ("Image 2 · Red, Blue"). */
function useImageLabel(draft: ProductDraft): (id: string, n: number) => string {
  const { t, lang } = useI18n();
  const titles = gridTitles(draft);
  return (id, n) => {
    const names = draft.variations
      .filter((v) => v.imageId === id)
      .map((v) => variationTitle(titles, v.valueKeys))
      .filter((title) => title !== null)
      .map((title) => title[lang] || title.en);
    const number = t('products.imageN', { n });
    return names.length > 0 ? `${number} · ${names.join(', ')}` : number;
  };
}

function Images({ draft, edit, error }: { draft: ProductDraft; edit: (change: Partial<ProductDraft>) => void; error: string | undefined }) {
  const { t } = useI18n();
  const imageLabel = useImageLabel(draft);
  const setImages = (imageIds: string[]) =>
    // a variation keeps its image only while the product has it
    edit({ imageIds, variations: draft.variations.map((v) => (v.imageId && !imageIds.includes(v.imageId) ? { ...v, imageId: '' } : v)) });
  return (
    <section className="card span-all" aria-labelledby="product-images">
      <h2 id="product-images">{t('products.images')}</h2>
      <p className="muted small">{t('products.imagesHint')}</p>
      <MediaPicker label={t('products.images')} value={draft.imageIds} onChange={setImages} multiple />
      {draft.imageIds.length > 1 ? (
        <ol className="plain-list">
          {draft.imageIds.map((id, i) => (
            <li key={id} className="row-actions">
              <span>
                {imageLabel(id, i + 1)}
                {i === 0 ? <span className="badge badge-ok">{t('products.preview')}</span> : null}
              </span>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                disabled={i === 0}
                onClick={() => setImages(move(draft.imageIds, i, i - 1))}
                aria-label={t('products.imageUp', { n: i + 1 })}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                disabled={i === draft.imageIds.length - 1}
                onClick={() => setImages(move(draft.imageIds, i, i + 1))}
                aria-label={t('products.imageDown', { n: i + 1 })}
              >
                ↓
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {error ? <p className="field-error">{error}</p> : null}
    </section>
  );
}

function Options({ draft, errors, onChange }: { draft: ProductDraft; errors: Errors; onChange: (options: OptionDraft[]) => void }) {
  const { t } = useI18n();
  const options = draft.options;
  const update = (i: number, change: Partial<OptionDraft>) => onChange(options.map((o, j) => (j === i ? { ...o, ...change } : o)));
  return (
    <section className="card span-all" aria-labelledby="product-options">
      <h2 id="product-options">{t('products.options')}</h2>
      <p className="muted small">{t('products.optionsHint')}</p>
      {options.map((option, i) => (
        <fieldset key={option.key} className="card option-card">
          <legend className="strong">{option.title.en || t('products.optionN', { n: i + 1 })}</legend>
          <TextPair
            label={t('products.optionTitle')}
            value={option.title}
            onChange={(title) => update(i, { title })}
            errors={errors}
            path={`options.${i}.title`}
            required
          />
          <div className="inline-fields">
            <Field label={t('products.view')}>
              <select value={option.view} onChange={(e) => update(i, { view: e.target.value as OptionDraft['view'] })}>
                {OPTION_VIEWS.map((view) => (
                  <option key={view} value={view}>
                    {t(`products.views.${view}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('products.type')}>
              <select value={option.type} onChange={(e) => update(i, { type: e.target.value as OptionDraft['type'] })}>
                <option value="string">{t('products.types.string')}</option>
                <option value="number">{t('products.types.number')}</option>
              </select>
            </Field>
          </div>
          <TextPair
            label={t('products.unit')}
            value={option.unit}
            onChange={(unit) => update(i, { unit })}
            errors={errors}
            path={`options.${i}.unit`}
          />
          <h3 className="section-title">{t('products.values')}</h3>
          {option.values.map((value, j) => (
            <div key={value.key} className="inline-fields value-row">
              <TextPair
                label={t('products.valueN', { n: j + 1 })}
                value={value.title}
                onChange={(title) => update(i, { values: option.values.map((v, k) => (k === j ? { ...v, title } : v)) })}
                errors={errors}
                path={`options.${i}.values.${j}.title`}
                required
              />
              {option.view === 'color' ? (
                <Field label={t('products.colour')} error={errors[`options.${i}.values.${j}.value`]}>
                  <input
                    type="color"
                    value={value.value || '#000000'}
                    onChange={(e) => update(i, { values: option.values.map((v, k) => (k === j ? { ...v, value: e.target.value } : v)) })}
                  />
                </Field>
              ) : null}
              <button
                type="button"
                className="btn btn-small btn-ghost"
                disabled={option.values.length <= 1}
                onClick={() => update(i, { values: option.values.filter((_, k) => k !== j) })}
                aria-label={t('products.removeValue', { name: value.title.en || j + 1 })}
              >
                {t('products.remove')}
              </button>
            </div>
          ))}
          {errors[`options.${i}.values`] ? <p className="field-error">{errors[`options.${i}.values`]}</p> : null}
          <div className="row-actions">
            <button
              type="button"
              className="btn btn-small"
              onClick={() => update(i, { values: [...option.values, { key: newKey(), title: { en: '', ru: '' }, value: '' }] })}
            >
              {t('products.addValue')}
            </button>
            <button type="button" className="btn btn-small btn-ghost" disabled={i === 0} onClick={() => onChange(move(options, i, i - 1))}>
              {t('products.moveUp')}
            </button>
            <button type="button" className="btn btn-small btn-danger" onClick={() => onChange(options.filter((_, k) => k !== i))}>
              {t('products.removeOption')}
            </button>
          </div>
        </fieldset>
      ))}
      <button
        type="button"
        className="btn"
        onClick={() =>
          onChange([
            ...options,
            {
              key: newKey(),
              title: { en: '', ru: '' },
              type: 'string',
              view: 'select',
              unit: { en: '', ru: '' },
              values: [{ key: newKey(), title: { en: '', ru: '' }, value: '' }],
            },
          ])
        }
      >
        {t('products.addOption')}
      </button>
    </section>
  );
}

function Variations({
  draft,
  setDraft,
  errors,
  clearError,
  lang,
}: {
  draft: ProductDraft;
  setDraft: (update: (d: ProductDraft) => ProductDraft) => void;
  errors: Errors;
  clearError: (path: string) => void;
  lang: Language;
}) {
  const { t } = useI18n();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<'price' | 'stock' | null>(null);
  const defaultName = useId();
  const titles = gridTitles(draft);
  const imageLabel = useImageLabel(draft);
  const nameOf = (v: VariationDraft) => {
    const title = variationTitle(titles, v.valueKeys);
    return title ? title[lang] || title.en : t('products.singleVariation');
  };
  const update = (i: number, change: Partial<VariationDraft>) =>
    setDraft((d) => ({ ...d, variations: d.variations.map((v, j) => (j === i ? { ...v, ...change } : v)) }));
  const allSelected = draft.variations.length > 0 && draft.variations.every((v) => selected.has(v.key));
  const apply = (change: BulkChange) => {
    setDraft((d) => changeVariations(d, selected, change.kind === 'price' ? { price: change.price } : { stock: change.stock }));
    setDialog(null);
  };
  const e = (i: number, field: string) => errors[`variations.${i}.${field}`];

  return (
    <section className="card span-all" aria-labelledby="product-variations">
      <h2 id="product-variations">{t('products.variations')}</h2>
      <p className="muted small">{t('products.variationsHint')}</p>
      {selected.size > 0 ? (
        <div className="bulk-bar" role="region" aria-label={t('products.bulkVariations')}>
          <span>{t('products.selectedVariations', { count: selected.size })}</span>
          <button type="button" className="btn" onClick={() => setDialog('price')}>
            {t('products.setPrice')}
          </button>
          <button type="button" className="btn" onClick={() => setDialog('stock')}>
            {t('products.setStock')}
          </button>
        </div>
      ) : null}
      <div className="table-scroll">
        <table className="list-table variations-table">
          <caption className="visually-hidden">{t('products.variations')}</caption>
          <thead>
            <tr>
              <th scope="col" className="select-cell">
                <input
                  type="checkbox"
                  aria-label={t('products.selectAllVariations')}
                  checked={allSelected}
                  onChange={(ev) => setSelected(ev.target.checked ? new Set(draft.variations.map((v) => v.key)) : new Set())}
                />
              </th>
              <th scope="col">{t('products.variation')}</th>
              <th scope="col">{t('products.fullPrice')}</th>
              <th scope="col">{t('products.discountPrice')}</th>
              <th scope="col">{t('products.stock')}</th>
              <th scope="col">{t('products.sku')}</th>
              <th scope="col">{t('products.image')}</th>
              <th scope="col">{t('products.default')}</th>
            </tr>
          </thead>
          <tbody>
            {draft.variations.map((v, i) => {
              const name = nameOf(v);
              return (
                <tr key={v.key} data-variation={name}>
                  <td className="select-cell">
                    <input
                      type="checkbox"
                      aria-label={t('products.selectVariation', { name })}
                      checked={selected.has(v.key)}
                      onChange={(ev) =>
                        setSelected((s) => {
                          const next = new Set(s);
                          if (ev.target.checked) next.add(v.key);
                          else next.delete(v.key);
                          return next;
                        })
                      }
                    />
                  </td>
                  <th scope="row" data-label={t('products.variation')}>
                    {name}
                    {e(i, 'values') ? <p className="field-error">{e(i, 'values')}</p> : null}
                    <details>
                      <summary className="small">{t('products.measures')}</summary>
                      {(['weight', 'length', 'width', 'height'] as const).map((key) => (
                        <Field key={key} label={t(`products.${key}`)} error={e(i, key)}>
                          <input
                            inputMode="decimal"
                            value={v[key]}
                            placeholder={draft[key]}
                            onChange={(ev) => update(i, { [key]: ev.target.value })}
                          />
                        </Field>
                      ))}
                    </details>
                  </th>
                  <td data-label={t('products.fullPrice')}>
                    <CellInput
                      label={t('products.priceOf', { name })}
                      value={v.price}
                      error={e(i, 'fullPriceCents')}
                      onChange={(price) => update(i, { price })}
                      inputMode="decimal"
                    />
                  </td>
                  <td data-label={t('products.discountPrice')}>
                    <CellInput
                      label={t('products.discountOf', { name })}
                      value={v.discount}
                      error={e(i, 'discountPriceCents')}
                      onChange={(discount) => update(i, { discount })}
                      inputMode="decimal"
                    />
                  </td>
                  <td data-label={t('products.stock')}>
                    <CellInput
                      label={t('products.stockOf', { name })}
                      value={v.stock}
                      error={e(i, 'stock')}
                      onChange={(stock) => update(i, { stock })}
                      inputMode="numeric"
                      placeholder={t('products.unlimited')}
                    />
                    {e(i, 'stock') && v.stockSeen !== undefined ? (
                      <button
                        type="button"
                        className="btn btn-small btn-ghost"
                        onClick={() => {
                          update(i, { stock: v.stockSeen === null ? '' : String(v.stockSeen) });
                          clearError(`variations.${i}.stock`);
                        }}
                      >
                        {v.stockSeen === null ? t('products.keepUnlimitedStock') : t('products.keepCurrentStock', { stock: v.stockSeen })}
                      </button>
                    ) : null}
                  </td>
                  <td data-label={t('products.sku')}>
                    <CellInput
                      label={t('products.skuOf', { name })}
                      value={v.sku}
                      error={e(i, 'sku')}
                      onChange={(sku) => update(i, { sku })}
                    />
                  </td>
                  <td data-label={t('products.image')}>
                    <select
                      aria-label={t('products.imageOf', { name })}
                      value={v.imageId}
                      onChange={(ev) => update(i, { imageId: ev.target.value })}
                    >
                      <option value="">{t('products.productImage')}</option>
                      {draft.imageIds.map((id, n) => (
                        <option key={id} value={id}>
                          {imageLabel(id, n + 1)}
                        </option>
                      ))}
                    </select>
                    {e(i, 'imageId') ? <p className="field-error">{e(i, 'imageId')}</p> : null}
                  </td>
                  <td data-label={t('products.default')}>
                    <input
                      type="radio"
                      name={defaultName}
                      aria-label={t('products.defaultOf', { name })}
                      checked={v.isDefault}
                      onChange={() => setDraft((d) => setDefault(d, i))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {draft.variations.length === 0 ? <p className="muted">{t('products.noVariations')}</p> : null}
      <BulkChangeDialog key={dialog ?? 'closed'} kind={dialog} count={selected.size} onApply={apply} onClose={() => setDialog(null)} />
    </section>
  );
}

function CellInput({
  label,
  value,
  error,
  onChange,
  inputMode,
  placeholder,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  inputMode?: 'decimal' | 'numeric';
  placeholder?: string;
}) {
  const id = useId();
  return (
    <>
      <input
        id={id}
        aria-label={label}
        value={value}
        inputMode={inputMode}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

function Properties({ draft, edit, errors }: { draft: ProductDraft; edit: (change: Partial<ProductDraft>) => void; errors: Errors }) {
  const { t } = useI18n();
  const set = (properties: ProductDraft['properties']) => edit({ properties });
  return (
    <section className="card span-2" aria-labelledby="product-properties">
      <h2 id="product-properties">{t('products.properties')}</h2>
      {draft.properties.map((p, i) => (
        <div key={p.key} className="inline-fields">
          <TextPair
            label={t('products.propertyTitle')}
            value={p.title}
            onChange={(title) => set(draft.properties.map((x, j) => (j === i ? { ...x, title } : x)))}
            errors={errors}
            path={`properties.${i}.title`}
            required
          />
          <TextPair
            label={t('products.propertyValue')}
            value={p.value}
            onChange={(value) => set(draft.properties.map((x, j) => (j === i ? { ...x, value } : x)))}
            errors={errors}
            path={`properties.${i}.value`}
          />
          <button
            type="button"
            className="btn btn-small btn-ghost"
            onClick={() => set(draft.properties.filter((_, j) => j !== i))}
            aria-label={t('products.removeProperty', { n: i + 1 })}
          >
            {t('products.remove')}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn"
        onClick={() => set([...draft.properties, { key: newKey(), title: { en: '', ru: '' }, value: { en: '', ru: '' } }])}
      >
        {t('products.addProperty')}
      </button>
    </section>
  );
}

function Related({
  draft,
  edit,
  error,
  selfId,
}: {
  draft: ProductDraft;
  edit: (change: Partial<ProductDraft>) => void;
  error: string | undefined;
  selfId: string | null;
}) {
  const { t } = useI18n();
  const [q, setQ] = useState('');
  const searchId = useId();
  const found = useQuery({
    queryKey: ['products', 'list', { q, perPage: 10 }],
    queryFn: ({ signal }) => api.get<Page<ProductListItem>>('/products', { q, perPage: 10 }, signal),
    enabled: q.trim().length >= 2,
  });
  const candidates = (found.data?.items ?? []).filter((p) => p.id !== selfId && !draft.related.some((r) => r.id === p.id));
  return (
    <section className="card" aria-labelledby="product-related">
      <h2 id="product-related">{t('products.related')}</h2>
      {draft.related.length > 0 ? (
        <ul className="chips">
          {draft.related.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className="chip"
                onClick={() => edit({ related: draft.related.filter((x) => x.id !== r.id) })}
                aria-label={t('products.removeRelated', { name: r.title })}
              >
                {r.title} ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('products.noRelated')}</p>
      )}
      <div className="field">
        <label htmlFor={searchId}>{t('products.findRelated')}</label>
        <input id={searchId} type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
      </div>
      {candidates.length > 0 ? (
        <ul className="plain-list">
          {candidates.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                disabled={draft.related.length >= 20}
                onClick={() => edit({ related: [...draft.related, { id: p.id, title: p.title }] })}
              >
                + {p.title}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <p className="field-error">{error}</p> : null}
    </section>
  );
}
