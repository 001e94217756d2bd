import { formatMoney, type MoneyFormat } from './money';
import type { ShopTranslate } from './texts';

type Props = {
  price: number;
  /** shown struck through when above `price` */
  fullPrice?: number | null;
  money: MoneyFormat;
  /** the shop texts (shopTexts(lang), or an island's slice of them) */
  t: ShopTranslate;
  /** 'from' prefix (settings.ecommerce.showPriceFrom) */
  from?: boolean;
  className?: string;
};

/** A price, its old price when discounted, or 'Price on request' for a zero price. */
export function Price({ price, fullPrice, money, t, from = false, className = '' }: Props) {
  if (price <= 0) return <span className={`shop-price shop-price--request ${className}`}>{t('priceOnRequest')}</span>;
  const discounted = fullPrice !== undefined && fullPrice !== null && fullPrice > price;
  return (
    <span className={`shop-price ${discounted ? 'shop-price--sale' : ''} ${className}`}>
      <span className="shop-price__current">
        {from && <span className="shop-price__from">{t('from')} </span>}
        {formatMoney(price, money)}
      </span>
      {discounted && (
        <del className="shop-price__old">
          <span className="visually-hidden">{t('oldPrice')}: </span>
          {formatMoney(fullPrice, money)}
        </del>
      )}
    </span>
  );
}
