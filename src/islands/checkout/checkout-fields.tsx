/** The checkout's building blocks besides the form engine's fields: a numbered step, choices, their messages, charges. */
import type { ReactNode } from 'react';
import type { Language } from '../../lib/localize';
import type { FormApi } from '../forms/use-form';
import { formatMoney, type MoneyFormat } from '../shop/money';
import { shopText } from '../shop/texts';
import type { CheckoutValues, DeliveryCharge } from './checkout-form';

export function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section className="checkout-step" aria-labelledby={`checkout-step-${number}`}>
      <h2 className="checkout-step__title" id={`checkout-step-${number}`}>
        <span className="checkout-step__number" aria-hidden="true">
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The message of a choice (radio list) or a cart line, as the engine's fields show theirs: the form's message at `path`, or the given one. */
export function FieldError({ form, path, message = form.message(path) }: { form: FormApi; path: string; message?: string | null }) {
  return message ? (
    <p className="form-field__error" id={`${form.inputId(path)}-error`} role="alert">
      {message}
    </p>
  ) : null;
}

/** The values of the checkout form. */
export const checkoutValues = (form: FormApi) => form.values as CheckoutValues;

export function ChoiceTab({ checked, onChoose, label, name }: { checked: boolean; onChoose: () => void; label: string; name: string }) {
  return (
    <label className={`choice-tab${checked ? ' is-checked' : ''}`}>
      <input type="radio" name={name} checked={checked} onChange={onChoose} />
      <span>{label}</span>
    </label>
  );
}

export function ChargeText({ charge, money, lang }: { charge: DeliveryCharge; money: MoneyFormat; lang: Language }) {
  if (charge.kind === 'free') return <>{shopText(lang, 'free')}</>;
  if (charge.kind === 'byManager') return <>{shopText(lang, 'priceByManager')}</>;
  return <>{formatMoney(charge.amount, money)}</>;
}
