import { z } from 'zod';
import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { layoutsSchema, templateOf } from './layout';
import { hasRichContent } from './rich-text';
import { lenientObject, text } from './schema-kit';

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
});
