import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import type { OrderDto } from '../../lib/api-client';
import { formatAddress } from '../../lib/countries';
import { formatDateTime } from '../../lib/dates';
import type { Language } from '../../lib/localize';
import { $user, shopApi } from '../../stores/user';
import { displayPhone } from '../phone/phone-number';
import { ProductImage } from '../shop/ProductImage';
import { AccountGate, LoadState } from './AccountGate';
import { OrderStatus } from './OrderStatus';
import { type OrderMoney, orderMoney, paymentLabelKey, useOrderStates } from './order-view';
import { accountTexts } from './texts';

type Props = { lang: Language; number: string | null; separator?: string };

/** /account/orders/details?number=…: items, totals, delivery and the payment outcome of one of the user's orders. */
export default function OrderDetails(props: Props) {
  return (
    <AccountGate lang={props.lang}>
      <Details {...props} />
    </AccountGate>
  );
}

function Details({ lang, number, separator }: Props) {
  const t = accountTexts(lang);
  const user = useStore($user);
  const states = useOrderStates();
  const [order, setOrder] = useState<OrderDto | null>(null);
  const [state, setState] = useState<'loading' | 'failed' | 'missing' | 'ready'>('loading');
  const load = useCallback(async () => {
    if (!number) return setState('missing');
    setState('loading');
    const result = await shopApi().getOrder(number);
    setOrder(result.data);
    if (result.data) setState('ready');
    else setState(result.error && result.error.statusCode !== 404 && result.error.statusCode !== 400 ? 'failed' : 'missing');
  }, [number]);
  useEffect(() => {
    void load();
  }, [load, user?.id]);

  const back = (
    <a className="account-back" href="/account/orders">
      ← {t('backToOrders')}
    </a>
  );
  if (state === 'loading' || state === 'failed') return <LoadState lang={lang} state={state} onRetry={() => void load()} />;
  if (state === 'missing' || !order) {
    return (
      <div className="account-empty" role="alert">
        <p>{t('orderNotFound')}</p>
        {back}
      </div>
    );
  }
  const money = orderMoney(order, separator);
  return (
    <article className="account-order-details" data-order-details={order.number}>
      {back}
      <header className="account-order__head">
        <OrderStatus order={order} states={states} />
      </header>
      <p className="account-muted">{t('placedOn', { date: formatDateTime(order.createdAt, lang) })}</p>
      <section className="account-card">
        <h2 className="account-subtitle">{t('items')}</h2>
        <ul className="account-items">
          {order.items.map((item) => (
            <li key={item.id} className="account-item">
              <ProductImage image={item.image} width={64} height={64} alt={item.title} className="account-item__image" />
              <div className="account-item__text">
                {item.productSlug ? <a href={`/products/${item.productSlug}`}>{item.title}</a> : <span>{item.title}</span>}
                {(item.optionsText || item.variationTitle) && (
                  <span className="account-muted">{item.optionsText || item.variationTitle}</span>
                )}
                <span className="account-muted">
                  {item.quantity} × {money(item.price)}
                </span>
              </div>
              <strong className="account-item__total">{money(item.totalPrice)}</strong>
            </li>
          ))}
        </ul>
        <Totals order={order} money={money} lang={lang} />
      </section>
      {order.amountDue > 0 && order.paymentKind === 'online' && order.status !== 'canceled' ? (
        <PayDifference order={order} money={money} lang={lang} />
      ) : null}
      {order.returns.length > 0 || order.returnableUntil ? <Returns order={order} lang={lang} onOpened={setOrder} /> : null}
      <div className="account-grid">
        <section className="account-card">
          <h2 className="account-subtitle">{t('delivery')}</h2>
          <p>
            {order.deliveryInformation.method === 'pickup' ? t('pickup') : t('shipping')}
            {order.deliveryInformation.title && `: ${order.deliveryInformation.title}`}
          </p>
          {order.deliveryInformation.address && <p className="account-muted">{formatAddress(order.deliveryInformation.address, lang)}</p>}
          {order.deliveryInformation.pickupPoint && (
            <p className="account-muted" data-testid="pickup-point">
              {order.deliveryInformation.pickupPoint.address}
              {order.deliveryInformation.pickupPoint.workTime && (
                <>
                  <br />
                  {t('openingHours')}: {order.deliveryInformation.pickupPoint.workTime}
                </>
              )}
            </p>
          )}
        </section>
        <section className="account-card">
          <h2 className="account-subtitle">{t('payment')}</h2>
          <p>{order.methodName || order.method}</p>
          <p className="account-muted" data-payment-status={order.paymentStatus}>
            {t(paymentLabelKey(order))}
          </p>
        </section>
        <section className="account-card">
          <h2 className="account-subtitle">{t('contact')}</h2>
          <p>{[order.customer.name, order.customer.lastName].filter(Boolean).join(' ')}</p>
          <p className="account-muted">{[displayPhone(order.customer.phone), order.customer.email].filter(Boolean).join(' · ')}</p>
        </section>
        {order.comment && (
          <section className="account-card">
            <h2 className="account-subtitle">{t('comment')}</h2>
            <p className="account-pre">{order.comment}</p>
          </section>
        )}
      </div>
    </article>
  );
}

