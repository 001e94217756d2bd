import { sectionSchema } from './common-options';
import { contactsShape, sectionContacts } from './contacts-options';
import { defineSection } from './context';
import { layoutsSchema } from './layout';
import { textItemSchema } from './text-items';
import { field, headingOf, paragraph, preset, templateFields, textItemFields } from './editor';

/**
 * Places to find the shop (stores, pick-up points, offices) as cards of text items; without items it
 * shows the shop's own contacts as cards.
 */
export default defineSection({
  schema: sectionSchema({
    ...contactsShape,
    template: layoutsSchema({
      desktop: { type: 'grid', columns: 3 },
      tablet: { type: 'grid', columns: 2 },
      mobile: { type: 'list', columns: 1 },
    }),
  }),
  item: textItemSchema,
  hasContent: ({ options, items, context }) =>
    items.length > 0 || sectionContacts(context.settings, options.mapUrl, context.lang).length > 0,
  fields: [field.link('mapUrl'), ...templateFields],
  itemFields: textItemFields,
  presets: [
    preset('default', { heading: headingOf('Our stores', 'Наши магазины') }, [
      {
        heading: headingOf('City centre', 'Центр'),
        content: { html: paragraph('1 Main Street, 10:00–20:00', 'ул. Главная, 1, 10:00–20:00') },
      },
      {
        heading: headingOf('Riverside', 'Набережная'),
        content: { html: paragraph('5 River Road, 11:00–21:00', 'ул. Речная, 5, 11:00–21:00') },
      },
    ]),
  ],
});
