import { z } from 'zod';
import { buttonSchema, sectionSchema } from './common-options';
import { defineSection } from './context';
import { grid, layoutsSchema, list, templateOf } from './layout';
import { flag, lenientList, lenientObject, text } from './schema-kit';
import { field, headingOf, preset, stored, templateFields } from './editor';

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
  fields: templateFields,
  itemFields: [
    field.text('heading.title'),
    field.text('price'),
    field.text('note'),
    field.list('features', [field.text('feature')]),
    field.toggle('highlighted'),
    field.toggle('button.isShow'),
    field.text('button.text'),
    field.link('button.link'),
  ],
  presets: [
    preset('default', { heading: headingOf('Plans', 'Тарифы') }, [
      {
        heading: headingOf('Basic', 'Базовый'),
        price: stored('10 a month', '10 в месяц'),
        features: [stored('One user', 'Один пользователь')],
      },
      {
        heading: headingOf('Pro', 'Профи'),
        price: stored('25 a month', '25 в месяц'),
        features: [stored('Five users', 'Пять пользователей')],
        highlighted: true,
      },
    ]),
  ],
});
