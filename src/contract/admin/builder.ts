/**
 * Shapes of the back office API for the site builder (see /work/wt/BUILDER-API.md and common.ts for the shared
 * ones). A builder target is `page:{id}`, `catalog:{id}`, `article:{id}`, `product:{id}` (the sections of that
 * owner plus its page fields) or `settings:{header|footer|styles|themes}` (that settings group's value).
 * Drafts live only in builder_drafts; visitors see the published (live) content until a publish.
 */
import { z } from 'zod';
import { FIELD_KINDS, type FieldKind } from '../../lib/field-kinds';
import { versionSchema } from './common';

// ---------------------------------------------------------------- targets

export const BUILDER_SECTION_KINDS = ['page', 'catalog', 'article', 'product'] as const;
export type BuilderSectionKind = (typeof BUILDER_SECTION_KINDS)[number];
export const BUILDER_TARGET_KINDS = [...BUILDER_SECTION_KINDS, 'settings'] as const;
export const builderTargetKindSchema = z.enum(BUILDER_TARGET_KINDS);
export type BuilderTargetKind = z.infer<typeof builderTargetKindSchema>;
/** The settings groups the builder edits (header/footer menus are edited in the content area). */
export const BUILDER_SETTINGS_GROUPS = ['header', 'footer', 'styles', 'themes'] as const;
export type BuilderSettingsGroup = (typeof BUILDER_SETTINGS_GROUPS)[number];

/** `page:…`, `catalog:…`, `article:…`, `product:…` with the record's id, or `settings:<group>`. */
export const BUILDER_TARGET_PATTERN =
  /^(?:(?:page|catalog|article|product):[A-Za-z0-9_.-]{1,100}|settings:(?:header|footer|styles|themes))$/;
export const builderTargetSchema = z.string().regex(BUILDER_TARGET_PATTERN, 'Unknown builder target');

export type ParsedBuilderTarget = { kind: BuilderSectionKind; id: string } | { kind: 'settings'; id: BuilderSettingsGroup };

/** `page:abc` → `{ kind: 'page', id: 'abc' }`; null when it is no builder target. */
export function parseBuilderTarget(target: string): ParsedBuilderTarget | null {
  if (!BUILDER_TARGET_PATTERN.test(target)) return null;
  const at = target.indexOf(':');
  return { kind: target.slice(0, at), id: target.slice(at + 1) } as ParsedBuilderTarget;
}

// ---------------------------------------------------------------- content

export const MAX_BUILDER_SECTIONS = 100;
export const MAX_BUILDER_ITEMS = 200;
/** The most a draft's content may weigh, as JSON. */
export const MAX_BUILDER_CONTENT_BYTES = 1_000_000;

export const builderTextSchema = z.object({ en: z.string().max(2000), ru: z.string().max(2000) });
export type BuilderText = z.infer<typeof builderTextSchema>;

const builderOptionsSchema = z.record(z.string(), z.unknown());

export const builderSectionItemSchema = z.object({
  id: z.string().min(1).max(100),
  options: builderOptionsSchema,
});
export type BuilderSectionItem = z.infer<typeof builderSectionItemSchema>;

export const builderSectionSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  enable: z.boolean().default(true),
  hidden: z.boolean().default(false),
  options: builderOptionsSchema.default({}),
  items: z.array(builderSectionItemSchema).max(MAX_BUILDER_ITEMS).default([]),
  styles: builderOptionsSchema.default({}),
  /** sections the storefront needs (a product's own blocks): kept, not removable */
  required: z.boolean().optional(),
  group: z.string().max(100).nullable().optional(),
});
export type BuilderSection = z.infer<typeof builderSectionSchema>;

const builderSlugSchema = z
  .string()
  .trim()
  .min(1, 'This value should not be blank.')
  .max(200)
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'Use lowercase letters, digits and dashes');

