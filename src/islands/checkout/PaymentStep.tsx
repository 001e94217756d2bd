import type { Language } from '../../lib/localize';
import { shopTexts } from '../shop/texts';
import { FieldError, Step, TextField, type CheckoutEditor } from './checkout-fields';
import type { PaymentMethodOption } from './checkout-form';

export type MethodsState = 'idle' | 'loading' | 'failed' | PaymentMethodOption[];

/** Step 3: the payment methods of the chosen delivery. */
export function PaymentStep({ editor, methods }: { editor: CheckoutEditor; methods: MethodsState }) {
  const { lang, values, errorOf, update } = editor;
  const t = shopTexts(lang);
  return (
    <Step number={3} title={t('payment')}>
      <PaymentMethods
        state={methods}
        chosen={values.paymentMethod}
        onChoose={(code) => update((v) => ({ ...v, paymentMethod: code }), 'paymentMethod')}
        error={errorOf('paymentMethod')}
        lang={lang}
      />
    </Step>
  );
}

/** Step 4: the shopper's comment. */
export function CommentStep({ editor }: { editor: CheckoutEditor }) {
  const { lang, values, errorOf, update } = editor;
  const t = shopTexts(lang);
  return (
    <Step number={4} title={t('comment')}>
      <TextField
        path="comment"
        label={t('comment')}
        hideLabel
        value={values.comment}
        onChange={(comment) => update((v) => ({ ...v, comment }), 'comment')}
        error={errorOf('comment')}
        multiline
      />
    </Step>
  );
}

function PaymentMethods({
  state,
  chosen,
  onChoose,
  error,
  lang,
}: {
  state: MethodsState;
  chosen: string;
  onChoose: (code: string) => void;
  error: string | undefined;
  lang: Language;
}) {
  const t = shopTexts(lang);
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
    <fieldset className="choice-list" aria-invalid={error ? true : undefined}>
      <legend className="visually-hidden">{t('paymentMethod')}</legend>
      {state.map((method) => (
        <label key={method.code} className="choice">
          <input type="radio" name="payment-method" value={method.code} checked={chosen === method.code} onChange={() => onChoose(method.code)} />
          <span className="choice__body">
            <strong>{method.name}</strong>
            {method.description && <span className="choice__muted">{method.description}</span>}
          </span>
        </label>
      ))}
      <FieldError path="paymentMethod" message={error} />
    </fieldset>
  );
}

