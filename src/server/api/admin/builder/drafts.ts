import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  BuilderContent,
  BuilderDraft,
  BuilderSettingsContent,
  BuilderSettingsGroup,
  BuilderTargetKind,
} from '../../../../contract/admin/builder';
import type { Language } from '../../../../lib/localize';
import { findDefinition, isSectionType } from '../../../../sections/definitions';
import type { EditorField } from '../../../../sections/editor';
import { videoFieldProblem } from '../../../../lib/video-field';
import type { Executor } from '../../../db/client';
import { builderDrafts, builderRevisions } from '../../../db/schema';
import { sanitizeSectionTexts } from '../../content/sanitize';
import { ApiError } from '../../core/errors';
import { checkedSettingsValue } from '../settings/settings-value';
import type { StaffPrincipal } from '../context';
import { adminMessage } from '../messages';
import { conflictTime, contentIssues, draftConflict, nextDraftVersion, type DraftConflict } from './model';

export type DraftRow = typeof builderDrafts.$inferSelect;
export type Author = Pick<StaffPrincipal, 'id' | 'name'>;

export async function findDraft(db: Executor, target: string, forUpdate = false): Promise<DraftRow | null> {
  const query = db.select().from(builderDrafts).where(eq(builderDrafts.target, target));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The latest revision of a target (number, who, when), or null before the first publish. */
export async function latestRevision(db: Executor, target: string) {
  const [row] = await db
    .select({
      number: builderRevisions.number,
      publishedByName: builderRevisions.publishedByName,
      publishedAt: builderRevisions.publishedAt,
    })
    .from(builderRevisions)
    .where(eq(builderRevisions.target, target))
    .orderBy(desc(builderRevisions.number))
    .limit(1);
  return row ?? null;
}

export function draftDto(draft: DraftRow): BuilderDraft {
  return {
    content: draft.content as BuilderContent,
    version: draft.version,
    baseRevision: draft.baseRevision,
    publishAt: draft.publishAt?.toISOString() ?? null,
    updatedAt: draft.updatedAt.toISOString(),
    updatedByName: draft.updatedByName,
  };
}

/** 409 naming who changed the draft and when ("Changed by Mia at 2026-11-23 18:05 UTC; reload…"). */
export function draftConflictError(conflict: DraftConflict, lang: Language): ApiError {
  const message =
    conflict.name && conflict.at
      ? adminMessage('builder.draftConflict', lang, { name: conflict.name, time: conflictTime(conflict.at) })
      : adminMessage('builder.draftGone', lang);
  return new ApiError(409, message, { errorPath: 'version', fieldErrors: { version: [message] } });
}

/** Throws the 409 when the stored draft (or its absence) does not match the client's version. */
export async function expectDraftVersion(
  db: Executor,
  target: string,
  draft: DraftRow | null,
  clientVersion: number,
  lang: Language,
): Promise<void> {
  const lastPublish = draft === null && clientVersion !== 0 ? await latestRevision(db, target) : null;
  const conflict = draftConflict(draft, clientVersion, lastPublish);
  if (conflict) throw draftConflictError(conflict, lang);
}

/**
 * A settings target's value checked as the settings save checks it (src/server/api/admin/settings): a 400 with a
 * message in `lang` on each failing field under `content.value.…`, as the draft body names it. Answers the value as stored.
 */
export function checkedSettingsContent(
  group: BuilderSettingsGroup,
  content: BuilderSettingsContent,
  lang: Language,
): BuilderSettingsContent {
  try {
    return { value: checkedSettingsValue(group, content.value, lang, ['content', 'value']) };
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(400, adminMessage('builder.invalidSettings', lang), error.extra);
    throw error;
  }
}

/**
 * The content as stored: checked for the target's kind (400 with field errors), section texts cleaned, a settings
 * group's value checked with the group's schema.
 */
export function checkedContent(target: { kind: BuilderTargetKind; id: string }, content: BuilderContent, lang: Language): BuilderContent {
  const issues = [...contentIssues(target.kind, content, isSectionType), ...videoIssues(content, lang)];
  if (issues.length > 0) {
    const fieldErrors: Record<string, string[]> = {};
    for (const { path, message } of issues) (fieldErrors[path] ??= []).push(message);
    throw new ApiError(400, adminMessage('builder.invalidContent', lang), { errorPath: issues[0]!.path, fieldErrors });
  }
  if (!('sections' in content))
    return target.kind === 'settings' ? checkedSettingsContent(target.id as BuilderSettingsGroup, content, lang) : content;
  return {
    page: content.page,
    sections: content.sections.map((section) => ({
      ...section,
      options: sanitizeSectionTexts(section.options),
      items: section.items.map((item) => ({ ...item, options: sanitizeSectionTexts(item.options) })),
    })),
  };
}

const valueAt = (options: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      options,
    );

/**
 * Every video field of the sections (and of their items) holds one of its source's own ids or addresses, or nothing:
 * a value the page would not show, or that names another host, is refused with a message on the field.
 */
function videoIssues(content: BuilderContent, lang: Language): { path: string; message: string }[] {
  if (!('sections' in content)) return [];
  const videoFields = (fields: readonly EditorField[] | undefined) => (fields ?? []).filter((field) => field.kind === 'video');
  return content.sections.flatMap((section, index) => {
    const definition = findDefinition(section.type);
    if (!definition) return [];
    const check = (options: unknown, fields: readonly EditorField[], at: string) =>
      fields.flatMap((field) => {
        const problem = videoFieldProblem(valueAt(options, field.path));
        return problem ? [{ path: `${at}.${field.path}.${problem.path}`, message: adminMessage(`builder.${problem.message}`, lang) }] : [];
      });
    const itemFields = videoFields(definition.itemFields);
    return [
      ...check(section.options, videoFields(definition.fields), `content.sections.${index}.options`),
      ...section.items.flatMap((item, itemIndex) =>
        check(item.options, itemFields, `content.sections.${index}.items.${itemIndex}.options`),
      ),
    ];
  });
}

/**
 * Creates (client version 0) or replaces the draft, raising its version; a stale client version is a 409 and
 * nothing is written. Run inside the caller's transaction. Scheduling stays as it was unless `publishAt` is given.
 */
export async function writeDraft(
  tx: Executor,
  input: {
    target: string;
    content: BuilderContent;
    clientVersion: number;
    baseRevision: number;
    author: Author;
    now: Date;
    publishAt?: Date | null;
  },
  lang: Language,
): Promise<DraftRow> {
  const { target, content, clientVersion, author, now } = input;
  const values = {
    content: content as Record<string, unknown>,
    updatedBy: author.id,
    updatedByName: author.name,
    updatedAt: now,
    ...(input.publishAt !== undefined ? { publishAt: input.publishAt } : {}),
  };
  const [row] =
    clientVersion === 0
      ? await tx
          .insert(builderDrafts)
          .values({ target, ...values, version: nextDraftVersion(0), baseRevision: input.baseRevision })
          .onConflictDoNothing({ target: builderDrafts.target })
          .returning()
      : await tx
          .update(builderDrafts)
          .set({ ...values, version: sql`${builderDrafts.version} + 1` })
          .where(and(eq(builderDrafts.target, target), eq(builderDrafts.version, clientVersion)))
          .returning();
  if (!row) {
    await expectDraftVersion(tx, target, await findDraft(tx, target), clientVersion, lang);
    // the draft changed between the write and the look (a concurrent save): still a conflict
    throw draftConflictError({ name: null, at: null }, lang);
  }
  return row;
}
