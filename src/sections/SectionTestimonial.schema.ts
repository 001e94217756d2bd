import type { z } from 'zod';
import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { carousel, layoutsSchema, templateOf } from './layout';
import { hasRichContent } from './rich-text';
import { integerIn, lenientObject, raw, text } from './schema-kit';
import { field, headingOf, paragraph, preset, stored, templateFields } from './editor';

/** A customer's testimonial: the text, name, city, a rating of 1 to 5 (0 when not given) and an optional photo. */
const testimonialSchema = lenientObject({
  name: text(),
  city: text(),
  rating: integerIn(0, 0, 5),
  image: raw(),
  heading: lenientObject({ title: text() }),
  content: lenientObject({ html: text(), image: raw() }),
})
  .transform((item) => ({
    name: item.name || item.heading.title,
    city: item.city,
    rating: item.rating,
    html: item.content.html,
    photo: item.image ?? item.content.image,
  }))
  .refine((item) => hasRichContent(item.html));

export type Testimonial = z.output<typeof testimonialSchema>;

export default defineSection({
  schema: sectionSchema({ template: layoutsSchema(templateOf(carousel(3), carousel(2), carousel(1))) }),
  item: testimonialSchema,
  hasContent: ({ items }) => items.length > 0,
  fields: templateFields,
  itemFields: [field.text('name'), field.text('city'), field.number('rating', 0, 5), field.image('image'), field.richText('content.html')],
  presets: [
    preset('default', { heading: headingOf('What customers say', 'Отзывы покупателей') }, [
      {
        name: stored('Maria', 'Мария'),
        city: stored('Lisbon', 'Лиссабон'),
        rating: 5,
        content: { html: paragraph('Beautiful quality and fast delivery.', 'Отличное качество и быстрая доставка.') },
      },
      {
        name: stored('Ivan', 'Иван'),
        city: stored('Riga', 'Рига'),
        rating: 4,
        content: { html: paragraph('Fits perfectly.', 'Сидит идеально.') },
      },
    ]),
  ],
});
