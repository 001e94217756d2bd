import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { FIELD_KINDS } from '../../src/lib/field-kinds';
import { getTranslator } from '../../src/lib/i18n';
import { localize } from '../../src/lib/localize';
import { SECTION_TYPES } from '../../src/lib/section-types';
import { sectionDefinitions } from '../../src/sections/definitions';
import { fieldLabelKeys, frameFields, presetLabel, typeLabel, type EditorField } from '../../src/sections/editor';
import { sectionComponents, sectionRegistry } from '../../src/sections/registry';
import { context, renderSections, section } from './section-fixtures';

/**
 * Types whose presets show nothing by themselves: the items of galleries and logos are pictures the
 * owner picks, and contact cards show the contacts of the shop's settings.
 */
const NOT_SELF_CONTAINED = new Set([
  'SectionGallery1',
  'SectionGallery2',
  'SectionGallery3',
  'SectionGalleryBase',
  'SectionLogoGallery',
  'SectionContacts2',
]);

const lookup = (dictionary: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), dictionary);

function checkFields(fields: readonly EditorField[], where: string) {
  for (const field of fields) {
    expect(FIELD_KINDS, `${where} ${field.path}`).toContain(field.kind);
    if (field.kind === 'select') expect(field.choices?.length, `${where} ${field.path} choices`).toBeGreaterThan(0);
    if (field.kind === 'number') expect(field.min, `${where} ${field.path} bounds`).toBeLessThan(field.max!);
    if (field.kind === 'list') checkFields(field.fields ?? [], `${where} ${field.path}`);
  }
}

describe('section definitions', () => {
  it('every listed type has a component and a complete definition, and every definition is listed', () => {
    for (const type of SECTION_TYPES) {
      const definition = sectionDefinitions.get(type);
      expect(sectionComponents.has(type), `${type}: src/sections/${type}.astro`).toBe(true);
      expect(definition, `${type}: src/sections/${type}.schema.ts`).toBeDefined();
      expect(typeof definition!.schema.safeParse, `${type} schema`).toBe('function');
      expect(typeof definition!.hasContent, `${type} hasContent`).toBe('function');
      expect(Array.isArray(definition!.fields), `${type} fields`).toBe(true);
      expect(definition!.presets.length, `${type} presets`).toBeGreaterThan(0);
      checkFields([...definition!.fields, ...(definition!.itemFields ?? [])], type);
      if (definition!.item) expect(definition!.itemFields?.length, `${type} item fields`).toBeGreaterThan(0);
      expect(sectionRegistry.get(type)?.type).toBe(type);
    }
    expect([...sectionComponents.keys()].sort()).toEqual([...SECTION_TYPES].sort());
    expect([...sectionDefinitions.keys()].sort()).toEqual([...SECTION_TYPES].sort());
  });

  it('labels the types, fields, choices and presets in English and Russian', () => {
    const keys = new Set(fieldLabelKeys(frameFields));
    for (const [type, definition] of sectionDefinitions) {
      keys.add(typeLabel(type));
      for (const key of fieldLabelKeys([...definition.fields, ...(definition.itemFields ?? [])])) keys.add(key);
      for (const preset of definition.presets) keys.add(presetLabel(preset.name));
    }
    for (const key of keys) {
      expect(typeof lookup(en, key), `en ${key}`).toBe('string');
      expect(typeof lookup(ru, key), `ru ${key}`).toBe('string');
    }
    expect(getTranslator('ru')(typeLabel('SectionFaq'))).toBe('Вопросы и ответы');
  });

  it('every preset is complete: its options and items fit the schemas in both languages, and it renders', async () => {
    const page = {
      title: 'Page title',
      breadcrumbs: [{ title: 'Page', uri: 'page' }],
      richText: '<h2 id="a">First</h2><p>x</p><h2 id="b">Second</h2>',
    };
    const unrendered: string[] = [];
    for (const [type, definition] of sectionDefinitions) {
      for (const preset of definition.presets) {
        for (const lang of ['en', 'ru'] as const) {
          const options = localize(preset.options, lang) as Record<string, unknown>;
          expect(definition.schema.safeParse(options).success, `${type} ${preset.name} options`).toBe(true);
          for (const item of preset.items) {
            const parsed = definition.item?.safeParse(localize(item, lang));
            expect(parsed?.success ?? true, `${type} ${preset.name} item ${JSON.stringify(item)}`).toBe(true);
          }
        }
        if (definition.data || NOT_SELF_CONTAINED.has(type)) continue;
        const one = section(
          type,
          localize(preset.options, 'ru') as Record<string, unknown>,
          preset.items.map((item) => localize(item, 'ru') as Record<string, unknown>),
        );
        const document = await renderSections([one], context({ lang: 'ru', page }));
        if (!document.getElementById(`section-${one.id}`)) unrendered.push(`${type} ${preset.name}`);
      }
    }
    expect(unrendered).toEqual([]);
  });
});
