import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { mediaSettings, sectionTags } from './media-options';
import { text } from './schema-kit';

/** A category's tags as filter links; hidden when the media item style hides tags (spec 2.9). */
export default defineSection({
  schema: sectionSchema({ categorySlug: text() }),
  hasContent: ({ section, context }) => mediaSettings(context.settings).itemsStyle.showTags && sectionTags(section.data).length > 0,
});
