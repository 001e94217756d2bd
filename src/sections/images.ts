import type { ImageDto, SectionDto } from '../lib/api-client';
import { isRecord } from './schema-kit';

/**
 * Section options refer to images by id (spec 3.4: 36-character strings). The section list loads
 * every referenced image in one batch; sections then resolve their references from that map.
 */

const IMAGE_ID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;
/** Option keys whose values (and everything below them) hold image references. */
const IMAGE_KEY = /image|picture|photo|logo|icon|avatar|background|poster/i;

export type ImageMap = ReadonlyMap<string, ImageDto>;

function collect(value: unknown, underImageKey: boolean, ids: Set<string>): void {
  if (typeof value === 'string') {
    if (underImageKey && IMAGE_ID.test(value)) ids.add(value);
  } else if (Array.isArray(value)) {
    for (const entry of value) collect(entry, underImageKey, ids);
  } else if (isRecord(value)) {
    for (const [key, entry] of Object.entries(value)) collect(entry, underImageKey || IMAGE_KEY.test(key), ids);
  }
}

/** Ids of the images the sections' options and items refer to, each once. */
export function collectImageIds(sections: readonly Pick<SectionDto, 'options' | 'items'>[]): string[] {
  const ids = new Set<string>();
  for (const section of sections) {
    collect(section.options, false, ids);
    collect(section.items, false, ids);
  }
  return [...ids];
}

const isImageDto = (value: unknown): value is ImageDto => isRecord(value) && typeof value['uri'] === 'string' && value['uri'].length > 0;

/**
 * The image a stored reference stands for: an image id, an image object, or `{ image }` holding
 * either. Null when it is unset or unknown.
 */
export function resolveImage(images: ImageMap, ref: unknown): ImageDto | null {
  if (typeof ref === 'string') return images.get(ref) ?? null;
  if (isImageDto(ref)) return ref;
  if (isRecord(ref) && 'image' in ref) return resolveImage(images, ref['image']);
  if (isRecord(ref) && typeof ref['id'] === 'string') return images.get(ref['id']) ?? null;
  return null;
}
