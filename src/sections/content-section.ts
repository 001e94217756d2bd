import { z } from 'zod';
import { contentSchema, frameHasContent, sectionSchema, type ContentOptions } from './common-options';
import { defineSection, type SectionContext } from './context';
import { contentFields, contentVideoField, field, type SectionPreset } from './editor';
import { resolveImage } from './images';
import { videoOfField } from '../lib/video-field';
import { hasRichContent } from './rich-text';
import { integerIn, lenientObject } from './schema-kit';

/** Definitions of the text sections built around one content block: rich text with an optional picture. */

const contentShown = ({ options, context }: { options: { content: ContentOptions }; context: SectionContext }) =>
  hasRichContent(options.content.html) ||
  resolveImage(context.images, options.content.image) !== null ||
  (options.content.video !== null && videoOfField(options.content.video) !== null);

/**
 * A section of a heading and a content block; shown when any of them has something. `video`: the type shows the
 * content's video in place of its picture (it renders ContentPicture).
 */
export function contentSection(presets: SectionPreset[], { video = false } = {}) {
  return defineSection({
    schema: sectionSchema({ content: contentSchema }),
    hasContent: (props) => frameHasContent(props.options) || contentShown(props),
    fields: video ? [...contentFields, contentVideoField] : contentFields,
    presets,
  });
}

/** Column widths of text and picture on the 12-column grid (spec 9: [6, 6] on desktop and tablet, [12, 12] on mobile). */
const columnPair = (text: number, picture: number) => z.tuple([integerIn(text, 1, 12), integerIn(picture, 1, 12)]).catch([text, picture]);

export const pictureGridSchema = lenientObject({
  desktop: columnPair(6, 6),
  tablet: columnPair(6, 6),
  mobile: columnPair(12, 12),
});

/** Text beside a picture (picture right or left); shown when the text or the picture is there. */
export function pictureTextSection(presets: SectionPreset[]) {
  return defineSection({
    schema: sectionSchema({ content: contentSchema, grid: pictureGridSchema }),
    hasContent: contentShown,
    fields: [
      ...contentFields,
      contentVideoField,
      ...(['desktop', 'tablet', 'mobile'] as const).map((screen) => field.number(`grid.${screen}.0`, 1, 12)),
    ],
    presets,
  });
}
export type PictureTextDefinition = ReturnType<typeof pictureTextSection>;
