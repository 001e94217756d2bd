import { defineGallery } from './gallery-options';
import { headingOf, preset, stored } from './editor';

/** The base gallery: a grid of square tiles without titles. */
export default defineGallery(
  { desktop: { type: 'grid', columns: 4 }, tablet: { type: 'grid', columns: 2 }, mobile: { type: 'grid', columns: 2 } },
  '1:1',
  [
    preset('default', { heading: headingOf('Gallery', 'Галерея') }, [
      { title: stored('First picture', 'Первая картинка') },
      { title: stored('Second picture', 'Вторая картинка') },
      { title: stored('Third picture', 'Третья картинка') },
    ]),
  ],
);
