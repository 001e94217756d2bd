import { memo, useEffect, useId, useState } from 'react';
import { LinkPicker, type LinkValue } from '../../components/LinkPicker';
import { MediaPicker } from '../../components/MediaPicker';
import { RecordPicker } from '../../components/RecordPicker';
import { RichTextEditor } from '../../components/RichTextEditor';
import { VideoField } from '../../components/VideoField';
import { useI18n } from '../../i18n';
import { getPath, pickedValue, setPath } from './content';
import type { Bilingual, FormField } from './types';
import { isFieldDate, isFieldDateTime } from '../../../lib/field-kinds';
import { isRecord } from '../../../lib/is-record';

/**
 * The options form of a section, an item or a settings group, generated from the field definitions
 * (src/sections/editor.ts): one control per field kind, texts side by side in both languages, and the
 * fields that exist per screen (`….desktop.…`, `….tablet.…`, `….mobile.…`) shown for the chosen screen.
 */
export type Screen = 'desktop' | 'tablet' | 'mobile';
export const SCREENS: Screen[] = ['desktop', 'tablet', 'mobile'];
const LANGS = ['en', 'ru'] as const;

export type OptionsFormProps = {
  fields: FormField[];
  value: Record<string, unknown>;
  onChange: (path: string, value: unknown) => void;
  screen: Screen;
  onScreen: (screen: Screen) => void;
  /** the presets' texts at a path: a text still equal to one is shown as a placeholder, and typing replaces it */
  samples?: SampleTexts;
};

/** The sample texts of the presets at each path of a section's (or an item's) options. */
export type SampleTexts = (path: string) => readonly Bilingual[];
const NO_SAMPLES: SampleTexts = () => [];

/** The presets' texts at each path: `sources` are the presets' options (or their items' options). */
export function sampleTexts(sources: readonly unknown[]): SampleTexts {
  const cache = new Map<string, Bilingual[]>();
  return (path) => {
    let found = cache.get(path);
    if (!found) {
      found = sources.map((source) => getPath(source, path)).flatMap((value) => (value === undefined ? [] : [bilingual(value)]));
      cache.set(path, found);
    }
    return found;
  };
}

/** In `lang`, the sample `value` still is (empty when it is the owner's own text). */
export function sampleIn(value: Bilingual, samples: readonly Bilingual[], lang: 'en' | 'ru'): string {
  const text = value[lang];
  return text !== '' && samples.some((sample) => sample[lang] === text) ? text : '';
}

/** A sample's words without its markup (a rich text's placeholder). */
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

export function labelOf(label: Bilingual | string | undefined, lang: 'en' | 'ru'): string {
  if (!label) return '';
  if (typeof label === 'string') return label.split('.').at(-1)!.replaceAll('_', ' ');
  return label[lang] || label.en;
}

/** A stored text as both languages: a plain string counts as English. */
export function bilingual(value: unknown): Bilingual {
  if (typeof value === 'string') return { en: value, ru: '' };
  if (isRecord(value))
    return { en: typeof value['en'] === 'string' ? value['en'] : '', ru: typeof value['ru'] === 'string' ? value['ru'] : '' };
  return { en: '', ru: '' };
}

const screenOf = (path: string): Screen | null => SCREENS.find((screen) => path.split('.').includes(screen)) ?? null;

export const OptionsForm = memo(function OptionsForm({
  fields,
  value,
  onChange,
  screen,
  onScreen,
  samples = NO_SAMPLES,
}: OptionsFormProps) {
  const { t } = useI18n();
  const perScreen = fields.filter((field) => screenOf(field.path));
  const shown = fields.filter((field) => {
    const own = screenOf(field.path);
    return own === null || own === screen;
  });
  return (
    <div className="bld-form">
      {perScreen.length > 0 ? (
        <div className="segmented bld-screens" role="group" aria-label={t('builder.screenFields')}>
          {SCREENS.map((entry) => (
            <button key={entry} type="button" className="btn btn-small" aria-pressed={entry === screen} onClick={() => onScreen(entry)}>
              {t(`builder.device.${entry}`)}
            </button>
          ))}
        </div>
      ) : null}
      {shown.map((field) => (
        <FormFieldControl
          key={field.path}
          field={field}
          value={getPath(value, field.path)}
          onChange={onChange}
          samples={field.kind === 'text' || field.kind === 'richText' ? samples(field.path) : undefined}
        />
      ))}
    </div>
  );
});

