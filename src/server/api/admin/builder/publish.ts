import { randomUUID } from 'node:crypto';
import { asc, eq, lte } from 'drizzle-orm';
import type { BuilderContent } from '../../../../contract/admin/builder';
import type { Language } from '../../../../lib/localize';
import { cacheTags, invalidate } from '../../../cache/invalidation';
import type { Database, Executor } from '../../../db/client';
import { builderDrafts, builderRevisions } from '../../../db/schema';
import { nodeTimers, type SweeperTimers } from '../../../reservation-sweeper';
import type { AppDeps } from '../../core/context';
import { invalidateSettings } from '../../core/settings-store';
import { forgetVideoSources } from '../../../policy-sources';
import { recordAudit } from '../audit';
import { latestRevision, type Author, type DraftRow } from './drafts';
import { nextRevisionNumber } from './model';
import { liveContent, resolveTarget, writeLiveContent } from './targets';

export type Published = { revision: number; tags: string[] };

/**
 * Publishes a draft inside the caller's transaction (the draft row locked by the caller): the live rows
 * written, the revision appended, the draft deleted, the audit entry recorded. Before the first publish
 * the live content is kept as revision 0, so "the original" can be restored. The caller invalidates `tags`
 * after the commit (see `afterPublish`).
 */
export async function publishDraft(tx: Executor, draft: DraftRow, author: Author, lang: Language, now: Date): Promise<Published> {
  const resolved = await resolveTarget(tx, draft.target, lang, true);
  const latest = await latestRevision(tx, draft.target);
  if (!latest) {
    await tx.insert(builderRevisions).values({
      id: randomUUID(),
      target: draft.target,
      number: 0,
      content: (await liveContent(tx, resolved)) as Record<string, unknown>,
      publishedBy: null,
      publishedByName: '',
      publishedAt: now,
    });
  }
  const tags = await writeLiveContent(tx, resolved, draft.content as BuilderContent, lang, now);
  const revision = nextRevisionNumber(latest?.number);
  await tx.insert(builderRevisions).values({
    id: randomUUID(),
    target: draft.target,
    number: revision,
    content: draft.content,
    publishedBy: author.id,
    publishedByName: author.name,
    publishedAt: now,
  });
  await tx.delete(builderDrafts).where(eq(builderDrafts.target, draft.target));
  await recordAudit(
    tx,
    author,
    {
      action: 'builder.publish',
      entityType: 'builder',
      entityId: draft.target,
      before: { revision: latest?.number ?? 0 },
      after: { revision, draftVersion: draft.version },
    },
    now,
  );
  return { revision, tags };
}

/** After the commit: every instance drops the pages of what the publish changed. */
export async function afterPublish(db: Database, tags: string[]): Promise<void> {
  if (tags.includes(cacheTags.settings)) invalidateSettings(db);
  forgetVideoSources(db);
  await invalidate(tags);
}

/** How many due drafts one pass publishes at most; the rest wait for the next pass. */
const MAX_PER_PASS = 50;

/**
 * Publishes the drafts whose publish time has come, each in its own transaction. A draft is claimed with
 * `for update skip locked`, so instances running this at once never publish the same draft twice (the
 * publish deletes it). A draft that cannot be published (its page is gone, its slug is taken meanwhile)
 * is unscheduled and logged, and stays as a draft. Answers how many were published.
 */
export async function publishDueDrafts(deps: AppDeps, now: Date = deps.now()): Promise<number> {
  let published = 0;
  for (let pass = 0; pass < MAX_PER_PASS; pass++) {
    const outcome = await deps.db.transaction(async (tx) => {
      const [draft] = await tx
        .select()
        .from(builderDrafts)
        .where(lte(builderDrafts.publishAt, now))
        .orderBy(asc(builderDrafts.publishAt), asc(builderDrafts.target))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!draft) return null;
      // the scheduling staff member is the draft's last writer (scheduling records them); null when removed since
      const author = { id: draft.updatedBy as string, name: draft.updatedByName };
      try {
        return await tx.transaction((savepoint) => publishDraft(savepoint, draft, author, 'en', now));
      } catch (err) {
        deps.logger.warn({ err, target: draft.target }, 'scheduled publish failed; the draft is kept unscheduled');
        await tx.update(builderDrafts).set({ publishAt: null }).where(eq(builderDrafts.target, draft.target));
        return { revision: 0, tags: [] } satisfies Published;
      }
    });
    if (!outcome) break;
    if (outcome.revision > 0) {
      published += 1;
      await afterPublish(deps.db, outcome.tags);
    }
  }
  return published;
}

export type BuilderScheduler = {
  /** One pass: publishes the due drafts. */
  run: () => Promise<number>;
  stop: () => Promise<void>;
};

/** How often each instance looks for due drafts. */
export const BUILDER_SCHEDULE_SECONDS = 15;

/** Every instance runs one scheduler (started with the runtime, like the reservation sweeper); passes never overlap within an instance. */
export function startBuilderScheduler(deps: AppDeps, timers: SweeperTimers = nodeTimers): BuilderScheduler {
  let running: Promise<number> | null = null;
  let stopped = false;
  const run = () =>
    (running ??= publishDueDrafts(deps)
      .catch((err: unknown) => {
        deps.logger.warn({ err }, 'publishing scheduled drafts failed; retrying on the next pass');
        return 0;
      })
      .finally(() => {
        running = null;
      }));
  const handle = timers.setInterval(() => {
    if (!stopped) void run();
  }, BUILDER_SCHEDULE_SECONDS * 1000);
  return {
    run,
    async stop() {
      stopped = true;
      timers.clearInterval(handle);
      await running;
    },
  };
}