/** The page fields of a section target (only what the target has). */
export const builderPageFieldsSchema = z.object({
  title: builderTextSchema,
  slug: builderSlugSchema,
  metaTitle: builderTextSchema.nullable().optional(),
  metaDescription: builderTextSchema.nullable().optional(),
  enabled: z.boolean().optional(),
});
export type BuilderPageFields = z.infer<typeof builderPageFieldsSchema>;

export const builderSectionsContentSchema = z.object({
  page: builderPageFieldsSchema,
  sections: z.array(builderSectionSchema).max(MAX_BUILDER_SECTIONS),
});
export type BuilderSectionsContent = z.infer<typeof builderSectionsContentSchema>;

export const builderSettingsContentSchema = z.object({ value: z.record(z.string(), z.unknown()) });
export type BuilderSettingsContent = z.infer<typeof builderSettingsContentSchema>;

/** What a draft or revision holds: sections + page fields, or a settings group's value. */
export const builderContentSchema = z.union([builderSectionsContentSchema, builderSettingsContentSchema]);
export type BuilderContent = BuilderSectionsContent | BuilderSettingsContent;

// ---------------------------------------------------------------- section types

/** A field of a generated form (section options and items, page fields, settings groups); kinds in src/lib/field-kinds.ts. */
export type BuilderEditorField = {
  /** dot path inside the options (or an item's options) */
  path: string;
  kind: FieldKind;
  label: BuilderText;
  choices?: { value: string; label: BuilderText }[];
  min?: number;
  max?: number;
  /** list: the fields of each entry */
  fields?: BuilderEditorField[];
  /** a select without the empty "by default" choice; a record picker the section needs (it shows nothing without) */
  required?: boolean;
  /** plain: a text area */
  multiline?: boolean;
  /** shown under the input: what an empty value means */
  hint?: BuilderText;
};
export const builderEditorFieldSchema: z.ZodType<BuilderEditorField> = z.lazy(() =>
  z.strictObject({
    path: z.string(),
    kind: z.enum(FIELD_KINDS),
    label: builderTextSchema,
    choices: z.array(z.strictObject({ value: z.string(), label: builderTextSchema })).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    fields: z.array(builderEditorFieldSchema).optional(),
    required: z.boolean().optional(),
    multiline: z.boolean().optional(),
    hint: builderTextSchema.optional(),
  }),
);

export const builderSectionTypeSchema = z.strictObject({
  type: z.string(),
  label: builderTextSchema,
  fields: z.array(builderEditorFieldSchema),
  itemFields: z.array(builderEditorFieldSchema).nullable(),
  presets: z.array(
    z.strictObject({
      name: z.string(),
      label: builderTextSchema,
      options: builderOptionsSchema,
      items: z.array(builderOptionsSchema),
    }),
  ),
  hasItems: z.boolean(),
  /** what live data the section renders (products, articles…), or null */
  dataNeed: z.string().nullable(),
});
export type BuilderSectionType = z.infer<typeof builderSectionTypeSchema>;

/** GET /builder/section-types */
export const builderSectionTypesSchema = z.strictObject({
  types: z.array(builderSectionTypeSchema),
  /** the frame every section has: heading, width, background, footer */
  frameFields: z.array(builderEditorFieldSchema),
});
export type BuilderSectionTypes = z.infer<typeof builderSectionTypesSchema>;

// ---------------------------------------------------------------- target list and detail

/** GET /builder/targets */
export const builderTargetListQuerySchema = z.object({
  kind: builderTargetKindSchema.optional(),
  search: z.string().trim().max(200).optional(),
});

export const builderDraftSummarySchema = z.strictObject({
  updatedAt: z.string(),
  updatedByName: z.string(),
  publishAt: z.string().nullable(),
});

export const builderTargetListItemSchema = z.strictObject({
  target: z.string(),
  kind: builderTargetKindSchema,
  title: builderTextSchema,
  /** the storefront path to open in the preview (without ?preview=1) */
  path: z.string(),
  draft: builderDraftSummarySchema.nullable(),
  /** latest published revision; 0 when the target was never published through the builder */
  revision: z.int(),
});
export type BuilderTargetListItem = z.infer<typeof builderTargetListItemSchema>;
export const builderTargetListSchema = z.strictObject({ items: z.array(builderTargetListItemSchema) });
export type BuilderTargetList = z.infer<typeof builderTargetListSchema>;

