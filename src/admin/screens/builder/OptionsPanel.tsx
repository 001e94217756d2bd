import { useI18n } from '../../i18n';
import { useMemo } from 'react';
import { getPath, itemFrom, unpickedFields } from './content';
import { bilingual, labelOf, OptionsForm, sampleTexts, type SampleTexts, type Screen } from './OptionsForm';
import { MoveButtons, SortableList } from './SortableList';
import type { BuilderItem, BuilderSection, FormField, SectionType } from './types';
import { Icon } from '../../components/Icon';
import { useRecordTargets } from '../../components/RecordPicker';
import { isRecordFieldKind } from '../../../lib/field-kinds';

/**
 * The right pane for a selected section: its own fields and the frame every section has, then its items
 * (slides, questions, pictures, plans…) in order with the chosen item's fields.
 */
export type ItemHandlers = {
  onSelectItem: (id: string | null) => void;
  onAddItem: () => void;
  onMoveItem: (from: number, to: number) => void;
  onDuplicateItem: (id: string) => void;
  onRemoveItem: (id: string) => void;
  onItemOption: (itemId: string, path: string, value: unknown) => void;
};

export function SectionOptions({
  section,
  type,
  frameFields,
  screen,
  onScreen,
  onOption,
  selectedItemId,
  items,
}: {
  section: BuilderSection;
  type: SectionType | undefined;
  frameFields: FormField[];
  screen: Screen;
  onScreen: (screen: Screen) => void;
  onOption: (path: string, value: unknown) => void;
  selectedItemId: string | null;
  items: ItemHandlers;
}) {
  const { t, lang } = useI18n();
  const typeName = type ? labelOf(type.label, lang) : section.type;
  const hasItems = Boolean(type && (type.hasItems || type.itemFields));
  const samples = useMemo(() => sampleTexts((type?.presets ?? []).map((preset) => preset.options)), [type]);
  const itemSamples = useMemo(
    () => sampleTexts((type?.presets ?? []).flatMap((preset) => preset.items.map((item) => itemFrom(item).options))),
    [type],
  );
  return (
    <div className="bld-options" data-section-id={section.id}>
      <h2>{typeName}</h2>
      {type ? null : <p className="form-error">{t('builder.unknownType', { type: section.type })}</p>}
      {type
        ? unpickedFields(type, section).map((field) => (
            <p key={field.path} className="record-picker-warning bld-missing" role="status">
              {t('builder.missingData', { field: labelOf(field.label, lang) })}
            </p>
          ))
        : null}
      {type && type.fields.length > 0 ? (
        <details open className="bld-group">
          <summary>{t('builder.content')}</summary>
          <OptionsForm
            fields={type.fields}
            value={section.options}
            onChange={onOption}
            screen={screen}
            onScreen={onScreen}
            samples={samples}
          />
        </details>
      ) : null}
      {hasItems ? (
        <ItemsEditor
          section={section}
          type={type!}
          selectedItemId={selectedItemId}
          screen={screen}
          onScreen={onScreen}
          handlers={items}
          samples={itemSamples}
        />
      ) : null}
      <details open className="bld-group">
        <summary>{t('builder.frame')}</summary>
        <OptionsForm
          fields={frameFields}
          value={section.options}
          onChange={onOption}
          screen={screen}
          onScreen={onScreen}
          samples={samples}
        />
      </details>
    </div>
  );
}

/** The name of an item in the list: its first text in the chosen language, else its number. */
function itemName(item: BuilderItem, fields: FormField[], index: number, lang: 'en' | 'ru', fallback: string): string {
  for (const field of fields) {
    if (field.kind !== 'text') continue;
    const text = bilingual(getPath(item.options, field.path));
    const value = (text[lang] || text.en).trim();
    if (value) return value.length > 60 ? `${value.slice(0, 57)}…` : value;
  }
  return `${fallback} ${index + 1}`;
}

function ItemsEditor({
  section,
  type,
  selectedItemId,
  screen,
  onScreen,
  handlers,
  samples,
}: {
  section: BuilderSection;
  type: SectionType;
  selectedItemId: string | null;
  screen: Screen;
  onScreen: (screen: Screen) => void;
  handlers: ItemHandlers;
  samples: SampleTexts;
}) {
  const { t, lang } = useI18n();
  const fields: FormField[] = type.itemFields ?? [];
  // an item that picks a record (a chosen product) is named by the record's title and shown with its picture
  const recordField = fields.find((field) => isRecordFieldKind(field.kind));
  const recordKind = recordField && isRecordFieldKind(recordField.kind) ? recordField.kind : null;
  const targets = useRecordTargets(
    recordKind,
    section.items.map((item) => (recordField ? String(getPath(item.options, recordField.path) ?? '') : '')),
  );
  const rows = section.items.map((item, index) => ({
    id: item.id,
    label: targets[index]?.title || itemName(item, fields, index, lang, t('builder.item')),
    thumbnail: targets[index]?.thumbnail ?? null,
    item,
  }));
  const selected = section.items.find((item) => item.id === selectedItemId) ?? null;
  return (
    <details open className="bld-group">
      <summary>{t('builder.items', { count: section.items.length })}</summary>
      <SortableList
        rows={rows}
        label={t('builder.itemsOf', { name: labelOf(type.label, lang) })}
        selectedId={selectedItemId}
        onMove={handlers.onMoveItem}
        renderRow={(row, index, handle, moveKeys) => (
          <>
            <div className="bld-row-main">
              {handle}
              <button
                type="button"
                className="bld-select"
                aria-expanded={row.id === selectedItemId}
                onClick={() => handlers.onSelectItem(row.id === selectedItemId ? null : row.id)}
                onKeyDown={moveKeys}
                aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
              >
                {row.thumbnail ? <img className="bld-row-thumb" src={row.thumbnail} alt="" width={24} height={24} loading="lazy" /> : null}
                <span className="bld-row-label">{row.label}</span>
              </button>
              <span className="bld-row-tools">
                <MoveButtons index={index} count={rows.length} name={row.label} onMove={handlers.onMoveItem} />
                <button
                  type="button"
                  className="btn btn-icon bld-mini"
                  aria-label={t('builder.duplicate', { name: row.label })}
                  title={t('builder.duplicate', { name: row.label })}
                  onClick={() => handlers.onDuplicateItem(row.id)}
                >
                  <Icon name="copy" />
                </button>
                <button
                  type="button"
                  className="btn btn-icon bld-mini bld-danger"
                  aria-label={t('builder.remove', { name: row.label })}
                  title={t('builder.remove', { name: row.label })}
                  onClick={() => handlers.onRemoveItem(row.id)}
                >
                  <Icon name="trash" />
                </button>
              </span>
            </div>
            {selected && row.id === selected.id ? (
              <div className="bld-item-form" role="group" aria-label={row.label}>
                <OptionsForm
                  fields={fields}
                  value={selected.options}
                  onChange={(path, value) => handlers.onItemOption(selected.id, path, value)}
                  screen={screen}
                  onScreen={onScreen}
                  samples={samples}
                />
              </div>
            ) : null}
          </>
        )}
      />
      <button type="button" className="btn btn-small" onClick={handlers.onAddItem}>
        + {t('builder.addItem')}
      </button>
    </details>
  );
}
