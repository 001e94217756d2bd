import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { MailPreview, MailTemplateDetail, MailTemplateList } from '../../../contract/admin';
import { AdminApiError, api } from '../../api/client';
import { useWrite } from '../../api/write';
import { Field } from '../../components/Field';
import { ErrorState, LoadingState } from '../../components/States';
import { useI18n } from '../../i18n';
import { dateTime } from '../../lib/format';

type Draft = { subject: string; body: string };
type FieldErrors = Partial<Record<'subject' | 'body', string>>;

const errorsOf = (error: unknown): FieldErrors =>
  error instanceof AdminApiError
    ? Object.fromEntries(Object.entries(error.errors.fields).map(([field, messages]) => [field, messages.join(' ')]))
    : {};

/** /mail-templates lists the shop's e-mails; /mail-templates/:name/:lang words one of them. */
export default function MailTemplates() {
  const { name, lang } = useParams();
  return name && (lang === 'en' || lang === 'ru') ? <TemplateEditor key={`${name}:${lang}`} name={name} lang={lang} /> : <TemplateList />;
}

function TemplateList() {
  const { t } = useI18n();
  const query = useQuery({ queryKey: ['mail-templates'], queryFn: () => api.get<MailTemplateList>('/mail-templates') });
  return (
    <>
      <p className="back-link">
        <Link to="/settings">← {t('settings.back')}</Link>
      </p>
      <div className="page-head">
        <div>
          <h1>{t('mailTemplates.title')}</h1>
          <p className="muted">{t('mailTemplates.intro')}</p>
        </div>
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <table className="table mail-templates">
          <caption className="visually-hidden">{t('mailTemplates.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('mailTemplates.mail')}</th>
              <th scope="col">{t('mailTemplates.english')}</th>
              <th scope="col">{t('mailTemplates.russian')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.items.map((item) => (
              <tr key={item.name}>
                <th scope="row">
                  {t(`mailTemplates.names.${item.name}`, { defaultValue: item.name })}
                  <p className="muted small">{t(`mailTemplates.descriptions.${item.name}`, { defaultValue: '' })}</p>
                </th>
                {(['en', 'ru'] as const).map((lang) => (
                  <td key={lang}>
                    <Link
                      to={`/mail-templates/${item.name}/${lang}`}
                      aria-label={`${t(`mailTemplates.names.${item.name}`, { defaultValue: item.name })} (${lang === 'en' ? t('mailTemplates.english') : t('mailTemplates.russian')})`}
                    >
                      {item.edited[lang] ? t('mailTemplates.edited') : t('mailTemplates.builtIn')}
                    </Link>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function TemplateEditor({ name, lang }: { name: string; lang: 'en' | 'ru' }) {
  const { t, lang: uiLang } = useI18n();
  const path = `/mail-templates/${encodeURIComponent(name)}/${lang}`;
  const query = useQuery({ queryKey: ['mail-templates', name, lang], queryFn: () => api.get<MailTemplateDetail>(path) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const detail = query.data;
  // the editor starts from the wording in use, else the built-in text
  useEffect(() => {
    if (detail && draft === null) setDraft(detail.current ?? detail.builtIn);
  }, [detail, draft]);

  // the live preview follows the text, a moment after typing stops
  useEffect(() => {
    if (!draft) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .post<MailPreview>(`${path}/preview`, draft)
        .then((answer) => {
          if (controller.signal.aborted) return;
          setPreview(answer);
          setErrors({});
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setErrors(errorsOf(error));
        });
    }, 300);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [draft, path]);

  const save = useWrite({
    mutationFn: (body: Draft & { version: number }) => api.put<MailTemplateDetail>(path, body),
    invalidate: [['mail-templates']],
    success: t('mailTemplates.saved'),
    onSuccess: (answer) => setDraft(answer.current ?? answer.builtIn),
  });
  const restore = useWrite({
    mutationFn: (body: { versionId: string | null; version: number }) => api.post<MailTemplateDetail>(`${path}/restore`, body),
    invalidate: [['mail-templates']],
    success: t('mailTemplates.restored'),
    onSuccess: (answer) => setDraft(answer.current ?? answer.builtIn),
  });
  const test = useWrite({
    mutationFn: (body: Draft) => api.post<{ to: string }>(`${path}/test`, body),
    invalidate: [],
    success: (answer) => t('mailTemplates.testSent', { to: answer.to }),
  });
  useEffect(() => {
    if (save.error) setErrors(errorsOf(save.error));
  }, [save.error]);

  if (query.isPending || (detail && !draft)) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!detail || !draft) return null;
  const title = t(`mailTemplates.names.${name}`, { defaultValue: name });
  const insert = (placeholder: string) => {
    const area = bodyRef.current;
    const token = `{{${placeholder}}}`;
    const at = area?.selectionStart ?? draft.body.length;
    const end = area?.selectionEnd ?? at;
    setDraft({ ...draft, body: `${draft.body.slice(0, at)}${token}${draft.body.slice(end)}` });
  };
  return (
    <>
      <p className="back-link">
        <Link to="/mail-templates">← {t('mailTemplates.title')}</Link>
      </p>
      <div className="page-head">
        <div>
          <h1>{title}</h1>
          <p className="muted">
            {detail.current ? t('mailTemplates.usingEdited', { number: detail.version }) : t('mailTemplates.usingBuiltIn')}
          </p>
        </div>
        <div className="segmented" role="group" aria-label={t('mailTemplates.language')}>
          {(['en', 'ru'] as const).map((code) => (
            <Link
              key={code}
              className="btn btn-small"
              aria-current={code === lang ? 'page' : undefined}
              to={`/mail-templates/${name}/${code}`}
            >
              {code === 'en' ? t('mailTemplates.english') : t('mailTemplates.russian')}
            </Link>
          ))}
        </div>
      </div>
      <div className="mail-editor">
        <form
          className="card stack"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ ...draft, version: detail.version });
          }}
        >
          <Field label={t('mailTemplates.subject')} error={errors.subject}>
            <input lang={lang} value={draft.subject} onChange={(e) => setDraft({ ...draft, subject: e.target.value })} />
          </Field>
          <Field
            label={t('mailTemplates.body')}
            error={errors.body}
            hint={detail.rawHtml ? t('mailTemplates.rawHtmlHint') : t('mailTemplates.cleanedHint')}
          >
            <textarea
              ref={bodyRef}
              lang={lang}
              rows={14}
              value={draft.body}
              onChange={(e) => setDraft({ ...draft, body: e.target.value })}
            />
          </Field>
          <div>
            <p className="small strong">{t('mailTemplates.placeholders')}</p>
            <ul className="chips" aria-label={t('mailTemplates.placeholders')}>
              {detail.placeholders.map((placeholder) => (
                <li key={placeholder}>
                  <button
                    type="button"
                    className="btn btn-small btn-ghost"
                    title={t('mailTemplates.insert')}
                    onClick={() => insert(placeholder)}
                  >
                    {`{{${placeholder}}}`}
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {t('mailTemplates.save')}
            </button>
            <button type="button" className="btn" disabled={test.isPending} onClick={() => test.mutate(draft)}>
              {t('mailTemplates.sendTest')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setDraft(detail.builtIn)}>
              {t('mailTemplates.startFromBuiltIn')}
            </button>
          </div>
        </form>
        <section className="card" aria-label={t('mailTemplates.preview')}>
          <h2>{t('mailTemplates.preview')}</h2>
          {preview ? (
            <>
              <p>
                <span className="muted small">{t('mailTemplates.subject')}: </span>
                <strong data-testid="preview-subject">{preview.subject}</strong>
              </p>
              <iframe className="mail-preview" title={t('mailTemplates.preview')} sandbox="" srcDoc={preview.html} />
            </>
          ) : (
            <LoadingState />
          )}
        </section>
      </div>
      <section className="card">
        <h2>{t('mailTemplates.versions')}</h2>
        {detail.versions.length === 0 ? (
          <p className="muted">{t('mailTemplates.noVersions')}</p>
        ) : (
          <ol className="stack-tight" reversed>
            {detail.versions.map((version) => (
              <li key={version.id}>
                <span>
                  {t('mailTemplates.version', {
                    number: version.number,
                    name: version.staffName,
                    date: dateTime(version.createdAt, uiLang),
                  })}
                  {version.subject === null ? ` (${t('mailTemplates.builtIn')})` : `: ${version.subject}`}
                </span>{' '}
                {version.number !== detail.version ? (
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={restore.isPending}
                    onClick={() => restore.mutate({ versionId: version.id, version: detail.version })}
                  >
                    {t('mailTemplates.restore')}
                  </button>
                ) : (
                  <span className="muted small">{t('mailTemplates.inUse')}</span>
                )}
              </li>
            ))}
          </ol>
        )}
        {detail.current ? (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={restore.isPending}
            onClick={() => restore.mutate({ versionId: null, version: detail.version })}
          >
            {t('mailTemplates.backToBuiltIn')}
          </button>
        ) : null}
      </section>
    </>
  );
}
