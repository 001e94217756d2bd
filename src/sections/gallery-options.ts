import type { z } from 'zod';
import type { ImageDto } from '../lib/api-client';
import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { field, imageItemFields, templateFields, type SectionPreset } from './editor';
import { withAlpha } from './frame-style';
import { mediaUrl } from './image-sources';
import { resolveImage, type ImageMap } from './images';
import { layoutsSchema, type LayoutDefaults } from './layout';
import { color, integerIn, lenientObject, raw, text } from './schema-kit';
import type { PerScreen } from './screens';
import { parseRatio } from '../lib/video';

/** A stored tile ratio ('4:3'), or null to keep the pictures' proportions. */
export const ratioOf = (value: string) => (/\d/.test(value) ? parseRatio(value) : null);

/**
 * Image items of the gallery and logo sections (spec 3.4 image items: image, alt, title, ratio,
 * customHeight, overlayColor, overlayOpacity), plus a link. Items written as text items
 * (`content.image`, `content.alt`, `heading.title`) are read too.
 */
export const imageItemSchema = lenientObject({
  image: raw(),
  alt: text(),
  title: text(),
  ratio: text(),
  customHeight: integerIn(0, 0, 2000),
  overlayColor: color(),
  overlayOpacity: integerIn(0, 0, 100),
  link: raw(),
  heading: lenientObject({ title: text() }),
  content: lenientObject({ image: raw(), alt: text() }),
}).transform((item) => ({
  image: item.image ?? item.content.image,
  alt: item.alt || item.content.alt,
  title: item.title || item.heading.title,
  /** null: the section's ratio */
  ratio: ratioOf(item.ratio),
  customHeight: item.customHeight > 0 ? item.customHeight : null,
  overlay: item.overlayColor && item.overlayOpacity > 0 ? withAlpha(item.overlayColor, item.overlayOpacity) : null,
  link: item.link,
}));
export type ImageItem = z.output<typeof imageItemSchema>;

/** The items whose picture is known, with it. */
export function itemsWithImages<T extends { options: ImageItem }>(images: ImageMap, items: readonly T[]): (T & { image: ImageDto })[] {
  return items.flatMap((item) => {
    const image = resolveImage(images, item.options.image);
    return image ? [{ ...item, image }] : [];
  });
}

/**
 * A gallery section type: its default layouts and tile ratio (`options.ratio` overrides it; an empty
 * ratio keeps the pictures' proportions). It shows when at least one item's picture is known.
 */
export function defineGallery(layouts: PerScreen<LayoutDefaults>, ratio: string, presets: SectionPreset[]) {
  return defineSection({
    schema: sectionSchema({ template: layoutsSchema(layouts), ratio: text(ratio) }),
    item: imageItemSchema,
    hasContent: ({ items, context }) => itemsWithImages(context.images, items).length > 0,
    fields: [field.text('ratio'), ...templateFields],
    itemFields: imageItemFields,
    presets,
  });
}

/** How a gallery shows the items' titles. */
export type CaptionStyle = 'below' | 'overlay' | 'none';

/** The large picture a gallery's lightbox shows: the whole image, at most 1920 x 1920 px. */
export function lightboxUrl(image: ImageDto): string {
  if (image.mime === 'image/svg+xml') return image.uri;
  const side = 1920;
  return mediaUrl(image.uri, { w: Math.min(side, image.width || side), h: Math.min(side, image.height || side), fit: 'outbound' });
}

/** The tile height of a picture `width` px wide: the custom height, else by the item's or the section's ratio, else the picture's own. */
export function tileHeight(item: ImageItem, image: ImageDto, width: number, ratio: { width: number; height: number } | null): number {
  if (item.customHeight) return item.customHeight;
  const r = item.ratio ?? ratio;
  if (r) return Math.round((width * r.height) / r.width);
  return image.width > 0 && image.height > 0 ? Math.round((width * image.height) / image.width) : width;
}
