import type { CartTotals } from '../../lib/cart';
import { DiscountCodeForm } from '../cart/DiscountCodeForm';
import { SummaryRows } from '../cart/SummaryRows';
import type { useDiscountCode } from '../cart/use-discount-code';
import { optionsText } from '../product/product-view';
import { formatMoney, type MoneyFormat } from '../shop/money';
import { ProductImage } from '../shop/ProductImage';
import { shopTexts } from '../shop/texts';
import { CheckboxField } from '../forms/fields';
import type { FormApi } from '../forms/use-form';
import { ChargeText, FieldError } from './checkout-fields';
import { linePath, type CheckoutPolicy, type DeliveryCharge } from './checkout-form';

type Props = {
  form: FormApi;
  money: MoneyFormat;
  policy: CheckoutPolicy;
  /** settings.ecommerce.checkoutFormMessage */
  formMessage: string;
  totals: CartTotals;
  discount: ReturnType<typeof useDiscountCode>;
  charge: DeliveryCharge | null;
  /** the order's tax (null: the shop charges none), included in the prices or added to the total */
  tax: { amount: number; included: boolean } | null;
  total: number;
  available: boolean;
  /** the form has failed its check and still has messages */
  fixErrors: boolean;
  placing: boolean;
};

/** The order summary beside the steps: lines, discount code, totals, policy boxes and the order button. */
export function OrderSummary({
  form,
  money,
  policy,
  formMessage,
  totals,
  discount,
  charge,
  tax,
  total,
  available,
  fixErrors,
  placing,
}: Props) {
  const { lang } = form;
  const t = shopTexts(lang);
  const serverMessage = (path: string | null) => (path ? form.message(path) : null);
  return (
    <aside className="checkout__summary cart-summary" aria-label={t('yourOrder')}>
      <div className="checkout__summary-head">
        <h2 className="checkout__summary-title">{t('yourOrder')}</h2>
        <a href="/cart" className="button button--link">
          {t('editCart')}
        </a>
      </div>
      <ul className="summary-lines">
        {totals.lines.map((line, index) => (
          <li key={line.variationId} className="summary-line">
            <ProductImage image={line.variation?.image ?? line.product?.imagePreview} width={56} height={56} alt="" />
            <span className="summary-line__text">
              <span className="summary-line__title">{line.product?.title}</span>
              {line.product && line.variation && <span className="summary-line__options">{optionsText(line.product, line.variation)}</span>}
              <span className="summary-line__options">
                {line.quantity} × {line.variation ? formatMoney(line.variation.price, money) : ''}
              </span>
              <FieldError form={form} path={`items.${index}`} message={serverMessage(linePath(form.state.serverErrors, index))} />
            </span>
            <strong className="summary-line__total">{formatMoney(line.sumDiscountPrice, money)}</strong>
          </li>
        ))}
      </ul>
      <DiscountCodeForm lang={lang} state={discount} error={serverMessage('discountCodeId') ?? undefined} />
      <SummaryRows lang={lang} money={money} totals={totals} discount={discount.applied} total={total} totalTestId="checkout-total">
        <div className="summary-row">
          <dt>{t('deliveryCost')}</dt>
          <dd data-testid="delivery-cost">{charge ? <ChargeText charge={charge} money={money} lang={lang} /> : t('chooseDelivery')}</dd>
        </div>
        {tax && (
          <div className="summary-row">
            <dt>{tax.included ? t('taxIncluded') : t('tax')}</dt>
            <dd data-testid="checkout-tax">{formatMoney(tax.amount, money)}</dd>
          </div>
        )}
      </SummaryRows>

      {/* Settings texts are sanitised rich text (links to the policies). */}
      {policy.show && <CheckboxField form={form} path="agreement" html={policy.text} required />}
      {policy.additionalCheckboxes.map((box, index) =>
        box.isShown ? (
          <CheckboxField key={index} form={form} path={`extraChecks.${index}`} html={box.text} required={box.isRequired} />
        ) : null,
      )}
      {!available && (
        <p className="shop-notice shop-notice--error" role="alert">
          {t('unavailableQuantity')}
        </p>
      )}
      {fixErrors && (
        <p className="shop-field__error" role="alert">
          {t('fixErrors')}
        </p>
      )}
      <button type="submit" className="button button--wide button--accent" disabled={placing || !available} aria-busy={placing}>
        {placing ? t('placing') : t('placeOrder')}
      </button>
      {formMessage && <p className="checkout__message">{formMessage}</p>}
    </aside>
  );
}
