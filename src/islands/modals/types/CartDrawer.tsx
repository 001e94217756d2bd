import { CartDrawer as Drawer } from '../../cart/CartDrawer';
import type { CartDrawerDetails } from '../../cart/cart-drawer-details';
import type { ModalContentProps } from '../ModalRoot';

/** The cart drawer opened from the header's cart icon: the cart's lines, subtotal and checkout. */
export default function CartDrawer({ details, close }: ModalContentProps) {
  const { lang, siteType, money } = details as CartDrawerDetails;
  return <Drawer lang={lang} siteType={siteType} money={money} close={close} />;
}
