import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { mediaSettings, sectionTags } from './media-options';
import { text } from './schema-kit';
import { categoryTagsData } from './data-needs';
import { field, preset } from './editor';

/** A category's tags as filter links; hidden when the media item style hides tags (spec 2.9). */
export default defineSection({
  schema: sectionSchema({ categorySlug: text() }),
  hasContent: ({ section, context }) => mediaSettings(context.settings).itemsStyle.showTags && sectionTags(section.data).length > 0,
  fields: [field.category('categorySlug', { hint: 'pageCategory' })],
  presets: [preset('default', {})],
  data: categoryTagsData,
});
