import { historyNote, historyValue } from '../lib/history-note';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { hasCapability, orderNoteBodySchema, type OrderNote } from '../../contract/admin';
import { useStaff } from '../api/session';
import { amountToCents } from '../../lib/money';
import { adminUrl, api } from '../api/client';
import { useOrderStates } from '../api/queries';
import type { OrderDetail as Order, OrderState } from '../api/types';
import { useWrite } from '../api/write';
import { PaymentBadge, StatusBadge } from '../components/Badges';
import { ConfirmDialog } from '../components/Dialog';
import { Icon } from '../components/Icon';
import { ErrorState, LoadingState } from '../components/States';
import { useToasts } from '../components/Toasts';
import { useI18n } from '../i18n';
import { dateTime, money } from '../lib/format';
import { parseMoneyInput } from '../lib/money-input';
import { OrderFulfilment, OrderReturns } from './OrderFulfilment';
import { OrderEditor } from './OrderEdit';
import { OrderPayments } from './OrderPayments';

/** One order: what was bought, by whom, how it travels and is paid, what happened to it, and what to do next. */
export default function OrderDetail() {
  const { id = '' } = useParams();
  const { t } = useI18n();
  const query = useQuery({ queryKey: ['orders', id], queryFn: () => api.get<Order>(`/orders/${encodeURIComponent(id)}`) });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const order = query.data;
  return (
    <>
      <p className="back-link">
        <Link to="/orders">← {t('orders.title')}</Link>
      </p>
      <OrderView order={order} />
    </>
  );
}

