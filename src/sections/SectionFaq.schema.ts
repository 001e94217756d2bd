import { z } from 'zod';
import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { layoutsSchema, templateOf } from './layout';
import { hasRichContent } from './rich-text';
import { lenientObject, text } from './schema-kit';
import { field, headingOf, paragraph, preset, stored, templateFields } from './editor';

/** A question with its rich-text answer: `{ question, answer }`, or a text item's heading title and html. */
const questionSchema = lenientObject({
  question: text(),
  answer: text(),
  heading: lenientObject({ title: text() }),
  content: lenientObject({ html: text() }),
})
  .transform((item) => ({ question: item.question || item.heading.title, answer: item.answer || item.content.html }))
  .pipe(z.object({ question: z.string().min(1), answer: z.string().refine(hasRichContent) }));

export default defineSection({
  schema: sectionSchema({ template: layoutsSchema(templateOf({ type: 'list', columns: 1, gap: 12 })) }),
  item: questionSchema,
  hasContent: ({ items }) => items.length > 0,
  fields: templateFields,
  itemFields: [field.text('question'), field.richText('answer')],
  presets: [
    preset('default', { heading: headingOf('Questions and answers', 'Вопросы и ответы') }, [
      {
        question: stored('How long does delivery take?', 'Сколько идёт доставка?'),
        answer: paragraph('Two to five days.', 'От двух до пяти дней.'),
      },
      {
        question: stored('Can I return an item?', 'Можно ли вернуть товар?'),
        answer: paragraph('Yes, within 30 days.', 'Да, в течение 30 дней.'),
      },
    ]),
  ],
});
