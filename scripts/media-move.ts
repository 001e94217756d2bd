// Moves the shop's image originals to another media store and switches the shop to it:
// `npm run media:move -- --to postgres|s3|fs [--accept-missing]`. Safe to run while the shop serves (on PostgreSQL);
// run it again after an interruption and it goes on where it stopped. On PGlite, stop the server first.
import { parseArgs } from 'node:util';
import { readConfig } from '../src/server/config';
import { startPgInvalidationTransport } from '../src/server/cache/pg-transport';
import { createLogger } from '../src/server/logger';
import { createMedia } from '../src/server/media/media';
import { MoveRefused, moveMedia } from '../src/server/media/move';
import { MEDIA_STORE_KINDS, type MediaStoreKind } from '../src/server/media/store';
import { openMigratedDatabase } from '../src/server/seed/database';

const { values } = parseArgs({ options: { to: { type: 'string' }, 'accept-missing': { type: 'boolean', default: false } } });
const to = values.to as MediaStoreKind;
if (!(MEDIA_STORE_KINDS as readonly string[]).includes(to)) {
  console.error(`usage: npm run media:move -- --to ${MEDIA_STORE_KINDS.join('|')} [--accept-missing]`);
  process.exit(2);
}

const config = readConfig();
const logger = createLogger(config.logLevel);
const handle = await openMigratedDatabase(config);
// running instances hear the move's start and its switch, as they hear any other change
const transport = config.databaseUrl ? startPgInvalidationTransport(config.databaseUrl, logger) : undefined;
await transport?.ready;
const media = createMedia(config, handle.db, handle.kind, logger);
try {
  let shown = Date.now();
  const report = await moveMedia(media, to, {
    acceptMissing: values['accept-missing'],
    onOriginal: (_hash, done, total) => {
      if (done === total || Date.now() - shown > 2000) {
        shown = Date.now();
        console.log(`${done}/${total} originals copied or checked`);
      }
    },
  });
  console.log(
    `${report.from} → ${report.to}: ${report.total} originals, ${report.copied} copied, ${report.alreadyThere} already there and checked`,
  );
  if (report.missing.length) {
    console.error(`${report.missing.length} originals are missing from the ${report.from} store or do not match their hash:`);
    for (const hash of report.missing) console.error(`  ${hash}`);
  }
  if (report.switched) {
    console.log(`The shop now keeps its images in the ${to} store. Set MEDIA_STORE=${to} for the next starts;`);
    console.log(`the ${report.from} store keeps its copies until you delete them.`);
  } else {
    console.error('Not switched. Restore the missing originals and run again, or run again with --accept-missing.');
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof MoveRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await media.close();
  await transport?.close();
  await handle.close();
}