/**
 * One field of the form, drawn again only when its own value changes: an edit copies only the objects on
 * its path, so typing in one field leaves the others (rich text editors included) untouched.
 */
const FormFieldControl = memo(function FormFieldControl({
  field,
  value,
  onChange,
  samples,
}: {
  field: FormField;
  value: unknown;
  onChange: (path: string, value: unknown) => void;
  samples: readonly Bilingual[] | undefined;
}) {
  return <FieldControl field={field} value={value} onChange={(next) => onChange(field.path, next)} samples={samples} />;
});

function FieldControl({
  field,
  value,
  onChange,
  samples = [],
}: {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
  samples?: readonly Bilingual[] | undefined;
}) {
  const { lang } = useI18n();
  const label = labelOf(field.label, lang);
  switch (field.kind) {
    case 'text':
    case 'richText':
      return (
        <BilingualControl label={label} rich={field.kind === 'richText'} value={bilingual(value)} samples={samples} onChange={onChange} />
      );
    case 'image':
      return <ImageControl label={label} value={value} onChange={onChange} />;
    case 'video':
      return <VideoField label={label} value={value} onChange={onChange} />;
    case 'link':
      return (
        <div className="field">
          <LinkPicker label={label} value={linkValue(value)} onChange={(link) => onChange(link)} />
        </div>
      );
    case 'colour':
      return <ColourControl label={label} value={typeof value === 'string' ? value : ''} onChange={onChange} />;
    case 'plain':
      return (
        <PlainControl
          label={label}
          value={
            typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? String(value) : ''
          }
          list={Array.isArray(value)}
          multiline={field.multiline === true}
          onChange={onChange}
        />
      );
    case 'date':
    case 'datetime':
      return <DateControl label={label} time={field.kind === 'datetime'} value={value} onChange={onChange} />;
    case 'catalog':
    case 'category':
    case 'page':
    case 'product':
    case 'article':
      return (
        <RecordPicker
          kind={field.kind}
          label={label}
          hint={labelOf(field.hint, lang)}
          required={field.required === true}
          value={pickedValue(value)}
          onChange={onChange}
        />
      );
    case 'choices':
      return (
        <ChoicesControl
          field={field}
          label={label}
          value={Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []}
          onChange={onChange}
        />
      );
    case 'json':
      return <JsonControl label={label} value={value} onChange={onChange} />;
    case 'select':
      return <SelectControl field={field} label={label} value={typeof value === 'string' ? value : ''} onChange={onChange} />;
    case 'number':
      return <NumberControl field={field} label={label} value={typeof value === 'number' ? value : null} onChange={onChange} />;
    case 'toggle':
      return <ToggleControl label={label} value={value === true} onChange={onChange} />;
    case 'list':
      return <ListControl field={field} label={label} value={Array.isArray(value) ? value : []} onChange={onChange} />;
    default:
      return null;
  }
}

/**
 * A text in both languages. A text still equal to its preset's sample is shown as the field's placeholder with the
 * input empty, so the first key typed replaces the sample instead of adding to it; the page shows the sample until then.
 */