/** After the shop raised a paid order's total: what is left to pay, paid through the order's provider. */
function PayDifference({ order, money, lang }: { order: OrderDto; money: OrderMoney; lang: Language }) {
  const t = accountTexts(lang);
  const [starting, setStarting] = useState(false);
  const [failed, setFailed] = useState(false);
  const pay = async () => {
    setStarting(true);
    setFailed(false);
    const { data } = await shopApi({ lang }).initializePayment({ order: order.number });
    if (data?.url) {
      window.location.assign(data.url);
      return;
    }
    setStarting(false);
    setFailed(true);
  };
  return (
    <section className="account-card account-due" data-amount-due={order.amountDue}>
      <h2 className="account-subtitle">{t('amountDueTitle')}</h2>
      <p>{t('amountDueText', { amount: money(order.amountDue) })}</p>
      <button type="button" className="button button--accent" onClick={() => void pay()} disabled={starting} aria-busy={starting}>
        {t('payAmount', { amount: money(order.amountDue) })}
      </button>
      {failed ? (
        <p className="account-error" role="alert">
          {t('payFailed')}
        </p>
      ) : null}
    </section>
  );
}

/** The order's returns, and while the shop's return window is open a form to ask for one (items, quantities, reason). */
function Returns({ order, lang, onOpened }: { order: OrderDto; lang: Language; onOpened: (order: OrderDto) => void }) {
  const t = accountTexts(lang);
  const returnable = order.items.filter((i) => i.returnableQuantity > 0);
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const chosen = returnable.filter((i) => (quantities[i.id] ?? 0) > 0);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setError(t('returnChooseItems'));
    if (!reason.trim()) return setError(t('returnReasonNeeded'));
    setSending(true);
    setError(null);
    const result = await shopApi({ lang }).openReturn(order.number, {
      lines: chosen.map((i) => ({ itemId: i.id, quantity: quantities[i.id]! })),
      reason: reason.trim(),
    });
    setSending(false);
    if (result.data) {
      setSent(true);
      setOpen(false);
      setQuantities({});
      setReason('');
      onOpened(result.data);
    } else setError(result.error?.message ?? t('returnFailed'));
  };
  return (
    <section className="account-card account-returns" aria-labelledby="account-returns">
      <h2 className="account-subtitle" id="account-returns">
        {t('returnsTitle')}
      </h2>
      {sent ? (
        <p role="status" className="account-success">
          {t('returnSent')}
        </p>
      ) : null}
      {order.returns.length > 0 ? (
        <ul className="account-returns__list">
          {order.returns.map((r) => (
            <li key={`${r.createdAt}-${r.reason}`} data-return-status={r.status}>
              <strong>{t(`returnStatus.${r.status}` as 'returnStatus.requested')}</strong>:{' '}
              {r.items.map((i) => `${i.title} × ${i.quantity}`).join(', ')} — <span className="account-muted">{r.reason}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {order.returnableUntil && returnable.length > 0 ? (
        open ? (
          <form onSubmit={(e) => void submit(e)} className="account-return-form" noValidate>
            <p className="account-muted">{t('returnUntil', { date: formatDateTime(order.returnableUntil, lang) })}</p>
            {returnable.map((item) => (
              <label key={item.id} className="account-return-line">
                <span>
                  {item.title}
                  {item.variationTitle ? `, ${item.variationTitle}` : ''}
                </span>
                <input
                  type="number"
                  min={0}
                  max={item.returnableQuantity}
                  value={quantities[item.id] ?? 0}
                  aria-label={t('returnQuantityOf', { name: item.title })}
                  onChange={(e) =>
                    setQuantities((q) => ({
                      ...q,
                      [item.id]: Math.min(item.returnableQuantity, Math.max(0, Math.floor(Number(e.target.value) || 0))),
                    }))
                  }
                />
                <span className="account-muted">{t('returnOf', { count: item.returnableQuantity })}</span>
              </label>
            ))}
            <label className="account-return-reason">
              <span>{t('returnReason')}</span>
              <textarea value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
            </label>
            {error ? (
              <p className="account-error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="account-return-actions">
              <button type="submit" className="button button--accent" disabled={sending} aria-busy={sending}>
                {t('returnSend')}
              </button>
              <button type="button" className="button" onClick={() => setOpen(false)} disabled={sending}>
                {t('returnCancel')}
              </button>
            </div>
          </form>
        ) : (
          <button type="button" className="button" onClick={() => setOpen(true)}>
            {t('returnOpen')}
          </button>
        )
      ) : null}
    </section>
  );
}

function Totals({ order, money, lang }: { order: OrderDto; money: OrderMoney; lang: Language }) {
  const t = accountTexts(lang);
  const delivery = order.deliveryInformation;
  const deliveryText =
    delivery.priceByManager && !delivery.priceSet ? t('deliveryByManager') : delivery.price > 0 ? money(delivery.price) : t('free');
  return (
    <dl className="account-totals">
      <dt>{t('subtotal')}</dt>
      <dd>{money(order.itemsPrice)}</dd>
      {order.discountPrice > 0 && (
        <>
          <dt>{t('discount')}</dt>
          <dd>−{money(order.discountPrice)}</dd>
        </>
      )}
      <dt>{t('delivery')}</dt>
      <dd>{deliveryText}</dd>
      {order.taxPrice > 0 && (
        <>
          <dt>{order.taxIncluded ? t('taxIncluded') : t('tax')}</dt>
          <dd data-testid="order-tax">{money(order.taxPrice)}</dd>
        </>
      )}
      <dt className="account-totals__total">{t('total')}</dt>
      <dd className="account-totals__total">{money(order.totalPrice)}</dd>
    </dl>
  );
}
