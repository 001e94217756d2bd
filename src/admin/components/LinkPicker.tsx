import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { externalUrlSchema, LINK_KINDS, linkPath, type LinkTarget, type LinkTargetList } from '../../contract/admin/content';
import { api } from '../api/client';
import { useT } from '../i18n';
import { errorText } from './States';
import './content-editors.css';

/**
 * Picks where a link goes: a page, catalog, product, category, article or an external address, stored as
 * menus store links (`{ type, url }`). A record is found by its title or slug through
 * `GET /api/admin/link-targets`; an external address must be http or https.
 */
export type LinkValue = { type: 'page' | 'catalog' | 'product' | 'category' | 'article' | 'external'; url: string };
/** `picked`: the record chosen from the search (its titles), when the link was picked rather than typed. */
export type LinkPickerProps = {
  value: LinkValue | null;
  onChange: (link: LinkValue | null, picked?: LinkTarget) => void;
  label: string;
};

type Kind = LinkValue['type'];
const RESULTS_SHOWN = 8;

/** `value` settles after the user stops typing for `ms`. */
export function useDebounced<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function LinkPicker({ value, onChange, label }: LinkPickerProps) {
  const t = useT();
  const id = useId();
  const [kind, setKind] = useState<Kind>(value?.type ?? 'catalog');
  // a new value from outside shows its kind; switching the kind alone keeps the value until a target is picked
  const valueType = value?.type;
  useEffect(() => {
    if (valueType) setKind(valueType);
  }, [valueType, value?.url]);
  return (
    <fieldset className="link-picker">
      <legend>{label}</legend>
      <div className="link-picker-row">
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t('content.link.kind')}</label>
          <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
            {LINK_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`content.link.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {kind === 'external' ? (
          <ExternalAddress key="external" value={value?.type === 'external' ? value.url : ''} onChange={onChange} />
        ) : (
          <TargetSearch key={kind} kind={kind} value={value} onChange={onChange} />
        )}
      </div>
      <p className="link-picker-current" aria-live="polite">
        {value ? (
          <>
            <span className="muted">{t('content.link.current')}</span> <code>{linkPath(value)}</code>{' '}
            <span className="badge badge-muted">{t(`content.link.kinds.${value.type}`)}</span>{' '}
            <button type="button" className="btn btn-small btn-ghost" onClick={() => onChange(null)}>
              {t('content.link.clear')}
            </button>
          </>
        ) : (
          <span className="muted">{t('content.link.none')}</span>
        )}
      </p>
    </fieldset>
  );
}

function ExternalAddress({ value, onChange }: { value: string; onChange: (link: LinkValue | null) => void }) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [touched, setTouched] = useState(false);
  const valid = externalUrlSchema.safeParse(draft).success;
  const showError = touched && draft.trim() !== '' && !valid;
  return (
    <div className="field link-picker-grow">
      <label htmlFor={id}>{t('content.link.address')}</label>
      <input
        id={id}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={draft}
        aria-invalid={showError ? 'true' : undefined}
        aria-describedby={showError ? `${id}-error` : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setDraft(next);
          if (!next.trim()) onChange(null);
          else if (externalUrlSchema.safeParse(next).success) onChange({ type: 'external', url: next.trim() });
        }}
        onBlur={() => setTouched(true)}
      />
      {showError ? (
        <p className="field-error" id={`${id}-error`}>
          {t('content.link.badAddress')}
        </p>
      ) : null}
    </div>
  );
}

function TargetSearch({
  kind,
  value,
  onChange,
}: {
  kind: Exclude<Kind, 'external'>;
  value: LinkValue | null;
  onChange: LinkPickerProps['onChange'];
}) {
  const t = useT();
  const id = useId();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const query = useQuery({
    queryKey: ['link-targets', kind, settled],
    queryFn: ({ signal }) => api.get<LinkTargetList>('/link-targets', { kind, search: settled }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const items = query.data?.items.slice(0, RESULTS_SHOWN) ?? [];
  return (
    <div className="field link-picker-grow">
      <label htmlFor={id}>{t('content.link.search', { kind: t(`content.link.kinds.${kind}`) })}</label>
      <input
        id={id}
        type="search"
        value={search}
        aria-controls={`${id}-results`}
        autoComplete="off"
        onChange={(event) => setSearch(event.target.value)}
        // the search runs as one types: Enter must not send the form the picker sits in
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <div id={`${id}-results`} className="link-picker-results" aria-busy={query.isFetching ? 'true' : undefined}>
        {query.isPending ? (
          <p className="muted small">{t('state.loading')}</p>
        ) : query.isError ? (
          <p className="field-error">{errorText(query.error, t)}</p>
        ) : items.length === 0 ? (
          <p className="muted small">{t('content.link.noResults')}</p>
        ) : (
          <ul className="plain-list" aria-label={t('content.link.results')}>
            {items.map((item) => {
              const chosen = value?.type === kind && value.url === item.url;
              return (
                <li key={item.url}>
                  <button
                    type="button"
                    className="link-picker-option"
                    aria-pressed={chosen}
                    onClick={() => onChange({ type: kind, url: item.url }, item)}
                  >
                    <span className="strong">{item.title}</span> <span className="muted small">{item.path}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
