import { sectionSchema } from './common-options';
import { contactsShape, sectionContacts } from './contacts-options';
import { defineSection } from './context';
import { layoutsSchema } from './layout';
import { textItemSchema } from './text-items';

/**
 * Places to find the shop (stores, pick-up points, offices) as cards of text items; without items it
 * shows the shop's own contacts as cards.
 */
export default defineSection({
  schema: sectionSchema({
    ...contactsShape,
    template: layoutsSchema({ desktop: { type: 'grid', columns: 3 }, tablet: { type: 'grid', columns: 2 }, mobile: { type: 'list', columns: 1 } }),
  }),
  item: textItemSchema,
  hasContent: ({ options, items, context }) =>
    items.length > 0 || sectionContacts(context.settings, options.mapUrl, context.lang).length > 0,
});