function OrderView({ order }: { order: Order }) {
  const { t, lang } = useI18n();
  const [editing, setEditing] = useState(false);
  const canEdit = hasCapability(useStaff().role, 'edit_orders');
  const states = useOrderStates().data;
  const currency = order.currency;
  const m = (cents: number) => money(cents, currency, lang);
  const address = order.address
    ? [order.address.postalCode, order.address.country, order.address.region, order.address.locality, order.address.street]
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t('order.title', { number: order.number })}</h1>
          <p className="muted">{dateTime(order.createdAt, lang)}</p>
        </div>
        <div className="head-badges">
          <StatusBadge code={order.status} states={states} />
          <PaymentBadge status={order.paymentStatus} />
        </div>
      </div>

      <div className="actions-bar">
        <StatusChanger order={order} />
        <a className="btn" href={adminUrl(`/orders/${encodeURIComponent(order.id)}/packing-slip`)} target="_blank" rel="noopener">
          <Icon name="print" /> {t('order.packingSlip')}
        </a>
        <InvoiceButton order={order} />
        {canEdit && !editing ? (
          order.editBlock === null ? (
            <button type="button" className="btn" onClick={() => setEditing(true)}>
              {t('orderEdit.edit')}
            </button>
          ) : (
            <span className="muted small" data-edit-block={order.editBlock}>
              {t(`orderEdit.blocked.${order.editBlock}`)}
            </span>
          )
        ) : null}
        <a className="btn btn-ghost" href={order.customerUrl} target="_blank" rel="noopener">
          <Icon name="external" /> {t('order.customerPage')}
        </a>
        {order.canCancel ? <CancelOrder order={order} /> : null}
      </div>

      {order.delivery.byManager ? <DeliveryPrice order={order} /> : null}

      {order.reservation.expiresAt && order.status !== 'canceled' ? <ReservationNote order={order} /> : null}

      {order.amountDueCents > 0 ? (
        <section className="card card-attention" role="status" data-amount-due={order.amountDueCents}>
          {t('orderEdit.amountDue')}: <strong>{m(order.amountDueCents)}</strong>{' '}
          <a href={order.customerUrl} target="_blank" rel="noopener">
            {t('order.customerPage')}
          </a>
        </section>
      ) : null}

      <div className="detail-grid">
        {editing && order.editBlock === null ? <OrderEditor order={order} onClose={() => setEditing(false)} /> : null}
        <section className="card span-2" aria-labelledby="order-items" hidden={editing && order.editBlock === null}>
          <h2 id="order-items">{t('order.items')}</h2>
          <table className="list-table items-table">
            <thead>
              <tr>
                <th scope="col">{t('order.product')}</th>
                <th scope="col">{t('order.sku')}</th>
                <th scope="col" className="num">
                  {t('order.quantity')}
                </th>
                <th scope="col" className="num">
                  {t('order.price')}
                </th>
                <th scope="col" className="num">
                  {t('order.sum')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.id}>
                  <td data-label={t('order.product')}>
                    <div className="stack-tight">
                      {item.productSlug ? (
                        <a href={`/products/${item.productSlug}`} target="_blank" rel="noopener">
                          {item.title}
                        </a>
                      ) : (
                        item.title
                      )}
                      {item.variationTitle || item.optionsText ? (
                        <span className="muted small">{item.variationTitle ?? item.optionsText}</span>
                      ) : null}
                    </div>
                  </td>
                  <td data-label={t('order.sku')}>{item.sku ?? '—'}</td>
                  <td data-label={t('order.quantity')} className="num">
                    {item.quantity}
                  </td>
                  <td data-label={t('order.price')} className="num">
                    {m(item.unitPriceCents)}
                  </td>
                  <td data-label={t('order.sum')} className="num">
                    {m(item.totalCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="totals">
            <dt>{t('order.itemsTotal')}</dt>
            <dd>{m(order.totals.itemsCents)}</dd>
            {order.totals.discountCents ? (
              <>
                <dt>{order.discount.code ? t('order.discountCode', { code: order.discount.code }) : t('order.discount')}</dt>
                <dd>−{m(order.totals.discountCents)}</dd>
              </>
            ) : null}
            <dt>{t('order.deliveryTotal')}</dt>
            <dd>
              {order.delivery.byManager && !order.delivery.priceSet ? (
                <span className="badge badge-warn">{t('orders.needsPrice')}</span>
              ) : (
                m(order.totals.deliveryCents)
              )}
            </dd>
            {order.totals.taxCents > 0 ? (
              <>
                <dt>{order.totals.taxIncluded ? t('order.taxIncluded') : t('order.tax')}</dt>
                <dd data-testid="order-tax">{m(order.totals.taxCents)}</dd>
              </>
            ) : null}
            <dt className="grand">{t('order.total')}</dt>
            <dd className="grand">{m(order.totals.totalCents)}</dd>
          </dl>
        </section>

        <section className="card" aria-labelledby="order-customer">
          <h2 id="order-customer">{t('order.customer')}</h2>
          <Contact person={order.customer} />
          {order.customerId ? (
            <p>
              <Link to={`/customers/${order.customerId}`}>{t('order.customerRecord')}</Link>
            </p>
          ) : null}
          {order.userId ? null : <p className="muted small">{t('order.guest')}</p>}
          {order.receiver ? (
            <>
              <h3>{t('order.receiver')}</h3>
              <Contact person={order.receiver} />
            </>
          ) : null}
          {order.comment ? (
            <>
              <h3>{t('order.comment')}</h3>
              <p className="prewrap">{order.comment}</p>
            </>
          ) : null}
        </section>

        <section className="card" aria-labelledby="order-delivery">
          <h2 id="order-delivery">{t('order.delivery')}</h2>
          <dl className="facts">
            <dt>{t('order.method')}</dt>
            <dd>{order.delivery.title ?? t(`delivery.${order.delivery.method}`, { defaultValue: order.delivery.method })}</dd>
            {order.delivery.location ? (
              <>
                <dt>{t('order.pickupPoint')}</dt>
                <dd>
                  {order.delivery.location.title}
                  {order.delivery.location.address ? <div className="muted small">{order.delivery.location.address}</div> : null}
                </dd>
              </>
            ) : null}
            {order.delivery.zone ? (
              <>
                <dt>{t('order.zone')}</dt>
                <dd>{order.delivery.zone.title}</dd>
              </>
            ) : null}
            {order.delivery.rate ? (
              <>
                <dt>{t('order.rate')}</dt>
                <dd>{order.delivery.rate.title}</dd>
              </>
            ) : null}
            {address ? (
              <>
                <dt>{t('order.address')}</dt>
                <dd>{address}</dd>
              </>
            ) : null}
          </dl>
        </section>

        <OrderPayments order={order} />

        <OrderFulfilment order={order} />

        <OrderReturns order={order} />

        <section className="card" aria-labelledby="order-history">
          <h2 id="order-history">{t('order.history')}</h2>
          {order.history.length === 0 ? (
            <p className="muted">{t('order.noHistory')}</p>
          ) : (
            <ol className="timeline">
              {order.history.map((entry, index) => (
                <li key={index}>
                  <div>
                    <strong>{t(`history.${entry.kind}`, { defaultValue: entry.kind })}</strong>{' '}
                    <HistoryChange kind={entry.kind} from={entry.from} to={entry.to} states={states} currency={order.currency} />
                  </div>
                  {entry.note ? <div className="prewrap">{historyNote(entry.note, t)}</div> : null}
                  <div className="muted small">{dateTime(entry.createdAt, lang)}</div>
                </li>
              ))}
            </ol>
          )}
        </section>

        <Notes order={order} />
      </div>
    </>
  );
}

