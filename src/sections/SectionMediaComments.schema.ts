import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { mediaSettings } from './media-options';
import { articleCommentsData } from './data-needs';
import { headingOf, preset } from './editor';

/**
 * The article's approved comments (`data.comments`, when the page passes them), else a note that
 * comments appear after moderation. Hidden when the media page style hides comments (spec 2.9).
 */
export default defineSection({
  schema: sectionSchema({}),
  hasContent: ({ context }) => mediaSettings(context.settings).pageStyle.showComments,
  fields: [],
  presets: [preset('default', { heading: headingOf('Comments', 'Комментарии') })],
  data: articleCommentsData,
});
