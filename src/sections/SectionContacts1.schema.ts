import { contentSchema, sectionSchema } from './common-options';
import { contactsShape, sectionContacts } from './contacts-options';
import { defineSection } from './context';
import { hasRichContent } from './rich-text';
import { contentFields, field, headingOf, paragraph, preset } from './editor';

/** The shop's contacts as a list, beside an optional rich text (directions, notes). */
export default defineSection({
  schema: sectionSchema({ ...contactsShape, content: contentSchema }),
  hasContent: ({ options, context }) =>
    hasRichContent(options.content.html) || sectionContacts(context.settings, options.mapUrl, context.lang).length > 0,
  fields: [field.link('mapUrl'), ...contentFields],
  presets: [
    preset('default', {
      heading: headingOf('Contacts', 'Контакты'),
      content: { html: paragraph('We are open every day from 10 to 20.', 'Мы работаем каждый день с 10 до 20.') },
    }),
  ],
});
