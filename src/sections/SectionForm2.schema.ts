import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { leadFormSchema } from './lead-form';

/** The enquiry form alone, in a narrow centred column. */
export default defineSection({
  schema: sectionSchema({ form: leadFormSchema }),
  hasContent: () => true,
});
