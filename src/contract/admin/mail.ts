import { z } from 'zod';
import { languageSchema } from './common';

/** The back office's e-mail templates (/mail-templates): the owner's wording of every e-mail the shop sends. */

const mailText = (max: number) => z.string().max(max);

/** PUT /mail-templates/:name/:lang: a new version; `version` is the newest version number the editor loaded (0: none). */
export const mailTemplatePutSchema = z.object({
  subject: mailText(300).trim().min(1),
  body: mailText(50_000).trim().min(1),
  version: z.int().min(0),
});

/** POST /mail-templates/:name/:lang/preview and /test: the text being edited, not yet saved. */
export const mailTemplateDraftSchema = z.object({ subject: mailText(300), body: mailText(50_000) });

/** POST /mail-templates/:name/:lang/restore: an older version (or `versionId` null: the built-in text) saved as the newest. */
export const mailTemplateRestoreSchema = z.object({ versionId: z.string().max(64).nullable(), version: z.int().min(0) });

export const mailTemplateParamsSchema = z.object({ name: z.string().max(64), lang: languageSchema });

export const mailTemplateVersionSchema = z.strictObject({
  id: z.string(),
  number: z.int(),
  /** null: this version went back to the built-in text */
  subject: z.string().nullable(),
  body: z.string().nullable(),
  staffName: z.string(),
  createdAt: z.string(),
});

export const mailTemplateDetailSchema = z.strictObject({
  name: z.string(),
  lang: languageSchema,
  placeholders: z.array(z.string()),
  builtIn: z.strictObject({ subject: z.string(), body: z.string() }),
  /** the wording in use; null: the built-in text */
  current: z.strictObject({ subject: z.string(), body: z.string() }).nullable(),
  /** the newest version's number (0: never edited) */
  version: z.int(),
  versions: z.array(mailTemplateVersionSchema),
  /** whether this staff member's body is kept as written (raw HTML) or cleaned as rich text */
  rawHtml: z.boolean(),
});
export type MailTemplateDetail = z.infer<typeof mailTemplateDetailSchema>;

export const mailTemplateListSchema = z.strictObject({
  items: z.array(
    z.strictObject({
      name: z.string(),
      placeholders: z.array(z.string()),
      /** per language: edited (a version in use) or the built-in text */
      edited: z.strictObject({ en: z.boolean(), ru: z.boolean() }),
    }),
  ),
});
export type MailTemplateList = z.infer<typeof mailTemplateListSchema>;

export const mailPreviewSchema = z.strictObject({ subject: z.string(), html: z.string(), text: z.string() });
export type MailPreview = z.infer<typeof mailPreviewSchema>;
