import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n';

/** The filters above a list: a labelled search box (applied as one types, after a pause) and labelled selects. */
export function FilterBar({ children, onClear, active }: { children: ReactNode; onClear: () => void; active: boolean }) {
  const t = useT();
  return (
    <div className="filters" role="search">
      {children}
      {active ? (
        <button type="button" className="btn btn-ghost" onClick={onClear}>
          {t('list.clearFilters')}
        </button>
      ) : null}
    </div>
  );
}

/** A list's main search box; with `shortcut`, the "/" key (outside a field) jumps to it, as in many web apps. */
export function SearchFilter({
  label,
  value,
  onChange,
  placeholder,
  shortcut,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  shortcut?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  useEffect(() => {
    if (!shortcut) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog[open]')) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shortcut]);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = window.setTimeout(() => onChange(text.trim()), 400);
    return () => window.clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <div className="field filter-search">
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        type="search"
        aria-keyshortcuts={shortcut ? '/' : undefined}
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange(text.trim());
        }}
      />
    </div>
  );
}

export function SelectFilter({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('list.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
