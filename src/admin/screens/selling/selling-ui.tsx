import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useState } from 'react';
import type { FieldValues, Path, UseFormRegister, UseFormSetError } from 'react-hook-form';
import type { NamedRef, Problem, SellingCurrency } from '../../../contract/admin';
import { countryList, countryName, searchCountries, zoneName, zonesOf } from '../../../lib/countries';
import { parseZoneEntry, zoneCountries, zoneRegions } from '../../../lib/shipping-zones';
import { amountToCents, centsToAmount } from '../../../lib/money';
import { api } from '../../api/client';
import { useI18n, useT } from '../../i18n';
import { parseMoneyInput } from '../../lib/money-input';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';

/** The shop's currency (amounts are typed in its major units and sent in minor units). */
export function useCurrency(): string {
  return (
    useQuery({ queryKey: ['selling', 'currency'], queryFn: () => api.get<SellingCurrency>('/selling/currency'), staleTime: 10 * 60_000 })
      .data?.currency ?? ''
  );
}

/** Cents as a money input shows them ('' for none). */
export const centsText = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : String(centsToAmount(cents)));

/** A money input's text as cents: null when blank, NaN when it is not an amount. */
export function textCents(text: string): number | null {
  if (!text.trim()) return null;
  const amount = parseMoneyInput(text);
  return amount === null ? Number.NaN : amountToCents(amount);
}

