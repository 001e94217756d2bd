import { masonry, templateOf } from './layout';
import { textItemsSection } from './text-items';
import { headingOf, preset } from './editor';

/** Pictures (with optional captions) in masonry columns; a click opens them in a lightbox. */
export default textItemsSection(
  templateOf(masonry(3), masonry(2), masonry(1)),
  [
    preset('default', { heading: headingOf('Lookbook', 'Лукбук') }, [
      { heading: headingOf('Morning', 'Утро') },
      { heading: headingOf('Noon', 'Полдень') },
      { heading: headingOf('Evening', 'Вечер') },
    ]),
  ],
  { itemsRequired: true },
);
