import { contentSchema, sectionSchema } from './common-options';
import { defineSection } from './context';
import { textItemSchema } from './text-items';
import { contentFields, headingOf, paragraph, preset, textItemFields } from './editor';

/** Text items in rows of picture and text, the picture switching sides from row to row. */
export default defineSection({
  schema: sectionSchema({ content: contentSchema }),
  item: textItemSchema,
  hasContent: ({ items }) => items.length > 0,
  fields: contentFields,
  itemFields: textItemFields,
  presets: [
    preset('default', { heading: headingOf('How we work', 'Как мы работаем') }, [
      {
        heading: headingOf('We design', 'Проектируем'),
        content: { html: paragraph('Sketches become patterns.', 'Эскизы становятся лекалами.') },
      },
      { heading: headingOf('We sew', 'Шьём'), content: { html: paragraph('In our own workshop.', 'В собственной мастерской.') } },
    ]),
  ],
});
