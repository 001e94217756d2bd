import { masonry, templateOf } from './layout';
import { textItemsSection } from './text-items';

/** Pictures (with optional captions) in masonry columns; a click opens them in a lightbox. */
export default textItemsSection(templateOf(masonry(3), masonry(2), masonry(1)), { itemsRequired: true });
