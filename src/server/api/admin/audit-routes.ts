import { and, count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { auditListQuerySchema, type AuditEntry, type ListAnswer } from '../../../contract/admin';
import { auditLog } from '../../db/schema';
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
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...listOrder(query.sort, { createdAt: auditLog.createdAt }, auditLog.id))
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ n: count() }).from(auditLog).where(where),
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
    total: total!.n,
    page: query.page,
    perPage: query.perPage,
  } satisfies ListAnswer<AuditEntry>);
});
