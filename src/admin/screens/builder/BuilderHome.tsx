import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AdminApiError } from '../../api/client';
import { Dialog } from '../../components/Dialog';
import { EmptyState, ErrorState, errorText, LoadingState } from '../../components/States';
import { useToasts } from '../../components/Toasts';
import { useI18n } from '../../i18n';
import { dateTime } from '../../lib/format';
import { builderApi, useTargets } from './api';
import type { TargetKind, TargetListItem } from './types';
import './builder.css';

/**
 * Where the builder starts: what to edit (pages with the homepage, catalogs, articles, products by search,
 * and the header, footer and theme), whose draft waits where, and a new page or catalog to create.
 */
const KINDS: TargetKind[] = ['page', 'catalog', 'article', 'product', 'settings'];
export const builderPath = (target: string) => `/builder/${encodeURIComponent(target)}`;

export default function BuilderHome() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const kind = (KINDS.find((entry) => entry === params.get('kind')) ?? 'page') as TargetKind;
  const search = params.get('q') ?? '';
  const [creating, setCreating] = useState(false);
  const setKind = (next: TargetKind) => setParams({ kind: next }, { replace: true });
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t('builder.title')}</h1>
          <p className="muted">{t('builder.homeIntro')}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          + {t('builder.newPage')}
        </button>
      </div>
      <div className="tabs" role="tablist" aria-label={t('builder.whatToEdit')}>
        {KINDS.map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            aria-selected={entry === kind}
            className={`tab${entry === kind ? ' is-active' : ''}`}
            onClick={() => setKind(entry)}
          >
            {t(`builder.kind.${entry}`)}
          </button>
        ))}
      </div>
      {kind === 'product' || kind === 'article' ? (
        <div className="field bld-home-search">
          <label htmlFor="bld-target-search">{t('builder.search')}</label>
          <input
            id="bld-target-search"
            type="search"
            value={search}
            onChange={(event) => setParams({ kind, ...(event.target.value ? { q: event.target.value } : {}) }, { replace: true })}
          />
        </div>
      ) : null}
      <TargetList kind={kind} search={search} />
      <CreateDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

function TargetList({ kind, search }: { kind: TargetKind; search: string }) {
  const { t, lang } = useI18n();
  const query = useTargets(kind, search.trim());
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { items } = query.data;
  if (items.length === 0) return <EmptyState>{search ? t('builder.nothingFound') : t('builder.nothingHere')}</EmptyState>;
  return (
    <ul className="bld-targets" aria-label={t(`builder.kind.${kind}`)}>
      {items.map((item) => (
        <li key={item.target} className="card bld-target">
          <div className="bld-target-main">
            <Link to={builderPath(item.target)} className="strong">
              {item.title[lang] || item.title.en || item.path}
            </Link>
            <span className="muted small">{item.path}</span>
          </div>
          <DraftState item={item} />
          <span className="muted small">
            {item.revision > 0 ? t('builder.revision', { number: item.revision }) : t('builder.neverPublished')}
          </span>
          <Link
            to={builderPath(item.target)}
            className="btn btn-small"
            aria-label={t('builder.openNamed', { name: item.title[lang] || item.title.en || item.path })}
          >
            {t('builder.open')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function DraftState({ item }: { item: TargetListItem }) {
  const { t, lang } = useI18n();
  if (!item.draft) return <span className="badge badge-muted">{t('builder.noDraft')}</span>;
  const { updatedAt, updatedByName, publishAt } = item.draft;
  return (
    <span className="stack-tight small">
      <span className={`badge ${publishAt ? 'badge-warn' : 'badge-ok'}`}>
        {publishAt ? t('builder.scheduledFor', { when: dateTime(publishAt, lang) }) : t('builder.draftState')}
      </span>
      <span className="muted">{t('builder.draftBy', { name: updatedByName, when: dateTime(updatedAt, lang) })}</span>
    </span>
  );
}

/** A new page or catalog from its template: title in both languages and the address; then it opens in the builder. */
function CreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const navigate = useNavigate();
  const toasts = useToasts();
  const [template, setTemplate] = useState<'page' | 'catalog'>('page');
  const [title, setTitle] = useState({ en: '', ru: '' });
  const [slug, setSlug] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const local: Record<string, string> = {};
    if (!title.en.trim()) local['title.en'] = t('builder.required');
    if (!title.ru.trim()) local['title.ru'] = t('builder.required');
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) local['slug'] = t('builder.slugRule');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const { target } = await builderApi.create({ template, title: { en: title.en.trim(), ru: title.ru.trim() }, slug });
      onClose();
      navigate(builderPath(target));
    } catch (error) {
      if (error instanceof AdminApiError && Object.keys(error.errors.fields).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.errors.fields).map(([path, messages]) => [path, messages.join(' ')])));
      } else if (error instanceof AdminApiError && error.status === 409) {
        setErrors({ slug: error.message });
      } else toasts.error(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  const field = (key: string, label: string, value: string, onChange: (value: string) => void, lang?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        lang={lang}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errors[key] ? 'true' : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
      />
      {errors[key] ? (
        <p className="field-error" id={`${id}-${key}-error`}>
          {errors[key]}
        </p>
      ) : null}
    </div>
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('builder.newPage')}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.back')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void submit()} disabled={busy}>
            {busy ? t('common.saving') : t('builder.create')}
          </button>
        </>
      }
    >
      <fieldset className="bld-when">
        <legend>{t('builder.template')}</legend>
        <label>
          <input type="radio" name={`${id}-template`} checked={template === 'page'} onChange={() => setTemplate('page')} />{' '}
          {t('builder.templatePage')}
        </label>
        <label>
          <input type="radio" name={`${id}-template`} checked={template === 'catalog'} onChange={() => setTemplate('catalog')} />{' '}
          {t('builder.templateCatalog')}
        </label>
      </fieldset>
      {field('title.en', t('builder.titleEn'), title.en, (en) => setTitle({ ...title, en }), 'en')}
      {field('title.ru', t('builder.titleRu'), title.ru, (ru) => setTitle({ ...title, ru }), 'ru')}
      {field('slug', t('builder.page.slug'), slug, (value) => setSlug(value.toLowerCase()))}
    </Dialog>
  );
}