/** A whole-number input's text: null when blank, NaN when it is not a whole number ≥ 0. */
export function textInt(text: string): number | null {
  if (!text.trim()) return null;
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/** A decimal input's text (weights): null when blank, NaN when it is not a number ≥ 0. */
export function textNumber(text: string): number | null {
  if (!text.trim()) return null;
  const value = Number(text.trim().replace(',', '.'));
  return Number.isFinite(value) && value >= 0 ? value : Number.NaN;
}

/** Sets the contract's contradictions on a form's fields, in the reader's language; true when there were any. */
export function showProblems<T extends FieldValues>(
  problems: Problem[],
  setError: UseFormSetError<T>,
  t: ReturnType<typeof useT>,
): boolean {
  for (const p of problems) setError(p.field as Path<T>, { type: 'rule', message: t(`selling.problems.${p.key}`) });
  return problems.length > 0;
}

/** English and Russian inputs of one text. */
export function LocalizedInputs<T extends FieldValues>({
  name,
  label,
  register,
  errors,
  required,
  multiline,
}: {
  name: string;
  label: string;
  register: UseFormRegister<T>;
  errors: Record<string, { message?: string } | undefined>;
  required?: boolean;
  multiline?: boolean;
}) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className="selling-l10n">
      <legend>{label}</legend>
      {(['en', 'ru'] as const).map((lang) => {
        const error = errors[`${name}.${lang}`]?.message ?? (lang === 'en' ? errors[name]?.message : undefined);
        const inputId = `${id}-${lang}`;
        const props = {
          id: inputId,
          'aria-invalid': error ? ('true' as const) : undefined,
          'aria-describedby': error ? `${inputId}-error` : undefined,
          ...register(`${name}.${lang}` as Path<T>),
        };
        return (
          <div className="field" key={lang}>
            <label htmlFor={inputId}>
              {t(`selling.lang.${lang}`)}
              {required && lang === 'en' ? ' *' : ''}
            </label>
            {multiline ? <textarea rows={2} {...props} /> : <input {...props} />}
            {error ? (
              <p className="field-error" id={`${inputId}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

/** Chosen items as removable chips. */
function Chips({
  items,
  onRemove,
  label,
}: {
  items: { id: string; title: string }[];
  onRemove: (id: string) => void;
  label: (title: string) => string;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="chips selling-chips">
      {items.map((item) => (
        <li key={item.id}>
          <button type="button" className="chip" onClick={() => onRemove(item.id)} aria-label={label(item.title)}>
            {item.title} ×
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * A searchable country picker for ISO codes: a search box (names in the reader's language, codes, phone
 * prefixes, as the storefront's own country search), matching countries as checkboxes, the chosen ones as chips.
 */
export function CountryPicker({
  value,
  onChange,
  label,
  hint,
  error,
}: {
  value: string[];
  onChange: (codes: string[]) => void;
  label: string;
  hint?: string;
  error?: string | undefined;
}) {
  const { t, lang } = useI18n();
  const [query, setQuery] = useState('');
  const id = useId();
  const matches = useMemo(() => searchCountries(countryList(lang), query).slice(0, query ? 40 : 12), [lang, query]);
  const chosenCountries = zoneCountries(value);
  const entriesOf = (country: string) => value.filter((entry) => parseZoneEntry(entry).country === country);
  const toggle = (code: string) =>
    onChange(chosenCountries.includes(code) ? value.filter((entry) => parseZoneEntry(entry).country !== code) : [...value, code]);
  /** A region ticked narrows its country to the ticked regions; the last one unticked serves the whole country again. */
  const toggleRegion = (country: string, region: string) => {
    const regions = zoneRegions(value, country) ?? [];
    const next = regions.includes(region) ? regions.filter((r) => r !== region) : [...regions, region];
    const others = value.filter((entry) => parseZoneEntry(entry).country !== country);
    onChange([...others, ...(next.length ? next.map((r) => `${country}-${r}`) : [country])]);
  };
  const entryTitle = (entry: string) => {
    const { country, region } = parseZoneEntry(entry);
    const zone = region ? zonesOf(country).find((z) => z.code.toUpperCase() === region) : undefined;
    return zone ? `${zoneName(zone, lang)}, ${countryName(country, lang)} (${entry})` : `${countryName(country, lang)} (${entry})`;
  };
  return (
    <fieldset className="selling-picker" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend>{label}</legend>
      {hint ? (
        <p className="muted small" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <Chips
        items={value.map((entry) => ({ id: entry, title: entryTitle(entry) }))}
        onRemove={(entry) => onChange(value.filter((v) => v !== entry))}
        label={(title) => t('selling.remove', { name: title })}
      />
      {chosenCountries
        .filter((country) => zonesOf(country).length > 0)
        .map((country) => {
          const regions = zoneRegions(value, country);
          return (
            <details key={country} className="selling-regions" open={regions !== null}>
              <summary>{t('selling.delivery.regionsOf', { country: countryName(country, lang) })}</summary>
              <p className="muted small">
                {regions ? t('selling.delivery.someRegions', { count: regions.length }) : t('selling.delivery.wholeCountry')}
              </p>
              <ul className="selling-options" aria-label={t('selling.delivery.regionsOf', { country: countryName(country, lang) })}>
                {zonesOf(country).map((zone) => (
                  <li key={zone.code}>
                    <label>
                      <input
                        type="checkbox"
                        checked={entriesOf(country).includes(`${country}-${zone.code.toUpperCase()}`)}
                        onChange={() => toggleRegion(country, zone.code.toUpperCase())}
                      />{' '}
                      {zoneName(zone, lang)}
                    </label>
                  </li>
                ))}
              </ul>
            </details>
          );
        })}
      <div className="field">
        <label htmlFor={`${id}-q`}>{t('selling.countrySearch')}</label>
        <input id={`${id}-q`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      </div>
      <ul className="selling-options" aria-label={t('selling.countryMatches')}>
        {matches.map((country) => (
          <li key={country.code}>
            <label>
              <input type="checkbox" checked={chosenCountries.includes(country.code)} onChange={() => toggle(country.code)} />{' '}
              {country.name} <span className="muted small">{country.code}</span>
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Products or catalogs a discount is limited to: search by title, tick to add, chips to remove. */
export function RefPicker({
  kind,
  value,
  onChange,
  known,
  label,
  error,
}: {
  kind: 'products' | 'catalogs';
  value: string[];
  onChange: (ids: string[]) => void;
  /** titles of already chosen ids */
  known: NamedRef[];
  label: string;
  error?: string | undefined;
}) {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState('');
  const [titles, setTitles] = useState<Record<string, string>>(() => Object.fromEntries(known.map((k) => [k.id, k.title])));
  const found = useQuery({
    queryKey: ['selling', kind, query],
    queryFn: ({ signal }) => api.get<NamedRef[]>(`/selling/${kind}`, { q: query }, signal),
    enabled: query.trim().length > 0,
  });
  const toggle = (ref: NamedRef) => {
    setTitles((all) => ({ ...all, [ref.id]: ref.title }));
    onChange(value.includes(ref.id) ? value.filter((v) => v !== ref.id) : [...value, ref.id]);
  };
  return (
    <fieldset className="selling-picker" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      <Chips
        items={value.map((v) => ({ id: v, title: titles[v] ?? v }))}
        onRemove={(v) => onChange(value.filter((x) => x !== v))}
        label={(title) => t('selling.remove', { name: title })}
      />
      <div className="field">
        <label htmlFor={`${id}-q`}>{t(`selling.discount.search_${kind}`)}</label>
        <input id={`${id}-q`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      </div>
      {found.data && found.data.length > 0 ? (
        <ul className="selling-options">
          {found.data.map((ref) => (
            <li key={ref.id}>
              <label>
                <input type="checkbox" checked={value.includes(ref.id)} onChange={() => toggle(ref)} /> {ref.title}
              </label>
            </li>
          ))}
        </ul>
      ) : query.trim() && found.data ? (
        <p className="muted small">{t('selling.nothingFound')}</p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Move up / move down buttons of an ordered list. */
export function OrderButtons({
  index,
  count,
  onMove,
  name,
  disabled,
}: {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  name: string;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-ghost"
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
        aria-label={t('selling.moveUp', { name })}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn btn-small btn-ghost"
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
        aria-label={t('selling.moveDown', { name })}
      >
        ↓
      </button>
    </>
  );
}

/** The list in its new order after moving one item. */
export function moved<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** `datetime-local` text of an ISO moment (the reader's local time), and back. */
export function localDateTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function isoOfLocal(text: string): string | null {
  if (!text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Loading, failed and empty states of a list loaded whole. */
export function QueryStates({ query, empty, count }: { query: UseQueryResult<unknown>; empty: string; count: number }) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return count === 0 ? <EmptyState>{empty}</EmptyState> : null;
}

/** A small table of records (rows turn into cards on phones, each cell named by its `data-label`). */
export function RecordTable({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <table className="list-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {headers.map((header) => (
            <th scope="col" key={header}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The foot of a dialog's form: back, and the submit button saying it is busy while the write runs. */
export function DialogFormActions({
  onBack,
  busy,
  submitLabel,
  danger,
}: {
  onBack: () => void;
  busy: boolean;
  submitLabel?: string;
  danger?: boolean;
}) {
  const { t } = useI18n();
  return (
    <div className="actions-bar">
      <button type="button" className="btn btn-ghost" onClick={onBack}>
        {t('common.back')}
      </button>
      <button type="submit" className={danger ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy}>
        {busy ? t('common.saving') : (submitLabel ?? t('common.save'))}
      </button>
    </div>
  );
}
