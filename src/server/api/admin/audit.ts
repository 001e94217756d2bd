import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Executor } from '../../db/client';
import { clientAddress } from '../core/rate-limit';
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

/** Where a back office request came from: its client address (after TRUST_PROXY) and User-Agent. */
type AuditOrigin = { clientAddress: string | null; userAgent: string | null };

const USER_AGENT_MAX = 500;
const origins = new AsyncLocalStorage<AuditOrigin>();

/** Every audit entry written while the request is handled records where it came from. */
export const auditOrigin: MiddlewareHandler = (c, next) => {
  const address = clientAddress(c);
  const userAgent = c.req.header('user-agent')?.trim().slice(0, USER_AGENT_MAX) || null;
  return origins.run({ clientAddress: address === 'unknown' ? null : address, userAgent }, next);
};

const originOfRequest = (): AuditOrigin => origins.getStore() ?? { clientAddress: null, userAgent: null };

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
    ...originOfRequest(),
    createdAt: at,
  });
}

/**
 * A staff sign-in that failed (a wrong password, an unknown e-mail or a disabled account): the account when there is
 * one, else the e-mail tried, with the request's address and User-Agent. Throttled attempts are not checked, so not
 * recorded; the throttling bounds how many entries one address can add.
 */
export async function recordFailedSignIn(
  db: Executor,
  attempt: { email: string; staff: { id: string; name: string; disabled: boolean } | null },
  at: Date,
): Promise<void> {
  const { staff } = attempt;
  await db.insert(auditLog).values({
    id: randomUUID(),
    staffId: staff?.id ?? null,
    staffName: staff?.name ?? '',
    action: 'session.sign-in-failed',
    entityType: 'staff',
    entityId: boundedEntityId(staff?.id ?? attempt.email),
    after: { email: attempt.email, reason: !staff ? 'unknown-account' : staff.disabled ? 'disabled' : 'wrong-password' },
    ...originOfRequest(),
    createdAt: at,
  });
}
