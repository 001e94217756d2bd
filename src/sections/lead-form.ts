import type { z } from 'zod';
import { lenientObject, text } from './schema-kit';

/**
 * `options.form` of the form and contacts-with-form sections: the enquiry's default comment, the
 * submit button text and the texts shown once it is sent (spec 2.7 lead form, 3.2 lead payload).
 */
export const leadFormSchema = lenientObject({
  defaultComment: text(),
  button: text(),
  successTitle: text(),
  successText: text(),
});
export type LeadFormOptions = z.output<typeof leadFormSchema>;