/** A history entry's change in words: statuses by the shop's titles, payment states translated, others as stored. */
function HistoryChange({
  kind,
  from,
  to,
  states,
  currency,
}: {
  kind: string;
  from: string | null;
  to: string;
  states: OrderState[] | undefined;
  currency: string;
}) {
  const { t, lang } = useI18n();
  const show = (value: string) =>
    (kind === 'edit' || kind === 'amount-due') && /^\d+$/.test(value) ? (
      <span>{money(Number(value), currency, lang)}</span>
    ) : kind === 'status' ? (
      <StatusBadge code={value} states={states} />
    ) : kind === 'payment' ? (
      <PaymentBadge status={value} />
    ) : kind === 'shipment' || kind === 'return' ? (
      <span>{t(kind === 'shipment' ? `order.fulfilmentStatus.${value}` : `order.returnStatus.${value}`, { defaultValue: value })}</span>
    ) : (
      <span>{historyValue(value, t)}</span>
    );
  return (
    <>
      {from ? (
        <>
          {show(from)} <span aria-label={t('order.changedTo')}>→</span>{' '}
        </>
      ) : null}
      {show(to)}
    </>
  );
}

function Contact({ person }: { person: Order['customer'] }) {
  return (
    <div className="contact">
      <p className="strong">{[person.name, person.lastName].filter(Boolean).join(' ')}</p>
      {person.phone ? (
        <p>
          <a href={`tel:${person.phone.replace(/[^\d+]/g, '')}`}>{person.phone}</a>
        </p>
      ) : null}
      {person.email ? (
        <p>
          <a href={`mailto:${person.email}`}>{person.email}</a>
        </p>
      ) : null}
    </div>
  );
}

