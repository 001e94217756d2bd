import type { ModalContentProps } from '../ModalRoot';
import type { AddToCartDetails } from '../../product/add-to-cart';
import { isEcommerce } from '../../product/product-view';
import { Price } from '../../shop/Price';
import { ProductImage } from '../../shop/ProductImage';
import { shopTexts } from '../../shop/texts';

/** Spec 2.7: the item just added, with wording by site type and back / view-cart buttons. */
export default function AddToCart({ details, close }: ModalContentProps) {
  const { lang, siteType, money, item } = details as AddToCartDetails;
  const t = shopTexts(lang);
  const ecommerce = isEcommerce(siteType);
  return (
    <div className="added-to-cart">
      <h2 className="modal__title">{t(ecommerce ? 'addedToCart' : 'addedToOrder')}</h2>
      <div className="added-to-cart__item">
        <a href={item.href} className="added-to-cart__image" tabIndex={-1} aria-hidden="true">
          <ProductImage image={item.image} width={64} height={64} alt="" />
        </a>
        <div className="added-to-cart__text">
          <a href={item.href} className="added-to-cart__title">
            {item.title}
          </a>
          {item.optionsText && <span className="added-to-cart__options">{item.optionsText}</span>}
          <span className="added-to-cart__quantity">
            {t('quantity')}: {item.quantity}
          </span>
        </div>
        <Price price={item.price} fullPrice={item.fullPrice} money={money} t={t} className="added-to-cart__price" />
      </div>
      <div className="modal__actions">
        <button type="button" className="button button--outline" onClick={close}>
          {t('continueShopping')}
        </button>
        <a href="/cart" className="button">
          {t(ecommerce ? 'viewCart' : 'viewOrder')}
        </a>
      </div>
    </div>
  );
}
