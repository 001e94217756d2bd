import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { idSchema, productBulkJobBodySchema, type Job, type JobList } from '../../../../contract/admin';
import { adminJobs, catalogs, products } from '../../../db/schema';
import { fieldError, notFound } from '../../core/errors';
import { readBody, readParams } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { productListFilters } from '../catalog/products-routes';
import { adminMessage } from '../messages';
import { requireCapability } from '../session';
import { queueJob, type JobRow } from './job-runner';

const idParams = z.object({ id: idSchema });
const RECENT_JOBS = 20;
const owner = requireCapability('bulk_jobs');

export const toJob = (row: JobRow): Job => ({
  id: row.id,
  kind: row.kind,
  status: row.status as Job['status'],
  params: row.params,
  total: row.total,
  processed: row.processed,
  failed: row.failed,
  errors: row.errors,
  result: row.result ?? null,
  cancelRequested: row.cancelRequested,
  staffName: row.staffName,
  createdAt: row.createdAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/**
 * Jobs of the back office (`bulk_jobs`, the owner's: a job changes every matching record at once). Their progress is polled by the
 * screens; cancelling stops a job between two batches.
 */
export const jobRoutes = new Hono<AdminEnv>()
  .get('/jobs', owner, async (c) => {
    const rows = await c.var.deps.db.select().from(adminJobs).orderBy(desc(adminJobs.createdAt), desc(adminJobs.id)).limit(RECENT_JOBS);
    return c.json({ items: rows.map(toJob) } satisfies JobList);
  })
  .get('/jobs/:id', owner, async (c) => {
    const { id } = readParams(c, idParams);
    const [row] = await c.var.deps.db.select().from(adminJobs).where(eq(adminJobs.id, id));
    if (!row) throw notFound(adminMessage('jobs.notFound', c.var.lang));
    return c.json(toJob(row));
  })
  .post('/jobs/:id/cancel', owner, async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const row = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const [updated] = await tx
        .update(adminJobs)
        .set({ cancelRequested: true, updatedAt: now })
        .where(and(eq(adminJobs.id, id), inArray(adminJobs.status, ['queued', 'running'])))
        .returning();
      if (!updated) {
        const [exists] = await tx.select({ id: adminJobs.id }).from(adminJobs).where(eq(adminJobs.id, id));
        if (!exists) throw notFound(adminMessage('jobs.notFound', lang));
        throw fieldError('id', adminMessage('jobs.finished', lang), 409);
      }
      await recordAudit(tx, staff, { action: 'job.cancel', entityType: 'job', entityId: id }, now);
      return updated;
    });
    return c.json(toJob(row));
  })
  .post('/products/bulk-job', owner, async (c) => {
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, productBulkJobBodySchema);
    const change = body.change;
    const id = await deps.db.transaction(async (tx) => {
      if (change.action === 'catalogAdd' || change.action === 'catalogRemove') {
        const [catalog] = await tx.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.id, change.catalogId));
        if (!catalog) throw fieldError('change.catalogId', adminMessage('products.unknownCatalog', lang));
      }
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(and(...productListFilters(body.filter)));
      return queueJob(
        tx,
        staff,
        { kind: 'products.bulk', params: { filter: body.filter, change }, total: Number(counted?.n ?? 0), lang },
        deps.now(),
      );
    });
    const [row] = await deps.db.select().from(adminJobs).where(eq(adminJobs.id, id));
    return c.json(toJob(row!), 202);
  });