function StatusChanger({ order }: { order: Order }) {
  const { t } = useI18n();
  const states = useOrderStates().data;
  const toasts = useToasts();
  const [status, setStatus] = useState('');
  const id = useId();
  const write = useWrite({
    mutationFn: (next: string) =>
      api.post<Order>(`/orders/${encodeURIComponent(order.id)}/status`, { status: next, version: order.version }),
    invalidate: [['orders'], ['dashboard']],
    success: t('order.statusChanged'),
    onSuccess: () => setStatus(''),
    // the server says what stands in the way: someone else's change, or stock sold since the order's reservation ended
    onConflict: (error) => toasts.error(Object.values(error.errors.fields).flat()[0] ?? t('errors.conflict')),
  });
  if (order.allowedStatuses.length === 0) return null;
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (status) write.mutate(status);
      }}
    >
      <label htmlFor={id}>{t('order.changeStatus')}</label>
      <select id={id} value={status} onChange={(e) => setStatus(e.target.value)}>
        <option value="">{t('order.chooseStatus')}</option>
        {order.allowedStatuses.map((code) => (
          <option key={code} value={code}>
            {states?.find((s) => s.code === code)?.title ?? code}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-primary" disabled={!status || write.isPending}>
        {write.isPending ? t('common.saving') : t('order.apply')}
      </button>
    </form>
  );
}

/** An order paid on receipt not confirmed yet: until when it holds its stock, or that its stock went back. */
function ReservationNote({ order }: { order: Order }) {
  const { t, lang } = useI18n();
  const { releasedAt, expiresAt } = order.reservation;
  return (
    <section className="card card-attention" aria-labelledby="order-reservation">
      <h2 id="order-reservation">{t('order.reservation')}</h2>
      <p>
        {releasedAt
          ? t('order.reservationEnded', { time: dateTime(releasedAt, lang) })
          : t('order.reservationUntil', { time: dateTime(expiresAt!, lang) })}
      </p>
    </section>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const paid = order.payment.transactions.some((tx) => !tx.attention && (tx.status === 'authorized' || tx.refundableCents > 0));
  const [refund, setRefund] = useState(true);
  const reasonId = useId();
  const write = useWrite({
    mutationFn: () =>
      api.post<Order>(`/orders/${encodeURIComponent(order.id)}/cancel`, {
        reason: reason.trim() || null,
        version: order.version,
        refund: paid && refund,
      }),
    invalidate: [['orders'], ['dashboard']],
    success: t('order.canceled'),
    onSuccess: () => setOpen(false),
  });
  return (
    <>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        {t('order.cancel')}
      </button>
      <ConfirmDialog
        open={open}
        title={t('order.cancelTitle', { number: order.number })}
        confirmLabel={t('order.cancelConfirm')}
        danger
        busy={write.isPending}
        onConfirm={() => write.mutate(undefined)}
        onClose={() => setOpen(false)}
      >
        <p>{t('order.cancelText')}</p>
        <div className="field">
          <label htmlFor={reasonId}>{t('order.cancelReason')}</label>
          <textarea id={reasonId} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        {paid ? (
          <label className="selling-check">
            <input type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} /> {t('order.cancelRefund')}
          </label>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

const priceFormSchema = z.object({
  price: z
    .string()
    .trim()
    .refine((v) => parseMoneyInput(v) !== null, 'price'),
});
type PriceForm = z.infer<typeof priceFormSchema>;

function DeliveryPrice({ order }: { order: Order }) {
  const { t, lang } = useI18n();
  const inputId = useId();
  const form = useForm<PriceForm>({
    resolver: zodResolver(priceFormSchema),
    defaultValues: { price: order.delivery.priceSet ? String(order.delivery.priceCents / 100) : '' },
  });
  const write = useWrite<number, Order, { priceCents: string; price: string }>({
    mutationFn: (priceCents) =>
      api.post<Order>(`/orders/${encodeURIComponent(order.id)}/delivery-price`, { priceCents, version: order.version }),
    invalidate: [['orders'], ['dashboard']],
    success: t('order.priceSet'),
    setError: (name, error) => form.setError(name === 'priceCents' ? 'price' : (name as 'price'), error),
  });
  const error = form.formState.errors.price ?? form.formState.errors.root?.server;
  return (
    <section className={order.delivery.priceSet ? 'card' : 'card card-attention'} aria-labelledby="order-delivery-price">
      <h2 id="order-delivery-price">{t('order.deliveryPrice')}</h2>
      <p className="muted">
        {order.delivery.priceSet
          ? t('order.deliveryPriceIsSet', { price: money(order.delivery.priceCents, order.currency, lang) })
          : t('order.deliveryPriceNeeded')}
      </p>
      <form
        className="inline-form"
        noValidate
        onSubmit={form.handleSubmit(({ price }) => write.mutate(amountToCents(parseMoneyInput(price) ?? 0)))}
      >
        <label htmlFor={inputId}>{t('order.deliveryPriceLabel', { currency: order.currency })}</label>
        <input
          id={inputId}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          {...form.register('price')}
        />
        <button type="submit" className="btn btn-primary" disabled={write.isPending}>
          {write.isPending ? t('common.saving') : order.delivery.priceSet ? t('order.updatePrice') : t('order.setPrice')}
        </button>
        {error ? (
          <p className="field-error" id={`${inputId}-error`} role="alert">
            {error.message === 'price' ? t('validation.price') : error.message}
          </p>
        ) : null}
      </form>
    </section>
  );
}

function Notes({ order }: { order: Order }) {
  const { t, lang } = useI18n();
  const textId = useId();
  const form = useForm<{ text: string }>({ resolver: zodResolver(orderNoteBodySchema), defaultValues: { text: '' } });
  const write = useWrite<{ text: string }, OrderNote, { text: string }>({
    mutationFn: (body) => api.post<OrderNote>(`/orders/${encodeURIComponent(order.id)}/notes`, body),
    invalidate: [['orders', order.id]],
    success: t('order.noteAdded'),
    setError: form.setError,
    onSuccess: () => form.reset({ text: '' }),
  });
  const error = form.formState.errors.text ?? form.formState.errors.root?.server;
  return (
    <section className="card" aria-labelledby="order-notes">
      <h2 id="order-notes">{t('order.notes')}</h2>
      <p className="muted small">{t('order.notesHint')}</p>
      {order.notes.length > 0 ? (
        <ul className="notes">
          {order.notes.map((note) => (
            <li key={note.id}>
              <p className="prewrap">{note.text}</p>
              <p className="muted small">
                {note.staffName} · {dateTime(note.createdAt, lang)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <form noValidate onSubmit={form.handleSubmit((values) => write.mutate(values))}>
        <div className="field">
          <label htmlFor={textId}>{t('order.newNote')}</label>
          <textarea id={textId} rows={3} aria-invalid={error ? 'true' : undefined} {...form.register('text')} />
          {error ? (
            <p className="field-error" role="alert">
              {error.message}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn" disabled={write.isPending}>
          {t('order.addNote')}
        </button>
      </form>
    </section>
  );
}

/** Issues the order's invoice (its number is given once) and opens it; an issued one just opens. */
function InvoiceButton({ order }: { order: Order }) {
  const { t } = useI18n();
  const url = adminUrl(`/orders/${encodeURIComponent(order.id)}/invoice`);
  const issue = useWrite({
    mutationFn: () => api.post<Order>(`/orders/${encodeURIComponent(order.id)}/invoice`, { version: order.version }),
    invalidate: [['orders']],
    success: (issued) => t('order.invoiceIssued', { number: issued.invoice?.number ?? '' }),
  });
  if (order.invoice) {
    return (
      <a className="btn" href={url} target="_blank" rel="noopener">
        <Icon name="print" /> {t('order.invoiceNumber', { number: order.invoice.number })}
      </a>
    );
  }
  return (
    <button type="button" className="btn" disabled={issue.isPending} onClick={() => issue.mutate(undefined)}>
      <Icon name="print" /> {t('order.issueInvoice')}
    </button>
  );
}
