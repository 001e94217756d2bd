import { describe, expect, it } from 'vitest';
import * as edits from '../../src/admin/screens/builder/content';
import { sampleIn, sampleTexts } from '../../src/admin/screens/builder/OptionsForm';
import { record, redo, startHistory, undo } from '../../src/admin/screens/builder/history';
import { adminI18n } from '../helpers/admin-i18n';
import { declaredSettingsValue, settingsErrorList, settingsFields, settingsLabel } from '../../src/admin/screens/builder/settings-fields';
import { FONTS, shopSettingsSchema } from '../../src/lib/settings';
import { settingsFieldLabel, strictSettingsSchema } from '../../src/lib/settings-form';
import type { SectionsContent, SectionType } from '../../src/admin/screens/builder/types';
import { previewSectionSchema } from '../../src/lib/preview-actions';

const i18n = adminI18n();
const t = i18n.t.bind(i18n);

const section = (id: string, title = id): SectionsContent['sections'][number] => ({
  id,
  type: 'SectionFaq',
  enable: true,
  hidden: false,
  options: { heading: { title: { en: title, ru: title } } },
  items: [
    { id: `${id}-1`, options: { question: { en: 'Q1', ru: 'В1' } } },
    { id: `${id}-2`, options: { question: { en: 'Q2', ru: 'В2' } } },
  ],
  styles: {},
});
const page = (...ids: string[]): SectionsContent => ({
  page: { title: { en: 'About', ru: 'О нас' }, slug: 'about' },
  sections: ids.map((id) => section(id)),
});
const faq: SectionType = {
  type: 'SectionFaq',
  label: { en: 'FAQ', ru: 'Вопросы' },
  fields: [],
  itemFields: [],
  hasItems: true,
  dataNeed: null,
  presets: [
    {
      name: 'default',
      label: { en: 'Default', ru: 'Обычный' },
      options: { heading: { title: { en: 'Questions', ru: 'Вопросы' } } },
      items: [{ question: { en: 'Why?', ru: 'Почему?' } }],
    },
  ],
};

