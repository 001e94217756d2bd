import type { FreeShippingProgress } from '../../lib/free-shipping';
import type { Language } from '../../lib/localize';
import { formatMoney, type MoneyFormat } from '../shop/money';
import { shopTexts } from '../shop/texts';

/** How far the cart is from free delivery, by the shop's own rates: a bar and what is left to add. */
export function FreeShippingBar({
  progress,
  money,
  lang,
  id = 'free-shipping-text',
}: {
  progress: FreeShippingProgress;
  money: MoneyFormat;
  lang: Language;
  /** the text's id (the bar is labelled by it): unique on the page */
  id?: string;
}) {
  const t = shopTexts(lang);
  const reached = progress.kind === 'reached';
  const text = reached ? t('freeShippingReached') : t('freeShippingRemaining', { amount: formatMoney(progress.remaining, money) });
  return (
    <div className="free-shipping" data-testid="free-shipping">
      <p className="free-shipping__text" id={id}>
        {text}
      </p>
      <progress className="free-shipping__bar" max={100} value={reached ? 100 : progress.percent} aria-labelledby={id} />
    </div>
  );
}
