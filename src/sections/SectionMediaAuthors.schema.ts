import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { mediaSettings } from './media-options';
import { textItemSchema } from './text-items';

/**
 * The article's authors: name (heading title), role (heading note), photo and biography. Hidden when
 * the media page style hides the author (spec 2.9).
 */
export default defineSection({
  schema: sectionSchema({}),
  item: textItemSchema,
  hasContent: ({ items, context }) => mediaSettings(context.settings).pageStyle.showAuthor && items.length > 0,
});
