import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { useI18n } from '../../i18n';
import { dateTime } from '../../lib/format';
import type { RevisionListItem } from './types';

/** Publish now, or at a chosen date and time (the draft then waits, scheduled). */
export function PublishDialog({
  open,
  busy,
  onClose,
  onPublish,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onPublish: (publishAt: string | null) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [error, setError] = useState('');
  const submit = () => {
    if (when === 'now') return onPublish(null);
    const date = new Date(at);
    if (!at || Number.isNaN(date.getTime()) || date.getTime() <= Date.now()) {
      setError(t('builder.publishAtFuture'));
      return;
    }
    setError('');
    onPublish(date.toISOString());
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('builder.publish')}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.back')}
          </button>
          <button type="button" className="btn btn-primary" onClick={submit} disabled={busy}>
            {busy ? t('builder.publishing') : when === 'now' ? t('builder.publishNow') : t('builder.schedule')}
          </button>
        </>
      }
    >
      <fieldset className="bld-when">
        <legend>{t('builder.when')}</legend>
        <label>
          <input type="radio" name={`${id}-when`} checked={when === 'now'} onChange={() => setWhen('now')} /> {t('builder.now')}
        </label>
        <label>
          <input type="radio" name={`${id}-when`} checked={when === 'later'} onChange={() => setWhen('later')} /> {t('builder.later')}
        </label>
      </fieldset>
      {when === 'later' ? (
        <div className="field">
          <label htmlFor={`${id}-at`}>{t('builder.publishAt')}</label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            value={at}
            onChange={(event) => setAt(event.target.value)}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error ? (
            <p className="field-error" id={`${id}-error`}>
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/** Published versions, newest first: look at one in the preview, or bring it back into the draft. */
export function HistoryDialog({
  open,
  onClose,
  items,
  loading,
  error,
  previewing,
  onPreview,
  onRestore,
}: {
  open: boolean;
  onClose: () => void;
  items: RevisionListItem[];
  loading: boolean;
  error: boolean;
  previewing: number | null;
  onPreview: (number: number) => void;
  onRestore: (number: number) => void;
}) {
  const { t, lang } = useI18n();
  return (
    <Dialog open={open} onClose={onClose} title={t('builder.history')} wide>
      {loading ? <p role="status">{t('state.loading')}</p> : null}
      {error ? <p className="form-error">{t('errors.server')}</p> : null}
      {!loading && items.length === 0 ? <p className="muted">{t('builder.noRevisions')}</p> : null}
      <ul className="plain-list bld-revisions">
        {items.map((item) => (
          <li key={item.number} className="bld-revision" aria-current={previewing === item.number ? 'true' : undefined}>
            <div>
              <strong>{t('builder.revision', { number: item.number })}</strong>
              <div className="muted small">
                {/* the first version (written by the setup or the seed) has no staff name */}
                {item.publishedByName
                  ? t('builder.publishedBy', { name: item.publishedByName, when: dateTime(item.publishedAt, lang) })
                  : t('builder.publishedAt', { when: dateTime(item.publishedAt, lang) })}
              </div>
            </div>
            <div className="bld-revision-actions">
              <button
                type="button"
                className="btn btn-small"
                onClick={() => onPreview(item.number)}
                aria-label={t('builder.previewRevision', { number: item.number })}
              >
                {t('builder.preview')}
              </button>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => onRestore(item.number)}
                aria-label={t('builder.restoreRevision', { number: item.number })}
              >
                {t('builder.restore')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
