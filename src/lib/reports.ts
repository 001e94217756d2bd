/**
 * The sales reports' calendar and files: ranges, the previous period, the days, weeks and months a range is drawn
 * in (calendar days, each a day of the shop's report time zone, written as UTC dates), and the CSV of a report's table. Pure: used by the server (src/server/api/admin/reports-routes.ts) and
 * the back office's Reports screen.
 */

export type Grouping = 'day' | 'week' | 'month';

const DAY_MS = 86_400_000;

/** The UTC midnight of a YYYY-MM-DD day. */
export const dayOf = (key: string): Date => new Date(`${key}T00:00:00Z`);
/** The YYYY-MM-DD of a date's UTC day. */
export const keyOf = (date: Date): string => date.toISOString().slice(0, 10);
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/** The YYYY-MM-DD of the day a moment falls on in an IANA time zone. */
export function dayKeyIn(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A range of whole UTC days: `from` included, `until` excluded. */
export type DayRange = { from: Date; until: Date };

/** The number of days of a range. */
export const daysOf = (range: DayRange): number => Math.round((range.until.getTime() - range.from.getTime()) / DAY_MS);

/** The range of `from`..`to` (both included), by default the 30 days up to `today`. */
export function rangeOf(from: string | undefined, to: string | undefined, today: Date): DayRange {
  const last = to ? dayOf(to) : dayOf(keyOf(today));
  const first = from ? dayOf(from) : addDays(last, -29);
  return { from: first, until: addDays(last, 1) };
}

/** The period of as many days just before `range`. */
export function previousRange(range: DayRange): DayRange {
  return { from: addDays(range.from, -daysOf(range)), until: range.from };
}

/** The first day of the day, ISO week (Monday) or month holding `date`. */
export function groupStart(date: Date, by: Grouping): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  if (by === 'day') return day;
  if (by === 'week') return addDays(day, -((day.getUTCDay() + 6) % 7));
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

function nextGroup(start: Date, by: Grouping): Date {
  if (by === 'day') return addDays(start, 1);
  if (by === 'week') return addDays(start, 7);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/** The first days (YYYY-MM-DD) of the groups a range is drawn in; the first may start before the range does. */
export function groupKeys(range: DayRange, by: Grouping): string[] {
  const keys: string[] = [];
  for (let start = groupStart(range.from, by); start < range.until; start = nextGroup(start, by)) keys.push(keyOf(start));
  return keys;
}

/** The last day (YYYY-MM-DD, included) of a range. */
export const lastDayOf = (range: DayRange): string => keyOf(addDays(range.until, -1));

function csvCell(value: string | number): string {
  const text = String(value);
  // a cell a spreadsheet would read as a formula is quoted with a leading apostrophe
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV file (RFC 4180, CRLF lines) of a header row and rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Minor units as a plain decimal for a CSV (12345 → "123.45"), whatever the page's language. */
export function minorToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
