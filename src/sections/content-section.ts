import { z } from 'zod';
import { contentSchema, frameHasContent, sectionSchema, type ContentOptions } from './common-options';
import { defineSection, type SectionContext } from './context';
import { contentFields, field, type SectionPreset } from './editor';
import { resolveImage } from './images';
import { hasRichContent } from './rich-text';
import { integerIn, lenientObject } from './schema-kit';

/** Definitions of the text sections built around one content block: rich text with an optional picture. */

const contentShown = ({ options, context }: { options: { content: ContentOptions }; context: SectionContext }) =>
  hasRichContent(options.content.html) || resolveImage(context.images, options.content.image) !== null;

/** A section of a heading and a content block; shown when any of them has something. */
export function contentSection(presets: SectionPreset[]) {
  return defineSection({
    schema: sectionSchema({ content: contentSchema }),
    hasContent: (props) => frameHasContent(props.options) || contentShown(props),
    fields: contentFields,
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
    fields: [...contentFields, ...(['desktop', 'tablet', 'mobile'] as const).map((screen) => field.number(`grid.${screen}.0`, 1, 12))],
    presets,
  });
}
export type PictureTextDefinition = ReturnType<typeof pictureTextSection>;
