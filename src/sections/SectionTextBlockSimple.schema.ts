import { contentSection } from './content-section';
import { headingOf, paragraph, preset } from './editor';

/** Rich text alone, set for reading: a narrow column aligned like the heading. */
export default contentSection([
  preset('default', {
    heading: headingOf('Terms', 'Условия'),
    content: { html: paragraph('Write the text of the page here.', 'Напишите здесь текст страницы.') },
  }),
]);
