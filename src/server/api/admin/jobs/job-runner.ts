import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { MAX_JOB_ERRORS, type JobError, type JobStatus } from '../../../../contract/admin';
import { invalidate } from '../../../cache/invalidation';
import { startPasses, type PassTimers } from '../../../background';
import { nodeTimers } from '../../../reservation-sweeper';
import type { Executor } from '../../../db/client';
import { adminJobItems, adminJobs } from '../../../db/schema';
import type { AppDeps } from '../../core/context';
import { recordAudit } from '../audit';
import type { StaffPrincipal } from '../context';

export type JobRow = typeof adminJobs.$inferSelect;

/**
 * A kind of job: how it finds its next batch after the job's cursor, and how it applies one batch (inside the
 * batch's transaction; a batch that throws is rolled back alone and reported by its keys).
 */
export type JobKind = {
  /** the keys of the next batch after `job.cursor` (none: the job is done) and the cursor after them */
  next: (tx: Executor, job: JobRow, size: number) => Promise<{ keys: string[]; cursor: unknown }>;
  /**
   * applies the batch; answers the page cache tags it changed (sent once the batch is committed), and, for a kind
   * that skips single records it refuses, their problems, how many it skipped and its own counts (added up in the
   * job's result)
   */
  apply: (tx: Executor, job: JobRow, keys: string[], now: Date) => Promise<BatchOutcome>;
  /** the row of the file a key stands for, when the job reads a file */
  rowOf?: (job: JobRow, key: string) => number | null;
  /** records per batch (JOB_BATCH_SIZE unless the kind's statements do better with more) */
  batchSize?: number;
};
type BatchOutcome = { tags: string[]; errors?: JobError[]; failed?: number; counts?: Record<string, number> };
export type JobKinds = Record<string, JobKind>;

/** How long a claim holds without a batch committed; a job whose instance stopped is taken over after it. */
export const JOB_LEASE_MS = 60_000;
export const JOB_BATCH_SIZE = 250;
export const JOB_POLL_MS = 1000;

const leaseEnd = (now: Date) => new Date(now.getTime() + JOB_LEASE_MS);

/** Queues a job (inside the request's transaction, audited with it); the worker of some instance takes it up. */
export async function queueJob(
  tx: Executor,
  staff: Pick<StaffPrincipal, 'id' | 'name'>,
  job: { kind: string; params: Record<string, unknown>; total: number; lang: string },
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await tx.insert(adminJobs).values({
    id,
    kind: job.kind,
    params: job.params,
    total: job.total,
    staffId: staff.id,
    staffName: staff.name,
    lang: job.lang,
    createdAt: now,
    updatedAt: now,
  });
  await recordAudit(
    tx,
    staff,
    { action: 'job.queue', entityType: 'job', entityId: id, after: { kind: job.kind, ...job.params, total: job.total } },
    now,
  );
  return id;
}

/** Claims the oldest open job no live instance holds (`for update skip locked`: two instances never claim the same). */
export async function claimJob(deps: AppDeps, instanceId: string): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [open] = await tx
      .select({ id: adminJobs.id })
      .from(adminJobs)
      .where(and(inArray(adminJobs.status, ['queued', 'running']), or(isNull(adminJobs.claimedUntil), lt(adminJobs.claimedUntil, now))))
      .orderBy(asc(adminJobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!open) return null;
    await tx
      .update(adminJobs)
      .set({
        status: 'running',
        claimedBy: instanceId,
        claimedUntil: leaseEnd(now),
        startedAt: sql`coalesce(${adminJobs.startedAt}, ${now})`,
        updatedAt: now,
      })
      .where(eq(adminJobs.id, open.id));
    return open.id;
  });
}

