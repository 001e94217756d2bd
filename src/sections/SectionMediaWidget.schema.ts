import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { sectionArticles } from './media-options';
import { raw, text } from './schema-kit';

/** The newest articles of a category (`categorySlug`, at most `limit`), resolved by the server into `data.articles`. */
export default defineSection({
  schema: sectionSchema({ categorySlug: text(), template: raw() }),
  hasContent: ({ section }) => sectionArticles(section.data).length > 0,
});
