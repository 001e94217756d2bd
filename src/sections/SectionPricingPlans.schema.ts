import { z } from 'zod';
import { buttonSchema, sectionSchema } from './common-options';
import { defineSection } from './context';
import { grid, layoutsSchema, list, templateOf } from './layout';
import { flag, lenientList, lenientObject, text } from './schema-kit';

/** A plan: title, price (as the owner writes it), note, features, whether it is highlighted, and a button. */
const planSchema = lenientObject({
  heading: lenientObject({ title: text() }),
  price: text(),
  note: text(),
  features: lenientList(z.string().trim().min(1)),
  highlighted: flag(false),
  button: buttonSchema,
}).refine((plan) => plan.heading.title !== '' || plan.price !== '');

export default defineSection({
  schema: sectionSchema({ template: layoutsSchema(templateOf(grid(3), grid(2), list(1))) }),
  item: planSchema,
  hasContent: ({ items }) => items.length > 0,
});
