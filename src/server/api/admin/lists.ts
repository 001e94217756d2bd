import { asc, desc, gte, lt, type AnyColumn, type SQL } from 'drizzle-orm';

/** ORDER BY for a list's `sort` (`field` or `-field`), with `tieBreak` last so pages never overlap. */
export function listOrder(sort: string, columns: Record<string, AnyColumn | SQL>, tieBreak: AnyColumn): SQL[] {
  const descending = sort.startsWith('-');
  const column = columns[descending ? sort.slice(1) : sort];
  if (!column) return [desc(tieBreak)];
  return [descending ? desc(column) : asc(column), descending ? desc(tieBreak) : asc(tieBreak)];
}

export const pageOffset = (page: number, perPage: number) => (page - 1) * perPage;

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
