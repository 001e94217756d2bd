/** Shapes the builder works with: the shared contract (src/contract/admin/builder.ts) under shorter names. */
import type {
  BuilderContent,
  BuilderEditorField,
  BuilderRevisionListItem,
  BuilderSection,
  BuilderSectionItem,
  BuilderSectionsContent,
  BuilderSectionType,
  BuilderSectionTypes,
  BuilderSettingsContent,
  BuilderTargetDetail,
  BuilderTargetKind,
  BuilderTargetListItem,
  BuilderText,
} from '../../../contract/admin/builder';

export type { BuilderContent, BuilderSection };
export type Bilingual = BuilderText;
export type EditorField = BuilderEditorField;
export type FieldKind = BuilderEditorField['kind'];
/**
 * A field of a generated form: the editor's kinds, `plain` for a one-language text (slugs, settings; `multiline`
 * a text area), and for settings `choices` (several of `choices`, in their order) and `json` (free-form options).
 * `required`: a select without the empty "by default" choice.
 */
export type FormField = Omit<EditorField, 'kind' | 'fields'> & {
  kind: FieldKind | 'plain' | 'choices' | 'json';
  fields?: FormField[];
  required?: boolean;
  multiline?: boolean;
};
export type SectionType = BuilderSectionType;
export type SectionPreset = BuilderSectionType['presets'][number];
export type SectionTypes = BuilderSectionTypes;
export type BuilderItem = BuilderSectionItem;
export type SectionsContent = BuilderSectionsContent;
export type SettingsContent = BuilderSettingsContent;
export type TargetKind = BuilderTargetKind;
export type TargetListItem = BuilderTargetListItem;
export type TargetDetail = BuilderTargetDetail;
export type RevisionListItem = BuilderRevisionListItem;

export const isSectionsContent = (content: BuilderContent): content is SectionsContent =>
  'sections' in content && Array.isArray(content.sections);
