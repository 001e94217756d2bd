import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminLeadDetail } from '../../contract/admin';
import { AdminApiError, api } from '../api/client';
import { useWrite } from '../api/write';
import { Field } from '../components/Field';
import { ErrorState, LoadingState } from '../components/States';
import { useI18n } from '../i18n';
import { dateTime } from '../lib/format';

type Reply = { subject: string; text: string; lang: 'en' | 'ru' };

/** One enquiry: who asked about what, its history (replies, handled), and a reply e-mailed from here. */
export default function LeadDetail() {
  const { id = '' } = useParams();
  const { t, lang } = useI18n();
  const path = `/leads/${encodeURIComponent(id)}`;
  const query = useQuery({ queryKey: ['leads', id], queryFn: () => api.get<AdminLeadDetail>(path) });
  const [reply, setReply] = useState<Reply | null>(null);
  const send = useWrite({
    mutationFn: (body: Reply) => api.post<AdminLeadDetail>(`${path}/reply`, body),
    invalidate: [['leads'], ['dashboard']],
    success: t('leads.detail.sent'),
    onSuccess: () => setReply(null),
  });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const lead = query.data;
  const draft: Reply = reply ?? {
    subject: t('leads.replySubject', { subject: lead.productTitle ?? t('leads.yourEnquiry') }),
    text: '',
    lang,
  };
  const fields = send.error instanceof AdminApiError ? send.error.errors.fields : {};
  const history = [
    { key: 'created', at: lead.createdAt, text: t('leads.detail.received', { name: lead.name }) },
    ...lead.replies.map((r) => ({
      key: r.id,
      at: r.createdAt,
      text: t('leads.detail.replied', { name: r.staffName, to: r.to }),
      reply: r,
    })),
    ...(lead.handledAt
      ? [{ key: 'handled', at: lead.handledAt, text: t('leads.detail.handled', { name: lead.handledByName ?? '—' }) }]
      : []),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <>
      <p className="back-link">
        <Link to="/leads">← {t('leads.title')}</Link>
      </p>
      <div className="page-head">
        <div>
          <h1>{t('leads.detail.title', { name: lead.name })}</h1>
          <p className="muted">{dateTime(lead.createdAt, lang)}</p>
        </div>
      </div>
      <section className="card stack-tight">
        <p>
          <strong>{lead.name}</strong>
          {lead.phone ? (
            <>
              {' '}
              · <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a>
            </>
          ) : null}
          {lead.email ? <> · {lead.email}</> : null}
        </p>
        {lead.productTitle ? (
          <p>
            {t('leads.about')}: {lead.productTitle}
            {lead.variationTitle ? `, ${lead.variationTitle}` : ''}
          </p>
        ) : null}
        {lead.text ? <p className="prewrap">{lead.text}</p> : null}
      </section>
      <section className="card">
        <h2>{t('leads.detail.history')}</h2>
        <ol className="stack-tight lead-history">
          {history.map((entry) => (
            <li key={entry.key}>
              <span className="muted small">{dateTime(entry.at, lang)}</span> {entry.text}
              {'reply' in entry && entry.reply ? (
                <blockquote className="prewrap">
                  <strong>{entry.reply.subject}</strong>
                  {'\n'}
                  {entry.reply.text}
                </blockquote>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <section className="card">
        <h2>{t('leads.detail.reply')}</h2>
        {lead.email ? (
          <form
            className="stack"
            onSubmit={(event) => {
              event.preventDefault();
              send.mutate(draft);
            }}
          >
            <p className="muted small">{t('leads.detail.to', { to: lead.email })}</p>
            <Field label={t('leads.detail.subject')} error={fields.subject?.join(' ')}>
              <input value={draft.subject} onChange={(e) => setReply({ ...draft, subject: e.target.value })} />
            </Field>
            <Field label={t('leads.detail.text')} error={fields.text?.join(' ')}>
              <textarea rows={8} value={draft.text} onChange={(e) => setReply({ ...draft, text: e.target.value })} />
            </Field>
            <Field label={t('leads.detail.language')}>
              <select value={draft.lang} onChange={(e) => setReply({ ...draft, lang: e.target.value === 'ru' ? 'ru' : 'en' })}>
                <option value="en">English</option>
                <option value="ru">Русский</option>
              </select>
            </Field>
            <div>
              <button type="submit" className="btn btn-primary" disabled={send.isPending}>
                {t('leads.detail.send')}
              </button>
            </div>
          </form>
        ) : (
          <p className="muted">{t('leads.detail.noEmail')}</p>
        )}
      </section>
    </>
  );
}
