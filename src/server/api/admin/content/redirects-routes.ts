import { randomUUID } from 'node:crypto';
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  contentVersionQuerySchema,
  redirectCreateSchema,
  redirectListQuerySchema,
  redirectUpdateSchema,
  type RedirectItem,
} from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import { cacheTags, invalidate } from '../../../cache/invalidation';
import type { Executor } from '../../../db/client';
import { redirects } from '../../../db/schema';
import { mayRedirectTo, redirectKey } from '../../content/redirects-routes';
import { fieldError, notFound } from '../../core/errors';
import { readBody, readParams, readQuery } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { likePattern, listOrder, pageOffset } from '../lists';
import { isUniqueViolation } from '../selling/selling-common';
import { expectVersion, versionConflict } from '../versioned';
import { contentMessage, idParams } from './content-common';
import type { ListAnswer } from '../../../../contract/admin';

/*
 * Stored redirects answer 301 on the storefront (src/lib/request-rules.ts), matched without case and surrounding
 * slashes. A path may redirect once; a redirect to itself or one closing a loop through others is refused.
 * Every write drops the `redirects` tag.
 */

type Row = typeof redirects.$inferSelect;
const toItem = (r: Row): RedirectItem => ({
  id: r.id,
  fromPath: r.fromPath,
  toPath: r.toPath,
  createdAt: r.createdAt.toISOString(),
  version: r.version,
});

/** The key of a target on this shop, or null for an absolute address (which cannot loop back). */
const internalKey = (to: string) => (to.startsWith('/') ? redirectKey(to) : null);

/** Refuses a redirect to itself, a second redirect of the same path and one that closes a loop. */
async function checkRedirect(
  tx: Executor,
  input: { fromPath: string; toPath: string },
  exceptId: string | null,
  lang: Language,
): Promise<void> {
  const from = redirectKey(input.fromPath);
  // the homepage is never redirected, and the back office and the API must stay reachable
  if (from === '' || /^(admin|api)(\/|$)/.test(from)) throw fieldError('fromPath', contentMessage('redirectReserved', lang));
  if (!mayRedirectTo(input.fromPath, input.toPath)) throw fieldError('toPath', contentMessage('redirectOffSite', lang));
  if (internalKey(input.toPath) === from) throw fieldError('toPath', contentMessage('redirectToItself', lang));
  const all = await tx.select().from(redirects);
  if (all.some((r) => r.id !== exceptId && redirectKey(r.fromPath) === from))
    throw fieldError('fromPath', contentMessage('redirectFromTaken', lang));
  const next = new Map(all.filter((r) => r.id !== exceptId).map((r) => [redirectKey(r.fromPath), internalKey(r.toPath)]));
  next.set(from, internalKey(input.toPath));
  let at: string | null | undefined = internalKey(input.toPath);
  for (let steps = 0; at !== null && at !== undefined && steps <= next.size; steps += 1) {
    if (at === from) throw fieldError('toPath', contentMessage('redirectLoop', lang));
    at = next.get(at);
  }
}

function fromTaken(error: unknown, lang: Language): never {
  if (isUniqueViolation(error, 'redirects_from_path_idx')) throw fieldError('fromPath', contentMessage('redirectFromTaken', lang));
  throw error;
}

export const redirectRoutes = new Hono<AdminEnv>()
  .get('/redirects', async (c) => {
    const query = readQuery(c, redirectListQuerySchema);
    const db = c.var.deps.db;
    const q = query.q ? likePattern(query.q) : null;
    const where = q ? or(ilike(redirects.fromPath, q), ilike(redirects.toPath, q)) : undefined;
    const order = listOrder(
      query.sort,
      { fromPath: redirects.fromPath, toPath: redirects.toPath, createdAt: redirects.createdAt },
      redirects.id,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(redirects)
        .where(where)
        .orderBy(...order)
        .limit(query.perPage)
        .offset(pageOffset(query.page, query.perPage)),
      db.select({ n: count() }).from(redirects).where(where),
    ]);
    return c.json({
      items: rows.map(toItem),
      total: total!.n,
      page: query.page,
      perPage: query.perPage,
    } satisfies ListAnswer<RedirectItem>);
  })
  .get('/redirects/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const [row] = await c.var.deps.db.select().from(redirects).where(eq(redirects.id, id));
    if (!row) throw notFound(contentMessage('redirectNotFound', c.var.lang));
    return c.json(toItem(row));
  })
  .post('/redirects', async (c) => {
    const { deps, lang, staff } = c.var;
    const input = await readBody(c, redirectCreateSchema);
    const created = await deps.db
      .transaction(async (tx) => {
        // one writer of redirects at a time, so two writes cannot close a loop between them
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin.redirects'))`);
        await checkRedirect(tx, input, null, lang);
        const now = deps.now();
        const [after] = await tx
          .insert(redirects)
          .values({ id: randomUUID(), fromPath: input.fromPath, toPath: input.toPath, createdAt: now })
          .returning();
        await recordAudit(tx, staff, { action: 'redirect.create', entityType: 'redirect', entityId: after!.id, after }, now);
        return after!;
      })
      .catch((error: unknown) => fromTaken(error, lang));
    await invalidate([cacheTags.redirects]);
    return c.json(toItem(created), 201);
  })
  .put('/redirects/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const input = await readBody(c, redirectUpdateSchema);
    const updated = await deps.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin.redirects'))`);
        const [row] = await tx.select().from(redirects).where(eq(redirects.id, id)).for('update');
        const before = expectVersion(row, input.version, lang, 'content.redirectNotFound');
        await checkRedirect(tx, input, id, lang);
        const [after] = await tx
          .update(redirects)
          .set({ fromPath: input.fromPath, toPath: input.toPath, version: sql`${redirects.version} + 1` })
          .where(and(eq(redirects.id, id), eq(redirects.version, input.version)))
          .returning();
        if (!after) throw versionConflict(lang);
        await recordAudit(tx, staff, { action: 'redirect.update', entityType: 'redirect', entityId: id, before, after }, deps.now());
        return after;
      })
      .catch((error: unknown) => fromTaken(error, lang));
    await invalidate([cacheTags.redirects]);
    return c.json(toItem(updated));
  })
  .delete('/redirects/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { version } = readQuery(c, contentVersionQuerySchema);
    const { deps, lang, staff } = c.var;
    await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(redirects).where(eq(redirects.id, id)).for('update');
      const before = expectVersion(row, version, lang, 'content.redirectNotFound');
      const deleted = await tx
        .delete(redirects)
        .where(and(eq(redirects.id, id), eq(redirects.version, version)))
        .returning({ id: redirects.id });
      if (deleted.length === 0) throw versionConflict(lang);
      await recordAudit(tx, staff, { action: 'redirect.delete', entityType: 'redirect', entityId: id, before }, deps.now());
    });
    await invalidate([cacheTags.redirects]);
    return c.body(null, 204);
  });
