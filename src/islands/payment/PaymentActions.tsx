import { useEffect, useState } from 'react';
import type { AnalyticsItem } from '../../lib/analytics';
import type { Language } from '../../lib/localize';
import { track } from '../../stores/analytics';
import { shopApi } from '../../stores/user';
import { shopTexts } from '../shop/texts';
import { INITIALIZATION_ERROR, PAYMENT_QUERY, type PaymentScreen } from './payment-screen';

type Props = {
  screen: PaymentScreen;
  lang: Language;
  order: { number: number; token: string } | null;
  /** the order's payment may still change: ask again until it does */
  awaiting: boolean;
  /** an online order nobody has paid yet (the shopper left the payment page): offer to pay now */
  unpaid?: boolean;
  paymentStatus: string | null;
  /** the purchase to track once (success screens) */
  purchase: { transactionId: string; value: number; shipping: number; items: AnalyticsItem[] } | null;
};

const POLL_INTERVAL_MS = 3000;
const POLL_ATTEMPTS = 20;
const TRACKED_KEY = 'shop.trackedPurchases';
const TRACKED_KEPT = 50;

/** Each order's purchase is tracked once, even when the result page is opened again. */
function trackPurchaseOnce(purchase: NonNullable<Props['purchase']>): void {
  let tracked: string[] = [];
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(TRACKED_KEY) ?? '[]');
    tracked = Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    tracked = [];
  }
  if (tracked.includes(purchase.transactionId)) return;
  track({ name: 'purchase', ...purchase });
  localStorage.setItem(TRACKED_KEY, JSON.stringify([...tracked, purchase.transactionId].slice(-TRACKED_KEPT)));
}

/**
 * The payment result's actions: pay again (a new payment at the provider), pay now for an order left
 * unpaid, and keeping a pending payment's page up to date.
 */
export default function PaymentActions({ screen, lang, order, awaiting, unpaid = false, paymentStatus, purchase }: Props) {
  const t = shopTexts(lang);
  const [starting, setStarting] = useState(false);
  /** polling: while it asks, then whether it gave up with the payment still unconfirmed */
  const [polling, setPolling] = useState<'checking' | 'gaveUp' | null>(
    awaiting && order && paymentStatus === 'pending' ? 'checking' : null,
  );

  useEffect(() => {
    if (purchase) trackPurchaseOnce(purchase);
  }, []);

  useEffect(() => {
    if (!awaiting || !order) return;
    let attempts = 0;
    const timer = setInterval(async () => {
      attempts += 1;
      const { data } = await shopApi({ lang }).getOrder(order.number, order.token);
      if ((data && data.paymentStatus !== paymentStatus) || attempts >= POLL_ATTEMPTS) {
        clearInterval(timer);
        if (data && data.paymentStatus !== paymentStatus) window.location.reload();
        else setPolling((state) => (state ? 'gaveUp' : null));
      }
    }, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [awaiting]);

  const payNow = screen === 'payNow' || screen === 'payDifference' || (screen === 'success' && unpaid);
  if (polling) {
    return (
      <p className="payment-result__text" role="status" data-payment-polling={polling}>
        {polling === 'checking' ? t('paymentChecking') : t('paymentStillPending')}
      </p>
    );
  }
  if (!order || (screen !== 'tryAgain' && screen !== 'initializationFailed' && !payNow)) return null;

  const payAgain = async () => {
    setStarting(true);
    const { data } = await shopApi({ lang }).initializePayment({ order: order.number, token: order.token });
    if (data?.url) {
      window.location.assign(data.url);
      return;
    }
    const url = new URL(window.location.href);
    url.searchParams.set(PAYMENT_QUERY.error, INITIALIZATION_ERROR);
    window.location.assign(url.toString());
  };

  return (
    <button type="button" className="button button--accent" onClick={payAgain} disabled={starting} aria-busy={starting}>
      {payNow ? t('payNow') : t('tryAgain')}
    </button>
  );
}
