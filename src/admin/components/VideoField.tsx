import { useId } from 'react';
import { isRecord } from '../../lib/is-record';
import { VIDEO_SOURCES, type VideoSource } from '../../lib/video';
import { VIDEO_FIELD_SOURCES, videoOfField, type VideoFieldSource } from '../../lib/video-field';
import { useI18n } from '../i18n';
import { MediaPicker } from './MediaPicker';

/** The services' own names, the same in both languages. */
const VIDEO_SOURCE_NAMES: Record<VideoSource, string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  rutube: 'Rutube',
  vk: 'VK Video',
  kinescope: 'Kinescope',
};

const isFieldSource = (value: unknown): value is VideoFieldSource =>
  typeof value === 'string' && (VIDEO_FIELD_SOURCES as readonly string[]).includes(value);

/**
 * A video: where it is (one of the services, or a file on this site), its link or id there, how it plays and its
 * preview picture. "No video" stores nothing; an address the chosen service would not play is marked here and
 * refused when the draft is saved.
 */
export function VideoField({
  label,
  value,
  onChange,
  modes = true,
}: {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** false: the video always plays after a click (a product's gallery), so there is no mode to choose */
  modes?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const stored = isRecord(value) ? value : {};
  const source = isFieldSource(stored['source']) ? stored['source'] : null;
  const video = typeof stored['video'] === 'string' ? stored['video'] : '';
  const mode = stored['mode'] === 'background' ? 'background' : 'default';
  const previewImage = typeof stored['previewImage'] === 'string' && stored['previewImage'] ? stored['previewImage'] : null;
  const set = (patch: Record<string, unknown>) => onChange({ source, video, mode, previewImage, ...patch });
  const invalid = source !== null && video.trim() !== '' && videoOfField({ source, video }) === null;
  const hint = invalid
    ? t(source === 'file' ? 'builder.video.invalidFile' : 'builder.video.invalid')
    : t(source === 'file' ? 'builder.video.fileHint' : 'builder.video.addressHint');
  return (
    <fieldset className="bld-video">
      <legend>{label}</legend>
      <div className="field">
        <label htmlFor={`${id}-source`}>{t('builder.video.source')}</label>
        <select
          id={`${id}-source`}
          value={source ?? ''}
          onChange={(event) => (isFieldSource(event.target.value) ? set({ source: event.target.value }) : onChange(null))}
        >
          <option value="">{t('builder.video.none')}</option>
          {VIDEO_SOURCES.map((entry) => (
            <option key={entry} value={entry}>
              {VIDEO_SOURCE_NAMES[entry]}
            </option>
          ))}
          <option value="file">{t('builder.video.file')}</option>
        </select>
      </div>
      {source ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-address`}>{t('builder.video.address')}</label>
            <input
              id={`${id}-address`}
              value={video}
              spellCheck={false}
              aria-invalid={invalid}
              aria-describedby={`${id}-hint`}
              onChange={(event) => set({ video: event.target.value })}
            />
            <p id={`${id}-hint`} className={invalid ? 'field-error' : 'muted small'}>
              {hint}
            </p>
          </div>
          {modes ? (
            <div className="field">
              <label htmlFor={`${id}-mode`}>{t('builder.video.mode')}</label>
              <select id={`${id}-mode`} value={mode} onChange={(event) => set({ mode: event.target.value })}>
                <option value="default">{t('builder.video.modeDefault')}</option>
                <option value="background">{t('builder.video.modeBackground')}</option>
              </select>
            </div>
          ) : null}
          <div className="field bld-image">
            <MediaPicker
              label={t('builder.video.preview')}
              value={previewImage ? [previewImage] : []}
              onChange={(ids) => set({ previewImage: ids[0] ?? null })}
            />
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
