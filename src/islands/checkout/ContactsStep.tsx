import { CheckboxField, TextField } from '../forms/fields';
import type { FormApi } from '../forms/use-form';
import { shopTexts } from '../shop/texts';
import { Step, checkoutValues } from './checkout-fields';

/** Step 1: the customer's contacts and, when the shop asks, another receiver. */
export function ContactsStep({
  form,
  showReceiver,
  phoneExample,
  askConsent,
}: {
  form: FormApi;
  showReceiver: boolean;
  phoneExample: string;
  /** the shop sends reminders of unfinished checkouts: a guest may agree to one */
  askConsent: boolean;
}) {
  const t = shopTexts(form.lang);
  return (
    <Step number={1} title={t('contacts')}>
      <div className="shop-form-grid">
        <TextField form={form} path="customer.name" label={t('firstName')} autoComplete="given-name" />
        <TextField form={form} path="customer.lastName" label={t('lastName')} autoComplete="family-name" />
        <TextField
          form={form}
          path="customer.phone"
          label={t('phone')}
          type="tel"
          autoComplete="tel"
          hint={phoneExample ? t('phoneHint', { example: phoneExample }) : undefined}
        />
        <TextField form={form} path="customer.email" label={t('email')} type="email" autoComplete="email" />
      </div>
      {askConsent && <CheckboxField form={form} path="marketingConsent" label={t('recovery.consent')} />}
      {showReceiver && (
        <>
          <CheckboxField form={form} path="otherReceiver" label={t('otherReceiver')} />
          {checkoutValues(form).otherReceiver && (
            <fieldset className="checkout__receiver">
              <legend className="shop-field__label">{t('receiver')}</legend>
              <div className="shop-form-grid">
                <TextField form={form} path="receiver.name" label={t('firstName')} />
                <TextField form={form} path="receiver.lastName" label={t('lastName')} />
                <TextField form={form} path="receiver.phone" label={t('phone')} type="tel" />
              </div>
            </fieldset>
          )}
        </>
      )}
    </Step>
  );
}
