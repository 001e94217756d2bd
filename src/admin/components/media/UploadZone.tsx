import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent } from 'react';
import { MEDIA_ACCEPT, MEDIA_MAX_FILE_BYTES, MEDIA_MAX_FILES, type MediaItem } from '../../../contract/admin/media';
import { AdminApiError } from '../../api/client';
import { MEDIA_KEY, uploadMedia } from '../../api/media';
import { useT } from '../../i18n';
import { errorText } from '../States';
import { useToasts } from '../Toasts';
import './media.css';

/**
 * Where images enter the library: drop files on the zone or choose them with the button (several at once).
 * Shows the progress of the upload and, when the server refuses files, which ones and why.
 */
export function UploadZone({ onUploaded, compact }: { onUploaded?: (items: MediaItem[]) => void; compact?: boolean }) {
  const t = useT();
  const toasts = useToasts();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  async function send(list: FileList | File[] | null) {
    const files = [...(list ?? [])];
    if (files.length === 0 || progress !== null) return;
    setProblems([]);
    if (files.length > MEDIA_MAX_FILES) {
      setProblems([t('media.tooMany', { count: MEDIA_MAX_FILES })]);
      return;
    }
    const tooBig = files.filter((file) => file.size > MEDIA_MAX_FILE_BYTES);
    if (tooBig.length) {
      setProblems(tooBig.map((file) => t('media.fileTooBig', { name: file.name, mb: MEDIA_MAX_FILE_BYTES / 1024 / 1024 })));
      return;
    }
    setProgress(0);
    try {
      const items = await uploadMedia(files, setProgress);
      await client.invalidateQueries({ queryKey: [MEDIA_KEY] });
      toasts.ok(t('media.uploaded', { count: items.length }));
      onUploaded?.(items);
    } catch (error) {
      if (error instanceof AdminApiError && Object.keys(error.errors.fields).length) setProblems(Object.values(error.errors.fields).flat());
      else setProblems([errorText(error, t)]);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void send(event.dataTransfer.files);
  };
  return (
    <div
      className={`upload-zone${over ? ' is-over' : ''}${compact ? ' is-compact' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="upload-zone"
    >
      <p id={hintId}>{t('media.dropHint', { mb: MEDIA_MAX_FILE_BYTES / 1024 / 1024 })}</p>
      <input
        ref={input}
        type="file"
        accept={MEDIA_ACCEPT}
        multiple
        className="visually-hidden"
        aria-label={t('media.chooseFiles')}
        aria-describedby={hintId}
        tabIndex={-1}
        onChange={(event) => void send(event.target.files)}
      />
      <button type="button" className="btn btn-primary" onClick={() => input.current?.click()} disabled={progress !== null}>
        {t('media.chooseFiles')}
      </button>
      {progress !== null ? (
        <div className="upload-progress">
          <progress max={1} value={progress} aria-label={t('media.uploading')} />
          <span className="small muted" role="status">
            {progress >= 1 ? t('media.processing') : t('media.uploadingShare', { share: Math.round(progress * 100) })}
          </span>
        </div>
      ) : null}
      {problems.length ? (
        <ul className="form-error upload-problems" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
