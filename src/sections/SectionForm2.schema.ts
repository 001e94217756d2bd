import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { leadFormSchema } from './lead-form';
import { headingOf, leadFormFields, leadFormPreset, preset } from './editor';

/** The enquiry form alone, in a narrow centred column. */
export default defineSection({
  schema: sectionSchema({ form: leadFormSchema }),
  hasContent: () => true,
  fields: leadFormFields,
  presets: [preset('default', { heading: { ...headingOf('Request a call', 'Заказать звонок'), align: 'center' }, form: leadFormPreset })],
});
