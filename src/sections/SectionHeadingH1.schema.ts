import { headingSchemaFor, sectionSchema } from './common-options';
import { defineSection } from './context';
import { preset } from './editor';

/** The page's main heading; without a title of its own it shows the page's title. */
export default defineSection({
  schema: sectionSchema({ heading: headingSchemaFor('h1') }),
  hasContent: ({ options, context }) => (options.heading.title || context.page.title || '') !== '',
  fields: [],
  presets: [preset('default', {})],
});
