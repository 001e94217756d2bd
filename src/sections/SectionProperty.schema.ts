import { z } from 'zod';
import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { layoutsSchema, list, templateOf } from './layout';
import { lenientObject, text } from './schema-kit';
import { field, headingOf, preset, stored, templateFields } from './editor';

/** A property: `{ title, value }`, or a text item's heading title and html. */
const propertySchema = lenientObject({
  title: text(),
  value: text(),
  heading: lenientObject({ title: text() }),
  content: lenientObject({ html: text() }),
})
  .transform((item) => ({ title: item.title || item.heading.title, value: item.value, html: item.value ? '' : item.content.html }))
  .pipe(z.object({ title: z.string().min(1), value: z.string(), html: z.string() }));

/** Properties (characteristics) as pairs of a name and a value. */
export default defineSection({
  schema: sectionSchema({ template: layoutsSchema(templateOf(list(2), list(2), list(1))) }),
  item: propertySchema,
  hasContent: ({ items }) => items.length > 0,
  fields: templateFields,
  itemFields: [field.text('title'), field.text('value')],
  presets: [
    preset('default', { heading: headingOf('Specifications', 'Характеристики') }, [
      { title: stored('Material', 'Материал'), value: stored('Linen', 'Лён') },
      { title: stored('Care', 'Уход'), value: stored('Machine wash', 'Машинная стирка') },
    ]),
  ],
});
