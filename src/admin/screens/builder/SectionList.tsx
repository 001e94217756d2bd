import { useMemo, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { useI18n } from '../../i18n';
import { getPath, unpickedFields } from './content';
import { bilingual, labelOf } from './OptionsForm';
import { MoveButtons, SortableList } from './SortableList';
import { Thumbnail } from './Thumbnail';
import type { BuilderSection, SectionPreset, SectionType } from './types';
import { Icon } from '../../components/Icon';

/** The page's sections in order: select, hide or show, duplicate, remove, and move (drag, Alt+arrows, buttons). */
export type SectionListProps = {
  sections: BuilderSection[];
  types: Map<string, SectionType>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onMove: (from: number, to: number) => void;
  onHidden: (id: string, hidden: boolean) => void;
  onDuplicate: (id: string) => void;
  onRemove: (id: string) => void;
  onAdd: () => void;
};

/** "FAQ · Delivery questions": the type and, when it has one, the heading. */
export function sectionName(section: BuilderSection, type: SectionType | undefined, lang: 'en' | 'ru'): string {
  const typeName = type ? labelOf(type.label, lang) : section.type;
  const heading = bilingual(getPath(section.options, 'heading.title'));
  const title = (heading[lang] || heading.en).trim();
  return title ? `${typeName} · ${title}` : typeName;
}

export function SectionList({ sections, types, selectedId, onSelect, onMove, onHidden, onDuplicate, onRemove, onAdd }: SectionListProps) {
  const { t, lang } = useI18n();
  const rows = sections.map((section) => {
    const type = types.get(section.type);
    return {
      id: section.id,
      label: sectionName(section, type, lang),
      section,
      unpicked: type ? unpickedFields(type, section).length > 0 : false,
    };
  });
  return (
    <div className="bld-sections">
      <div className="bld-pane-head">
        <h2 id="bld-sections-title">{t('builder.sections')}</h2>
        <button type="button" className="btn btn-small btn-primary" onClick={onAdd}>
          + {t('builder.addSection')}
        </button>
      </div>
      <button
        type="button"
        className={`bld-page-button${selectedId === null ? ' is-selected' : ''}`}
        aria-pressed={selectedId === null}
        onClick={() => onSelect(null)}
      >
        {t('builder.pageSettings')}
      </button>
      {rows.length === 0 ? <p className="muted small">{t('builder.noSections')}</p> : null}
      <SortableList
        rows={rows}
        label={t('builder.sections')}
        selectedId={selectedId}
        onMove={onMove}
        renderRow={(row, index, handle, moveKeys) => (
          <div className={`bld-row-main${row.section.hidden ? ' is-hidden' : ''}`}>
            {handle}
            <button
              type="button"
              className="bld-select"
              aria-pressed={row.id === selectedId}
              onClick={() => onSelect(row.id)}
              onKeyDown={moveKeys}
              aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
            >
              <Thumbnail type={row.section.type} />
              <span className="bld-row-label">
                {row.label}
                {row.section.hidden ? <span className="badge badge-muted">{t('builder.hiddenBadge')}</span> : null}
                {row.unpicked ? <span className="badge badge-warn">{t('builder.nothingToShow')}</span> : null}
              </span>
            </button>
            <span className="bld-row-tools">
              <MoveButtons index={index} count={rows.length} name={row.label} onMove={onMove} />
              <button
                type="button"
                className="btn btn-icon bld-mini"
                aria-pressed={row.section.hidden}
                aria-label={row.section.hidden ? t('builder.show', { name: row.label }) : t('builder.hide', { name: row.label })}
                title={row.section.hidden ? t('builder.show', { name: row.label }) : t('builder.hide', { name: row.label })}
                onClick={() => onHidden(row.id, !row.section.hidden)}
              >
                <Icon name={row.section.hidden ? 'eyeOff' : 'eye'} />
              </button>
              <button
                type="button"
                className="btn btn-icon bld-mini"
                aria-label={t('builder.duplicate', { name: row.label })}
                title={t('builder.duplicate', { name: row.label })}
                onClick={() => onDuplicate(row.id)}
              >
                <Icon name="copy" />
              </button>
              <button
                type="button"
                className="btn btn-icon bld-mini bld-danger"
                aria-label={t('builder.remove', { name: row.label })}
                title={row.section.required ? t('builder.requiredSection') : t('builder.remove', { name: row.label })}
                disabled={row.section.required === true}
                onClick={() => onRemove(row.id)}
              >
                <Icon name="trash" />
              </button>
            </span>
          </div>
        )}
      />
      <p className="muted small">{t('builder.moveHint')}</p>
    </div>
  );
}

/** The section registry: every type with its schematic, its presets to start from, searchable by name. */
export function AddSectionDialog({
  open,
  types,
  onClose,
  onAdd,
}: {
  open: boolean;
  types: SectionType[];
  onClose: () => void;
  onAdd: (type: SectionType, preset: SectionPreset | undefined) => void;
}) {
  const { t, lang } = useI18n();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const named = types.map((type) => ({ type, name: labelOf(type.label, lang) }));
    return (
      needle ? named.filter(({ type, name }) => name.toLowerCase().includes(needle) || type.type.toLowerCase().includes(needle)) : named
    ).sort((a, b) => a.name.localeCompare(b.name, lang));
  }, [types, search, lang]);
  return (
    <Dialog open={open} onClose={onClose} title={t('builder.addSection')} wide>
      <div className="field">
        <label htmlFor="bld-type-search">{t('builder.searchTypes')}</label>
        <input id="bld-type-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoFocus />
      </div>
      <ul className="bld-types" aria-label={t('builder.sectionTypes')}>
        {shown.map(({ type, name }) => (
          <li key={type.type} className="bld-type">
            <Thumbnail type={type.type} />
            <div className="bld-type-body">
              <strong>{name}</strong>
              <div className="bld-presets">
                {type.presets.length === 0 ? (
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => onAdd(type, undefined)}
                    aria-label={t('builder.addType', { name })}
                  >
                    {t('builder.add')}
                  </button>
                ) : (
                  type.presets.map((preset) => {
                    const presetName = labelOf(preset.label, lang) || preset.name;
                    return (
                      <button
                        key={preset.name}
                        type="button"
                        className="btn btn-small"
                        onClick={() => onAdd(type, preset)}
                        aria-label={
                          type.presets.length === 1 ? t('builder.addType', { name }) : t('builder.addPreset', { name, preset: presetName })
                        }
                      >
                        {type.presets.length === 1 ? t('builder.add') : presetName}
                      </button>
                    );
                  })
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {shown.length === 0 ? <p className="muted">{t('builder.noTypes')}</p> : null}
    </Dialog>
  );
}
