import { contentSection } from './content-section';
import { headingOf, paragraph, preset, stored } from './editor';

/** A banner over a full-width picture: heading, text and button centred on a shade. */
export default contentSection([
  preset('default', {
    heading: { ...headingOf('Free delivery this week', 'Бесплатная доставка на этой неделе'), align: 'center' },
    content: { html: paragraph('On every order over 50.', 'На все заказы от 50.') },
    footer: { textAlign: 'center', button: { isShow: true, text: stored('Learn more', 'Подробнее'), link: '/' } },
  }),
]);
