// Applies pending database migrations: `npm run db:migrate`.
import { readConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { openMigratedDatabase } from '../src/server/seed/database';

const config = readConfig();
const logger = createLogger(config.logLevel);
const handle = await openMigratedDatabase(config);
await handle.close();
logger.info({ database: handle.kind }, 'migrations applied');
