import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  PRODUCT_CSV_LIST_SEPARATOR,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_CSV_MAX_ROWS,
  type ProductImportAnswer,
  type ProductImportError,
} from '../../../contract/admin/catalogs';
import { AdminApiError, adminUrl, api } from '../../api/client';
import { errorText } from '../../components/States';
import { useToasts } from '../../components/Toasts';
import { useI18n } from '../../i18n';

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

/** Products in and out as CSV: export every product; choose a file, check it (dry run), then import it. */
export default function ProductImport() {
  const { t } = useI18n();
  const toasts = useToasts();
  const client = useQueryClient();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);

  async function choose(files: FileList | null) {
    const chosen = files?.[0];
    setResult(null);
    if (!chosen) return setFile(null);
    if (chosen.size > PRODUCT_CSV_MAX_BYTES) {
      setFile(null);
      toasts.error(t('catalogs.import.tooLarge', { mb: PRODUCT_CSV_MAX_BYTES / 1024 / 1024 }));
      return undefined;
    }
    setFile({ name: chosen.name, text: await chosen.text() });
    return undefined;
  }

  async function run(dryRun: boolean) {
    if (!file) return;
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
              disabled={!file || busy !== null || result?.kind !== 'checked'}
              onClick={() => void run(false)}
            >
              {busy === 'import' ? t('catalogs.import.importing') : t('catalogs.import.import')}
            </button>
          </div>
          <p className="small muted">{t('catalogs.import.checkFirst')}</p>
          <div aria-live="polite">{result ? <ResultView result={result} /> : null}</div>
        </section>
        <section className="card" aria-labelledby={`${fileId}-format`}>
          <h2 id={`${fileId}-format`}>{t('catalogs.import.format')}</h2>
          <p>{t('catalogs.import.formatIntro', { rows: PRODUCT_CSV_MAX_ROWS, mb: PRODUCT_CSV_MAX_BYTES / 1024 / 1024 })}</p>
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
          <p className="small muted">{t('catalogs.import.formatKeeps')}</p>
        </section>
      </div>
    </>
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
