import { defineGallery } from './gallery-options';
import { headingOf, preset, stored } from './editor';

/** Gallery style 1: a masonry of whole pictures (3 columns, 2 below 820 px, 1 below 400 px) with titles below. */
export default defineGallery(
  { desktop: { type: 'masonry', columns: 3 }, tablet: { type: 'masonry', columns: 2 }, mobile: { type: 'masonry', columns: 1 } },
  '',
  [
    preset('default', { heading: headingOf('Gallery', 'Галерея') }, [
      { title: stored('First picture', 'Первая картинка') },
      { title: stored('Second picture', 'Вторая картинка') },
      { title: stored('Third picture', 'Третья картинка') },
    ]),
  ],
);
