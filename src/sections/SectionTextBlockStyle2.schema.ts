import { contentSection } from './content-section';
import { headingOf, paragraph, preset } from './editor';

/** Rich text set apart as a call-out: a tinted panel with an accent rule and an optional picture. */
export default contentSection([
  preset('default', {
    heading: headingOf('Good to know', 'Полезно знать'),
    content: {
      html: paragraph('Orders placed before noon ship the same day.', 'Заказы, оформленные до полудня, отправляются в тот же день.'),
    },
  }),
]);
