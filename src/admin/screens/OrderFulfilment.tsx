import { type ReactNode, useId, useState } from 'react';
import type { OrderShipmentInput } from '../../contract/admin';
import { CARRIER_CODES, type CarrierCode } from '../../lib/shipments';
import { AdminApiError, api } from '../api/client';
import type { OrderDetail as Order } from '../api/types';
import { useWrite } from '../api/write';
import { Dialog } from '../components/Dialog';
import { Icon } from '../components/Icon';
import { useI18n } from '../i18n';
import { dateTime } from '../lib/format';
import { DialogFormActions } from './selling/selling-ui';

type Item = Order['items'][number];

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
          const lines = Object.entries(quantities)
            .filter(([, q]) => q > 0)
            .map(([itemId, quantity]) => ({ itemId, quantity }));
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
