import { z } from 'zod';
import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { lenientObject, text } from './schema-kit';
import { field, preset } from './editor';

/** The trail after Home (spec 2.5): its own items, else the one the page gives. */
export default defineSection({
  schema: sectionSchema({}),
  item: lenientObject({ title: text(), uri: text() }).pipe(z.object({ title: z.string().min(1), uri: z.string() })),
  hasContent: ({ items, context }) => items.length > 0 || (context.page.breadcrumbs?.length ?? 0) > 0,
  fields: [],
  itemFields: [field.text('title'), field.text('uri')],
  presets: [preset('default', {})],
});