/** Ends a job (done, failed or canceled) and records it in the audit log as one action with its counts. */
async function finishJob(tx: Executor, job: JobRow, status: JobStatus, now: Date, extraErrors: JobError[] = []) {
  const result = { ...job.result, processed: job.processed, failed: job.failed };
  await tx
    .update(adminJobs)
    .set({
      status,
      result,
      finishedAt: now,
      updatedAt: now,
      claimedBy: null,
      claimedUntil: null,
      errors: [...job.errors, ...extraErrors].slice(0, MAX_JOB_ERRORS),
    })
    .where(eq(adminJobs.id, job.id));
  // a file the job read goes with its end
  await tx.delete(adminJobItems).where(eq(adminJobItems.jobId, job.id));
  // the staff member who queued it (null once their account is gone, as the audit log keeps it)
  const staff = { id: job.staffId as string, name: job.staffName };
  await recordAudit(
    tx,
    staff,
    { action: `${job.kind}.${status}`, entityType: 'job', entityId: job.id, after: { ...job.params, ...result } },
    now,
  );
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One batch of a job this instance holds, in one transaction with the move of its cursor and counts, so a batch is
 * either done and counted or neither (an instance stopped mid-batch leaves it to be done again). Answers whether
 * there is more to do.
 */
export async function runJobBatch(deps: AppDeps, kinds: JobKinds, instanceId: string, jobId: string, batchSize?: number): Promise<boolean> {
  const outcome = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [job] = await tx.select().from(adminJobs).where(eq(adminJobs.id, jobId)).for('update');
    // another instance took it over (this one was too slow for its lease), or it ended
    if (!job || job.claimedBy !== instanceId || job.status !== 'running') return { more: false, tags: [] };
    const kind = kinds[job.kind];
    if (!kind) {
      await finishJob(tx, job, 'failed', now, [{ row: null, ref: null, message: `Unknown job kind ${job.kind}` }]);
      return { more: false, tags: [] };
    }
    if (job.cancelRequested) {
      await finishJob(tx, job, 'canceled', now);
      return { more: false, tags: [] };
    }
    const { keys, cursor } = await kind.next(tx, job, batchSize ?? kind.batchSize ?? JOB_BATCH_SIZE);
    if (keys.length === 0) {
      await finishJob(tx, job, 'done', now);
      return { more: false, tags: [] };
    }
    let tags: string[] = [];
    let errors: JobError[] = [];
    let failed = 0;
    let result = job.result;
    try {
      // a savepoint: a failing batch is rolled back alone, and the job goes on past it
      const applied = await tx.transaction((batch) => kind.apply(batch, job, keys, now));
      tags = applied.tags;
      errors = applied.errors ?? [];
      failed = applied.failed ?? 0;
      if (applied.counts) {
        const sums: Record<string, unknown> = { ...result };
        for (const [name, n] of Object.entries(applied.counts)) sums[name] = Number(sums[name] ?? 0) + n;
        result = sums;
      }
    } catch (error) {
      const message = messageOf(error);
      errors = keys.map((key) => ({ row: kind.rowOf?.(job, key) ?? null, ref: key, message }));
      failed = keys.length;
      deps.logger.warn({ err: error, jobId, keys: keys.length }, 'job batch failed; rolled back and reported');
    }
    await tx
      .update(adminJobs)
      .set({
        cursor,
        processed: sql`${adminJobs.processed} + ${keys.length}`,
        failed: sql`${adminJobs.failed} + ${failed}`,
        errors: [...job.errors, ...errors].slice(0, MAX_JOB_ERRORS),
        result,
        claimedUntil: leaseEnd(now),
        updatedAt: now,
      })
      .where(eq(adminJobs.id, job.id));
    return { more: true, tags };
  });
  // the batch's pages, once per batch, after its commit
  if (outcome.tags.length) await invalidate(outcome.tags);
  return outcome.more;
}

/** Hands a job this instance holds back (a stop between batches), so the next instance takes it up at once. */
async function releaseJob(deps: AppDeps, instanceId: string, jobId: string) {
  await deps.db
    .update(adminJobs)
    .set({ claimedBy: null, claimedUntil: null })
    .where(and(eq(adminJobs.id, jobId), eq(adminJobs.claimedBy, instanceId)));
}

export type JobWorker = {
  instanceId: string;
  /** claims and runs open jobs until none is left (passes never overlap within an instance); answers how many ran */
  run: () => Promise<number>;
  /** stops after the batch under way and hands its job back */
  stop: () => Promise<void>;
};

/** The worker every instance runs: looks for open jobs every JOB_POLL_MS and runs them batch by batch. */
export function startJobWorker(deps: AppDeps, kinds: JobKinds, timers: PassTimers = nodeTimers, intervalMs = JOB_POLL_MS): JobWorker {
  const instanceId = randomUUID();
  let stopped = false;
  const pass = async () => {
    let ran = 0;
    for (;;) {
      if (stopped) return ran;
      const jobId = await claimJob(deps, instanceId);
      if (!jobId) return ran;
      ran += 1;
      while (await runJobBatch(deps, kinds, instanceId, jobId)) {
        if (stopped) {
          await releaseJob(deps, instanceId, jobId);
          return ran;
        }
      }
    }
  };
  const passes = startPasses({
    pass,
    fallback: 0,
    onError: (err) => deps.logger.warn({ err }, 'job pass failed; the job resumes on a later pass'),
    timers,
    intervalMs,
    onStop: () => {
      stopped = true;
    },
  });
  return { instanceId, ...passes };
}
