import type { ImageDto } from '../lib/api-client';

/**
 * Responsive sources of a shop image. The server resizes `/media/...?w=&h=&fit=&format=` with sharp:
 * `inset` crops to fill the box, `outbound` keeps the whole image inside it (spec 9 crop modes).
 */

export type ImageFit = 'inset' | 'outbound';
export type ImageBox = {
  /** CSS px the image is shown at, at most */
  width: number;
  height: number;
  fit: ImageFit;
};

export type PictureSources = {
  /** intrinsic size written on the <img>, so the browser reserves the space before loading */
  width: number;
  height: number;
  src: string;
  /** width-described candidates in the original format and in webp; empty for vector images */
  srcset: string;
  /** empty too when the original is webp: its own candidates are webp already, a webp <source> would repeat them */
  webpSrcset: string;
};

const MIN_SIZE = 16;
const MAX_SIZE = 3840;
const DENSITIES = [0.5, 1, 1.5, 2];

const clampSize = (n: number) => Math.min(MAX_SIZE, Math.max(MIN_SIZE, Math.round(n)));

export function mediaUrl(uri: string, query: { w: number; h: number; fit: ImageFit; format?: 'webp' }): string {
  const params = new URLSearchParams({ w: String(query.w), h: String(query.h), fit: query.fit });
  if (query.format) params.set('format', query.format);
  return `${uri}${uri.includes('?') ? '&' : '?'}${params}`;
}

/** The size the image takes in the box: the box itself when cropped, else the image's proportions fitted inside it. */
export function displaySize(image: Pick<ImageDto, 'width' | 'height'>, box: ImageBox): { width: number; height: number } {
  const width = Math.max(1, Math.round(box.width));
  const height = Math.max(1, Math.round(box.height));
  if (box.fit === 'inset' || !(image.width > 0 && image.height > 0)) return { width, height };
  const ratio = image.width / image.height;
  const fitted = Math.min(width, height * ratio);
  return { width: Math.round(fitted), height: Math.round(fitted / ratio) };
}

/** The media server keeps a webp original's format when no other is asked for (src/server/media.ts). */
const isWebp = (image: Pick<ImageDto, 'uri' | 'mime'>) => image.mime === 'image/webp' && /\.webp(?:[?#]|$)/i.test(image.uri);

export function pictureSources(image: Pick<ImageDto, 'uri' | 'mime' | 'width' | 'height'>, box: ImageBox): PictureSources {
  const size = displaySize(image, box);
  if (image.mime === 'image/svg+xml') return { ...size, src: image.uri, srcset: '', webpSrcset: '' };
  const largest = image.width > 0 ? Math.max(image.width, MIN_SIZE) : MAX_SIZE;
  const widths = [...new Set(DENSITIES.map((d) => clampSize(size.width * d)))];
  const usable = widths.filter((w) => w <= largest);
  const candidates = usable.length > 0 ? usable : [widths[0]!];
  const candidate = (w: number, format?: 'webp') =>
    `${mediaUrl(image.uri, { w, h: clampSize((w * size.height) / size.width), fit: box.fit, ...(format ? { format } : {}) })} ${w}w`;
  return {
    ...size,
    src: mediaUrl(image.uri, { w: clampSize(size.width), h: clampSize(size.height), fit: box.fit }),
    srcset: candidates.map((w) => candidate(w)).join(', '),
    webpSrcset: isWebp(image) ? '' : candidates.map((w) => candidate(w, 'webp')).join(', '),
  };
}
