import type { ReactNode } from 'react';
import type { CartTotals } from '../../lib/cart';
import type { Language } from '../../lib/localize';
import { formatMoney, type MoneyFormat } from '../shop/money';
import { shopTexts } from '../shop/texts';

type Props = {
  lang: Language;
  money: MoneyFormat;
  totals: Pick<CartTotals, 'quantity' | 'totalFullPrice' | 'totalDiscount'>;
  /** the discount code and the discount the server computed for the cart */
  discount: { code: string; price: number } | null;
  total: number;
  totalTestId: string;
  /** rows between the discounts and the total (delivery) */
  children?: ReactNode;
};

/** The money rows of the cart and the checkout: items at full price, sale savings, code discount, total. */
export function SummaryRows({ lang, money, totals, discount, total, totalTestId, children }: Props) {
  const t = shopTexts(lang);
  return (
    <dl className="summary-rows">
      <div className="summary-row">
        <dt>{t('items', { count: totals.quantity })}</dt>
        <dd>{formatMoney(totals.totalFullPrice, money)}</dd>
      </div>
      {totals.totalDiscount > 0 && (
        <div className="summary-row summary-row--discount">
          <dt>{t('productDiscount')}</dt>
          <dd>−{formatMoney(totals.totalDiscount, money)}</dd>
        </div>
      )}
      {discount && (
        <div className="summary-row summary-row--discount">
          <dt>
            {t('discount')} ({discount.code})
          </dt>
          <dd data-testid="discount-amount">−{formatMoney(discount.price, money)}</dd>
        </div>
      )}
      {children}
      <div className="summary-row summary-row--total">
        <dt>{t('total')}</dt>
        <dd data-testid={totalTestId}>{formatMoney(total, money)}</dd>
      </div>
    </dl>
  );
}
