import { Hono } from 'hono';
import { z } from 'zod';
import {
  builderCreatePageBodySchema,
  builderDiscardDraftBodySchema,
  builderPublishBodySchema,
  builderRestoreBodySchema,
  builderSaveDraftBodySchema,
  builderTargetListQuerySchema,
  builderTargetSchema,
  type BuilderContent,
  type BuilderTargetDetail,
} from '../../../../contract/admin/builder';
import { and, eq } from 'drizzle-orm';
import { builderDrafts } from '../../../db/schema';
import { fieldError } from '../../core/errors';
import { readBody, readParams, readQuery } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { adminMessage } from '../messages';
import { checkedContent, draftDto, expectDraftVersion, findDraft, latestRevision, writeDraft } from './drafts';
import { MAX_SCHEDULE_AHEAD_MS, publishMoment } from './model';
import { createTemplatePage } from './new-pages';
import { afterPublish, publishDraft } from './publish';
import { findRevision, listRevisions } from './revisions';
import { builderSectionTypes } from './section-types';
import { liveContent, listTargets, resolveTarget } from './targets';
import type {
  BuilderCreated,
  BuilderDraftSaved,
  BuilderPublished,
  BuilderRestored,
  BuilderRevisionList,
  BuilderTargetList,
} from '../../../../contract/admin/builder';

const targetParams = z.object({ target: builderTargetSchema });
const revisionParams = targetParams.extend({ number: z.coerce.number().int().min(0).max(1_000_000) });

/**
 * The back office API of the site builder (under /api/admin; owner and manager alike): targets, drafts with
 * optimistic concurrency on the draft version, publishing now or at a time, revisions and restore, and the
 * section types the builder edits. Drafts live only in builder_drafts: visitors see the live rows, which
 * change only when a draft is published.
 */
