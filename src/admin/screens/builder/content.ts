import type { BuilderItem, BuilderSection, FormField, SectionPreset, SectionsContent, SectionType } from './types';
import { isRecordFieldKind } from '../../../lib/field-kinds';
import { isRecord } from '../../../lib/is-record';

/**
 * The builder's edits as pure functions: each takes the draft content and returns the next content together
 * with the smallest preview actions that bring the framed storefront page to the same state
 * (src/lib/preview-actions.ts). Nothing here mutates its input, so every state can stay in the undo history.
 */

export type PreviewAction = { action: string; payload: unknown };
export type Change<C = SectionsContent> = { content: C; actions: PreviewAction[] };

/** An id the preview accepts (letters, digits, '-', '_'), unique enough for one page. */
export function newId(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replaceAll('-', '').slice(0, 12)
      : Math.random().toString(36).slice(2, 14);
  return `${prefix}-${random}`;
}

/** A deep copy of JSON data. */
export const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

// ---------------------------------------------------------------- paths

export function getPath(source: unknown, path: string): unknown {
  let node: unknown = source;
  for (const key of path.split('.')) {
    if (!isRecord(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** `source` with `value` at the dot path, the objects on the way copied (or created). */
export function setPath<T extends Record<string, unknown>>(source: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  if (!key || key === '__proto__' || key === 'constructor' || key === 'prototype') return source;
  if (rest.length === 0) return { ...source, [key]: value };
  const child = isRecord(source[key]) ? (source[key] as Record<string, unknown>) : {};
  return { ...source, [key]: setPath(child, rest.join('.'), value) };
}

/** Only the value at the path, wrapped in its objects: what a partial preview update carries. */
export const partialAt = (path: string, value: unknown): Record<string, unknown> => setPath({}, path, value);

// ---------------------------------------------------------------- sections

const indexOf = (content: SectionsContent, id: string) => content.sections.findIndex((section) => section.id === id);

function withSections(content: SectionsContent, sections: BuilderSection[]): SectionsContent {
  return { ...content, sections };
}

function replaceSection(content: SectionsContent, id: string, change: (section: BuilderSection) => BuilderSection): SectionsContent {
  return withSections(
    content,
    content.sections.map((section) => (section.id === id ? change(section) : section)),
  );
}

/** A preset's item as stored: `{ id, options }` (a preset may list bare options). */
export function itemFrom(entry: Record<string, unknown>): BuilderItem {
  const options =
    isRecord(entry['options']) && Object.keys(entry).every((key) => key === 'options' || key === 'id') ? entry['options'] : entry;
  return { id: newId('i'), options: clone(options) };
}

export function sectionFrom(type: SectionType, preset: SectionPreset | undefined): BuilderSection {
  return {
    id: newId('s'),
    type: type.type,
    enable: true,
    hidden: false,
    options: clone(preset?.options ?? {}),
    items: (preset?.items ?? []).map(itemFrom),
    styles: {},
  };
}

export function addSection(content: SectionsContent, section: BuilderSection, index = content.sections.length): Change {
  const sections = [...content.sections];
  sections.splice(index, 0, section);
  return { content: withSections(content, sections), actions: [{ action: 'addSection', payload: { section, index } }] };
}

export function removeSection(content: SectionsContent, id: string): Change {
  return {
    content: withSections(
      content,
      content.sections.filter((section) => section.id !== id),
    ),
    actions: [{ action: 'removeSection', payload: { id } }],
  };
}

/** A copy of the section (new ids for it and its items) right after it. */
export function duplicateSection(content: SectionsContent, id: string): Change & { id: string } {
  const index = indexOf(content, id);
  const source = content.sections[index];
  if (!source) return { content, actions: [], id };
  const copy: BuilderSection = {
    ...clone(source),
    id: newId('s'),
    items: source.items.map((item) => ({ id: newId('i'), options: clone(item.options) })),
  };
  return { ...addSection(content, copy, index + 1), id: copy.id };
}

export function moveSection(content: SectionsContent, from: number, to: number): Change {
  const count = content.sections.length;
  if (from < 0 || from >= count || to < 0 || to >= count || from === to) return { content, actions: [] };
  const sections = [...content.sections];
  const [moved] = sections.splice(from, 1);
  sections.splice(to, 0, moved!);
  return { content: withSections(content, sections), actions: [{ action: 'reorderSection', payload: { from, to } }] };
}

export function setSectionHidden(content: SectionsContent, id: string, hidden: boolean): Change {
  return {
    content: replaceSection(content, id, (section) => ({ ...section, hidden })),
    actions: [{ action: 'updateSection', payload: { id, hidden } }],
  };
}

export function setSectionOption(content: SectionsContent, id: string, path: string, value: unknown): Change {
  return {
    content: replaceSection(content, id, (section) => ({ ...section, options: setPath(section.options, path, value) })),
    actions: [{ action: 'updateSection', payload: { id, options: partialAt(path, value) } }],
  };
}

// ---------------------------------------------------------------- items

function replaceItems(content: SectionsContent, sectionId: string, items: (section: BuilderSection) => BuilderItem[]): SectionsContent {
  return replaceSection(content, sectionId, (section) => ({ ...section, items: items(section) }));
}

const sectionOf = (content: SectionsContent, id: string) => content.sections.find((section) => section.id === id);

export function addItem(content: SectionsContent, sectionId: string, item: BuilderItem, index?: number): Change {
  const section = sectionOf(content, sectionId);
  if (!section) return { content, actions: [] };
  const at = index ?? section.items.length;
  return {
    content: replaceItems(content, sectionId, ({ items }) => [...items.slice(0, at), item, ...items.slice(at)]),
    actions: [{ action: 'addSectionItem', payload: { sectionId, item, index: at } }],
  };
}

export function removeItem(content: SectionsContent, sectionId: string, itemId: string): Change {
  return {
    content: replaceItems(content, sectionId, ({ items }) => items.filter((item) => item.id !== itemId)),
    actions: [{ action: 'removeSectionItem', payload: { sectionId, itemId } }],
  };
}

export function duplicateItem(content: SectionsContent, sectionId: string, itemId: string): Change & { id: string } {
  const section = sectionOf(content, sectionId);
  const index = section?.items.findIndex((item) => item.id === itemId) ?? -1;
  const source = section?.items[index];
  if (!source) return { content, actions: [], id: itemId };
  const copy = { id: newId('i'), options: clone(source.options) };
  return { ...addItem(content, sectionId, copy, index + 1), id: copy.id };
}

/** Items have no move action of their own: the section's items are sent whole. */
export function moveItem(content: SectionsContent, sectionId: string, from: number, to: number): Change {
  const section = sectionOf(content, sectionId);
  if (!section || from < 0 || to < 0 || from >= section.items.length || to >= section.items.length || from === to)
    return { content, actions: [] };
  const items = [...section.items];
  const [moved] = items.splice(from, 1);
  items.splice(to, 0, moved!);
  return {
    content: replaceItems(content, sectionId, () => items),
    actions: [{ action: 'updateSection', payload: { id: sectionId, items } }],
  };
}

export function setItemOption(content: SectionsContent, sectionId: string, itemId: string, path: string, value: unknown): Change {
  return {
    content: replaceItems(content, sectionId, ({ items }) =>
      items.map((item) => (item.id === itemId ? { ...item, options: setPath(item.options, path, value) } : item)),
    ),
    actions: [{ action: 'updateSectionItem', payload: { sectionId, item: { id: itemId, options: partialAt(path, value) } } }],
  };
}

// ---------------------------------------------------------------- page fields and settings

export function setPageField(content: SectionsContent, path: string, value: unknown, lang: 'en' | 'ru'): Change {
  const page = setPath(content.page as unknown as Record<string, unknown>, path, value) as unknown as SectionsContent['page'];
  const shown = isRecord(value) ? (value[lang] ?? value['en']) : value;
  return { content: { ...content, page }, actions: [{ action: 'updatePageOptions', payload: partialAt(path, shown) }] };
}

export function setSettingsValue<C extends { value: Record<string, unknown> }>(
  content: C,
  group: string,
  path: string,
  value: unknown,
): Change<C> {
  return {
    content: { ...content, value: setPath(content.value, path, value) },
    actions: [{ action: 'updateSettings', payload: { [group]: partialAt(path, value) } }],
  };
}

/** What brings a freshly loaded (or reset) preview to the content. */
export function fullState(content: SectionsContent | { value: Record<string, unknown> }, group: string | null): PreviewAction[] {
  if ('sections' in content) return [{ action: 'setSections', payload: content.sections }];
  return group ? [{ action: 'updateSettings', payload: { [group]: content.value } }] : [];
}

/** A record picker's stored value: a text (a slug typed before as both languages counts by its English one). */
export function pickedValue(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (!isRecord(value)) return '';
  const [en, ru] = [value['en'], value['ru']].map((text) => (typeof text === 'string' ? text.trim() : ''));
  return en || ru || '';
}

/**
 * The record pickers the section needs and has no record in (an item field counts when no item has one): the
 * section shows nothing until they are picked.
 */
export function unpickedFields(type: SectionType, section: BuilderSection): FormField[] {
  const needed = (fields: FormField[]) => fields.filter((field) => field.required === true && isRecordFieldKind(field.kind));
  return [
    ...needed(type.fields).filter((field) => pickedValue(getPath(section.options, field.path)) === ''),
    ...needed(type.itemFields ?? []).filter((field) =>
      section.items.every((item) => pickedValue(getPath(item.options, field.path)) === ''),
    ),
  ];
}