/** POST /builder/pages */
export const builderCreatePageBodySchema = z.object({
  template: z.enum(['page', 'catalog']),
  title: z.object({
    en: z.string().trim().min(1, 'This value should not be blank.').max(200),
    ru: z.string().trim().min(1, 'This value should not be blank.').max(200),
  }),
  slug: builderSlugSchema,
});
export type BuilderCreatePageBody = z.infer<typeof builderCreatePageBodySchema>;
/** POST /builder/pages (201): the new page's builder target. */
export const builderCreatedSchema = z.object({ target: z.string() });
export type BuilderCreated = z.infer<typeof builderCreatedSchema>;
/** PUT /builder/target/:target/draft */
export const builderDraftSavedSchema = z.strictObject({ version: z.int(), updatedAt: z.string() });
export type BuilderDraftSaved = z.infer<typeof builderDraftSavedSchema>;
/** POST /builder/target/:target/publish: the new revision, or when a scheduled publication will run. */
export const builderPublishedSchema = z.union([z.strictObject({ revision: z.int() }), z.strictObject({ scheduled: z.string() })]);
export type BuilderPublished = z.infer<typeof builderPublishedSchema>;
/** POST /builder/target/:target/revisions/:number/restore: the draft's new version. */
export const builderRestoredSchema = z.strictObject({ version: z.int() });
export type BuilderRestored = z.infer<typeof builderRestoredSchema>;

export const builderDraftSchema = z.strictObject({
  content: builderContentSchema,
  version: z.int(),
  baseRevision: z.int(),
  publishAt: z.string().nullable(),
  updatedAt: z.string(),
  updatedByName: z.string(),
});
export type BuilderDraft = z.infer<typeof builderDraftSchema>;

/** GET /builder/target/:target */
export const builderTargetDetailSchema = z.strictObject({
  target: z.string(),
  kind: builderTargetKindSchema,
  title: builderTextSchema,
  path: z.string(),
  published: z.strictObject({ content: builderContentSchema, revision: z.int() }),
  draft: builderDraftSchema.nullable(),
});
export type BuilderTargetDetail = z.infer<typeof builderTargetDetailSchema>;

/** The draft version the client last saw; 0 when there is no draft yet. */
export const builderDraftVersionSchema = z.int().min(0);

/** PUT /builder/target/:target/draft */
export const builderSaveDraftBodySchema = z.object({ content: builderContentSchema, version: builderDraftVersionSchema });

/** DELETE /builder/target/:target/draft (204) */
export const builderDiscardDraftBodySchema = z.object({ version: versionSchema });

/** POST /builder/target/:target/publish: now when publishAt is null/absent or not in the future. */
export const builderPublishBodySchema = z.object({
  version: versionSchema,
  publishAt: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Use an ISO date-time such as 2026-11-23T18:00:00Z')
    .nullable()
    .optional(),
});

/** GET /builder/target/:target/revisions (newest first) */
export const builderRevisionListItemSchema = z.strictObject({ number: z.int(), publishedAt: z.string(), publishedByName: z.string() });
export type BuilderRevisionListItem = z.infer<typeof builderRevisionListItemSchema>;
export const builderRevisionListSchema = z.strictObject({ items: z.array(builderRevisionListItemSchema) });
export type BuilderRevisionList = z.infer<typeof builderRevisionListSchema>;

/** GET /builder/target/:target/revisions/:number */
export const builderRevisionSchema = z.strictObject({ number: z.int(), content: builderContentSchema });
export type BuilderRevision = z.infer<typeof builderRevisionSchema>;

/** POST /builder/target/:target/revisions/:number/restore: version as in PUT …/draft (0 = no draft yet). */
export const builderRestoreBodySchema = z.object({ version: builderDraftVersionSchema });
