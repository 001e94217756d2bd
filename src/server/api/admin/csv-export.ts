import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import Papa from 'papaparse';
import type { AdminEnv } from './context';

/** Rows of a CSV export per database page; amounts in major units with two decimals. */
export const csvAmount = (cents: number) => (cents / 100).toFixed(2);

const unparse = (rows: string[][]) => `${Papa.unparse(rows, { escapeFormulae: true, newline: '\r\n' })}\r\n`;

/**
 * Answers a CSV file written as it is read: the header, then each page of rows the generator yields, so an export of
 * any size holds one page in memory. Cells a spreadsheet would run as a formula are prefixed with `'`. An error after
 * the first bytes ends the file early (the status is already sent) and is logged.
 */
export function streamCsv(c: Context<AdminEnv>, filename: string, header: readonly string[], pages: () => AsyncGenerator<string[][]>) {
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${filename}"`);
  c.header('cache-control', 'no-store');
  c.header('x-content-type-options', 'nosniff');
  return stream(
    c,
    async (out) => {
      await out.write(`\uFEFF${unparse([[...header]])}`);
      for await (const rows of pages()) if (rows.length) await out.write(unparse(rows));
    },
    async (error) => {
      c.var.deps.logger.error({ err: error }, 'a CSV export failed while streaming');
    },
  );
}

/**
 * Answers a CSV file whose lines the database wrote (see csv_field): the header, then each chunk of finished lines the
 * generator yields, passed on as they are. An error after the first bytes ends the file early and is logged.
 */
export function streamCsvText(c: Context<AdminEnv>, filename: string, header: readonly string[], chunks: () => AsyncGenerator<string>) {
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${filename}"`);
  c.header('cache-control', 'no-store');
  c.header('x-content-type-options', 'nosniff');
  return stream(
    c,
    async (out) => {
      await out.write(`\uFEFF${unparse([[...header]])}`);
      for await (const text of chunks()) if (text) await out.write(text);
    },
    async (error) => {
      c.var.deps.logger.error({ err: error }, 'a CSV export failed while streaming');
    },
  );
}

/** Reads a table page by page along a key (`after` the last row's key), `size` rows at a time. */
export async function* keysetPages<Row, Key>(
  read: (after: Key | null, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size = 500,
): AsyncGenerator<Row[]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
