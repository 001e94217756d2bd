import { contentSection } from './content-section';
import { headingOf, paragraph, preset } from './editor';

/** A heading with rich text and an optional picture below it. */
export default contentSection(
  [
    preset('default', {
      heading: headingOf('About us', 'О нас'),
      content: { html: paragraph('Tell your visitors who you are and what you make.', 'Расскажите посетителям, кто вы и что делаете.') },
    }),
  ],
  { video: true },
);