function BilingualControl({
  label,
  rich,
  value,
  samples,
  onChange,
}: {
  label: string;
  rich: boolean;
  value: Bilingual;
  samples: readonly Bilingual[];
  onChange: (value: Bilingual) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const sample = { en: sampleIn(value, samples, 'en'), ru: sampleIn(value, samples, 'ru') };
  return (
    <fieldset className={`bld-bilingual${rich ? ' is-rich' : ''}`}>
      <legend id={`${id}-legend`}>{label}</legend>
      <div className="bld-langs">
        {LANGS.map((lang) => {
          const shown = sample[lang] ? '' : value[lang];
          const placeholder = sample[lang] ? (rich ? plainText(sample[lang]) : sample[lang]) : undefined;
          return (
            <div key={lang} className="bld-lang">
              <span className="bld-lang-tag" id={`${id}-${lang}`} lang={lang}>
                {lang.toUpperCase()}
              </span>
              {rich ? (
                <RichTextEditor
                  id={`${id}-${lang}-input`}
                  label={`${label} ${lang.toUpperCase()}`}
                  value={shown}
                  {...(placeholder ? { placeholder } : {})}
                  onChange={(html) => onChange({ ...value, [lang]: html })}
                />
              ) : (
                <input
                  id={`${id}-${lang}-input`}
                  lang={lang}
                  aria-labelledby={`${id}-legend ${id}-${lang}`}
                  aria-describedby={placeholder ? `${id}-sample` : undefined}
                  value={shown}
                  placeholder={placeholder}
                  onChange={(event) => onChange({ ...value, [lang]: event.target.value })}
                />
              )}
            </div>
          );
        })}
      </div>
      {sample.en || sample.ru ? (
        <p className="small muted bld-sample-note" id={`${id}-sample`}>
          {t('builder.sampleText')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The picture of a field: its stored id (an image object or `{ id }` counts by its id). */
function imageId(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (isRecord(value) && typeof value['id'] === 'string') return value['id'];
  return null;
}

function ImageControl({ label, value, onChange }: { label: string; value: unknown; onChange: (value: unknown) => void }) {
  const id = imageId(value);
  return (
    <div className="field bld-image">
      <MediaPicker label={label} value={id ? [id] : []} onChange={(ids) => onChange(ids[0] ?? null)} />
    </div>
  );
}

function linkValue(value: unknown): LinkValue | null {
  if (typeof value === 'string') return value ? { type: 'external', url: value } : null;
  if (isRecord(value) && typeof value['url'] === 'string') {
    const type = value['type'] === 'link' ? 'external' : value['type'];
    const known = ['page', 'catalog', 'product', 'category', 'article', 'external'];
    return { type: (known.includes(String(type)) ? type : 'external') as LinkValue['type'], url: value['url'] };
  }
  return null;
}

function ColourControl({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const { t } = useI18n();
  const id = useId();
  const hex = /^#[\da-f]{6}$/i.test(value) ? value : '#000000';
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="bld-colour">
        <input
          type="color"
          aria-label={t('builder.colourPicker', { name: label })}
          value={hex}
          onChange={(event) => onChange(event.target.value)}
        />
        <input id={id} value={value} placeholder="#RRGGBB" onChange={(event) => onChange(event.target.value)} />
        {value ? (
          <button type="button" className="btn btn-small btn-ghost" onClick={() => onChange('')}>
            ×<span className="visually-hidden"> {label}</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

function SelectControl({
  field,
  label,
  value,
  onChange,
}: {
  field: FormField;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t, lang } = useI18n();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {field.required ? null : <option value="">{t('builder.byDefault')}</option>}
        {(field.choices ?? []).map((choice) => (
          <option key={choice.value} value={choice.value}>
            {labelOf(choice.label, lang)}
          </option>
        ))}
      </select>
    </div>
  );
}

function NumberControl({
  field,
  label,
  value,
  onChange,
}: {
  field: FormField;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={field.min}
        max={field.max}
        value={value ?? ''}
        onChange={(event) => {
          const next = event.target.valueAsNumber;
          onChange(Number.isFinite(next) ? next : null);
        }}
      />
    </div>
  );
}

function PlainControl({
  label,
  value,
  list,
  multiline,
  onChange,
}: {
  label: string;
  value: string;
  list: boolean;
  multiline: boolean;
  onChange: (value: unknown) => void;
}) {
  const id = useId();
  const change = (text: string) =>
    onChange(
      list
        ? text
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean)
        : text,
    );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} rows={4} value={value} onChange={(event) => change(event.target.value)} />
      ) : (
        <input id={id} value={value} onChange={(event) => change(event.target.value)} />
      )}
    </div>
  );
}

/** A date (`YYYY-MM-DD`) or a local date and time (`YYYY-MM-DDTHH:mm`); cleared, it stores an empty text. */
function DateControl({
  label,
  time,
  value,
  onChange,
}: {
  label: string;
  time: boolean;
  value: unknown;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const shown = time ? (isFieldDateTime(value) ? value : '') : isFieldDate(value) ? value : '';
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={time ? 'datetime-local' : 'date'} value={shown} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** Several of the field's choices (only a choice can be picked): one picked is added at the end, so unpicking it restores the list. */
function ChoicesControl({
  field,
  label,
  value,
  onChange,
}: {
  field: FormField;
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const { lang } = useI18n();
  const choices = field.choices ?? [];
  const toggle = (choice: string, on: boolean) =>
    onChange(on ? [...value.filter((entry) => entry !== choice), choice] : value.filter((entry) => entry !== choice));
  return (
    <fieldset className="bld-choices">
      <legend>{label}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="bld-toggle">
          <input type="checkbox" checked={value.includes(choice.value)} onChange={(event) => toggle(choice.value, event.target.checked)} />{' '}
          {labelOf(choice.label, lang)}
        </label>
      ))}
    </fieldset>
  );
}

/** Free-form options as JSON: an object is kept once the text parses, else the text is marked invalid and not kept. */
function JsonControl({ label, value, onChange }: { label: string; value: unknown; onChange: (value: unknown) => void }) {
  const { t } = useI18n();
  const id = useId();
  const stored = JSON.stringify(value ?? {}, null, 2);
  const [text, setText] = useState(stored);
  const [invalid, setInvalid] = useState(false);
  // an outside change (undo, a restored version) shows the new value
  useEffect(() => {
    setText((current) => (jsonEquals(current, value) ? current : stored));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored]);
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} — {t('settings.json')}
      </label>
      <textarea
        id={id}
        rows={3}
        spellCheck={false}
        aria-invalid={invalid || undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const parsed = parseObject(event.target.value);
          setInvalid(parsed === null);
          if (parsed !== null) onChange(parsed);
        }}
      />
      {invalid ? <p className="field-error">{t('settings.jsonInvalid')}</p> : null}
    </div>
  );
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const jsonEquals = (text: string, value: unknown) => JSON.stringify(parseObject(text)) === JSON.stringify(value ?? {});

function ToggleControl({ label, value, onChange }: { label: string; value: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="field">
      <label className="bld-toggle">
        <input type="checkbox" checked={value} onChange={(event) => onChange(event.target.checked)} /> {label}
      </label>
    </div>
  );
}

/** A list inside the options (links, phone numbers…): entries of the same fields, added, removed and moved. */
function ListControl({
  field,
  label,
  value,
  onChange,
}: {
  field: FormField;
  label: string;
  value: unknown[];
  onChange: (value: unknown[]) => void;
}) {
  const { t } = useI18n();
  const entries = value.map((entry) => (isRecord(entry) ? entry : {}));
  const replace = (index: number, next: Record<string, unknown>) => onChange(entries.map((entry, at) => (at === index ? next : entry)));
  const move = (from: number, to: number) => {
    const next = [...entries];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  return (
    <fieldset className="bld-list">
      <legend>{label}</legend>
      {entries.map((entry, index) => {
        const name = t('builder.entry', { number: index + 1 });
        return (
          <div key={index} className="bld-list-entry" role="group" aria-label={name}>
            <div className="bld-list-head">
              <span className="small muted">{name}</span>
              <button
                type="button"
                className="btn btn-icon bld-mini"
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
                aria-label={t('builder.moveUp', { name })}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-icon bld-mini"
                disabled={index === entries.length - 1}
                onClick={() => move(index, index + 1)}
                aria-label={t('builder.moveDown', { name })}
              >
                ↓
              </button>
              <button
                type="button"
                className="btn btn-icon bld-mini"
                onClick={() => onChange(entries.filter((_, at) => at !== index))}
                aria-label={t('builder.remove', { name })}
              >
                ×
              </button>
            </div>
            {(field.fields ?? []).map((sub) => (
              <FieldControl
                key={sub.path}
                field={sub}
                value={getPath(entry, sub.path)}
                onChange={(next) => replace(index, setPath(entry, sub.path, next))}
              />
            ))}
          </div>
        );
      })}
      <button type="button" className="btn btn-small" onClick={() => onChange([...entries, {}])}>
        + {t('builder.addEntry')}
      </button>
    </fieldset>
  );
}
