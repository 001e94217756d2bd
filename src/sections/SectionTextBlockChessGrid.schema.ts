import { contentSchema, sectionSchema } from './common-options';
import { defineSection } from './context';
import { textItemSchema } from './text-items';

/** Text items in rows of picture and text, the picture switching sides from row to row. */
export default defineSection({
  schema: sectionSchema({ content: contentSchema }),
  item: textItemSchema,
  hasContent: ({ items }) => items.length > 0,
});
