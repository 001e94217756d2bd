import { asc, desc, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { LIST_COUNT_BOUND } from '../../../contract/admin';
import type { Executor } from '../../db/client';

/** ORDER BY for a list's `sort` (`field` or `-field`), with `tieBreak` last so pages never overlap. */
export function listOrder(sort: string, columns: Record<string, AnyColumn | SQL>, tieBreak: AnyColumn): SQL[] {
  const descending = sort.startsWith('-');
  const column = columns[descending ? sort.slice(1) : sort];
  if (!column) return [desc(tieBreak)];
  return [descending ? desc(column) : asc(column), descending ? desc(tieBreak) : asc(tieBreak)];
}

export const pageOffset = (page: number, perPage: number) => (page - 1) * perPage;

/**
 * One page of a list as the keys of its rows, in the list's order (`key` breaks ties). Selecting the keys alone lets
 * the sort's index answer it without visiting the table (the index carries the list's filters too), so a deep page
 * skips index entries, not rows; the caller then reads the page's rows by key.
 */
export function listPageKeys<K extends PgColumn>(
  db: Executor,
  list: {
    table: PgTable;
    key: K;
    where: SQL | undefined;
    sort: string;
    columns: Record<string, AnyColumn | SQL>;
    page: number;
    perPage: number;
  },
) {
  const order = listOrder(list.sort, list.columns, list.key);
  const offset = pageOffset(list.page, list.perPage);
  const keys = db
    .select({ key: list.key })
    .from(list.table)
    .where(list.where)
    .orderBy(...order)
    .limit(list.perPage)
    .offset(offset);
  return { where: list.where, order, offset, keys };
}

/**
 * The total of a list without counting a whole table on every call: the rows `matching` selects are counted up to
 * LIST_COUNT_BOUND past the page's offset; past that the answer says `totalCapped` and the list shows "N+".
 */
export async function boundedTotal(
  db: Executor,
  matching: PgSelect,
  offset: number,
  countBound = LIST_COUNT_BOUND,
): Promise<{ total: number; totalCapped: boolean }> {
  const bound = offset + countBound;
  const rows = matching.limit(bound + 1).as('bounded');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(rows);
  const n = Number(row?.n ?? 0);
  return n > bound ? { total: bound, totalCapped: true } : { total: n, totalCapped: false };
}

const DAY_MS = 86_400_000;
const isBareDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Conditions of a `from`/`to` filter; a bare `to` date includes that whole day (UTC). */
export function dateRange(column: AnyColumn, from: string | undefined, to: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, new Date(from)));
  if (to) {
    const end = isBareDate(to) ? new Date(new Date(to).getTime() + DAY_MS) : new Date(to);
    conditions.push(isBareDate(to) ? lt(column, end) : lt(column, new Date(end.getTime() + 1)));
  }
  return conditions;
}

/** `%q%` for ILIKE with the wildcard characters of `q` escaped. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const iso = (date: Date | null) => (date ? date.toISOString() : null);
