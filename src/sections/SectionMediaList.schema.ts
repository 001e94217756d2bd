import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { mediaListPaging, mediaSettings, sectionArticles } from './media-options';
import { raw, text } from './schema-kit';
import { articleListData } from './data-needs';
import { field, preset } from './editor';

/**
 * A category's articles, a page at a time (`data`: articles, total, limit, and the page and tag the
 * page asked for). Shown while there are articles, and on a tag's empty page so the tag can be left.
 */
export default defineSection({
  schema: sectionSchema({ categorySlug: text(), template: raw() }),
  hasContent: ({ section, context }) =>
    sectionArticles(section.data).length > 0 || mediaListPaging(section.data, mediaSettings(context.settings).itemsPerPage).tag !== null,
  fields: [field.category('categorySlug', { hint: 'pageCategory' }), field.number('limit', 1, 100)],
  presets: [preset('default', {})],
  data: articleListData,
});
