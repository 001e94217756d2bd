import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { auditListQuerySchema, type AuditEntry, type ListAnswer } from '../../../contract/admin';
import { auditLog } from '../../db/schema';
import { readQuery } from '../core/validate';
import type { AdminEnv } from './context';
import { boundedTotal, dateRange, listPageKeys } from './lists';
import { requireCapability } from './session';

export const auditRoutes = new Hono<AdminEnv>().get('/audit', requireCapability('view_audit'), async (c) => {
  const query = readQuery(c, auditListQuerySchema);
  const db = c.var.deps.db;
  const where = and(
    ...(query.staffId ? [eq(auditLog.staffId, query.staffId)] : []),
    ...(query.entityType ? [eq(auditLog.entityType, query.entityType)] : []),
    ...(query.entityId ? [eq(auditLog.entityId, query.entityId)] : []),
    ...dateRange(auditLog.createdAt, query.from, query.to),
  );
  // the page's keys from the index of its filter (which carries the order), then its rows; the total capped
  const { order, offset, keys } = listPageKeys(db, {
    table: auditLog,
    key: auditLog.id,
    where,
    sort: query.sort,
    columns: { createdAt: auditLog.createdAt },
    page: query.page,
    perPage: query.perPage,
  });
  const page = keys.as('page');
  const [rows, counted] = await Promise.all([
    db
      .select({ entry: auditLog })
      .from(page)
      .innerJoin(auditLog, eq(auditLog.id, page.key))
      .orderBy(...order)
      .then((found) => found.map((row) => row.entry)),
    boundedTotal(db, db.select({ one: sql`1` }).from(auditLog).where(where).$dynamic(), offset),
  ]);
  return c.json({
    items: rows.map((r) => ({
      id: r.id,
      staffId: r.staffId,
      staffName: r.staffName,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
      clientAddress: r.clientAddress,
      userAgent: r.userAgent,
      createdAt: r.createdAt.toISOString(),
    })),
    ...counted,
    page: query.page,
    perPage: query.perPage,
  } satisfies ListAnswer<AuditEntry>);
});
