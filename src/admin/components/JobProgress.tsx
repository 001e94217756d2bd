import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Job } from '../../contract/admin';
import { api } from '../api/client';
import { useWrite } from '../api/write';
import { useI18n } from '../i18n';

const POLL_MS = 1000;
const ENDED = new Set<Job['status']>(['done', 'failed', 'canceled']);

/**
 * A back office job's progress bar, its result and its problems (by row or record), with Cancel while it runs. It
 * polls the job until it ends, then refreshes the queries named in `invalidate` once.
 */
export function JobProgress({
  jobId,
  invalidate,
  onClose,
  onEnd,
}: {
  jobId: string;
  invalidate: QueryKey[];
  onClose: () => void;
  /** told once the job has ended, with its last state */
  onEnd?: (job: Job) => void;
}) {
  const { t } = useI18n();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['jobs', jobId],
    queryFn: () => api.get<Job>(`/jobs/${jobId}`),
    refetchInterval: (q) => (q.state.data && ENDED.has(q.state.data.status) ? false : POLL_MS),
  });
  const job = query.data;
  const ended = job ? ENDED.has(job.status) : false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the job ends
  useEffect(() => {
    if (!ended) return;
    for (const queryKey of invalidate) void client.invalidateQueries({ queryKey });
    if (job) onEnd?.(job);
  }, [ended]);
  const cancel = useWrite<void, Job>({
    mutationFn: () => api.post<Job>(`/jobs/${jobId}/cancel`),
    invalidate: [['jobs']],
    success: t('jobs.cancelAsked'),
  });
  if (!job) return null;
  const max = Math.max(job.total, job.processed, 1);
  return (
    <section className="job-progress" aria-label={t('jobs.title')}>
      <div className="job-progress-head">
        <strong>{t(`jobs.status.${job.status}`)}</strong>
        <span className="muted">{t('jobs.counts', { processed: job.processed, total: job.total, failed: job.failed })}</span>
      </div>
      <progress max={max} value={job.processed} aria-label={t('jobs.progress')}>
        {Math.round((job.processed / max) * 100)}%
      </progress>
      {job.errors.length ? (
        <ul className="job-errors">
          {job.errors.map((error, i) => (
            <li key={`${error.ref ?? ''}-${error.row ?? ''}-${i}`}>
              {error.row !== null
                ? error.column
                  ? t('jobs.errorRowColumn', { row: error.row, column: error.column })
                  : t('jobs.errorRow', { row: error.row })
                : error.ref
                  ? t('jobs.errorRef', { ref: error.ref })
                  : null}{' '}
              {error.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="row-actions">
        {ended ? (
          <button type="button" className="btn btn-small" onClick={onClose}>
            {t('jobs.close')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={job.cancelRequested || cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {job.cancelRequested ? t('jobs.canceling') : t('jobs.cancel')}
          </button>
        )}
      </div>
    </section>
  );
}
