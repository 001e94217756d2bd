import { sectionSchema } from './common-options';
import { contactsShape } from './contacts-options';
import { defineSection } from './context';
import { leadFormSchema } from './lead-form';

/** The shop's contacts beside the enquiry form; the form alone when no contact is configured. */
export default defineSection({
  schema: sectionSchema({ ...contactsShape, form: leadFormSchema }),
  hasContent: () => true,
});
