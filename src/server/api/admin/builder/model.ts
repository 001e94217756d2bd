/**
 * The site builder's rules, free of the web framework and the database: whether a draft write may go
 * ahead (optimistic concurrency on the draft version), the next revision number, when a publish
 * happens, what a valid draft content is, and the ids of the sections a publish writes.
 */
import {
  MAX_BUILDER_CONTENT_BYTES,
  type BuilderContent,
  type BuilderSection,
  type BuilderTargetKind,
} from '../../../../contract/admin/builder';

// ---------------------------------------------------------------- draft versions

/** What the client's draft version is checked against: the stored draft, if any. */
export type DraftState = { version: number; updatedByName: string; updatedAt: Date } | null;
/** Who changed the draft (or published it away) and when, for the 409 message; name null when unknown. */
export type DraftConflict = { name: string | null; at: Date | null };
export type LastPublish = { publishedByName: string; publishedAt: Date } | null;

/**
 * null when a write based on `clientVersion` (0: "I saw no draft") may go ahead, else who changed the draft
 * since: the draft's last saver, or, when the draft is gone, whoever published it last.
 */
export function draftConflict(draft: DraftState, clientVersion: number, lastPublish: LastPublish = null): DraftConflict | null {
  if (draft === null) {
    if (clientVersion === 0) return null;
    return lastPublish ? { name: lastPublish.publishedByName || null, at: lastPublish.publishedAt } : { name: null, at: null };
  }
  if (draft.version === clientVersion) return null;
  return { name: draft.updatedByName || null, at: draft.updatedAt };
}

/** The version a draft has after a save based on `clientVersion` (0 creates it at 1). */
export const nextDraftVersion = (clientVersion: number) => clientVersion + 1;

/** The number of the revision a publish appends: one more than the latest (none yet: 1). */
export const nextRevisionNumber = (latest: number | null | undefined) => (latest ?? 0) + 1;

/** `2026-11-23 18:05 UTC`: when a conflicting change happened, in the 409 message. */
export function conflictTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

// ---------------------------------------------------------------- publishing

/** Now, or the moment a publish is scheduled for (a moment not in the future publishes now). */
export function publishMoment(publishAt: string | null | undefined, now: Date): 'now' | Date {
  if (!publishAt) return 'now';
  const at = new Date(publishAt);
  return at.getTime() > now.getTime() ? at : 'now';
}

/** Scheduling further ahead than this is refused: a typo of a year, not a plan. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * Section ids as a publish writes them: ids unique in the table, so an id another owner's section has
 * (a section copied between pages) or one repeated gets a fresh id; the others are kept, so the
 * preview's sections stay the published ones.
 */
export function sectionIdsForPublish(
  sections: readonly Pick<BuilderSection, 'id'>[],
  takenElsewhere: ReadonlySet<string>,
  newId: () => string,
): string[] {
  const seen = new Set<string>();
  return sections.map(({ id }) => {
    const next = takenElsewhere.has(id) || seen.has(id) ? newId() : id;
    seen.add(next);
    return next;
  });
}

// ---------------------------------------------------------------- content

export type ContentIssue = { path: string; message: string };

/** Ids as the preview uses them in element ids: letters, digits, '-' and '_'. */
const ID_PATTERN = /^[\w-]{1,100}$/;

/**
 * What is wrong with a draft's content for a target of `kind` (empty: nothing): the content's form must
 * fit the kind (sections and page fields, or a settings value), section types must be known, section ids
 * unique and item ids unique within their section, and the whole must stay under the size bound.
 */
export function contentIssues(kind: BuilderTargetKind, content: BuilderContent, isKnownType: (type: string) => boolean): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const size = new TextEncoder().encode(JSON.stringify(content)).byteLength;
  if (size > MAX_BUILDER_CONTENT_BYTES)
    issues.push({ path: 'content', message: `The content is too large (at most ${MAX_BUILDER_CONTENT_BYTES} bytes).` });
  if (kind === 'settings') {
    if (!('value' in content) || 'sections' in content)
      issues.push({ path: 'content.value', message: 'A settings target holds a settings value.' });
    return issues;
  }
  if (!('sections' in content)) {
    issues.push({ path: 'content.sections', message: 'This target holds sections and page fields.' });
    return issues;
  }
  const ids = new Set<string>();
  content.sections.forEach((section, index) => {
    const at = `content.sections.${index}`;
    if (!isKnownType(section.type)) issues.push({ path: `${at}.type`, message: `Unknown section type ${section.type}.` });
    if (!ID_PATTERN.test(section.id)) issues.push({ path: `${at}.id`, message: 'An id is 1 to 100 letters, digits, "-" or "_".' });
    else if (ids.has(section.id)) issues.push({ path: `${at}.id`, message: `Section id ${section.id} is used twice.` });
    ids.add(section.id);
    const itemIds = new Set<string>();
    section.items.forEach((item, itemIndex) => {
      if (itemIds.has(item.id)) issues.push({ path: `${at}.items.${itemIndex}.id`, message: `Item id ${item.id} is used twice.` });
      itemIds.add(item.id);
    });
  });
  return issues;
}
