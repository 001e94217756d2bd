import type { CartTotals } from '../../lib/cart';
import { DiscountCodeForm } from '../cart/DiscountCodeForm';
import { SummaryRows } from '../cart/SummaryRows';
import type { useDiscountCode } from '../cart/use-discount-code';
import { optionsText } from '../product/product-view';
import { formatMoney, type MoneyFormat } from '../shop/money';
import { ProductImage } from '../shop/ProductImage';
import { shopTexts } from '../shop/texts';
import { ChargeText, FieldError, PolicyCheck, type CheckoutEditor } from './checkout-fields';
import type { CheckoutErrors, CheckoutPolicy, DeliveryCharge } from './checkout-form';

type Props = {
  editor: CheckoutEditor;
  money: MoneyFormat;
  policy: CheckoutPolicy;
  /** settings.ecommerce.checkoutFormMessage */
  formMessage: string;
  totals: CartTotals;
  discount: ReturnType<typeof useDiscountCode>;
  charge: DeliveryCharge | null;
  total: number;
  available: boolean;
  serverErrors: Record<string, string>;
  /** the client's messages after a first attempt to place the order */
  attempted: boolean;
  clientErrors: CheckoutErrors;
  placing: boolean;
};

/** The order summary beside the steps: lines, discount code, totals, policy boxes and the order button. */
export function OrderSummary({ editor, money, policy, formMessage, totals, discount, charge, total, available, serverErrors, attempted, clientErrors, placing }: Props) {
  const { lang, values, errorOf, update } = editor;
  const t = shopTexts(lang);
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
          <FieldError path={`items.${index}`} message={serverErrors[`items.${index}`]} />
        </span>
        <strong className="summary-line__total">{formatMoney(line.sumDiscountPrice, money)}</strong>
      </li>
    ))}
  </ul>
  <DiscountCodeForm lang={lang} state={discount} error={serverErrors.discount} />
  <SummaryRows lang={lang} money={money} totals={totals} discount={discount.applied} total={total} totalTestId="checkout-total">
    <div className="summary-row">
      <dt>{t('deliveryCost')}</dt>
      <dd data-testid="delivery-cost">{charge ? <ChargeText charge={charge} money={money} lang={lang} /> : t('chooseDelivery')}</dd>
    </div>
  </SummaryRows>

  {policy.show && (
    <PolicyCheck
      path="agreement"
      html={policy.text}
      checked={values.agreement}
      onChange={(agreement) => update((v) => ({ ...v, agreement }), 'agreement')}
      error={errorOf('agreement')}
    />
  )}
  {policy.additionalCheckboxes.map((box, index) =>
    box.isShown ? (
      <PolicyCheck
        key={index}
        path={`extraChecks.${index}`}
        html={box.text}
        required={box.isRequired}
        checked={values.extraChecks[index] ?? false}
        onChange={(checked) => update((v) => ({ ...v, extraChecks: v.extraChecks.map((c, i) => (i === index ? checked : c)) }))}
        error={errorOf(`extraChecks.${index}`)}
      />
    ) : null,
  )}
  {!available && (
    <p className="shop-notice shop-notice--error" role="alert">
      {t('unavailableQuantity')}
    </p>
  )}
  {attempted && Object.keys(clientErrors).length > 0 && (
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
