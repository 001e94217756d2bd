import { contentSection } from './content-section';
import { headingOf, paragraph, preset } from './editor';

/** A centred picture between the heading and the text. */
export default contentSection(
  [
    preset('default', {
      heading: { ...headingOf('Our workshop', 'Наша мастерская'), align: 'center' },
      content: { html: paragraph('Every piece is made by hand.', 'Каждая вещь сделана вручную.') },
    }),
  ],
  { video: true },
);
