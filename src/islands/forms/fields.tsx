/** The fields every form of the site is built from, bound to a form by path. */
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import './forms.css';
import { formTexts } from './texts';
import type { FormApi } from './use-form';

/** `hideLabel`: the label is read by screen readers only (a step's heading already names the field). */
type BaseProps = { form: FormApi; path: string; label: string; hint?: ReactNode; hideLabel?: boolean };

/** Label, control, hint and message of one field; `after` follows the message (a phone example). */
export function FieldShell({
  form,
  path,
  label,
  hint,
  hideLabel,
  after,
  children,
}: BaseProps & { after?: ReactNode; children: ReactNode }) {
  const message = form.message(path);
  const id = form.inputId(path);
  return (
    <div className={`form-field${message ? ' form-field--invalid' : ''}`} data-field={path}>
      <label className={hideLabel ? 'visually-hidden' : 'form-field__label'} htmlFor={id} id={`${id}-label`}>
        {form.label(path, label)}
      </label>
      {children}
      {hint && !message && (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {message && (
        <p className="form-field__error" id={`${id}-error`} role="alert">
          {message}
        </p>
      )}
      {after}
    </div>
  );
}

/** aria attributes tying a control to its hint or message. */
export function describedBy(form: FormApi, path: string, hasHint: boolean) {
  const id = form.inputId(path);
  const invalid = form.message(path) !== null;
  const describedById = invalid ? `${id}-error` : hasHint ? `${id}-hint` : undefined;
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': describedById };
}

type TextFieldProps = BaseProps &
  Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'autoFocus' | 'inputMode' | 'placeholder' | 'maxLength'> & {
    type?: 'text' | 'email' | 'tel' | 'date' | 'search';
  };

export function TextField({ form, path, label, hint, type = 'text', ...input }: TextFieldProps) {
  const value = form.value(path);
  return (
    <FieldShell form={form} path={path} label={label} hint={hint}>
      <input
        {...input}
        id={form.inputId(path)}
        name={path}
        type={type}
        className="form-input"
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => form.setValue(path, event.target.value)}
        {...describedBy(form, path, Boolean(hint))}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  form,
  path,
  label,
  hint,
  hideLabel,
  rows = 4,
  maxLength,
}: BaseProps & { rows?: number; maxLength?: number }) {
  const value = form.value(path);
  return (
    <FieldShell form={form} path={path} label={label} hint={hint} hideLabel={hideLabel}>
      <textarea
        id={form.inputId(path)}
        name={path}
        rows={rows}
        maxLength={maxLength}
        className="form-input form-input--multiline"
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => form.setValue(path, event.target.value)}
        {...describedBy(form, path, Boolean(hint))}
      />
    </FieldShell>
  );
}

export function PasswordField({ form, path, label, hint, autoComplete = 'current-password' }: BaseProps & { autoComplete?: string }) {
  const [visible, setVisible] = useState(false);
  const t = formTexts(form.lang);
  const value = form.value(path);
  return (
    <FieldShell form={form} path={path} label={label} hint={hint}>
      <span className="form-password">
        <input
          id={form.inputId(path)}
          name={path}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          className="form-input"
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => form.setValue(path, event.target.value)}
          {...describedBy(form, path, Boolean(hint))}
        />
        <button
          type="button"
          className="form-password__toggle"
          aria-pressed={visible}
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          title={visible ? t('hidePassword') : t('showPassword')}
          onClick={() => setVisible(!visible)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill="none" stroke="currentColor" strokeWidth="1.8" d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
            {visible && <path stroke="currentColor" strokeWidth="1.8" d="M4 4l16 16" />}
          </svg>
        </button>
      </span>
    </FieldShell>
  );
}

export function SelectField({
  form,
  path,
  label,
  hint,
  options,
  placeholder,
  autoComplete,
  onChange = (value) => form.setValue(path, value),
}: BaseProps & {
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  autoComplete?: string;
  /** Replaces the plain value change, for fields whose change affects others. */
  onChange?: (value: string) => void;
}) {
  const value = form.value(path);
  return (
    <FieldShell form={form} path={path} label={label} hint={hint}>
      <select
        id={form.inputId(path)}
        name={path}
        className="form-input form-select"
        autoComplete={autoComplete}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(form, path, Boolean(hint))}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A checkbox whose label is text or the shop's own HTML (policy texts with a link). */
export function CheckboxField({
  form,
  path,
  label,
  html,
  required = false,
}: {
  form: FormApi;
  path: string;
  label?: string;
  html?: string;
  required?: boolean;
}) {
  const id = form.inputId(path);
  const message = form.message(path);
  return (
    <div className={`form-check${message ? ' form-check--invalid' : ''}`} data-field={path}>
      <input
        id={id}
        name={path}
        type="checkbox"
        className="form-check__box"
        checked={form.value(path) === true}
        onChange={(event) => form.setValue(path, event.target.checked)}
        aria-required={required || undefined}
        {...describedBy(form, path, false)}
      />
      {html !== undefined ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's consent text, cleaned as rich text when the settings are read
        <label className="form-check__label rich-text" htmlFor={id} dangerouslySetInnerHTML={{ __html: required ? `${html} *` : html }} />
      ) : (
        <label className="form-check__label" htmlFor={id}>
          {required ? `${label} *` : label}
        </label>
      )}
      {message && (
        <p className="form-field__error" id={`${id}-error`} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

/** A 1–5 star rating: radios hidden behind their stars, each named for screen readers ('4 of 5'). */
export function RatingField({ form, path, label, valueLabel }: BaseProps & { valueLabel: (value: number) => string }) {
  const id = form.inputId(path);
  const message = form.message(path);
  const chosen = Number(form.value(path)) || 0;
  return (
    <fieldset
      className={`form-field rating-input${message ? ' form-field--invalid' : ''}`}
      data-field={path}
      {...describedBy(form, path, false)}
    >
      <legend className="form-field__label">{`${label} *`}</legend>
      <div className="rating-input__stars">
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className={value <= chosen ? 'is-on' : ''}>
            <input type="radio" name={path} value={value} checked={chosen === value} onChange={() => form.setValue(path, value)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{valueLabel(value)}</span>
          </label>
        ))}
      </div>
      {message && (
        <p className="form-field__error" id={`${id}-error`} role="alert">
          {message}
        </p>
      )}
    </fieldset>
  );
}

/** The form-level message of a failed submit ('Validation Failed', the server's detail.message…). */
export function FormMessage({ form }: { form: FormApi }) {
  if (!form.formMessage) return null;
  return (
    <p className="form-message form-message--error" role="alert">
      {form.formMessage}
    </p>
  );
}

/** Submit button: busy while sending; looks disabled (and refuses) while the form is blocked. */
export function SubmitButton({ form, children, className = '' }: { form: FormApi; children: ReactNode; className?: string }) {
  const t = formTexts(form.lang);
  return (
    <button
      type="submit"
      className={`form-button form-button--primary${form.blocked ? ' is-disabled' : ''} ${className}`}
      aria-disabled={form.blocked || form.submitting || undefined}
      aria-busy={form.submitting || undefined}
    >
      {form.submitting ? t('sending') : children}
    </button>
  );
}
