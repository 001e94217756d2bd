import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { imageItemSchema, itemsWithImages } from './gallery-options';
import { layoutsSchema } from './layout';

/** Partner or brand logos, each optionally linked: a row of 5 on desktop, 3 on tablet, 2 on mobile. */
export default defineSection({
  schema: sectionSchema({
    template: layoutsSchema({ desktop: { type: 'grid', columns: 5 }, tablet: { type: 'grid', columns: 3 }, mobile: { type: 'grid', columns: 2, gap: 16 } }),
  }),
  item: imageItemSchema,
  hasContent: ({ items, context }) => itemsWithImages(context.images, items).length > 0,
});