describe('builder edits', () => {
  it('changes one option without touching the input and sends only that option', () => {
    const before = page('a', 'b');
    const change = edits.setSectionOption(before, 'a', 'heading.title', { en: 'New', ru: 'Новый' });
    expect(before.sections[0]!.options).toEqual({ heading: { title: { en: 'a', ru: 'a' } } });
    expect(change.content.sections[0]!.options['heading']).toEqual({ title: { en: 'New', ru: 'Новый' } });
    expect(change.content.sections[1]).toBe(before.sections[1]);
    expect(change.actions).toEqual([
      { action: 'updateSection', payload: { id: 'a', options: { heading: { title: { en: 'New', ru: 'Новый' } } } } },
    ]);
  });

  it('adds a section from a preset with fresh ids the preview accepts', () => {
    const added = edits.sectionFrom(faq, faq.presets[0]);
    expect(added.id).toMatch(/^[\w-]{1,100}$/);
    expect(added.items).toHaveLength(1);
    expect(added.items[0]!.options).toEqual({ question: { en: 'Why?', ru: 'Почему?' } });
    expect(previewSectionSchema.safeParse(added).success).toBe(true);
    const change = edits.addSection(page('a'), added, 0);
    expect(change.content.sections.map((s) => s.id)).toEqual([added.id, 'a']);
    expect(change.actions[0]).toEqual({ action: 'addSection', payload: { section: added, index: 0 } });
  });

  it('moves, hides, duplicates and removes sections', () => {
    const moved = edits.moveSection(page('a', 'b', 'c'), 2, 0);
    expect(moved.content.sections.map((s) => s.id)).toEqual(['c', 'a', 'b']);
    expect(moved.actions).toEqual([{ action: 'reorderSection', payload: { from: 2, to: 0 } }]);
    expect(edits.moveSection(page('a'), 0, 1).actions).toEqual([]);
    expect(edits.setSectionHidden(page('a'), 'a', true).content.sections[0]!.hidden).toBe(true);
    const copy = edits.duplicateSection(page('a', 'b'), 'a');
    expect(copy.content.sections.map((s) => s.id)).toEqual(['a', copy.id, 'b']);
    expect(copy.content.sections[1]!.items.map((i) => i.id)).not.toContain('a-1');
    expect(edits.removeSection(page('a', 'b'), 'a').content.sections.map((s) => s.id)).toEqual(['b']);
  });

  it('edits items with the item actions and reorders them as the whole list', () => {
    const content = page('a');
    const edited = edits.setItemOption(content, 'a', 'a-2', 'question', { en: 'Changed', ru: 'Изменено' });
    expect(edited.content.sections[0]!.items[1]!.options['question']).toEqual({ en: 'Changed', ru: 'Изменено' });
    expect(edited.actions[0]).toEqual({
      action: 'updateSectionItem',
      payload: { sectionId: 'a', item: { id: 'a-2', options: { question: { en: 'Changed', ru: 'Изменено' } } } },
    });
    const moved = edits.moveItem(content, 'a', 1, 0);
    expect(moved.content.sections[0]!.items.map((i) => i.id)).toEqual(['a-2', 'a-1']);
    expect(moved.actions[0]!.action).toBe('updateSection');
    const added = edits.addItem(content, 'a', { id: 'x', options: {} }, 1);
    expect(added.content.sections[0]!.items.map((i) => i.id)).toEqual(['a-1', 'x', 'a-2']);
    expect(edits.removeItem(content, 'a', 'a-1').content.sections[0]!.items.map((i) => i.id)).toEqual(['a-2']);
  });

  it('refuses prototype keys in paths', () => {
    expect(edits.setPath({}, '__proto__.polluted', 1)).toEqual({});
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('builder undo history', () => {
  it('undoes and redoes, joining quick edits of one field into one step', () => {
    let history = startHistory('a');
    history = record(history, 'ab', 'title', 1000);
    history = record(history, 'abc', 'title', 1500);
    history = record(history, 'abc!', 'other', 1600);
    expect(history.past).toEqual(['a', 'abc']);
    history = undo(history);
    expect(history.present).toBe('abc');
    history = undo(history);
    expect(history.present).toBe('a');
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe('abc');
    history = record(history, 'new');
    expect(history.future).toEqual([]);
  });
});

describe('preset sample texts', () => {
  const presets = [{ heading: { title: { en: 'Why us', ru: 'Почему мы' } } }, { heading: { title: 'Our story' } }];
  const samples = sampleTexts(presets);

  it("finds every preset's text at a path, a plain string counting as English", () => {
    expect(samples('heading.title')).toEqual([
      { en: 'Why us', ru: 'Почему мы' },
      { en: 'Our story', ru: '' },
    ]);
    expect(samples('content.html')).toEqual([]);
  });

  it("treats a text as a sample per language only while it is still the preset's, so typing replaces it", () => {
    const title = samples('heading.title');
    expect(sampleIn({ en: 'Why us', ru: 'Почему мы' }, title, 'en')).toBe('Why us');
    // the owner typed their own Russian: that one is content, the English one still a sample
    const typed = { en: 'Why us', ru: 'О нас' };
    expect(sampleIn(typed, title, 'ru')).toBe('');
    expect(sampleIn(typed, title, 'en')).toBe('Why us');
    // an emptied field is no sample
    expect(sampleIn({ en: '', ru: '' }, title, 'en')).toBe('');
    expect(sampleIn({ en: 'Why us!', ru: '' }, title, 'en')).toBe('');
  });
});

describe('settings form', () => {
  const fieldsOf = (group: 'header' | 'footer' | 'styles' | 'themes') =>
    new Map(settingsFields(group, t).map((field) => [field.path, field]));

  it('makes each group form from its field descriptors, not from its value', () => {
    const header = fieldsOf('header');
    expect(header.get('logo')?.kind).toBe('image');
    expect(header.get('template')).toMatchObject({ kind: 'select', required: true });
    expect(header.get('template')?.choices?.map((choice) => choice.value)).toEqual(['default', 'centered', 'compact']);
    expect(header.get('sendEnquiry.isShow')?.kind).toBe('toggle');
    expect(header.get('sendEnquiry.text')?.kind).toBe('text');
    // menu looks are real controls, no JSON box
    expect([...header.values()].filter((field) => field.kind === 'json')).toEqual([]);
    expect(header.get('menuOptions.color')?.kind).toBe('colour');
    expect(header.get('contactsStyles.colorHover')?.kind).toBe('colour');
    expect(header.get('menuInfoOptions.fontSize')).toMatchObject({ kind: 'number', min: 0, max: 40 });
    expect(header.get('menuSubOptions.fontWeight')?.choices?.map((choice) => choice.value)).toEqual([
      '',
      '300',
      '400',
      '500',
      '600',
      '700',
      '800',
    ]);
    expect(header.get('menuOptions.textTransform')?.choices?.[0]?.label).toEqual({ en: 'As the layout', ru: 'Как в макете' });
    expect(header.get('menuOptions.fontSize')?.label.en).toBe("Type size, px (0: the layout's)");

    const footer = fieldsOf('footer');
    expect([...footer.values()].filter((field) => field.kind === 'json')).toEqual([]);
    expect(footer.get('menuSubOptions.color')?.kind).toBe('colour');
    expect(footer.get('menuColumns')).toMatchObject({ kind: 'number', min: 1, max: 12 });
    expect(footer.get('copyright')?.kind).toBe('text');

    const styles = fieldsOf('styles');
    for (const path of ['fontFamilyBody', 'fontFamilyHeading']) {
      expect(styles.get(path)).toMatchObject({ kind: 'select', required: true });
      expect(styles.get(path)?.choices?.map((choice) => choice.value)).toEqual([...FONTS]);
    }
    // a font without Cyrillic says so in both languages
    const petrona = styles.get('fontFamilyBody')?.choices?.find((choice) => choice.value === 'Petrona');
    expect(petrona?.label).toEqual({ en: 'Petrona (no Cyrillic)', ru: 'Petrona (без кириллицы)' });
    expect(styles.get('fontFamilyBody')?.choices?.find((choice) => choice.value === 'Montserrat')?.label.en).toBe('Montserrat');
    expect(styles.get('content_width')).toMatchObject({ kind: 'number', min: 320, max: 4000 });
    expect(styles.get('fontSize.h1.mobile')).toMatchObject({ kind: 'number', min: 6, max: 200 });
    expect(styles.get('colors.primary')?.kind).toBe('colour');

    const themes = fieldsOf('themes');
    expect(themes.get('current')?.choices?.map((choice) => choice.value)).toEqual(['default', 'dark', 'contrast']);
    expect(themes.get('fonts')?.kind).toBe('choices');
    expect(themes.get('fonts')?.choices?.map((choice) => choice.value)).toEqual([...FONTS]);

    // every value a group holds has a control
    for (const group of ['header', 'footer', 'styles', 'themes'] as const) {
      const value = shopSettingsSchema.shape[group].parse({}) as Record<string, unknown>;
      const leaves = (entry: unknown, prefix: string): string[] =>
        entry && typeof entry === 'object' && !Array.isArray(entry) && !(prefix && fieldsOf(group).has(prefix))
          ? Object.entries(entry).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key))
          : [prefix];
      for (const path of leaves(value, '')) expect(fieldsOf(group).has(path), `${group}.${path}`).toBe(true);
    }
  });

  it('names the fields as the settings screens do, in both languages, the path otherwise', () => {
    const themes = fieldsOf('themes');
    expect(themes.get('current')?.label).toEqual({
      en: t('settings.paths.themes_current', { lng: 'en' }),
      ru: t('settings.paths.themes_current', { lng: 'ru' }),
    });
    expect(themes.get('current')?.label.ru).not.toBe(themes.get('current')?.label.en);
    expect(themes.get('fonts')?.label.en).toBe(settingsFieldLabel(t, 'themes', ['fonts'], { lng: 'en' }));
    expect(fieldsOf('footer').get('menuColumns')?.label).toEqual({
      en: 'Menu columns',
      ru: t('settings.fields.menuColumns', { lng: 'ru' }),
    });
    expect(fieldsOf('styles').get('fontSize.h1.mobile')?.label.en).toBe(settingsLabel(t, 'styles', 'fontSize.h1.mobile', 'en'));
    expect(settingsLabel(() => '', 'styles', 'fontSize.h1.mobile', 'en')).toBe('');
    const untranslated = (_key: string, options: { defaultValue: string }) => options.defaultValue;
    expect(settingsLabel(untranslated, 'styles', 'fontSize.h1.mobile')).toBe('Font size › h1 › mobile');
  });

  it('keeps only the keys a group declares, taking a missing one from the published value, so the draft passes the API', () => {
    const published = shopSettingsSchema.shape.header.parse({});
    const stored = {
      template: 'default',
      oldKey: 'x',
      sendEnquiry: { isShow: true, text: { en: 'Ask', ru: 'Спросить', de: 'Fragen' }, extra: 1 },
    };
    const value = declaredSettingsValue('header', stored, published);
    expect(value).not.toHaveProperty('oldKey');
    expect(value['sendEnquiry']).toEqual({ isShow: true, text: { en: 'Ask', ru: 'Спросить' } });
    expect(value['contactsSize']).toBe(published.contactsSize);
    expect(strictSettingsSchema('header').safeParse(value).success).toBe(true);
  });

  it('names the API field errors of a settings draft as the form labels them', () => {
    expect(settingsErrorList({ 'content.value.menuColumns': ['This value is not valid.'], version: ['x'] })).toEqual([
      { path: 'menuColumns', label: 'Menu columns', messages: ['This value is not valid.'] },
    ]);
    const ru = (path: string) => settingsLabel(t, 'themes', path, 'ru');
    expect(settingsErrorList({ 'content.value.fonts.1': ['This value is not valid.'] }, ru)).toEqual([
      { path: 'fonts.1', label: `${ru('fonts')} 2`, messages: ['This value is not valid.'] },
    ]);
  });
});

describe('record pickers in the builder', () => {
  const label = { en: 'Catalog', ru: 'Каталог' };
  const widget: SectionType = {
    ...faq,
    type: 'SectionProductWidget',
    fields: [{ path: 'catalogSlug', kind: 'catalog', label, required: true }],
    itemFields: null,
    hasItems: false,
  };
  const byItems: SectionType = {
    ...faq,
    type: 'SectionProductWidgetByItems',
    itemFields: [{ path: 'product.id', kind: 'product', label, required: true }],
  };
  const listing: SectionType = { ...widget, fields: [{ path: 'catalogSlug', kind: 'catalog', label }] };
  const withOptions = (options: Record<string, unknown>, items: Record<string, unknown>[] = []) => ({
    ...section('w'),
    options,
    items: items.map((options, index) => ({ id: `i${index}`, options })),
  });

  it('reads what a picker stored: a slug or id as text, a slug typed before in both languages by its English one', () => {
    expect(edits.pickedValue(' shoes ')).toBe('shoes');
    expect(edits.pickedValue({ en: 'shoes', ru: 'obuv' })).toBe('shoes');
    expect(edits.pickedValue({ en: '', ru: 'obuv' })).toBe('obuv');
    expect(edits.pickedValue(null)).toBe('');
    expect(edits.pickedValue(42)).toBe('');
  });

  it('names the needed pickers left empty: a section field, or an item field no item has filled', () => {
    expect(edits.unpickedFields(widget, withOptions({ catalogSlug: '' })).map((f) => f.path)).toEqual(['catalogSlug']);
    expect(edits.unpickedFields(widget, withOptions({ catalogSlug: 'shoes' }))).toEqual([]);
    expect(edits.unpickedFields(listing, withOptions({}))).toEqual([]);
    expect(edits.unpickedFields(byItems, withOptions({}, [{ product: { id: '' } }, {}])).map((f) => f.path)).toEqual(['product.id']);
    expect(edits.unpickedFields(byItems, withOptions({}, [{ product: { id: '' } }, { product: { id: 'p1' } }]))).toEqual([]);
  });
});
