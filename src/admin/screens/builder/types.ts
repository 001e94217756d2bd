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
/** A field of a generated form: the shared field kinds (src/lib/field-kinds.ts) as the contract sends them. */
export type FormField = EditorField;
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
