import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { mediaSettings } from './media-options';
import { tableOfContents } from './table-of-contents';
import { headingOf, preset } from './editor';

/** At least two headings make a table of contents worth showing. */
export const MIN_ENTRIES = 2;

/**
 * The article's h2 and h3 headings with links to them, from the rich text the page passes; hidden when
 * the media page style switches the table of contents off (spec 2.9).
 */
export default defineSection({
  schema: sectionSchema({}),
  hasContent: ({ context }) =>
    mediaSettings(context.settings).pageStyle.showTableOfContent && tableOfContents([context.page.richText ?? '']).length >= MIN_ENTRIES,
  fields: [],
  presets: [preset('default', { heading: headingOf('Contents', 'Содержание') })],
});
