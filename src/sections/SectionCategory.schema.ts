import { grid, templateOf } from './layout';
import { textItemsSection } from './text-items';

/** Category tiles: a picture with the category's title over it, the whole tile linking to the category. */
export default textItemsSection(templateOf(grid(4), grid(2), grid(2)), { itemsRequired: true });
