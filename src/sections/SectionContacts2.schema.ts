import { sectionSchema } from './common-options';
import { contactsShape, sectionContacts } from './contacts-options';
import { defineSection } from './context';
import { field, headingOf, preset } from './editor';

/** The shop's contacts as cards, one per channel. */
export default defineSection({
  schema: sectionSchema(contactsShape),
  hasContent: ({ options, context }) => sectionContacts(context.settings, options.mapUrl, context.lang).length > 0,
  fields: [field.link('mapUrl')],
  presets: [preset('default', { heading: headingOf('Get in touch', 'Свяжитесь с нами') })],
});
