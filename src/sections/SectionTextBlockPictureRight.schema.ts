import { pictureTextSection } from './content-section';
import { headingOf, paragraph, preset } from './editor';

/** Text with a picture on the right, in columns of the 12-column grid per screen. */
export default pictureTextSection([
  preset('default', {
    heading: headingOf('Made to last', 'Сделано на века'),
    content: {
      html: paragraph('Natural materials, careful stitching and a repair service.', 'Натуральные материалы, аккуратные швы и ремонт.'),
    },
  }),
]);
