import type { BuilderEditorField, BuilderSectionTypes, BuilderText } from '../../../../contract/admin/builder';
import { getTranslator } from '../../../../lib/i18n';
import {
  articleCommentsData,
  articleListData,
  catalogListingData,
  catalogProductsData,
  categoryTagsData,
  newestArticlesData,
  productsByIdsData,
  type SectionDataSpec,
} from '../../../../sections/data-needs';
import { sectionDefinitions } from '../../../../sections/definitions';
import { frameFields, presetLabel, typeLabel, type EditorField } from '../../../../sections/editor';

/** The name of each data need a section type may declare (what live data it shows). */
const DATA_NEEDS = new Map<SectionDataSpec, string>([
  [catalogProductsData, 'catalogProducts'],
  [productsByIdsData, 'productsByIds'],
  [newestArticlesData, 'newestArticles'],
  [articleListData, 'articleList'],
  [categoryTagsData, 'categoryTags'],
  [articleCommentsData, 'articleComments'],
  [catalogListingData, 'catalogListing'],
]);

/** An i18next key of `sections.*` in both languages. */
function label(key: string): BuilderText {
  return { en: getTranslator('en')(key), ru: getTranslator('ru')(key) };
}

function fieldsOf(fields: readonly EditorField[]): BuilderEditorField[] {
  return fields.map((f) => ({
    path: f.path,
    kind: f.kind,
    label: label(f.label),
    ...(f.choices ? { choices: f.choices.map((c) => ({ value: c.value, label: label(c.label) })) } : {}),
    ...(f.min !== undefined ? { min: f.min } : {}),
    ...(f.max !== undefined ? { max: f.max } : {}),
    ...(f.fields ? { fields: fieldsOf(f.fields) } : {}),
    ...(f.required ? { required: true } : {}),
    ...(f.hint ? { hint: label(f.hint) } : {}),
  }));
}

let cached: BuilderSectionTypes | undefined;

/** Every section type as the builder edits it, from `src/sections/*.schema.ts`, labels in English and Russian. */
export function builderSectionTypes(): BuilderSectionTypes {
  cached ??= {
    types: [...sectionDefinitions].map(([type, definition]) => ({
      type,
      label: label(typeLabel(type)),
      fields: fieldsOf(definition.fields),
      itemFields: definition.itemFields ? fieldsOf(definition.itemFields) : null,
      presets: definition.presets.map((p) => ({ name: p.name, label: label(presetLabel(p.name)), options: p.options, items: p.items })),
      hasItems: definition.item !== undefined || definition.itemFields !== undefined,
      dataNeed: definition.data ? (DATA_NEEDS.get(definition.data) ?? 'data') : null,
    })),
    frameFields: fieldsOf(frameFields),
  };
  return cached;
}
