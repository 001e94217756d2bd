import { and, count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { auditListQuerySchema, type AuditEntry, type ListAnswer } from '../../../contract/admin';
import { auditLog, staffUsers } from '../../db/schema';
import { auditRecordNames } from './audit-names';
import { readQuery } from '../core/validate';
import type { AdminEnv } from './context';
import { dateRange, listOrder, pageOffset } from './lists';
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
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, staffEmail: staffUsers.email })
      .from(auditLog)
      .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
      .where(where)
      .orderBy(...listOrder(query.sort, { createdAt: auditLog.createdAt }, auditLog.id))
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ n: count() }).from(auditLog).where(where),
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
    total: total!.n,
    page: query.page,
    perPage: query.perPage,
  } satisfies ListAnswer<AuditEntry>);
});
