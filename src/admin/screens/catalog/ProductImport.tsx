import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { hasCapability, type Job } from '../../../contract/admin';
import {
  PRODUCT_CSV_LIST_SEPARATOR,
  PRODUCT_IMPORT_JOB_MAX_BYTES,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_CSV_MAX_ROWS,
  type ProductImportAnswer,
  type ProductImportError,
} from '../../../contract/admin/catalogs';
import { AdminApiError, adminUrl, api } from '../../api/client';
import { JobProgress } from '../../components/JobProgress';
import { errorText } from '../../components/States';
import { useToasts } from '../../components/Toasts';
import { useI18n } from '../../i18n';
import { useStaff } from '../../api/session';

/** Row problems out of a refused import's field errors (`rows.<row>.<column>`). */
function rowErrorsOf(error: AdminApiError): ProductImportError[] {
  return Object.entries(error.errors.fields)
    .flatMap(([path, messages]) => {
      const match = /^rows\.(\d+)\.(.+)$/.exec(path);
      if (!match) return [];
      return messages.map((message) => ({ row: Number(match[1]), column: match[2] === 'row' ? null : match[2]!, message }));
    })
    .sort((a, b) => a.row - b.row);
}

type Result =
  | { kind: 'checked' | 'imported'; answer: ProductImportAnswer }
  | { kind: 'refused'; errors: ProductImportError[]; message: string };

const IMPORT_QUERIES = [['products'], ['catalogs']];

/**
 * Products in and out as CSV: export every product; choose a file, check it (dry run), then import it. The owner's
 * check and import run as jobs (a file of any size, with a progress bar); a manager's as one request of a limited file.
 */
export default function ProductImport() {
  const owner = hasCapability(useStaff().role, 'bulk_jobs');
  const { t } = useI18n();
  const toasts = useToasts();
  const client = useQueryClient();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);

  const [job, setJob] = useState<{ id: string; dryRun: boolean } | null>(null);
  const [ended, setEnded] = useState<Job | null>(null);
  const maxBytes = owner ? PRODUCT_IMPORT_JOB_MAX_BYTES : PRODUCT_CSV_MAX_BYTES;

  async function choose(files: FileList | null) {
    const chosen = files?.[0];
    setResult(null);
    setJob(null);
    setEnded(null);
    if (!chosen) return setFile(null);
    if (chosen.size > maxBytes) {
      setFile(null);
      toasts.error(t('catalogs.import.tooLarge', { mb: maxBytes / 1024 / 1024 }));
      return undefined;
    }
    setFile({ name: chosen.name, text: await chosen.text() });
    return undefined;
  }

  async function runJob(dryRun: boolean) {
    if (!file) return;
    setBusy(dryRun ? 'check' : 'import');
    setResult(null);
    setEnded(null);
    try {
      const queued = await api.post<Job>('/products/import-job', { csv: file.text, dryRun, fileName: file.name });
      setJob({ id: queued.id, dryRun });
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 400 && rowErrorsOf(error).length) {
        const errors = rowErrorsOf(error);
        setResult({ kind: 'refused', errors, message: t('catalogs.import.refused', { count: errors.length }) });
      } else toasts.error(errorText(error, t));
    } finally {
      setBusy(null);
    }
  }

  async function run(dryRun: boolean) {
    if (!file) return;
    if (owner) return runJob(dryRun);
    setBusy(dryRun ? 'check' : 'import');
    try {
      const answer = await api.post<ProductImportAnswer>('/products/import', { csv: file.text, dryRun });
      setResult({ kind: dryRun ? 'checked' : 'imported', answer });
      if (!dryRun) {
        toasts.ok(t('catalogs.import.done', { created: answer.created, updated: answer.updated }));
        await client.invalidateQueries({ queryKey: ['products'] });
        await client.invalidateQueries({ queryKey: ['catalogs'] });
      }
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 400 && rowErrorsOf(error).length) {
        const errors = rowErrorsOf(error);
        setResult({ kind: 'refused', errors, message: t('catalogs.import.refused', { count: errors.length }) });
      } else toasts.error(errorText(error, t));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <p className="back-link">
        <Link to="/products">← {t('catalogs.import.products')}</Link>
      </p>
      <div className="page-head">
        <h1>{t('catalogs.import.title')}</h1>
        <a className="btn" href={adminUrl('/products/export.csv')} download>
          {t('catalogs.import.export')}
        </a>
      </div>
      <div className="detail-grid">
        <section className="card" aria-labelledby={`${fileId}-import`}>
          <h2 id={`${fileId}-import`}>{t('catalogs.import.importTitle')}</h2>
          <div className="field">
            <label htmlFor={fileId}>{t('catalogs.import.file')}</label>
            <input ref={input} id={fileId} type="file" accept=".csv,text/csv" onChange={(event) => void choose(event.target.files)} />
          </div>
          {file ? <p className="small muted">{t('catalogs.import.chosen', { name: file.name })}</p> : null}
          <div className="actions-bar">
            <button type="button" className="btn" disabled={!file || busy !== null} onClick={() => void run(true)}>
              {busy === 'check' ? t('catalogs.import.checking') : t('catalogs.import.check')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!file || busy !== null || (owner ? !(ended?.status === 'done' && job?.dryRun) : result?.kind !== 'checked')}
              onClick={() => void run(false)}
            >
              {busy === 'import' ? t('catalogs.import.importing') : t('catalogs.import.import')}
            </button>
          </div>
          <p className="small muted">{owner ? t('catalogs.import.jobCheckFirst') : t('catalogs.import.checkFirst')}</p>
          <div aria-live="polite">
            {result ? <ResultView result={result} /> : null}
            {ended ? <JobSummary job={ended} /> : null}
          </div>
          {job ? (
            <JobProgress
              key={job.id}
              jobId={job.id}
              invalidate={job.dryRun ? [] : IMPORT_QUERIES}
              onClose={() => setJob(null)}
              onEnd={setEnded}
            />
          ) : null}
        </section>
        <section className="card" aria-labelledby={`${fileId}-format`}>
          <h2 id={`${fileId}-format`}>{t('catalogs.import.format')}</h2>
          <p>
            {owner
              ? t('catalogs.import.jobIntro', { mb: PRODUCT_IMPORT_JOB_MAX_BYTES / 1024 / 1024 })
              : t('catalogs.import.formatIntro', { rows: PRODUCT_CSV_MAX_ROWS, mb: PRODUCT_CSV_MAX_BYTES / 1024 / 1024 })}
          </p>
          <ul className="small">
            <li>{t('catalogs.import.colSlug')}</li>
            <li>{t('catalogs.import.colTitles')}</li>
            <li>{t('catalogs.import.colCatalogs', { separator: PRODUCT_CSV_LIST_SEPARATOR })}</li>
            <li>{t('catalogs.import.colEnabled')}</li>
            <li>{t('catalogs.import.colOptions')}</li>
            <li>{t('catalogs.import.colSku')}</li>
            <li>{t('catalogs.import.colPrices')}</li>
            <li>{t('catalogs.import.colStock')}</li>
            <li>{t('catalogs.import.colStockAtExport')}</li>
            <li>{t('catalogs.import.colDefault')}</li>
          </ul>
          <p className="small muted">{owner ? t('catalogs.import.jobKeeps') : t('catalogs.import.formatKeeps')}</p>
        </section>
      </div>
    </>
  );
}

