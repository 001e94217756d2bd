import { createApi, type Api } from './api/app';
import { configurePasswordHashing } from './auth/password';
import { startPgInvalidationTransport, type InvalidationTransport } from './cache/pg-transport';
import type { AppDeps } from './api/core/context';
import { createBackgroundTasks } from './background';
import { readConfig, type ServerConfig } from './config';
import { openDatabase, runMigrations, withAdvisoryLock, type DatabaseHandle } from './db/client';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mail';
import { loadSecret } from './secrets';
import { nodeTimers, startReservationSweeper, type ReservationSweeper, type SweeperTimers } from './reservation-sweeper';
import { startRecoveryWorker } from './marketing/recovery';
import { startIntegrationWorker, type IntegrationWorker } from './integrations/worker';
import { demoOwnerNotice } from './api/admin/staff';
import { startMailWorker, type MailWorker, type MailWorkerTimers } from './mail/worker';
import { seedDemoShop } from './seed';
import { adoptFolderImages } from './media/adopt';
import { createMedia, settleMediaLocation } from './media/media';
import { startBuilderScheduler, type BuilderScheduler } from './api/admin/builder/publish';
import { jobKinds } from './api/admin/jobs/job-kinds';
import { startJobWorker, type JobWorker } from './api/admin/jobs/job-runner';

export type Runtime = {
  deps: AppDeps;
  api: Api;
  handle: DatabaseHandle;
  sweeper: ReservationSweeper;
  /** publishes the builder's scheduled drafts when they are due */
  builderScheduler: BuilderScheduler;
  /** the mail queue worker, or null when MAIL_WORKER=false */
  mailWorker: MailWorker | null;
  /** runs the back office's jobs, or null when JOB_WORKER=false */
  jobWorker: JobWorker | null;
  /** delivers webhooks and Telegram alerts, or null when INTEGRATIONS_WORKER=false */
  integrationWorker: IntegrationWorker | null;
  /** carries page cache invalidations to the other instances (PostgreSQL only) */
  invalidationTransport?: InvalidationTransport;
  /** Stops background work (the reservation sweeper, the mail worker, the invalidation transport), then closes the database. */
  close: () => Promise<void>;
};

export const SEED_LOCK_KEY = 727_002;

export async function createRuntime(
  config: ServerConfig,
  options: {
    handle?: DatabaseHandle;
    logger?: Logger;
    seed?: boolean;
    timers?: SweeperTimers;
    mailTimers?: MailWorkerTimers;
    invalidationTransport?: boolean;
  } = {},
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config.logLevel);
  if (config.publicUrlWarning) logger.warn(config.publicUrlWarning);
  configurePasswordHashing({ cost: config.passwordHashCost });
  const handle =
    options.handle ??
    (config.databaseUrl
      ? await openDatabase({
          kind: 'postgres',
          url: config.databaseUrl,
          poolSize: config.databasePoolSize,
          timeouts: config.databaseTimeouts,
          onError: (err) => logger.warn({ err }, 'database connection lost; it is replaced on the next query'),
        })
      : await openDatabase({ kind: 'pglite', dataDir: config.dataDir }));
  await runMigrations(handle, config.migrationsDir);
  const media = createMedia(config, handle.db, handle.kind, logger);
  await settleMediaLocation(media, config.mediaStore, logger);
  await withAdvisoryLock(handle, SEED_LOCK_KEY, () => adoptFolderImages(media, config.dataDir, logger));
  if (options.seed ?? config.seedOnStart) {
    const result = await withAdvisoryLock(handle, SEED_LOCK_KEY, () => seedDemoShop(handle.db, { media, orders: config.seedDemoOrders }));
    if (result.seeded) {
      logger.info('demo shop seeded');
      const notice = await demoOwnerNotice(handle.db, config.publicUrl);
      if (notice) logger.info(notice);
    }
  }
  const deps: AppDeps = {
    db: handle.db,
    dbKind: handle.kind,
    config,
    logger,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger }),
    jwtKey: new TextEncoder().encode(await loadSecret(handle.db, 'jwt', config.jwtSecret)),
    paymentSecret: await loadSecret(handle.db, 'payment-sandbox', config.paymentSandboxSecret),
    now: () => new Date(),
    background: createBackgroundTasks(() => deps.logger),
    media,
  };
  const sweeper = startReservationSweeper(deps, options.timers);
  const builderScheduler = startBuilderScheduler(deps, options.timers);
  const mailWorker = config.mailWorker ? startMailWorker(deps, options.mailTimers) : null;
  const recoveryWorker = config.mailWorker ? startRecoveryWorker(deps, options.timers ?? nodeTimers) : null;
  const jobWorker = config.jobWorker ? startJobWorker(deps, jobKinds, options.timers) : null;
  const integrationWorker = config.integrationsWorker ? startIntegrationWorker(deps, options.timers ?? nodeTimers) : null;
  // Instances sharing a PostgreSQL database tell each other which cached pages went stale.
  const invalidationTransport =
    handle.kind === 'postgres' && config.databaseUrl && options.invalidationTransport !== false
      ? startPgInvalidationTransport(config.databaseUrl, logger)
      : undefined;
  return {
    deps,
    api: createApi(deps),
    handle,
    sweeper,
    builderScheduler,
    mailWorker,
    jobWorker,
    integrationWorker,
    invalidationTransport,
    close: async () => {
      await jobWorker?.stop();
      await sweeper.stop();
      await builderScheduler.stop();
      await recoveryWorker?.stop();
      await mailWorker?.stop();
      await integrationWorker?.stop();
      await invalidationTransport?.close();
      await media.close();
      await handle.close();
    },
  };
}

let shared: Promise<Runtime> | undefined;

/** The process-wide runtime used by the Astro server (pages and the /api endpoint). */
export function getRuntime(): Promise<Runtime> {
  shared ??= createRuntime(readConfig()).catch((error) => {
    shared = undefined;
    throw error;
  });
  return shared;
}

/**
 * Closes the process-wide runtime, if one was started: workers stop and the database closes cleanly (PGlite
 * checkpoints, so its sequences go on from where they were). The production server calls it on SIGTERM
 * through `Symbol.for('storefront.closeRuntime')`, as it cannot import the built app's modules by name.
 */
async function closeRuntime(): Promise<void> {
  const running = shared;
  shared = undefined;
  if (running) await (await running.catch(() => null))?.close();
}
(globalThis as Record<symbol, unknown>)[Symbol.for('storefront.closeRuntime')] = closeRuntime;
