/**
 * Shapes the builder works with (docs: BUILDER-API.md). Kept here until the shared contract
 * (src/contract/admin/builder.ts) lands; then these follow it.
 */
export type Bilingual = { en: string; ru: string };

export type FieldKind = 'text' | 'richText' | 'image' | 'link' | 'colour' | 'select' | 'number' | 'toggle' | 'list';

export type EditorField = {
  path: string;
  kind: FieldKind;
  label: Bilingual | string;
  choices?: { value: string; label: Bilingual | string }[];
  min?: number;
  max?: number;
  fields?: EditorField[];
};

/** A field of a generated form: the editor's kinds, and `plain` for a one-language text (slugs, settings). */
export type FormField = Omit<EditorField, 'kind' | 'fields'> & { kind: FieldKind | 'plain'; fields?: FormField[] };

export type SectionPreset = { name: string; label: Bilingual; options: Record<string, unknown>; items: Record<string, unknown>[] };

export type SectionType = {
  type: string;
  label: Bilingual;
  fields: EditorField[];
  itemFields: EditorField[] | null;
  presets: SectionPreset[];
  hasItems: boolean;
  dataNeed: string | null;
};

export type SectionTypes = { types: SectionType[]; frameFields: EditorField[] };

export type BuilderItem = { id: string; options: Record<string, unknown> };
export type BuilderSection = {
  id: string;
  type: string;
  enable: boolean;
  hidden: boolean;
  options: Record<string, unknown>;
  items: BuilderItem[];
  styles: Record<string, unknown>;
};

export type PageFields = {
  title: Bilingual;
  slug: string;
  metaTitle?: Bilingual;
  metaDescription?: Bilingual;
  enabled?: boolean;
};

export type SectionsContent = { page: PageFields; sections: BuilderSection[] };
export type SettingsContent = { value: Record<string, unknown> };
export type BuilderContent = SectionsContent | SettingsContent;

export type TargetKind = 'page' | 'catalog' | 'article' | 'product' | 'settings';

export type DraftInfo = { updatedAt: string; updatedByName: string; publishAt: string | null };
export type TargetListItem = { target: string; kind: TargetKind; title: Bilingual; path: string; draft: DraftInfo | null; revision: number };

export type TargetDetail = {
  target: string;
  kind: TargetKind;
  path: string;
  published: { content: BuilderContent; revision: number };
  draft: { content: BuilderContent; version: number; baseRevision: number; publishAt: string | null; updatedAt: string; updatedByName: string } | null;
};

export type RevisionListItem = { number: number; publishedAt: string; publishedByName: string };

export const isSectionsContent = (content: BuilderContent): content is SectionsContent => 'sections' in content && Array.isArray(content.sections);
