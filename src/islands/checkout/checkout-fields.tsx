/** The checkout's building blocks: a numbered step, text and select fields, choices, the policy boxes. */
import type { ReactNode } from 'react';
import type { Language } from '../../lib/localize';
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

export const idOf = (path: string) => `checkout-${path.replaceAll('.', '-')}`;

export function FieldError({ path, message }: { path: string; message: string | undefined }) {
  return message ? (
    <span className="shop-field__error" id={`${idOf(path)}-error`} role="alert">
      {message}
    </span>
  ) : null;
}

export type FieldOptions = {
  required?: boolean;
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
  hint?: string;
  wide?: boolean;
  multiline?: boolean;
  hideLabel?: boolean;
};

export function TextField({
  path,
  label,
  value,
  onChange,
  error,
  required = false,
  type = 'text',
  autoComplete,
  hint,
  wide = false,
  multiline = false,
  hideLabel = false,
}: { path: string; label: string; value: string; onChange: (value: string) => void; error: string | undefined } & FieldOptions) {
  const id = idOf(path);
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: path,
    className: 'shop-field__input',
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
  };
  return (
    <div className={`shop-field${wide ? ' shop-form-grid__wide' : ''}`}>
      <label className={hideLabel ? 'visually-hidden' : 'shop-field__label'} htmlFor={id}>
        {required ? `${label} *` : label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && !error && (
        <span className="shop-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <FieldError path={path} message={error} />
    </div>
  );
}

export function SelectField({
  path,
  label,
  value,
  onChange,
  options,
  error,
  required = false,
  placeholder,
}: {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  error: string | undefined;
  required?: boolean;
  placeholder?: string;
}) {
  const id = idOf(path);
  return (
    <div className="shop-field">
      <label className="shop-field__label" htmlFor={id}>
        {required ? `${label} *` : label}
      </label>
      <select
        id={id}
        name={path}
        className="shop-select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {placeholder !== undefined && !options.some((o) => o.value === value) && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError path={path} message={error} />
    </div>
  );
}

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

export function PolicyCheck({
  path,
  html,
  checked,
  onChange,
  error,
  required = true,
}: {
  path: string;
  html: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  required?: boolean;
}) {
  const id = idOf(path);
  return (
    <div className="shop-check-wrap">
      <label className="shop-check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-required={required || undefined}
        />
        {/* Settings texts are sanitised rich text (links to the policies). */}
        <span className="shop-check__text" dangerouslySetInnerHTML={{ __html: required ? `${html} *` : html }} />
      </label>
      <FieldError path={path} message={error} />
    </div>
  );
}

/** What every step needs to show and edit the checkout's values. */
export type CheckoutEditor = {
  lang: Language;
  values: CheckoutValues;
  /** the message under a field: the client's check, else the server's answer */
  errorOf: (path: string) => string | undefined;
  /** changes the values; the server's messages on `paths` are cleared */
  update: (change: (values: CheckoutValues) => CheckoutValues, ...paths: string[]) => void;
};

/** A text field of the checkout bound to its path's message. */
export function textFieldOf(errorOf: CheckoutEditor['errorOf']) {
  return (path: string, label: string, value: string, onChange: (value: string) => void, options: FieldOptions = {}) => (
    <TextField key={path} path={path} label={label} value={value} onChange={onChange} error={errorOf(path)} {...options} />
  );
}
