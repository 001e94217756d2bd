import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { StaffPrincipal } from './context';

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

/** Fields an audit entry must never hold, at any depth. */
const SECRET_KEYS = new Set([
  'password',
  'passwordHash',
  'currentPassword',
  'newPassword',
  'secretToken',
  'idHash',
  'sessionId',
  'tokenVersion',
]);

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEYS.has(key))
        .map(([key, entry]) => [key, withoutSecrets(entry)]),
    );
  }
  return value;
}

/**
 * The longest record id an entry keeps (a reorder names every record it moved): the column is indexed, and PostgreSQL
 * refuses index entries over about 2.7 kB, which failed reorders of more than about 72 records. The entry's before and
 * after keep every id.
 */
export const AUDIT_ENTITY_ID_MAX = 200;
const boundedEntityId = (id: string) => (id.length <= AUDIT_ENTITY_ID_MAX ? id : `${id.slice(0, AUDIT_ENTITY_ID_MAX - 1)}…`);

/** Records one back office write, inside the transaction of the write itself so both happen or neither. */
export async function recordAudit(tx: Executor, staff: Pick<StaffPrincipal, 'id' | 'name'>, entry: AuditEntry, at: Date): Promise<void> {
  await tx.insert(auditLog).values({
    id: randomUUID(),
    staffId: staff.id,
    staffName: staff.name,
    action: entry.action,
    entityType: entry.entityType,
    entityId: boundedEntityId(entry.entityId),
    before: entry.before === undefined ? null : withoutSecrets(entry.before),
    after: entry.after === undefined ? null : withoutSecrets(entry.after),
    createdAt: at,
  });
}
