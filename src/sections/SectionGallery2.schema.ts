import { defineGallery } from './gallery-options';
import { headingOf, preset, stored } from './editor';

/** Gallery style 2: a grid of 4:3 tiles with titles below. */
export default defineGallery(
  { desktop: { type: 'grid', columns: 3 }, tablet: { type: 'grid', columns: 2 }, mobile: { type: 'grid', columns: 1 } },
  '4:3',
  [
    preset('default', { heading: headingOf('Gallery', 'Галерея') }, [
      { title: stored('First picture', 'Первая картинка') },
      { title: stored('Second picture', 'Вторая картинка') },
      { title: stored('Third picture', 'Третья картинка') },
    ]),
  ],
);
