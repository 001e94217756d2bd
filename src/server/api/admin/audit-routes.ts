import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { auditListQuerySchema, type AuditEntry, type ListAnswer } from '../../../contract/admin';
import { auditLog, staffUsers } from '../../db/schema';
import { auditRecordNames } from './audit-names';
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
      .select({ entry: auditLog, staffEmail: staffUsers.email })
      .from(page)
      .innerJoin(auditLog, eq(auditLog.id, page.key))
      .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
      .orderBy(...order),
    boundedTotal(db, db.select({ one: sql`1` }).from(auditLog).where(where).$dynamic(), offset),
  ]);
  const names = await auditRecordNames(
    db,
    rows.map((r) => r.entry),
    c.var.lang,
  );
  return c.json({
    items: rows.map(({ entry: r, staffEmail }) => ({
      id: r.id,
      staffId: r.staffId,
      staffName: r.staffName,
      staffEmail: staffEmail ?? null,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      entityName: names.get(`${r.entityType}:${r.entityId}`)?.name ?? null,
      entityPath: names.get(`${r.entityType}:${r.entityId}`)?.path ?? null,
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
