import { CartDrawer } from '../../cart/CartDrawer';
import type { AddToCartDetails } from '../../product/add-to-cart';
import type { ModalContentProps } from '../ModalRoot';

/**
 * Spec 2.7: the item just added (link, 64x64 image, price and old price, quantity), with wording by site
 * type and back / view-cart buttons; shown in the cart drawer with the cart's lines and the checkout button.
 */
export default function AddToCart({ details, close }: ModalContentProps) {
  const { lang, siteType, money, item } = details as AddToCartDetails;
  return <CartDrawer lang={lang} siteType={siteType} money={money} added={item} close={close} />;
}
