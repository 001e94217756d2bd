import { sectionSchema } from './common-options';
import { contactsShape } from './contacts-options';
import { defineSection } from './context';
import { leadFormSchema } from './lead-form';
import { field, headingOf, leadFormFields, leadFormPreset, preset } from './editor';

/** The shop's contacts beside the enquiry form; the form alone when no contact is configured. */
export default defineSection({
  schema: sectionSchema({ ...contactsShape, form: leadFormSchema }),
  hasContent: () => true,
  fields: [field.link('mapUrl'), ...leadFormFields],
  presets: [preset('default', { heading: headingOf('Write to us', 'Напишите нам'), form: leadFormPreset })],
});
