import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { formatDateShort } from '../../lib/dates';
import type { Language } from '../../lib/localize';
import { $orders, $user, loadOrders } from '../../stores/user';
import { AccountGate, LoadState } from './AccountGate';
import { OrderStatus } from './OrderStatus';
import { orderMoney, paymentLabelKey, useOrderStates } from './order-view';
import { accountTexts } from './texts';

type Props = { lang: Language; separator?: string };

/** /account/orders: the signed-in user's orders, newest first. */
export default function OrdersList(props: Props) {
  return (
    <AccountGate lang={props.lang}>
      <Orders {...props} />
    </AccountGate>
  );
}

function Orders({ lang, separator }: Props) {
  const t = accountTexts(lang);
  const user = useStore($user);
  const orders = useStore($orders);
  const states = useOrderStates();
  const [state, setState] = useState<'loading' | 'failed' | 'ready'>('loading');
  const load = useCallback(async () => {
    setState('loading');
    const result = await loadOrders();
    setState(result.error ? 'failed' : 'ready');
  }, []);
  useEffect(() => {
    void load();
  }, [load, user?.id]);

  if (state !== 'ready') return <LoadState lang={lang} state={state} onRetry={() => void load()} />;
  if (orders.length === 0) {
    return (
      <div className="account-empty">
        <p>{t('noOrders')}</p>
        <a className="form-button form-button--primary" href="/">
          {t('toShop')}
        </a>
      </div>
    );
  }
  return (
    <ul className="account-orders" data-orders>
      {orders.map((order) => {
        const money = orderMoney(order, separator);
        const pieces = order.items.reduce((sum, item) => sum + item.quantity, 0);
        return (
          <li key={order.id} className="account-card account-order" data-order={order.number}>
            <div className="account-order__head">
              <a className="account-order__number" href={`/account/orders/details?number=${order.number}`}>
                {t('orderNumber', { number: order.number })}
              </a>
              <OrderStatus order={order} states={states} />
            </div>
            <p className="account-muted">
              {t('placedOn', { date: formatDateShort(order.createdAt, lang) })} · {t('itemCount', { count: pieces })} ·{' '}
              {t(paymentLabelKey(order))}
            </p>
            <div className="account-order__foot">
              <span>
                {t('total')}: <strong>{money(order.totalPrice)}</strong>
              </span>
              <a className="form-button form-button--secondary" href={`/account/orders/details?number=${order.number}`}>
                {t('details')}
              </a>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
