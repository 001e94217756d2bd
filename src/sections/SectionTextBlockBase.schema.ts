import { contentSchema, frameHasContent, sectionSchema } from './common-options';
import { defineSection } from './context';
import { hasRichContent } from './rich-text';
import { resolveImage } from './images';

/** A heading with rich text and an optional picture below it. */
export default defineSection({
  schema: sectionSchema({ content: contentSchema }),
  hasContent: ({ options, context }) =>
    frameHasContent(options) || hasRichContent(options.content.html) || resolveImage(context.images, options.content.image) !== null,
});
