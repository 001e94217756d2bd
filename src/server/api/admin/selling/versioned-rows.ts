import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Language } from '../../../../lib/localize';
import type { Executor } from '../../../db/client';
import { ApiError } from '../../core/errors';
import { recordAudit } from '../audit';
import type { StaffPrincipal } from '../context';
import { adminMessage } from '../messages';
import { expectVersion, versionConflict } from '../versioned';

/** A table of versioned, ordered records edited by the selling screens. */
export type VersionedTable = PgTable & { version: PgColumn; position: PgColumn };

type Row = { version: number; position?: number } & Record<string, unknown>;

export type Versioned = {
  table: VersionedTable;
  key: PgColumn;
  entityType: string;
  missing: string;
  /** what the audit log keeps of a row (default: all of it); leaves out what must never be stored there */
  auditView?: (row: Row) => unknown;
};

async function lockRow(tx: Executor, spec: Versioned, id: string): Promise<Row | undefined> {
  const [row] = await tx
    .select()
    .from(spec.table as PgTable)
    .where(eq(spec.key, id))
    .for('update');
  return row as Row | undefined;
}

/**
 * Changes one record inside `tx`: locks it, checks the client's version (404/409), runs `check` on the
 * locked row (refusals throw), updates only while the version still matches (bumping it) and records the
 * audit entry with before and after.
 */
export async function updateVersioned<T extends Row>(
  tx: Executor,
  spec: Versioned,
  who: { staff: StaffPrincipal; lang: Language; at: Date },
  id: string,
  version: number,
  action: string,
  set: Record<string, unknown>,
  check?: (before: T) => Promise<void> | void,
): Promise<T> {
  const before = expectVersion(await lockRow(tx, spec, id), version, who.lang, spec.missing) as T;
  await check?.(before);
  const [after] = await tx
    .update(spec.table)
    .set({ ...set, version: sql`${spec.table.version} + 1` } as never)
    .where(and(eq(spec.key, id), eq(spec.table.version, version)))
    .returning();
  if (!after) throw versionConflict(who.lang);
  const view = spec.auditView ?? ((row: Row) => row);
  await recordAudit(
    tx,
    who.staff,
    { action, entityType: spec.entityType, entityId: id, before: view(before), after: view(after as Row) },
    who.at,
  );
  return after as T;
}

/** Deletes one record inside `tx` under the same rules; `check` may refuse (a record still in use). */
export async function deleteVersioned(
  tx: Executor,
  spec: Versioned,
  who: { staff: StaffPrincipal; lang: Language; at: Date },
  id: string,
  version: number,
  action: string,
  check?: (before: Row) => Promise<void> | void,
): Promise<void> {
  const before = expectVersion(await lockRow(tx, spec, id), version, who.lang, spec.missing);
  await check?.(before);
  const deleted = await tx
    .delete(spec.table)
    .where(and(eq(spec.key, id), eq(spec.table.version, version)))
    .returning();
  if (deleted.length === 0) throw versionConflict(who.lang);
  await recordAudit(
    tx,
    who.staff,
    { action, entityType: spec.entityType, entityId: id, before: (spec.auditView ?? ((row: Row) => row))(before) },
    who.at,
  );
}

/**
 * Puts records in the order given (position 0, 1, …): every one must exist, belong to `scope` (when given)
 * and carry its current version, else nothing changes. One audit entry for the new order.
 */
export async function reorderVersioned(
  tx: Executor,
  spec: Versioned,
  who: { staff: StaffPrincipal; lang: Language; at: Date },
  items: { id: string; version: number }[],
  action: string,
  scope?: (row: Row) => boolean,
): Promise<void> {
  const ids = items.map((i) => i.id);
  if (new Set(ids).size !== ids.length) throw new ApiError(400, adminMessage('selling.duplicateItems', who.lang), { errorPath: 'items' });
  const rows = (await tx
    .select()
    .from(spec.table as PgTable)
    .where(inArray(spec.key, ids))
    .for('update')) as Row[];
  const keyName = Object.entries(spec.table).find(([, col]) => col === spec.key)?.[0] ?? 'id';
  const byId = new Map(rows.map((r) => [String(r[keyName]), r]));
  const before: { id: string; position: number }[] = [];
  for (const [index, item] of items.entries()) {
    const row = byId.get(item.id);
    if (!row || (scope && !scope(row))) {
      throw new ApiError(404, adminMessage(spec.missing, who.lang), {
        errorPath: `items.${index}.id`,
        fieldErrors: { [`items.${index}.id`]: [adminMessage(spec.missing, who.lang)] },
      });
    }
    if (row.version !== item.version) throw versionConflict(who.lang);
    before.push({ id: item.id, position: Number(row.position ?? 0) });
  }
  for (const [position, item] of items.entries()) {
    const updated = await tx
      .update(spec.table)
      .set({ position, version: sql`${spec.table.version} + 1` } as never)
      .where(and(eq(spec.key, item.id), eq(spec.table.version, item.version)))
      .returning();
    if (updated.length === 0) throw versionConflict(who.lang);
  }
  await recordAudit(
    tx,
    who.staff,
    {
      action,
      entityType: spec.entityType,
      entityId: ids.join(','),
      before,
      after: items.map((item, position) => ({ id: item.id, position })),
    },
    who.at,
  );
}

/** The position after the last record (new records go to the end unless a position is given). */
export async function nextPosition(tx: Executor, spec: Versioned, where?: ReturnType<typeof eq>): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${spec.table.position})` })
    .from(spec.table as PgTable)
    .where(where);
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}
