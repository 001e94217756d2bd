import { z } from 'zod';
import { buttonSchema, sectionSchema } from './common-options';
import { defineSection } from './context';
import { grid, layoutsSchema, list, templateOf } from './layout';
import { flag, lenientList, lenientObject, text } from './schema-kit';

/**
 * A plan: title, price (as the owner writes it), note, features, whether it is highlighted, and a
 * button. The note may be the heading's note and the features a rich-text list (content.html).
 */
const planSchema = lenientObject({
  heading: lenientObject({ title: text(), note: text() }),
  price: text(),
  note: text(),
  features: lenientList(z.string().trim().min(1)),
  content: lenientObject({ html: text() }),
  highlighted: flag(false),
  button: buttonSchema,
})
  .transform((plan) => ({
    title: plan.heading.title,
    price: plan.price,
    note: plan.note || plan.heading.note,
    features: plan.features,
    html: plan.features.length > 0 ? '' : plan.content.html,
    highlighted: plan.highlighted,
    button: plan.button,
  }))
  .refine((plan) => plan.title !== '' || plan.price !== '');

export default defineSection({
  schema: sectionSchema({ template: layoutsSchema(templateOf(grid(3), grid(2), list(1))) }),
  item: planSchema,
  hasContent: ({ items }) => items.length > 0,
});
