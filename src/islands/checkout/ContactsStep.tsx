import { shopTexts } from '../shop/texts';
import { Step, textFieldOf, type CheckoutEditor } from './checkout-fields';

/** Step 1: the customer's contacts and, when the shop asks, another receiver. */
export function ContactsStep({ editor, showReceiver }: { editor: CheckoutEditor; showReceiver: boolean }) {
  const { lang, values, update } = editor;
  const t = shopTexts(lang);
  const field = textFieldOf(editor.errorOf);
  const setField = (group: 'customer' | 'receiver', name: string) => (value: string) =>
    update((v) => ({ ...v, [group]: { ...v[group], [name]: value } }), `${group}.${name}`);
  return (
    <Step number={1} title={t('contacts')}>
      <div className="shop-form-grid">
        {field('customer.name', t('firstName'), values.customer.name, setField('customer', 'name'), { required: true, autoComplete: 'given-name' })}
        {field('customer.lastName', t('lastName'), values.customer.lastName, setField('customer', 'lastName'), { autoComplete: 'family-name' })}
        {field('customer.phone', t('phone'), values.customer.phone, setField('customer', 'phone'), {
          required: true,
          type: 'tel',
          autoComplete: 'tel',
          hint: t('phoneHint'),
        })}
        {field('customer.email', t('email'), values.customer.email, setField('customer', 'email'), { type: 'email', autoComplete: 'email' })}
      </div>
      {showReceiver && (
        <>
          <label className="shop-check">
            <input
              type="checkbox"
              checked={values.otherReceiver}
              onChange={(event) => update((v) => ({ ...v, otherReceiver: event.target.checked }))}
            />
            <span>{t('otherReceiver')}</span>
          </label>
          {values.otherReceiver && (
            <fieldset className="checkout__receiver">
              <legend className="shop-field__label">{t('receiver')}</legend>
              <div className="shop-form-grid">
                {field('receiver.name', t('firstName'), values.receiver.name, setField('receiver', 'name'), { required: true })}
                {field('receiver.lastName', t('lastName'), values.receiver.lastName, setField('receiver', 'lastName'))}
                {field('receiver.phone', t('phone'), values.receiver.phone, setField('receiver', 'phone'), { required: true, type: 'tel' })}
              </div>
            </fieldset>
          )}
        </>
      )}
    </Step>
  );
}
