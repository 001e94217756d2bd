import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { mediaSettings } from './media-options';
import { textItemSchema } from './text-items';
import { headingOf, paragraph, preset, stored, textItemFields } from './editor';

/**
 * The article's authors: name (heading title), role (heading note), photo and biography. Hidden when
 * the media page style hides the author (spec 2.9).
 */
export default defineSection({
  schema: sectionSchema({}),
  item: textItemSchema,
  hasContent: ({ items, context }) => mediaSettings(context.settings).pageStyle.showAuthor && items.length > 0,
  fields: [],
  itemFields: textItemFields,
  presets: [
    preset('default', { heading: headingOf('Authors', 'Авторы') }, [
      {
        heading: { ...headingOf('Anna Smith', 'Анна Смирнова'), note: stored('Editor', 'Редактор') },
        content: { html: paragraph('Writes about style.', 'Пишет о стиле.') },
      },
    ]),
  ],
});
