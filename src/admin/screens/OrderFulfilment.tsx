import { type ReactNode, useId, useState } from 'react';
import type { OrderReturnInput, OrderShipmentInput, ReturnReceiveInput } from '../../contract/admin';
import { CARRIER_CODES, type CarrierCode } from '../../lib/shipments';
import { AdminApiError, api } from '../api/client';
import type { OrderDetail as Order } from '../api/types';
import { useWrite } from '../api/write';
import { ConfirmDialog, Dialog } from '../components/Dialog';
import { Icon } from '../components/Icon';
import { useI18n } from '../i18n';
import { dateTime, money } from '../lib/format';
import { DialogFormActions } from './selling/selling-ui';

type Item = Order['items'][number];

/** The lines given a quantity above 0, as the API takes them. */
export const chosenLines = (quantities: Record<string, number>) =>
  Object.entries(quantities)
    .filter(([, q]) => q > 0)
    .map(([itemId, quantity]) => ({ itemId, quantity }));

/** How many of each line a dialog sends or takes back, within what is left of it. */
export function LineQuantities({
  items,
  left,
  quantities,
  onChange,
  label,
  heading,
  detail,
}: {
  items: Item[];
  left: (item: Item) => number;
  quantities: Record<string, number>;
  onChange: (next: Record<string, number>) => void;
  label: (item: Item) => string;
  /** the quantity column's heading */
  heading?: string;
  /** what else to show of a line (its price) */
  detail?: (item: Item) => ReactNode;
}) {
  const { t } = useI18n();
  return (
    <table className="list-table">
      <thead>
        <tr>
          <th scope="col">{t('order.product')}</th>
          <th scope="col" className="num">
            {heading ?? t('order.quantity')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items
          .filter((item) => left(item) > 0)
          .map((item) => (
            <tr key={item.id}>
              <td>
                {item.title}
                {item.variationTitle ? <span className="muted small"> {item.variationTitle}</span> : null}
                {detail ? detail(item) : item.sku ? <div className="muted small">{item.sku}</div> : null}
              </td>
              <td className="num">
                <input
                  type="number"
                  min={0}
                  max={left(item)}
                  aria-label={label(item)}
                  value={quantities[item.id] ?? 0}
                  onChange={(e) => onChange({ ...quantities, [item.id]: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
                />{' '}
                / {left(item)}
              </td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

/** The order's shipments with their tracking, and the dialog that records the next one (some lines or all). */
export function OrderFulfilment({ order }: { order: Order }) {
  const { t, lang } = useI18n();
  const [shipping, setShipping] = useState(false);
  const canShip = order.status !== 'canceled' && order.fulfilment !== 'fulfilled';
  return (
    <section className="card" aria-labelledby="order-fulfilment">
      <h2 id="order-fulfilment">{t('order.fulfilment')}</h2>
      <p>
        <span
          className={order.fulfilment === 'fulfilled' ? 'badge badge-ok' : order.fulfilment === 'partial' ? 'badge badge-warn' : 'badge'}
        >
          {t(`order.fulfilmentStatus.${order.fulfilment}`)}
        </span>
      </p>
      {order.shipments.length ? (
        <ul className="plain-list">
          {order.shipments.map((shipment) => (
            <li key={shipment.id} data-shipment={shipment.id}>
              <strong>{t(`order.carriers.${shipment.carrier}`)}</strong>
              {shipment.trackingNumber ? <> · {shipment.trackingNumber}</> : null}
              {shipment.trackingUrl ? (
                <>
                  {' · '}
                  <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                    {t('order.track')} <Icon name="external" />
                  </a>
                </>
              ) : null}
              <div>{shipment.lines.map((l) => `${l.title} × ${l.quantity}`).join(', ')}</div>
              <div className="muted small">
                {dateTime(shipment.createdAt, lang)}
                {shipment.staffName ? ` · ${shipment.staffName}` : ''}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('order.noShipments')}</p>
      )}
      {canShip ? (
        <button type="button" className="btn btn-primary" onClick={() => setShipping(true)}>
          {t('order.ship')}
        </button>
      ) : null}
      {shipping ? <ShipDialog order={order} onClose={() => setShipping(false)} /> : null}
    </section>
  );
}

function ShipDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useI18n();
  const left = (item: Item) => item.quantity - item.shippedQuantity;
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(order.items.filter((i) => left(i) > 0).map((i) => [i.id, left(i)])),
  );
  const [carrier, setCarrier] = useState<CarrierCode>('other');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [notify, setNotify] = useState(true);
  const [error, setError] = useState('');
  const ids = { carrier: useId(), number: useId(), url: useId() };
  const ship = useWrite({
    mutationFn: (body: OrderShipmentInput) => api.post<Order>(`/orders/${encodeURIComponent(order.id)}/shipments`, body),
    invalidate: [['orders'], ['dashboard']],
    success: t('order.shipped'),
    onSuccess: onClose,
  });
  const serverError = ship.error instanceof AdminApiError ? ship.error.message : '';
  return (
    <Dialog open onClose={onClose} title={t('order.shipTitle', { number: order.number })} wide>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError('');
          const lines = chosenLines(quantities);
          if (lines.length === 0) return setError(t('order.shipChooseLines'));
          ship.mutate({
            version: order.version,
            lines,
            carrier,
            trackingNumber: trackingNumber.trim() || null,
            trackingUrl: trackingUrl.trim() || null,
            notify,
          });
        }}
      >
        <LineQuantities
          items={order.items}
          left={left}
          quantities={quantities}
          onChange={setQuantities}
          label={(item) => t('order.shipQuantityOf', { title: item.title })}
        />
        <div className="field">
          <label htmlFor={ids.carrier}>{t('order.carrier')}</label>
          <select id={ids.carrier} value={carrier} onChange={(e) => setCarrier(e.target.value as CarrierCode)}>
            {CARRIER_CODES.map((code) => (
              <option key={code} value={code}>
                {t(`order.carriers.${code}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.number}>{t('order.trackingNumber')}</label>
          <input
            id={ids.number}
            maxLength={100}
            autoComplete="off"
            value={trackingNumber}
            onChange={(e) => setTrackingNumber(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.url}>{t('order.trackingUrl')}</label>
          <input
            id={ids.url}
            type="url"
            maxLength={1000}
            placeholder="https://"
            value={trackingUrl}
            onChange={(e) => setTrackingUrl(e.target.value)}
          />
          <p className="muted small">{t('order.trackingUrlHint')}</p>
        </div>
        <label className="selling-check">
          <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} /> {t('order.shipNotify')}
        </label>
        {error || serverError ? (
          <p className="form-error" role="alert">
            {error || serverError}
          </p>
        ) : null}
        <DialogFormActions onBack={onClose} busy={ship.isPending} submitLabel={t('order.shipConfirm')} />
      </form>
    </Dialog>
  );
}

/** The order's returns: open one by lines with a reason; receive the items (back to stock or not) and refund, or reject. */
export function OrderReturns({ order }: { order: Order }) {
  const { t, lang } = useI18n();
  const [opening, setOpening] = useState(false);
  const [receiving, setReceiving] = useState<Order['returns'][number] | null>(null);
  const [rejecting, setRejecting] = useState<Order['returns'][number] | null>(null);
  const returning = new Map<string, number>();
  for (const r of order.returns) {
    if (r.status === 'rejected') continue;
    for (const line of r.lines) returning.set(line.itemId, (returning.get(line.itemId) ?? 0) + line.quantity);
  }
  const left = (item: Item) => item.quantity - (returning.get(item.id) ?? 0);
  const reject = useWrite({
    mutationFn: (id: string) =>
      api.post<Order>(`/orders/${encodeURIComponent(order.id)}/returns/${encodeURIComponent(id)}/reject`, { version: order.version }),
    invalidate: [['orders']],
    success: t('order.rejected'),
    onSuccess: () => setRejecting(null),
  });
  return (
    <section className="card" aria-labelledby="order-returns">
      <h2 id="order-returns">{t('order.returns')}</h2>
      {order.returns.length ? (
        <ul className="plain-list">
          {order.returns.map((r) => (
            <li key={r.id} data-return={r.id}>
              <span className="badge">{t(`order.returnStatus.${r.status}`, { defaultValue: r.status })}</span>{' '}
              {r.lines.map((l) => `${l.title} × ${l.quantity}`).join(', ')}
              <div className="prewrap">{r.reason}</div>
              {r.refundCents ? <div>{t('order.returnRefunded', { amount: money(r.refundCents, order.currency, lang) })}</div> : null}
              <div className="muted small">
                {dateTime(r.createdAt, lang)} · {r.openedBy === 'customer' ? t('order.openedByCustomer') : r.staffName}
              </div>
              {r.status === 'requested' ? (
                <div className="actions-bar">
                  <button type="button" className="btn btn-small btn-primary" onClick={() => setReceiving(r)}>
                    {t('order.receive')}
                  </button>
                  <button type="button" className="btn btn-small" onClick={() => setRejecting(r)}>
                    {t('order.reject')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('order.noReturns')}</p>
      )}
      {order.status !== 'canceled' && order.items.some((i) => left(i) > 0) ? (
        <button type="button" className="btn" onClick={() => setOpening(true)}>
          {t('order.openReturn')}
        </button>
      ) : null}
      {opening ? <OpenReturnDialog order={order} left={left} onClose={() => setOpening(false)} /> : null}
      {receiving ? <ReceiveDialog order={order} entry={receiving} onClose={() => setReceiving(null)} /> : null}
      <ConfirmDialog
        open={rejecting !== null}
        title={t('order.rejectTitle')}
        confirmLabel={t('order.reject')}
        danger
        busy={reject.isPending}
        onConfirm={() => rejecting && reject.mutate(rejecting.id)}
        onClose={() => setRejecting(null)}
      >
        <p>{t('order.rejectText')}</p>
      </ConfirmDialog>
    </section>
  );
}

function OpenReturnDialog({ order, left, onClose }: { order: Order; left: (item: Item) => number; onClose: () => void }) {
  const { t } = useI18n();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const reasonId = useId();
  const open = useWrite({
    mutationFn: (body: OrderReturnInput) => api.post<Order>(`/orders/${encodeURIComponent(order.id)}/returns`, body),
    invalidate: [['orders']],
    success: t('order.returnOpened'),
    onSuccess: onClose,
  });
  const serverError = open.error instanceof AdminApiError ? open.error.message : '';
  return (
    <Dialog open onClose={onClose} title={t('order.returnTitle', { number: order.number })} wide>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError('');
          const lines = chosenLines(quantities);
          if (lines.length === 0) return setError(t('order.returnChooseLines'));
          if (!reason.trim()) return setError(t('validation.required'));
          open.mutate({ version: order.version, lines, reason: reason.trim() });
        }}
      >
        <LineQuantities
          items={order.items}
          left={left}
          quantities={quantities}
          onChange={setQuantities}
          label={(item) => t('order.returnQuantityOf', { title: item.title })}
        />
        <div className="field">
          <label htmlFor={reasonId}>{t('order.returnReason')}</label>
          <textarea id={reasonId} rows={2} maxLength={500} required value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        {error || serverError ? (
          <p className="form-error" role="alert">
            {error || serverError}
          </p>
        ) : null}
        <DialogFormActions onBack={onClose} busy={open.isPending} submitLabel={t('order.returnConfirm')} />
      </form>
    </Dialog>
  );
}

function ReceiveDialog({ order, entry, onClose }: { order: Order; entry: Order['returns'][number]; onClose: () => void }) {
  const { t } = useI18n();
  const paid = order.payment.transactions.some((tx) => !tx.attention && tx.refundableCents > 0);
  const [restock, setRestock] = useState(true);
  const [refund, setRefund] = useState(paid);
  const receive = useWrite({
    mutationFn: (body: ReturnReceiveInput) =>
      api.post<Order>(`/orders/${encodeURIComponent(order.id)}/returns/${encodeURIComponent(entry.id)}/receive`, body),
    invalidate: [['orders'], ['dashboard']],
    success: t('order.received'),
    onSuccess: onClose,
  });
  const serverError = receive.error instanceof AdminApiError ? receive.error.message : '';
  return (
    <Dialog open onClose={onClose} title={t('order.receiveTitle')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          receive.mutate({ version: order.version, restock, refund: paid && refund });
        }}
      >
        <p>{entry.lines.map((l) => `${l.title} × ${l.quantity}`).join(', ')}</p>
        <label className="selling-check">
          <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} /> {t('order.receiveRestock')}
        </label>
        {paid ? (
          <label className="selling-check">
            <input type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} /> {t('order.receiveRefund')}
          </label>
        ) : null}
        {serverError ? (
          <p className="form-error" role="alert">
            {serverError}
          </p>
        ) : null}
        <DialogFormActions onBack={onClose} busy={receive.isPending} submitLabel={t('order.receive')} />
      </form>
    </Dialog>
  );
}
