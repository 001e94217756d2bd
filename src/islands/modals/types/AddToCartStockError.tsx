import type { ModalContentProps } from '../ModalRoot';
import type { StockErrorDetails } from '../../product/add-to-cart';
import { shopText } from '../../shop/texts';

/** Spec 2.7 / 8: 'Only {count} items are available', with an Ok button. */
export default function AddToCartStockError({ details, close }: ModalContentProps) {
  const { lang, count } = details as StockErrorDetails;
  return (
    <div className="stock-error" role="alert">
      <p className="stock-error__text">{shopText(lang, 'stockError', { count })}</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={close} autoFocus>
          {shopText(lang, 'ok')}
        </button>
      </div>
    </div>
  );
}
