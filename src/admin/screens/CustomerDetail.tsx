import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../api/client';
import { useOrderStates } from '../api/queries';
import type { CustomerDetail as Customer } from '../api/types';
import { useWrite } from '../api/write';
import { ModerationBadge, PaymentBadge, StatusBadge } from '../components/Badges';
import { ConfirmDialog } from '../components/Dialog';
import { EmptyState, ErrorState, LoadingState } from '../components/States';
import { useI18n } from '../i18n';
import { date, dateTime, money } from '../lib/format';

export default function CustomerDetail() {
  const { id = '' } = useParams();
  const { t, lang } = useI18n();
  const states = useOrderStates().data;
  const query = useQuery({ queryKey: ['customers', id], queryFn: () => api.get<Customer>(`/customers/${encodeURIComponent(id)}`) });
  const [confirm, setConfirm] = useState(false);
  const toggle = useWrite({
    mutationFn: (customer: Customer) =>
      api.patch<Customer>(`/customers/${encodeURIComponent(customer.id)}`, { disabled: !customer.disabled, version: customer.version }),
    invalidate: [['customers']],
    success: (customer) => (customer.disabled ? t('customers.wasDisabled') : t('customers.wasEnabled')),
    onSuccess: () => setConfirm(false),
  });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const c = query.data;
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email || c.phone || '—';
  const address = [c.address.postalCode, c.address.country, c.address.region, c.address.locality, c.address.street]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <p className="back-link">
        <Link to="/customers">← {t('customers.title')}</Link>
      </p>
      <div className="page-head">
        <div>
          <h1>{name}</h1>
          <p className="muted">{t('customers.sinceDate', { date: date(c.createdAt, lang) })}</p>
          <p>{t('customers.totalSpent', { amount: money(c.totalSpentCents, c.currency, lang) })}</p>
          {c.registered ? null : <p className="muted small">{t('customers.guestText')}</p>}
        </div>
        <div className="head-badges">
          {!c.registered ? (
            <span className="badge">{t('customers.guest')}</span>
          ) : c.disabled ? (
            <span className="badge badge-danger">{t('customers.disabled')}</span>
          ) : (
            <span className="badge badge-ok">{t('customers.active')}</span>
          )}
          {c.registered ? (
            <button type="button" className={c.disabled ? 'btn' : 'btn btn-danger'} onClick={() => setConfirm(true)}>
              {c.disabled ? t('customers.enable') : t('customers.disable')}
            </button>
          ) : null}
        </div>
      </div>
      <div className="detail-grid">
        <section className="card" aria-labelledby="customer-contact">
          <h2 id="customer-contact">{t('customers.contact')}</h2>
          <dl className="facts">
            <dt>{t('customers.email')}</dt>
            <dd>{c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : '—'}</dd>
            <dt>{t('customers.phone')}</dt>
            <dd>{c.phone ?? '—'}</dd>
            {c.birthDate ? (
              <>
                <dt>{t('customers.birthDate')}</dt>
                <dd>{date(c.birthDate, lang)}</dd>
              </>
            ) : null}
            <dt>{t('customers.address')}</dt>
            <dd>{address || '—'}</dd>
          </dl>
        </section>
        <CustomerNotes customer={c} />
        <section className="card span-2" aria-labelledby="customer-orders">
          <h2 id="customer-orders">{t('customers.ordersTitle', { count: c.ordersCount })}</h2>
          {c.orders.length === 0 ? (
            <EmptyState>{t('customers.noOrders')}</EmptyState>
          ) : (
            <ul className="plain-list rows">
              {c.orders.map((order) => (
                <li key={order.id}>
                  <Link to={`/orders/${order.id}`} className="strong-link">
                    №{order.number}
                  </Link>
                  <span className="muted">{dateTime(order.createdAt, lang)}</span>
                  <StatusBadge code={order.status} states={states} />
                  <PaymentBadge status={order.paymentStatus} />
                  <span className="num">{money(order.totalCents, order.currency, lang)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card span-2" aria-labelledby="customer-reviews">
          <h2 id="customer-reviews">{t('customers.reviews')}</h2>
          {c.reviews.length === 0 ? (
            <EmptyState>{t('customers.noReviews')}</EmptyState>
          ) : (
            <ul className="plain-list">
              {c.reviews.map((review) => (
                <li key={review.id}>
                  <strong>{review.productTitle}</strong>{' '}
                  <span aria-label={t('moderation.rating', { count: review.rating })}>{'★'.repeat(review.rating)}</span>{' '}
                  <ModerationBadge status={review.status} />
                  <p className="prewrap">{review.text}</p>
                  <p className="muted small">{dateTime(review.createdAt, lang)}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={confirm}
        title={c.disabled ? t('customers.enableTitle', { name }) : t('customers.disableTitle', { name })}
        confirmLabel={c.disabled ? t('customers.enable') : t('customers.disable')}
        danger={!c.disabled}
        busy={toggle.isPending}
        onConfirm={() => toggle.mutate(c)}
        onClose={() => setConfirm(false)}
      >
        <p>{c.disabled ? t('customers.enableText') : t('customers.disableText')}</p>
      </ConfirmDialog>
    </>
  );
}

/** Staff's notes and tags of a customer (tags feed the list's filter). */
function CustomerNotes({ customer }: { customer: Customer }) {
  const { t } = useI18n();
  const noteId = useId();
  const tagsId = useId();
  const [note, setNote] = useState(customer.note);
  const [tags, setTags] = useState(customer.tags.join(', '));
  const save = useWrite({
    mutationFn: () =>
      api.patch<Customer>(`/customers/${encodeURIComponent(customer.id)}`, {
        note,
        tags: tags
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
        version: customer.version,
      }),
    invalidate: [['customers']],
    success: t('customers.saved'),
  });
  return (
    <section className="card" aria-labelledby="customer-notes">
      <h2 id="customer-notes">{t('customers.note')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(undefined);
        }}
      >
        <div className="field">
          <label htmlFor={noteId}>{t('customers.note')}</label>
          <textarea id={noteId} rows={4} maxLength={5000} value={note} onChange={(e) => setNote(e.target.value)} />
          <p className="muted small">{t('customers.noteHint')}</p>
        </div>
        <div className="field">
          <label htmlFor={tagsId}>{t('customers.tags')}</label>
          <input id={tagsId} value={tags} onChange={(e) => setTags(e.target.value)} aria-describedby={`${tagsId}-hint`} />
          <p className="muted small" id={`${tagsId}-hint`}>
            {t('customers.tagsHint')}
          </p>
        </div>
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('customers.save')}
        </button>
      </form>
    </section>
  );
}
