import type { z } from 'zod';
import type { ShopConfigDto } from '../lib/api-client';
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

export type LeadFormPolicy = {
  /** the consent checkbox, when the settings show it */
  consent: { html: string; checked: boolean } | null;
  /** further checkboxes the settings show */
  checkboxes: { html: string; required: boolean }[];
};

/** The consent and extra checkboxes of the lead form (settings ecommerce.leadsPopupPolicy). */
export function leadFormPolicy(settings: ShopConfigDto | null): LeadFormPolicy {
  const policy = settings?.ecommerce.leadsPopupPolicy;
  if (!policy) return { consent: null, checkboxes: [] };
  return {
    consent: policy.show && policy.text.trim() ? { html: policy.text, checked: policy.enabledByDefault } : null,
    checkboxes: policy.additionalCheckboxes.filter((box) => box.isShown && box.text.trim()).map((box) => ({ html: box.text, required: box.isRequired })),
  };
}

/** Whether the comment must be filled: the enquiry setting the API checks too (spec 5). */
export const commentRequired = (settings: ShopConfigDto | null): boolean => settings?.ecommerce.enquiryModalCustomFieldIsRequired === true;
