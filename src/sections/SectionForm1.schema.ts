import { contentSchema, sectionSchema } from './common-options';
import { defineSection } from './context';
import { leadFormSchema } from './lead-form';
import { contentFields, headingOf, leadFormFields, leadFormPreset, paragraph, preset } from './editor';

/** The enquiry form in a card, beside an optional rich text and picture. */
export default defineSection({
  schema: sectionSchema({ form: leadFormSchema, content: contentSchema }),
  hasContent: () => true,
  fields: [...leadFormFields, ...contentFields],
  presets: [
    preset('default', {
      heading: headingOf('Ask us anything', 'Задайте вопрос'),
      form: leadFormPreset,
      content: { html: paragraph('We answer within a day.', 'Мы отвечаем в течение дня.') },
    }),
  ],
});
