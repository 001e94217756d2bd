import { mediaThumbnail, type MediaItem } from '../../../contract/admin/media';
import { useI18n } from '../../i18n';
import './media.css';

/** The readable name of an image: its alt text in the staff member's language, else the file name. */
export const imageLabel = (item: MediaItem, lang: 'en' | 'ru') => item.alt[lang] || item.alt.en || item.name;

/** A thumbnail of a library image. */
export function Thumb({ item, size = 160 }: { item: MediaItem; size?: number }) {
  const { lang } = useI18n();
  return (
    <img
      className="thumb"
      src={mediaThumbnail(item.uri, size)}
      alt={imageLabel(item, lang)}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}

/**
 * Library images as a grid of buttons. With `selected`, a button toggles its image (aria-pressed); otherwise it
 * opens the image.
 */
export function MediaGrid({
  items,
  selected,
  onActivate,
  label,
}: {
  items: MediaItem[];
  selected?: ReadonlySet<string>;
  onActivate: (item: MediaItem) => void;
  label: string;
}) {
  const { lang, t } = useI18n();
  return (
    <ul className="media-grid" aria-label={label}>
      {items.map((item) => {
        const pressed = selected?.has(item.id);
        return (
          <li key={item.id}>
            <button
              type="button"
              className={`media-tile${pressed ? ' is-selected' : ''}`}
              aria-pressed={selected ? pressed : undefined}
              onClick={() => onActivate(item)}
              title={item.name}
            >
              <Thumb item={item} />
              <span className="media-name small">{item.name}</span>
              {!item.alt[lang] ? <span className="badge badge-warn small">{t('media.noAlt')}</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
