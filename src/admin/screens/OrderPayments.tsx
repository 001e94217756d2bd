import { useId, useState } from 'react';
import type { OrderRefundInput } from '../../contract/admin';
import { amountToCents } from '../../lib/money';
import { api } from '../api/client';
import type { OrderDetail as Order } from '../api/types';
import { useWrite } from '../api/write';
import { PaymentBadge } from '../components/Badges';
import { ConfirmDialog, Dialog } from '../components/Dialog';
import { Icon } from '../components/Icon';
import { AdminApiError } from '../api/client';
import { useI18n } from '../i18n';
import { dateTime, money } from '../lib/format';
import { parseMoneyInput } from '../lib/money-input';
import { chosenLines, LineQuantities } from './OrderFulfilment';
import { DialogFormActions } from './selling/selling-ui';

type Transaction = Order['payment']['transactions'][number];
const INVALIDATE = [['orders'], ['dashboard']];

/**
 * The order's payments: every attempt with the provider's payment id and a link to it in the provider's dashboard,
 * capture or release of money held by a two-stage payment, refunds (by amount or by lines, with the items back to
 * stock) and their history. A payment the manager must look at (paid for a canceled order, paid twice, refunded
 * outside the shop) says so.
 */
export function OrderPayments({ order }: { order: Order }) {
  const { t, lang } = useI18n();
  const [refunding, setRefunding] = useState<Transaction | null>(null);
  return (
    <section className="card" aria-labelledby="order-payment">
      <h2 id="order-payment">{t('order.payment')}</h2>
      <dl className="facts">
        <dt>{t('order.method')}</dt>
        <dd>{order.payment.method.title}</dd>
        <dt>{t('orders.payment')}</dt>
        <dd>
          <PaymentBadge status={order.payment.status} />
        </dd>
      </dl>
      <h3>{t('order.transactions')}</h3>
      {order.payment.transactions.length === 0 ? (
        <p className="muted">{t('order.noTransactions')}</p>
      ) : (
        <ul className="plain-list payment-list">
          {order.payment.transactions.map((tx) => (
            <li key={tx.id} data-transaction={tx.id}>
              <PaymentBadge status={tx.status} /> {money(tx.amountCents, tx.currency, lang)} ·{' '}
              {t(`selling.provider.${tx.provider}`, { defaultValue: tx.provider })}
              {tx.refundedCents > 0 ? (
                <span className="muted"> · {t('order.refundedAmount', { amount: money(tx.refundedCents, tx.currency, lang) })}</span>
              ) : null}
              <div className="muted small">
                {dateTime(tx.createdAt, lang)}
                {tx.providerPaymentId ? (
                  <>
                    {' · '}
                    {tx.dashboardUrl ? (
                      <a href={tx.dashboardUrl} target="_blank" rel="noopener noreferrer">
                        {tx.providerPaymentId} <Icon name="external" />
                      </a>
                    ) : (
                      <code>{tx.providerPaymentId}</code>
                    )}
                  </>
                ) : null}
              </div>
              {tx.attention ? (
                <p className="form-error" role="alert">
                  {t(`order.attention.${tx.attention}`, { defaultValue: tx.attention })}
                </p>
              ) : null}
              <div className="row-actions">
                {tx.status === 'authorized' ? <SettleButtons order={order} transaction={tx} /> : null}
                {tx.refundableCents > 0 ? (
                  <button type="button" className="btn btn-small" onClick={() => setRefunding(tx)}>
                    {t('order.refund')}
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {order.payment.refunds.length > 0 ? (
        <>
          <h3>{t('order.refunds')}</h3>
          <ul className="plain-list" aria-label={t('order.refunds')}>
            {order.payment.refunds.map((r) => (
              <li key={r.id}>
                <span className={`badge badge-${r.status === 'succeeded' ? 'ok' : r.status === 'failed' ? 'danger' : 'warn'}`}>
                  {t(`order.refundStatus.${r.status}`, { defaultValue: r.status })}
                </span>{' '}
                {money(r.amountCents, r.currency, lang)}
                {r.lines.length ? <span className="muted"> · {r.lines.map((l) => `${l.title} × ${l.quantity}`).join(', ')}</span> : null}
                {r.restock ? <span className="muted"> · {t('order.restocked')}</span> : null}
                <div className="muted small">
                  {[r.staffName, dateTime(r.createdAt, lang), r.reason, r.failure].filter(Boolean).join(' · ')}
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {refunding ? <RefundDialog order={order} transaction={refunding} onClose={() => setRefunding(null)} /> : null}
    </section>
  );
}

function SettleButtons({ order, transaction }: { order: Order; transaction: Transaction }) {
  const { t } = useI18n();
  const [releasing, setReleasing] = useState(false);
  const act = useWrite({
    mutationFn: (action: 'capture' | 'cancel') =>
      api.post<Order>(`/orders/${encodeURIComponent(order.id)}/payments/${encodeURIComponent(transaction.id)}/${action}`, {
        version: order.version,
      }),
    invalidate: INVALIDATE,
    success: (result) => (result.paymentStatus === 'completed' ? t('order.captured') : t('order.released')),
    onSuccess: () => setReleasing(false),
  });
  return (
    <>
      <button type="button" className="btn btn-small btn-primary" disabled={act.isPending} onClick={() => act.mutate('capture')}>
        {t('order.capture')}
      </button>
      <button type="button" className="btn btn-small" disabled={act.isPending} onClick={() => setReleasing(true)}>
        {t('order.release')}
      </button>
      <ConfirmDialog
        open={releasing}
        title={t('order.releaseTitle')}
        confirmLabel={t('order.release')}
        danger
        busy={act.isPending}
        onConfirm={() => act.mutate('cancel')}
        onClose={() => setReleasing(false)}
      >
        <p>{t('order.releaseText')}</p>
      </ConfirmDialog>
    </>
  );
}

function RefundDialog({ order, transaction, onClose }: { order: Order; transaction: Transaction; onClose: () => void }) {
  const { t, lang } = useI18n();
  const [mode, setMode] = useState<'amount' | 'lines'>('amount');
  const [amount, setAmount] = useState(String(transaction.refundableCents / 100));
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [restock, setRestock] = useState(true);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const ids = { amount: useId(), reason: useId() };
  const refund = useWrite({
    mutationFn: (body: OrderRefundInput) => api.post<Order>(`/orders/${encodeURIComponent(order.id)}/refunds`, body),
    invalidate: INVALIDATE,
    success: t('order.refunded'),
    onSuccess: onClose,
  });
  const submit = () => {
    setError('');
    const base = { version: order.version, transactionId: transaction.id, reason: reason.trim() || null };
    if (mode === 'amount') {
      const parsed = parseMoneyInput(amount);
      if (parsed === null || parsed <= 0) return setError(t('validation.price'));
      refund.mutate({ ...base, amountCents: amountToCents(parsed) });
    } else {
      const chosen = chosenLines(quantities);
      if (chosen.length === 0) return setError(t('order.refundChooseLines'));
      refund.mutate({ ...base, lines: chosen, restock });
    }
  };
  const serverError = refund.error instanceof AdminApiError ? refund.error.message : '';
  return (
    <Dialog open onClose={onClose} title={t('order.refundTitle', { number: order.number })} wide>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className="muted">{t('order.refundable', { amount: money(transaction.refundableCents, transaction.currency, lang) })}</p>
        <fieldset className="field">
          <legend>{t('order.refundBy')}</legend>
          <label className="selling-check">
            <input type="radio" name="refund-mode" checked={mode === 'amount'} onChange={() => setMode('amount')} />{' '}
            {t('order.refundByAmount')}
          </label>
          <label className="selling-check">
            <input type="radio" name="refund-mode" checked={mode === 'lines'} onChange={() => setMode('lines')} />{' '}
            {t('order.refundByLines')}
          </label>
        </fieldset>
        {mode === 'amount' ? (
          <div className="field">
            <label htmlFor={ids.amount}>{t('order.refundAmount', { currency: transaction.currency })}</label>
            <input id={ids.amount} inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </div>
        ) : (
          <>
            <LineQuantities
              items={order.items}
              left={(item) => item.quantity - item.refundedQuantity}
              quantities={quantities}
              onChange={setQuantities}
              heading={t('order.refundQuantity')}
              label={(item) => t('order.refundQuantityOf', { title: item.title })}
              detail={(item) => (
                <div className="muted small">{money(Math.round(item.paidCents / item.quantity), order.currency, lang)}</div>
              )}
            />
            <label className="selling-check">
              <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} /> {t('order.restock')}
            </label>
          </>
        )}
        <div className="field">
          <label htmlFor={ids.reason}>{t('order.refundReason')}</label>
          <textarea id={ids.reason} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        {error || serverError ? (
          <p className="form-error" role="alert">
            {error || serverError}
          </p>
        ) : null}
        <DialogFormActions onBack={onClose} busy={refund.isPending} submitLabel={t('order.refundConfirm')} danger />
      </form>
    </Dialog>
  );
}
