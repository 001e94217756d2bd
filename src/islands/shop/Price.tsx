import type { Language } from '../../lib/localize';
import { formatMoney, type MoneyFormat } from './money';
import { shopText } from './texts';

type Props = {
  price: number;
  /** shown struck through when above `price` */
  fullPrice?: number | null;
  money: MoneyFormat;
  lang: Language;
  /** 'from' prefix (settings.ecommerce.showPriceFrom) */
  from?: boolean;
  className?: string;
};

/** A price, its old price when discounted, or 'Price on request' for a zero price. */
export function Price({ price, fullPrice, money, lang, from = false, className = '' }: Props) {
  if (price <= 0) return <span className={`shop-price shop-price--request ${className}`}>{shopText(lang, 'priceOnRequest')}</span>;
  const discounted = fullPrice !== undefined && fullPrice !== null && fullPrice > price;
  return (
    <span className={`shop-price ${discounted ? 'shop-price--sale' : ''} ${className}`}>
      <span className="shop-price__current">
        {from && <span className="shop-price__from">{shopText(lang, 'from')} </span>}
        {formatMoney(price, money)}
      </span>
      {discounted && (
        <del className="shop-price__old">
          <span className="visually-hidden">{shopText(lang, 'oldPrice')}: </span>
          {formatMoney(fullPrice, money)}
        </del>
      )}
    </span>
  );
}
