import { defineGallery } from './gallery-options';
import { headingOf, preset, stored } from './editor';

/** Gallery style 3: a carousel of 3:4 tiles with their titles over the picture. */
export default defineGallery(
  {
    desktop: { type: 'carousel', columns: 3, dots: true },
    tablet: { type: 'carousel', columns: 2, dots: true },
    mobile: { type: 'carousel', columns: 1, dots: true },
  },
  '3:4',
  [
    preset('default', { heading: headingOf('Gallery', 'Галерея') }, [
      { title: stored('First picture', 'Первая картинка') },
      { title: stored('Second picture', 'Вторая картинка') },
      { title: stored('Third picture', 'Третья картинка') },
    ]),
  ],
);
