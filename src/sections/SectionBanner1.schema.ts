import { contentSection } from './content-section';
import { headingOf, paragraph, preset, stored } from './editor';

/** A banner of two halves: heading, text and button on a tinted panel beside a picture. */
export default contentSection(
  [
    preset('default', {
      heading: headingOf('New season', 'Новый сезон'),
      content: { html: paragraph('Light fabrics and fresh colours for warm days.', 'Лёгкие ткани и свежие цвета для тёплых дней.') },
      footer: { button: { isShow: true, text: stored('Shop now', 'В каталог'), link: '/' } },
    }),
  ],
  { video: true },
);