export const builderRoutes = new Hono<AdminEnv>()
  .get('/builder/section-types', (c) => c.json(builderSectionTypes()))
  .get('/builder/targets', async (c) => {
    const query = readQuery(c, builderTargetListQuerySchema);
    return c.json({ items: await listTargets(c.var.deps.db, query.kind, query.search) } satisfies BuilderTargetList);
  })
  .post('/builder/pages', async (c) => {
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, builderCreatePageBodySchema);
    const target = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const created = await createTemplatePage(tx, body, lang, now);
      const revision = await latestRevision(tx, created.target);
      await writeDraft(
        tx,
        { target: created.target, content: created.content, clientVersion: 0, baseRevision: revision?.number ?? 0, author: staff, now },
        lang,
      );
      await recordAudit(
        tx,
        staff,
        {
          action: 'builder.create',
          entityType: 'builder',
          entityId: created.target,
          after: { template: body.template, slug: body.slug, title: body.title },
        },
        now,
      );
      return created.target;
    });
    return c.json({ target } satisfies BuilderCreated, 201);
  })
  .get('/builder/target/:target', async (c) => {
    const { target } = readParams(c, targetParams);
    const { deps, lang } = c.var;
    const resolved = await resolveTarget(deps.db, target, lang);
    const [content, revision, draft] = await Promise.all([
      liveContent(deps.db, resolved),
      latestRevision(deps.db, target),
      findDraft(deps.db, target),
    ]);
    const detail: BuilderTargetDetail = {
      target,
      kind: resolved.kind,
      title: resolved.title,
      path: resolved.path,
      published: { content, revision: revision?.number ?? 0 },
      draft: draft ? draftDto(draft) : null,
    };
    return c.json(detail);
  })
  .put('/builder/target/:target/draft', async (c) => {
    const { target } = readParams(c, targetParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, builderSaveDraftBodySchema);
    const resolved = await resolveTarget(deps.db, target, lang);
    const content = checkedContent(resolved, body.content as BuilderContent, lang);
    const saved = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const revision = await latestRevision(tx, target);
      const row = await writeDraft(
        tx,
        { target, content, clientVersion: body.version, baseRevision: revision?.number ?? 0, author: staff, now },
        lang,
      );
      await recordAudit(
        tx,
        staff,
        {
          action: 'builder.draft',
          entityType: 'builder',
          entityId: target,
          before: { version: body.version },
          after: { version: row.version },
        },
        now,
      );
      return row;
    });
    return c.json({ version: saved.version, updatedAt: saved.updatedAt.toISOString() } satisfies BuilderDraftSaved);
  })
  .delete('/builder/target/:target/draft', async (c) => {
    const { target } = readParams(c, targetParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, builderDiscardDraftBodySchema);
    await resolveTarget(deps.db, target, lang);
    await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const draft = await findDraft(tx, target, true);
      await expectDraftVersion(tx, target, draft, body.version, lang);
      await tx.delete(builderDrafts).where(and(eq(builderDrafts.target, target), eq(builderDrafts.version, body.version)));
      await recordAudit(
        tx,
        staff,
        { action: 'builder.discard', entityType: 'builder', entityId: target, before: { version: body.version } },
        now,
      );
    });
    return c.body(null, 204);
  })
  .post('/builder/target/:target/publish', async (c) => {
    const { target } = readParams(c, targetParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, builderPublishBodySchema);
    await resolveTarget(deps.db, target, lang);
    const now = deps.now();
    const moment = publishMoment(body.publishAt, now);
    if (moment !== 'now' && moment.getTime() - now.getTime() > MAX_SCHEDULE_AHEAD_MS) {
      throw fieldError('publishAt', adminMessage('builder.scheduleTooFar', lang));
    }
    const outcome = await deps.db.transaction(async (tx) => {
      const draft = await findDraft(tx, target, true);
      await expectDraftVersion(tx, target, draft, body.version, lang);
      if (moment === 'now') return publishDraft(tx, draft!, staff, lang, now);
      // scheduling: the draft keeps its version; its publisher is the one who scheduled it
      await tx
        .update(builderDrafts)
        .set({ publishAt: moment, updatedBy: staff.id, updatedByName: staff.name, updatedAt: now })
        .where(and(eq(builderDrafts.target, target), eq(builderDrafts.version, body.version)));
      await recordAudit(
        tx,
        staff,
        {
          action: 'builder.schedule',
          entityType: 'builder',
          entityId: target,
          after: { publishAt: moment.toISOString(), version: body.version },
        },
        now,
      );
      return { scheduled: moment.toISOString() };
    });
    if ('scheduled' in outcome) return c.json({ scheduled: outcome.scheduled } satisfies BuilderPublished);
    await afterPublish(deps.db, outcome.tags);
    return c.json({ revision: outcome.revision } satisfies BuilderPublished);
  })
  .get('/builder/target/:target/revisions', async (c) => {
    const { target } = readParams(c, targetParams);
    const { deps, lang } = c.var;
    await resolveTarget(deps.db, target, lang);
    return c.json({ items: await listRevisions(deps.db, target) } satisfies BuilderRevisionList);
  })
  .get('/builder/target/:target/revisions/:number', async (c) => {
    const { target, number } = readParams(c, revisionParams);
    const { deps, lang } = c.var;
    await resolveTarget(deps.db, target, lang);
    return c.json(await findRevision(deps.db, target, number, lang));
  })
  .post('/builder/target/:target/revisions/:number/restore', async (c) => {
    const { target, number } = readParams(c, revisionParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, builderRestoreBodySchema);
    const resolved = await resolveTarget(deps.db, target, lang);
    const saved = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const revision = await findRevision(tx, target, number, lang);
      const content = checkedContent(resolved, revision.content, lang);
      const latest = await latestRevision(tx, target);
      const row = await writeDraft(
        tx,
        { target, content, clientVersion: body.version, baseRevision: latest?.number ?? 0, author: staff, now, publishAt: null },
        lang,
      );
      await recordAudit(
        tx,
        staff,
        { action: 'builder.restore', entityType: 'builder', entityId: target, after: { revision: number, version: row.version } },
        now,
      );
      return row;
    });
    return c.json({ version: saved.version } satisfies BuilderRestored);
  });
