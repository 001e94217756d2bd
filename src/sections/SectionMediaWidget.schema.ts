import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { sectionArticles } from './media-options';
import { raw, text } from './schema-kit';
import { newestArticlesData } from './data-needs';
import { field, headingOf, preset } from './editor';

/** The newest articles of a category (`categorySlug`, at most `limit`), resolved by the server into `data.articles`. */
export default defineSection({
  schema: sectionSchema({ categorySlug: text(), template: raw() }),
  hasContent: ({ section }) => sectionArticles(section.data).length > 0,
  fields: [field.category('categorySlug', { hint: 'pageCategory' }), field.number('limit', 1, 100)],
  presets: [preset('default', { heading: headingOf('From the blog', 'Из блога'), categorySlug: '', limit: 3 })],
  data: newestArticlesData,
});
