import { contentSchema, sectionSchema } from './common-options';
import { contactsShape, sectionContacts } from './contacts-options';
import { defineSection } from './context';
import { hasRichContent } from './rich-text';

/** The shop's contacts as a list, beside an optional rich text (directions, notes). */
export default defineSection({
  schema: sectionSchema({ ...contactsShape, content: contentSchema }),
  hasContent: ({ options, context }) =>
    hasRichContent(options.content.html) || sectionContacts(context.settings, options.mapUrl, context.lang).length > 0,
});