/** What a check or import job found: products to create and update, and how many were refused. */
function JobSummary({ job }: { job: Job }) {
  const { t } = useI18n();
  const counts = {
    created: Number(job.result?.created ?? 0),
    updated: Number(job.result?.updated ?? 0),
    failed: job.failed,
  };
  const dryRun = job.params.dryRun === true;
  return (
    <p className={job.failed ? 'badge badge-warn' : 'badge badge-ok'}>
      {dryRun ? t('catalogs.import.checkedJob', counts) : t('catalogs.import.importedJob', counts)}
    </p>
  );
}

function ResultView({ result }: { result: Result }) {
  const { t } = useI18n();
  if (result.kind === 'refused') {
    return (
      <div className="import-result" role="alert">
        <p className="form-error">{result.message}</p>
        <table className="items-table">
          <caption className="visually-hidden">{t('catalogs.import.errorsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('catalogs.import.row')}</th>
              <th scope="col">{t('catalogs.import.column')}</th>
              <th scope="col">{t('catalogs.import.problem')}</th>
            </tr>
          </thead>
          <tbody>
            {result.errors.map((e, i) => (
              <tr key={`${e.row}-${e.column}-${i}`}>
                <td className="num">{e.row}</td>
                <td>{e.column ?? '—'}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  const { answer } = result;
  return (
    <div className="import-result">
      <p className={result.kind === 'imported' ? 'badge badge-ok' : 'badge badge-warn'}>
        {result.kind === 'imported' ? t('catalogs.import.imported') : t('catalogs.import.checked')}
      </p>
      <p>{t('catalogs.import.summary', { rows: answer.rows, created: answer.created, updated: answer.updated })}</p>
      {answer.products.length ? (
        <ul className="plain-list small">
          {answer.products.slice(0, 200).map((p) => (
            <li key={p.slug}>
              {p.action === 'create' ? t('catalogs.import.willCreate') : t('catalogs.import.willUpdate')} <strong>{p.slug}</strong> ·{' '}
              {t('catalogs.import.variations', { count: p.variations })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
