/**
 * Phone input with a country picker (spec 4, 5): the country starts from the stored number or the
 * shop's contact country, follows a typed international prefix, and the form keeps the number in
 * international format once it is valid (a check mark shows); an invalid entry shows the country's
 * example number.
 */
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { countryList, searchCountries } from '../../lib/countries';
import type { Language } from '../../lib/localize';
import { FieldShell, describedBy } from '../forms/fields';
import { formTexts } from '../forms/texts';
import type { FormApi } from '../forms/use-form';
import './phone.css';
import {
  type CountryCode,
  type PhoneReading,
  callingCodeOf,
  displayPhone,
  examplePhone,
  initialPhoneCountry,
  isPhoneCountry,
  readInCountry,
  readPhone,
} from './phone-number';

export type ShopPhoneDefaults = { addressCountry?: string | undefined; phones?: readonly string[] | undefined } | null | undefined;

type Props = { form: FormApi; path: string; label: string; shop: ShopPhoneDefaults; autoFocus?: boolean };

export function PhoneField({ form, path, label, shop, autoFocus }: Props) {
  const t = formTexts(form.lang);
  const stored = form.value(path);
  const [text, setText] = useState(() => (typeof stored === 'string' && stored ? displayPhone(stored) : ''));
  const [chosen, setChosen] = useState<CountryCode | null>(null);
  const country = chosen ?? initialPhoneCountry(typeof stored === 'string' ? stored : null, shop ?? {});
  const reading = readPhone(text, country);
  const example = text.trim() && !reading.valid ? examplePhone(country) : null;

  // Once the visitor types or picks, the country no longer follows the shop settings loading late.
  const apply = (next: PhoneReading) => {
    setText(next.text);
    setChosen(next.country);
    form.setValue(path, next.value);
  };

  const exampleLine = example && (
    <p className="form-field__hint" id={`${form.inputId(path)}-hint`} data-phone-example>
      {t('phoneExample', { example })}
    </p>
  );
  return (
    <FieldShell form={form} path={path} label={label} after={exampleLine}>
      <div className="form-phone">
        <CountryPicker lang={form.lang} country={country} onChoose={(code) => apply(readInCountry(text, code))} />
        <input
          id={form.inputId(path)}
          name={path}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          autoFocus={autoFocus}
          className="form-phone__input"
          value={text}
          onChange={(event) => apply(readPhone(event.target.value, country))}
          {...describedBy(form, path, Boolean(example))}
        />
        {reading.valid && (
          <span className="form-phone__valid" role="img" aria-label={t('phoneValid')} title={t('phoneValid')}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="m5 12.5 4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
        )}
      </div>
    </FieldShell>
  );
}

function CountryPicker({ lang, country, onChoose }: { lang: Language; country: CountryCode; onChoose: (code: CountryCode) => void }) {
  const t = formTexts(lang);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const countries = useMemo(() => countryList(lang).filter((c) => isPhoneCountry(c.code)), [lang]);
  const matches = useMemo(() => searchCountries(countries, query), [countries, query]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    // Only the picker closes, not the modal around it.
    event.stopPropagation();
    event.nativeEvent.stopImmediatePropagation();
    close();
  };

  return (
    <div className="phone-picker" ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="phone-picker__toggle"
        aria-haspopup="listbox"
        aria-expanded={open}
        // The name starts with the visible text (code and prefix), as speech input users say what they see.
        aria-label={`${country} +${callingCodeOf(country)}, ${t('chooseCountry')}: ${countries.find((c) => c.code === country)?.name ?? country}`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <span className="phone-picker__code">{country}</span>
        <span className="phone-picker__prefix">+{callingCodeOf(country)}</span>
        <svg viewBox="0 0 12 8" width="10" height="7" aria-hidden="true">
          <path d="M1 1l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {open && (
        <div className="phone-picker__popover">
          <input
            type="search"
            className="form-input phone-picker__search"
            placeholder={t('searchCountry')}
            aria-label={t('searchCountry')}
            value={query}
            autoFocus
            onChange={(event) => setQuery(event.target.value)}
          />
          <ul className="phone-picker__list" role="listbox" aria-label={t('country')}>
            {matches.map((c) => (
              <li key={c.code} role="option" aria-selected={c.code === country}>
                <button
                  type="button"
                  className="phone-picker__option"
                  onClick={() => {
                    onChoose(c.code as CountryCode);
                    close();
                  }}
                >
                  <span className="phone-picker__name">{c.name}</span>
                  <span className="phone-picker__prefix">+{c.phoneNumberPrefix}</span>
                </button>
              </li>
            ))}
            {matches.length === 0 && <li className="phone-picker__empty">{t('noCountry')}</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
