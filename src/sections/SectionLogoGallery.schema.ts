import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { imageItemSchema, itemsWithImages } from './gallery-options';
import { layoutsSchema } from './layout';
import { headingOf, imageItemFields, preset, stored, templateFields } from './editor';

/** Partner or brand logos, each optionally linked: a row of 5 on desktop, 3 on tablet, 2 on mobile. */
export default defineSection({
  schema: sectionSchema({
    template: layoutsSchema({
      desktop: { type: 'grid', columns: 5 },
      tablet: { type: 'grid', columns: 3 },
      mobile: { type: 'grid', columns: 2, gap: 16 },
    }),
  }),
  item: imageItemSchema,
  hasContent: ({ items, context }) => itemsWithImages(context.images, items).length > 0,
  fields: templateFields,
  itemFields: imageItemFields,
  presets: [
    preset('default', { heading: headingOf('Our partners', 'Наши партнёры') }, [
      { alt: stored('Partner', 'Партнёр') },
      { alt: stored('Partner', 'Партнёр') },
    ]),
  ],
});
