import { TextAreaField } from '../forms/fields';
import type { FormApi } from '../forms/use-form';
import { shopTexts } from '../shop/texts';
import { FieldError, Step, checkoutValues } from './checkout-fields';
import type { PaymentMethodOption } from './checkout-form';

export type MethodsState = 'idle' | 'loading' | 'failed' | PaymentMethodOption[];

/** Step 3: the payment methods of the chosen delivery. */
export function PaymentStep({ form, methods }: { form: FormApi; methods: MethodsState }) {
  return (
    <Step number={3} title={shopTexts(form.lang)('payment')}>
      <PaymentMethods form={form} state={methods} />
    </Step>
  );
}

/** Step 4: the shopper's comment. */
export function CommentStep({ form }: { form: FormApi }) {
  const t = shopTexts(form.lang);
  return (
    <Step number={4} title={t('comment')}>
      <TextAreaField form={form} path="comment" label={t('comment')} hideLabel rows={3} />
    </Step>
  );
}

function PaymentMethods({ form, state }: { form: FormApi; state: MethodsState }) {
  const t = shopTexts(form.lang);
  const chosen = checkoutValues(form).paymentMethod;
  if (state === 'idle') return <p className="choice__muted">{t('chooseDeliveryFirst')}</p>;
  if (state === 'loading') return <p className="choice__muted">{t('paymentMethodsLoading')}</p>;
  if (state === 'failed') {
    return (
      <p className="shop-notice shop-notice--error" role="alert" aria-invalid="true" tabIndex={-1}>
        {t('paymentMethodsFailed')}
      </p>
    );
  }
  if (state.length === 0) return <p className="shop-notice shop-notice--error">{t('noPaymentMethods')}</p>;
  return (
    <fieldset className="choice-list" aria-invalid={form.message('paymentMethod') ? true : undefined}>
      <legend className="visually-hidden">{t('paymentMethod')}</legend>
      {state.map((method) => (
        <label key={method.code} className="choice">
          <input
            type="radio"
            name="payment-method"
            value={method.code}
            checked={chosen === method.code}
            onChange={() => form.setValue('paymentMethod', method.code)}
          />
          <span className="choice__body">
            <strong>{method.name}</strong>
            {method.description && <span className="choice__muted">{method.description}</span>}
          </span>
        </label>
      ))}
      <FieldError form={form} path="paymentMethod" />
    </fieldset>
  );
}
