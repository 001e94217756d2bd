import { z } from 'zod';
import type { ImageDto } from '../lib/api-client';
import { withAlpha } from './frame-style';
import { resolveImage, type ImageMap } from './images';
import { choice, color, flag, integerIn, isRecord, lenientObject, raw, text } from './schema-kit';
import {
  parseRatio,
  parseVideo,
  VIDEO_SOURCES,
  videoEmbedUrl,
  videoPageUrl,
  videoThumbnailUrl,
  type VideoMode,
  type VideoRef,
} from '../lib/video';
import { videoOfField, type VideoFieldValue } from '../lib/video-field';

/**
 * The media of a text block or banner (spec 3.4 "Media"): per screen (desktop, mobile) an image or a
 * video of youtube, vimeo, rutube, vk or kinescope, in a ratio (default 16:9) or a custom height,
 * with an optional preview image, shown in the default mode (plays after a click) or as a muted
 * looping background, under an optional colour overlay.
 */

const screenMediaSchema = lenientObject({
  type: choice(['image', 'video'], 'image'),
  image: raw(),
  imageAlt: text(),
  alt: text(),
  video: text(),
  source: choice(VIDEO_SOURCES, null),
  ratio: text('16:9'),
  /** px; the ratio decides the height when unset */
  customHeight: integerIn(0, 0, 2000).transform((height) => (height > 0 ? height : null)),
  usePreviewImage: flag(false),
  previewImage: raw(),
  mode: choice(['default', 'background'], 'default'),
  overlay: lenientObject({ color: color(), opacity: integerIn(-1, 0, 100) }),
  overlayColor: color(),
  overlayOpacity: integerIn(-1, 0, 100),
});
export type ScreenMediaOptions = z.output<typeof screenMediaSchema>;

const isEmptyMedia = (media: ScreenMediaOptions) => (media.type === 'video' ? media.video === '' : media.image === null);

/**
 * `content.media`: `{ desktop, mobile }` or one media for both screens. The mobile media falls back
 * to the desktop one when it is missing or empty.
 */
export const mediaSchema = z
  .unknown()
  .optional()
  .transform((value): { desktop: ScreenMediaOptions; mobile: ScreenMediaOptions } => {
    const perScreen = isRecord(value) && ('desktop' in value || 'mobile' in value);
    const desktop = screenMediaSchema.parse(perScreen ? value['desktop'] : value);
    const mobile = perScreen ? screenMediaSchema.parse(value['mobile']) : desktop;
    return { desktop, mobile: isEmptyMedia(mobile) ? desktop : mobile };
  });
export type MediaOptions = z.output<typeof mediaSchema>;

export type ResolvedImageMedia = {
  kind: 'image';
  image: ImageDto;
  alt: string;
  ratio: { width: number; height: number } | null;
  customHeight: number | null;
  overlay: string | null;
};
export type ResolvedVideoMedia = {
  kind: 'video';
  video: VideoRef;
  mode: VideoMode;
  embedUrl: string;
  pageUrl: string;
  /** the owner's preview image, else the service's thumbnail address, else none */
  preview: { image: ImageDto } | { url: string } | null;
  ratio: { width: number; height: number };
  customHeight: number | null;
  overlay: string | null;
};
export type ResolvedMedia = ResolvedImageMedia | ResolvedVideoMedia;

function overlayOf(media: ScreenMediaOptions): string | null {
  const overlayColor = media.overlay.color ?? media.overlayColor;
  const opacity = media.overlay.opacity >= 0 ? media.overlay.opacity : media.overlayOpacity;
  return overlayColor && opacity > 0 ? withAlpha(overlayColor, opacity) : null;
}

/** What one screen shows, or null when its image is unknown or its video address unusable. */
export function resolveScreenMedia(images: ImageMap, media: ScreenMediaOptions): ResolvedMedia | null {
  const overlay = overlayOf(media);
  if (media.type === 'image') {
    const image = resolveImage(images, media.image);
    if (!image) return null;
    const ratio = media.ratio && /\d/.test(media.ratio) ? parseRatio(media.ratio) : null;
    return { kind: 'image', image, alt: media.imageAlt || media.alt || image.alt || '', ratio, customHeight: media.customHeight, overlay };
  }
  const video = parseVideo(media.video, media.source ?? undefined);
  if (!video) return null;
  const mode: VideoMode = media.mode;
  const ownPreview = resolveImage(images, media.previewImage);
  const thumbnail = videoThumbnailUrl(video);
  const usesOwnPreview = ownPreview !== null && (media.usePreviewImage || thumbnail === null);
  return {
    kind: 'video',
    video,
    mode,
    embedUrl: videoEmbedUrl(video, mode),
    pageUrl: videoPageUrl(video),
    preview: usesOwnPreview ? { image: ownPreview } : thumbnail ? { url: thumbnail } : null,
    ratio: parseRatio(media.ratio),
    customHeight: media.customHeight,
    overlay,
  };
}

/** A video field's video as one screen's media (16:9, the owner's preview picture else the service's thumbnail). */
export function resolveVideoField(images: ImageMap, value: VideoFieldValue | null): ResolvedVideoMedia | null {
  if (value === null || videoOfField(value) === null) return null;
  const media = screenMediaSchema.parse({
    type: 'video',
    video: value.video,
    source: value.source === 'file' ? null : value.source,
    mode: value.mode,
    previewImage: value.previewImage,
    usePreviewImage: value.previewImage !== null,
  });
  if (value.source !== 'file') return resolveScreenMedia(images, media) as ResolvedVideoMedia | null;
  const video = videoOfField(value)!;
  const preview = resolveImage(images, value.previewImage);
  return {
    kind: 'video',
    video,
    mode: value.mode,
    embedUrl: videoEmbedUrl(video, value.mode),
    pageUrl: videoPageUrl(video),
    preview: preview ? { image: preview } : null,
    ratio: parseRatio(media.ratio),
    customHeight: null,
    overlay: null,
  };
}

/** The media of both screens; `sameOnMobile` when one rendering serves both. */
export function resolveMedia(images: ImageMap, media: MediaOptions) {
  const desktop = resolveScreenMedia(images, media.desktop);
  const mobile = media.mobile === media.desktop ? desktop : (resolveScreenMedia(images, media.mobile) ?? desktop);
  return { desktop, mobile, sameOnMobile: mobile === desktop };
}
