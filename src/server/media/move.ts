import { isNotNull, sql } from 'drizzle-orm';
import { images } from '../db/schema';
import { readMediaLocation, recordMediaLocation } from './location';
import { sha256, whileUsed, type OriginalsContext } from './originals';
import type { MediaStoreKind } from './store';

export type MoveReport = {
  from: MediaStoreKind;
  to: MediaStoreKind;
  /** originals the shop's images use */
  total: number;
  copied: number;
  /** already in the target with the right bytes (copied by an earlier, interrupted run) */
  alreadyThere: number;
  /** hashes the source store does not have, or has with other bytes: the move did not switch because of them */
  missing: string[];
  /** whether the shop now reads and writes the target store */
  switched: boolean;
};

export class MoveRefused extends Error {}

/**
 * Moves the shop's originals to another store: marks the move (from then on every new original is written to
 * both stores), copies each original the shop's images use, reads it back and checks its SHA-256, and then
 * switches the shop to the target. Every instance follows the switch; the source keeps its copies (delete them
 * once satisfied). Run again after an interruption: what the target already holds with the right bytes is only
 * checked, not copied again. A missing or damaged original stops the switch unless `acceptMissing`.
 */
export async function moveMedia(
  context: OriginalsContext,
  to: MediaStoreKind,
  options: { acceptMissing?: boolean; onOriginal?: (hash: string, done: number, total: number) => void | Promise<void> } = {},
): Promise<MoveReport> {
  const location = await readMediaLocation(context.db);
  if (!location) throw new MoveRefused('The database holds no shop yet: start it, or run npm run setup, first.');
  const report: MoveReport = { from: location.store, to, total: 0, copied: 0, alreadyThere: 0, missing: [], switched: false };
  if (location.store === to) {
    if (location.movingTo) await recordMediaLocation(context.db, { store: to, movingTo: null });
    report.switched = true;
    return report;
  }
  const source = await context.stores.open(location.store);
  const target = await context.stores.open(to);
  if (location.movingTo !== to) await recordMediaLocation(context.db, { store: location.store, movingTo: to });
  const originals = await context.db
    .select({ hash: sql<string>`${images.hash}`, mime: sql<string>`min(${images.mime})` })
    .from(images)
    .where(isNotNull(images.hash))
    .groupBy(images.hash);
  report.total = originals.length;
  let done = 0;
  for (const { hash, mime } of originals) {
    await whileUsed(context, hash, async () => {
      const there = await target.get(hash);
      if (there && sha256(there) === hash) {
        report.alreadyThere++;
        return;
      }
      const data = await source.get(hash);
      if (!data || sha256(data) !== hash) {
        report.missing.push(hash);
        return;
      }
      await target.put(hash, data, mime);
      const back = await target.get(hash);
      if (!back || sha256(back) !== hash) throw new Error(`${hash} did not read back from the ${to} store with the same bytes`);
      report.copied++;
    });
    await options.onOriginal?.(hash, ++done, report.total);
  }
  if (report.missing.length && !options.acceptMissing) return report;
  await recordMediaLocation(context.db, { store: to, movingTo: null });
  report.switched = true;
  return report;
}
