import { contentSchema, sectionSchema } from './common-options';
import { defineSection } from './context';
import { leadFormSchema } from './lead-form';

/** The enquiry form in a card, beside an optional rich text and picture. */
export default defineSection({
  schema: sectionSchema({ form: leadFormSchema, content: contentSchema }),
  hasContent: () => true,
});
